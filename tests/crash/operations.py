"""Crash-test helper for every writing command: forks one operation, SIGKILLs it at a file
operation chosen by the seed.

Run as `python operations.py DATA_DIR MOVES_FILE SAMPLE_FILE MID_FILE`. For each
`OP SESSION_ID SEED` line on stdin it forks a child that performs the operation and dies just
before its Nth file operation (`killing.arm`) under the data, cache or config folder, N drawn
by the seed up to the most operations a finished run of OP made; one run in four is let
finish. It answers one line: `killed ACK...` or `done ACK...`, where each ACK is what the child
acknowledged before it died; `error TEXT` if the child failed. A child acknowledges only after
the program returned. The operations, every writer of the program, and their ACKs:

- new, import: a session stored (`created:ID`, `imported:ID`);
- move, undo, correct: moves recorded, the last one taken back, one replaced (`moved:SEQ`,
  `undone:SEQ`, `corrected:SEQ:TEXT`); a long session also writes its snapshot (the cache);
- rebuild: the list's index written again (`rebuilt`);
- trash, restore: a session moved to the trash and back (`trashed:ID`, `restored:ID`);
- update: MID_FILE stored, then SAMPLE_FILE, which continues it, imported as its update
  (`imported:ID`, `updated:ID`);
- label: a label added in the league book (`labelled:ID:LABEL`);
- config: a setting changed in the settings file (`set:KEY:VALUE`).
"""

from __future__ import annotations

import os
import random
import signal
import sys
import traceback
from typing import NamedTuple

from referee.engine import Referee
from referee.engine.events import Header
from referee.notation import format_event
from referee.render import render
from referee.service import SessionService
from referee.service.sessions import UPDATE
from referee.stats.league import change_league
from referee.store import settings
from referee.store.cache import cache_dir
from tests.crash.killing import arm, counted, said, wait_for

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


def operate(service: SessionService, op: str, sid: str, seed: int, files: Files, out: int) -> None:
    def ack(text: str) -> None:
        os.write(out, f"ack {text}\n".encode())

    if op == "new":
        ack(f"created:{service.create(HEADER)}")
    elif op == "import":
        ack(f"imported:{service.import_text(files.sample, 'sample.uno', again=True).id}")
    elif op == "update":
        early = service.import_text(files.mid, "mid.uno", again=True).id
        ack(f"imported:{early}")
        ack(f"updated:{service.import_text(files.sample, 'sample.uno', extension=UPDATE).id}")
    elif op == "rebuild":
        service.list(rebuild=True)
        ack("rebuilt")
    elif op == "trash":
        ack(f"trashed:{service.delete(sid)}")
    elif op == "restore":
        ack(f"restored:{service.restore(sid)}")
    elif op == "label":
        label = f"night-{seed}"
        change_league(service.layout, lambda book: book.labels.setdefault(sid, []).append(label))
        ack(f"labelled:{sid}:{label}")
    elif op == "config":
        key, value = f"keys.crash.{seed % 5}", f"f{seed % 12 + 1}"  # as the test expects
        settings.change(key, value)
        ack(f"set:{key}:{value}")
    elif op == "correct":
        found = alternative(service, sid)
        if found is not None:
            with service.open(sid) as live:
                done = live.correct(found[0], found[1])
                if not done.ok:
                    raise RuntimeError(f"correction refused: {render(done.parts)}")
                ack(f"corrected:{found[0]}:{found[1].replace(' ', '_')}")
    elif op == "undo":
        with service.open(sid) as live:
            if live.moves:
                ack(f"undone:{live.undo().seq}")
    else:
        moves = files.moves
        with service.open(sid) as live:
            for index in range(len(live.moves), min(len(moves), len(live.moves) + 40)):
                result = live.record(moves[index])
                if not result.ok:
                    raise RuntimeError(f"refused {index}: {render(result.parts)}")
                ack(f"moved:{result.seq}")


class Files(NamedTuple):
    """What the operations store: the game's moves, a sample session and its first part."""

    moves: list[str]
    sample: str
    mid: str


def run(service: SessionService, op: str, sid: str, seed: int, files: Files) -> str:
    known = EVENTS.get(op, FIRST_GUESS)
    # One run in four is let finish (past its last operation), so that every command is also
    # checked against what it acknowledged; the others die at any of its operations.
    rng = random.Random(seed)
    at = NEVER if rng.random() < 1 / 4 else rng.randint(1, known)
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        roots = [service.layout.root, cache_dir(), settings.settings_path().parent]
        seen = arm([os.fspath(root) for root in roots], at)
        try:
            operate(service, op, sid, seed, files, write_end)
            os.write(write_end, f"events {seen()}\ndone\n".encode())
            os._exit(0)
        except BaseException:  # report anything to the test, then die
            os.write(
                write_end, ("error " + traceback.format_exc().replace("\n", " | ") + "\n").encode()
            )
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
    data_dir, moves_file, sample_file, mid_file = sys.argv[1:5]
    with open(moves_file, encoding="utf-8") as fh:
        moves = fh.read().splitlines()
    with open(sample_file, encoding="utf-8") as fh, open(mid_file, encoding="utf-8") as mid:
        files = Files(moves, fh.read(), mid.read())
    service = SessionService(data_dir)
    for line in sys.stdin:
        op, sid, seed = line.split()
        print(run(service, op, sid, int(seed), files), flush=True)


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    main()
