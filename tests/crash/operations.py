"""Crash-test helper for every writing command: forks one operation, SIGKILLs it at random.

Run as `python operations.py DATA_DIR MOVES_FILE SAMPLE_FILE`. For each `OP SESSION_ID SEED`
line on stdin (OP: new, import, move, undo, correct, rebuild) it forks a child that performs
the operation through the service, kills it at a random instant, and answers one line:
`killed ACK...` or `done ACK...`, where each ACK is what the child acknowledged before it
died (`created:ID`, `imported:ID`, `moved:SEQ`, `undone:SEQ`, `corrected:SEQ:TEXT`, `rebuilt`);
`error TEXT` if the child failed. A child acknowledges only after the service returned.
"""

from __future__ import annotations

import os
import random
import signal
import sys
import time
import traceback

from killing import kill_at, said

from referee.engine import Referee
from referee.engine.events import Header
from referee.notation import format_event
from referee.service import SessionService

HEADER = Header(edition="classic", players=("Ann", "Bob", "Cy", "Dee"), scoring="rounds 8")
WINDOW = 0.02
"""Kills land up to this long after the fork at first; then up to as long as the operation
last took to finish, so that every part of it (reading, replaying, writing) is hit."""
TAKES: dict[str, float] = {}


def alternative(service: SessionService, sid: str) -> tuple[int, str] | None:
    """The last move and another move the referee would have accepted in its place."""
    with service.open(sid, read_only=True) as live:
        if len(live.steps) < 4:
            return None
        last = live.steps[-1]
        before = Referee.at(live.steps[-2].ruling.state)
        stored = format_event(last.event, live.header)
        for event in before.legal_moves():
            text = format_event(event, live.header)
            if text != stored:
                return last.seq, text
    return None


def operate(service: SessionService, op: str, sid: str, moves: list[str], sample: str,
            out: int) -> None:
    def ack(text: str) -> None:
        os.write(out, f"ack {text}\n".encode())

    if op == "new":
        ack(f"created:{service.create(HEADER)}")
    elif op == "import":
        ack(f"imported:{service.import_text(sample, 'sample.uno').id}")
    elif op == "rebuild":
        service.list(rebuild=True)
        ack("rebuilt")
    elif op == "correct":
        found = alternative(service, sid)
        if found is not None:
            with service.open(sid) as live:
                done = live.correct(found[0], found[1])
                if not done.ok:
                    raise RuntimeError(f"correction refused: {done.message}")
                ack(f"corrected:{found[0]}:{found[1].replace(' ', '_')}")
    elif op == "undo":
        with service.open(sid) as live:
            if live.moves:
                ack(f"undone:{live.undo().seq}")
    else:
        with service.open(sid) as live:
            for index in range(len(live.moves), min(len(moves), len(live.moves) + 40)):
                result = live.record(moves[index])
                if not result.ok:
                    raise RuntimeError(f"refused {index}: {result.message}")
                ack(f"moved:{result.seq}")


def run(service: SessionService, op: str, sid: str, seed: int, moves: list[str],
        sample: str) -> str:
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        try:
            operate(service, op, sid, moves, sample, write_end)
            os.write(write_end, b"done\n")
            os._exit(0)
        except BaseException:  # report anything to the test, then die
            os.write(write_end, ("error " + traceback.format_exc().replace("\n", " | ")
                                 + "\n").encode())
            os._exit(1)
    os.close(write_end)
    started = time.monotonic()
    deadline = started + random.Random(seed).uniform(0, TAKES.get(op, WINDOW))
    chunks: list[bytes] = []
    ended = kill_at(pid, read_end, deadline, chunks)
    # Learn how long the operation takes: a finished run says; a killed one only says "longer".
    TAKES[op] = (time.monotonic() - started if ended
                 else min(1.0, TAKES.get(op, WINDOW) * 1.3))
    lines, error, acks = said(chunks)
    if error is not None:
        return error
    return f"{'done' if 'done' in lines else 'killed'} {acks}".rstrip()


def main() -> None:
    data_dir, moves_file, sample_file = sys.argv[1:4]
    with open(moves_file, encoding="utf-8") as fh:
        moves = fh.read().splitlines()
    with open(sample_file, encoding="utf-8") as fh:
        sample = fh.read()
    service = SessionService(data_dir)
    for line in sys.stdin:
        op, sid, seed = line.split()
        print(run(service, op, sid, int(seed), moves, sample), flush=True)


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    main()
