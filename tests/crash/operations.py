"""Crash-test helper for every writing command: forks one operation, SIGKILLs it at a file
operation chosen by the seed.

Run as `python operations.py DATA_DIR MOVES_FILE SAMPLE_FILE`. For each `OP SESSION_ID SEED`
line on stdin (OP: new, import, move, undo, correct, rebuild) it forks a child that performs
the operation through the service and dies just before its Nth file operation (`killing.arm`),
N drawn by the seed up to the most operations a finished run of OP made; one run in four is
let finish. It answers one line: `killed ACK...` or `done ACK...`, where each ACK is
what the child acknowledged before it died (`created:ID`, `imported:ID`, `moved:SEQ`,
`undone:SEQ`, `corrected:SEQ:TEXT`, `rebuilt`); `error TEXT` if the child failed. A child
acknowledges only after the service returned.
"""

from __future__ import annotations

import os
import random
import signal
import sys
import traceback

from killing import arm, counted, said, wait_for

from referee.engine import Referee
from referee.engine.events import Header
from referee.notation import format_event
from referee.service import SessionService
from referee.store.cache import cache_dir

HEADER = Header(edition="classic", players=("Ann", "Bob", "Cy", "Dee"), scoring="rounds 8")
FIRST_GUESS = 40
"""File operations an operation is taken to make until one of its kind has finished."""
NEVER = 10**9
"""A kill point no operation reaches: the run finishes."""
EVENTS: dict[str, int] = {}
"""The most file operations a finished run of each operation made."""


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
        ack(f"imported:{service.import_text(sample, 'sample.uno', again=True).id}")
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
    known = EVENTS.get(op, FIRST_GUESS)
    # One run in four is let finish (past its last operation), so that every command is also
    # checked against what it acknowledged; the others die at any of its operations.
    rng = random.Random(seed)
    at = NEVER if rng.random() < 1 / 4 else rng.randint(1, known)
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        seen = arm([os.fspath(service.layout.root), os.fspath(cache_dir())], at)
        try:
            operate(service, op, sid, moves, sample, write_end)
            os.write(write_end, f"events {seen()}\ndone\n".encode())
            os._exit(0)
        except BaseException:  # report anything to the test, then die
            os.write(write_end, ("error " + traceback.format_exc().replace("\n", " | ")
                                 + "\n").encode())
            os._exit(1)
    os.close(write_end)
    chunks: list[bytes] = []
    killed = wait_for(pid, read_end, chunks)
    lines, error, acks = said(chunks)
    if error is not None:
        return error
    # The most operations a finished run of this kind made.
    EVENTS[op] = max(known if op in EVENTS else 0, counted(lines) or 0) or known
    return f"{'killed' if killed else 'done'} {acks}".rstrip()


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
