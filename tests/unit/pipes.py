"""A named pipe where a file should be, for tests that read it in this process: if the code
under test opens it and waits for a writer, a watchdog lets it go after a deadline, so a
regression fails the test instead of hanging the suite."""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Iterator
from pathlib import Path

DEADLINE = 60.0
"""Seconds before the watchdog writes to the pipe; a correct reader never waits at all."""


@contextlib.contextmanager
def named_pipe(path: Path) -> Iterator[threading.Event]:
    """Make a FIFO at `path`; the event is set if a reader was found waiting on it."""
    os.mkfifo(path)
    done, fired = threading.Event(), threading.Event()

    def watch() -> None:
        while not done.wait(DEADLINE):
            try:
                # Succeeds only while a reader has it open: ours waits no more, reading nothing.
                fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
            except OSError:
                continue
            fired.set()
            os.close(fd)

    watchdog = threading.Thread(target=watch, daemon=True)
    watchdog.start()
    try:
        yield fired
    finally:
        done.set()
        watchdog.join()
