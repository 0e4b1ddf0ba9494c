"""The editions and house rules load once, whole, even when several threads ask at once (a hub
rules on the first sessions it receives from several threads of a fresh process)."""

from __future__ import annotations

import subprocess
import sys

SCRIPT = """
import threading
from referee.engine.events import Header
from referee.store.tags import header_of, tags_of

tags = tags_of(Header(edition="classic", players=("Ann", "Bob"), scoring="target 500"))
start = threading.Barrier(8)
failures = []

def read():
    start.wait()
    try:
        header_of(tags)
    except Exception as exc:
        failures.append(repr(exc))

threads = [threading.Thread(target=read) for _ in range(8)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print(failures)
"""


def test_threads_of_a_fresh_process_see_every_edition() -> None:
    # A fresh interpreter each time: the registry is loaded by the first reader.
    for _ in range(5):
        done = subprocess.run(
            [sys.executable, "-c", SCRIPT], capture_output=True, text=True, check=True
        )
        assert done.stdout.strip() == "[]", done.stdout
