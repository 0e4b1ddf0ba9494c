"""Crash-test helper: forks recorders that store moves through the service, and SIGKILLs them.

Run as `python recorder.py DATA_DIR MOVES_FILE`. It imports the service once, then for each
`run SESSION_ID SEED` line on stdin forks a recorder child, kills it, and answers one line on
stdout: `killed PHASE ACKS`, where PHASE is `opening` (killed while opening and resuming the
session) or `recording`, and ACKS are `seq:index` pairs, in order, of the moves the child
acknowledged before it died; `finished ACKS` if it ran out of moves first; `error TEXT` if it
failed. The child acknowledges a move by writing to a pipe only after `record` returned.
Forking from a warm process lets one test kill hundreds of times in seconds.
"""

from __future__ import annotations

import os
import random
import signal
import sys
import time
import traceback

from killing import kill_at, said

from referee.service import SessionService

# One run in three is killed up to OPENING seconds after the fork, which lands inside opening
# and resuming the session; the others up to RECORDING seconds after the session is open, which
# lands inside the writes.
OPENING = 0.03
RECORDING = 0.015


def child(service: SessionService, sid: str, moves: list[str], out: int) -> None:
    try:
        with service.open(sid) as live:
            os.write(out, b"ready\n")
            for index in range(len(live.moves), len(moves)):
                result = live.record(moves[index])
                if not result.ok:
                    os.write(out, f"error refused {index}: {result.message}\n".encode())
                    os._exit(1)
                os.write(out, f"ack {result.seq}:{index}\n".encode())
        os.write(out, b"finished\n")
        os._exit(0)
    except BaseException:  # report anything to the test, then die
        os.write(out, ("error " + traceback.format_exc().replace("\n", " | ") + "\n").encode())
        os._exit(1)


def run(service: SessionService, sid: str, seed: int, moves: list[str]) -> str:
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        child(service, sid, moves, write_end)
    os.close(write_end)
    rng = random.Random(seed)
    opening = rng.random() < 1 / 3
    chunks: list[bytes] = []
    ended = False
    if not opening:
        while not ended and b"ready" not in b"".join(chunks):
            chunk = os.read(read_end, 65536)
            ended = not chunk
            chunks.append(chunk)
    deadline = time.monotonic() + rng.uniform(0, OPENING if opening else RECORDING)
    kill_at(pid, read_end, deadline, chunks)
    lines, error, acks = said(chunks)
    if error is not None:
        return error
    if "finished" in lines:
        return f"finished {acks}".rstrip()
    return f"killed {'recording' if 'ready' in lines else 'opening'} {acks}".rstrip()


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
