"""Crash-test helper: forks recorders that store moves through the service, and SIGKILLs them.

Run as `python recorder.py DATA_DIR MOVES_FILE`. It imports the service once, then for each
`run SESSION_ID SEED` line on stdin forks a recorder child that dies just before its Nth file
operation (`killing.arm`), and answers one line on stdout: `killed PHASE ACKS`, where PHASE is
`opening` (killed while opening and resuming the session) or `recording`, and ACKS are
`seq:index` pairs, in order, of the moves the child acknowledged before it died; `finished ACKS`
if it ran out of moves first; `error TEXT` if it failed. The child acknowledges a move by
writing to a pipe only after `record` returned. Forking from a warm process lets one test kill
hundreds of times in seconds.
"""

from __future__ import annotations

import os
import random
import signal
import sys
import traceback

from referee.render import render
from referee.service import SessionService
from referee.store.cache import cache_dir
from tests.crash.killing import arm, said, wait_for

RECORDING = 60
"""How many file operations past the opening a recording kill may land at (a move makes a few:
about a dozen moves are recorded before the kill)."""
OPENINGS: dict[str, int] = {}
"""The file operations opening each session took, as the last child that opened it said."""


def child(service: SessionService, sid: str, moves: list[str], out: int, at: int) -> None:
    seen = arm([os.fspath(service.layout.root), os.fspath(cache_dir())], at)
    try:
        with service.open(sid) as live:
            os.write(out, f"ready {seen()}\n".encode())
            for index in range(len(live.moves), len(moves)):
                result = live.record(moves[index])
                if not result.ok:
                    os.write(out, f"error refused {index}: {render(result.parts)}\n".encode())
                    os._exit(1)
                os.write(out, f"ack {result.seq}:{index}\n".encode())
        os.write(out, b"finished\n")
        os._exit(0)
    except BaseException:  # report anything to the test, then die
        os.write(out, ("error " + traceback.format_exc().replace("\n", " | ") + "\n").encode())
        os._exit(1)


def run(service: SessionService, sid: str, seed: int, moves: list[str]) -> str:
    # One run in three dies while opening and resuming the session; the others while recording.
    rng = random.Random(seed)
    opening = OPENINGS.get(sid, 1)
    at = rng.randint(1, opening) if rng.random() < 1 / 3 else opening + rng.randint(1, RECORDING)
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        child(service, sid, moves, write_end, at)
    os.close(write_end)
    chunks: list[bytes] = []
    wait_for(pid, read_end, chunks)
    lines, error, acks = said(chunks)
    if error is not None:
        return error
    ready = [line for line in lines if line.startswith("ready ")]
    if ready:
        OPENINGS[sid] = int(ready[0].split()[1])
    if "finished" in lines:
        return f"finished {acks}".rstrip()
    return f"killed {'recording' if ready else 'opening'} {acks}".rstrip()


def main() -> None:
    data_dir, moves_file = sys.argv[1:3]
    with open(moves_file, encoding="utf-8") as fh:
        moves = fh.read().splitlines()
    service = SessionService(data_dir)
    for line in sys.stdin:
        _, sid, seed = line.split()
        print(run(service, sid, int(seed), moves), flush=True)


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    main()
