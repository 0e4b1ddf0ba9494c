"""Moving a session to the trash and back, and an import that updates a stored session, killed
at each point of their writes (issue 24): afterwards the session is whole and in one place,
the next command lists it where it is and leaves nothing behind, and running the command again
finishes the job.

Kill points are chosen, not timed: the child process dies (`os._exit`, as SIGKILL would leave
it) just before or just after a named call, so the test does not depend on the machine's speed.
"""

from __future__ import annotations

import importlib
import os
import select
import signal
from collections.abc import Callable
from pathlib import Path

import pytest

from referee.service import SessionService
from referee.service.sessions import UPDATE
from referee.store import SessionIndex
from tests.crash.chains import chain_verifies

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork (POSIX)")

SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"
FIVE = (SAMPLES / "minecraft-five-rounds.uno").read_text(encoding="utf-8")
MID = "".join(FIVE.splitlines(keepends=True)[:23])

# (module, name, which call, before or after it): where the child dies.
MOVE_POINTS = [
    ("os", "rename", 1, "before"),
    ("os", "rename", 1, "after"),
    ("referee.store.session_file", "fsync_dir", 1, "after"),
    ("referee.store.session_file", "fsync_dir", 2, "after"),
    ("SessionIndex", "put", 1, "before"),
    ("SessionIndex", "put", 1, "after"),
    ("SessionService", "_index_file", 1, "before"),
]
EXTEND_POINTS = [
    ("referee.store.atomic", "replace", 1, "before"),
    ("referee.store.atomic", "replace", 1, "after"),
    ("referee.store.atomic", "fsync_dir", 1, "after"),
    ("SessionService", "_index_file", 1, "before"),
]


def _owner(where: str) -> object:
    if where == "SessionService":
        return SessionService
    if where == "SessionIndex":
        return SessionIndex
    return importlib.import_module(where)


def killed_at(point: tuple[str, str, int, str], action: Callable[[], object]) -> bool:
    """Run `action` in a child that dies at `point`; whether the child got that far."""
    where, name, nth, when = point
    owner = _owner(where)  # resolved before the fork: the child only runs the command
    real = getattr(owner, name)
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        try:
            calls = [0]

            def dying(*args: object, **kwargs: object) -> object:
                calls[0] += 1
                if calls[0] == nth and when == "before":
                    os._exit(9)
                result = real(*args, **kwargs)
                if calls[0] == nth:
                    os._exit(9)
                return result

            setattr(owner, name, dying)
            action()
            os._exit(0)
        except BaseException:
            os._exit(1)
    os.close(write_end)
    # The pipe closes when the child ends, however it ends; a child stuck for two minutes is
    # a failure, not a hang of the suite.
    ended = bool(select.select([read_end], [], [], 120)[0])
    os.close(read_end)
    if not ended:
        os.kill(pid, signal.SIGKILL)
    _pid, status = os.waitpid(pid, 0)
    assert ended, f"the child never ended at {point}"
    code = os.waitstatus_to_exitcode(status)
    assert code in (0, 9), f"the child failed at {point}: exit {code}"
    return code == 9


def leftovers(root: Path) -> list[str]:
    return [str(p.relative_to(root)) for p in root.rglob("*.tmp")]


def one_place(service: SessionService, sid: str, original: bytes) -> str:
    """Where the session is ("stored" or "trash"), checked whole and listed there alone."""
    stored, trashed = service.layout.session(sid), service.trash.session(sid)
    assert stored.exists() != trashed.exists(), "in both places, or in neither"
    place = "stored" if stored.exists() else "trash"
    assert (stored if place == "stored" else trashed).read_bytes() == original
    listing = service.list()
    assert listing.warnings == ()
    assert [info.id for info in listing.sessions] == ([sid] if place == "stored" else [])
    assert [info.id for info in service.trashed().sessions] == ([sid] if place == "trash" else [])
    assert leftovers(service.layout.root) == []
    return place


@pytest.mark.parametrize("point", MOVE_POINTS, ids=lambda p: f"{p[1]}-{p[2]}-{p[3]}")
def test_delete_and_restore_killed_anywhere(tmp_path: Path, point) -> None:
    service = SessionService(tmp_path / "data")
    sid = service.import_text(FIVE, "five.uno").id
    original = service.layout.session(sid).read_bytes()

    # Every point is on the way of each command (`delete` leaves the index row to `put`).
    assert killed_at(point, lambda: service.delete(sid)) or point[1] == "_index_file"
    if one_place(service, sid, original) == "stored":
        service.delete(sid)  # killed before the rename: run again
    assert one_place(service, sid, original) == "trash"

    assert killed_at(point, lambda: service.restore(sid))
    if one_place(service, sid, original) == "trash":
        service.restore(sid)
    assert one_place(service, sid, original) == "stored"
    assert service.info(sid).moves == 26
    assert chain_verifies(service.layout, sid) == 26


@pytest.mark.parametrize("point", EXTEND_POINTS, ids=lambda p: f"{p[1]}-{p[2]}-{p[3]}")
def test_an_update_by_import_killed_anywhere(tmp_path: Path, point) -> None:
    service = SessionService(tmp_path / "data")
    sid = service.import_text(MID, "mid.uno").id
    path = service.layout.session(sid)
    before = path.read_bytes()

    assert killed_at(point, lambda: service.import_text(FIVE, "final.uno", extension=UPDATE))
    after = path.read_bytes()
    # The old file or the whole new one, never a mix; and the list says which.
    moves = service.info(sid).moves
    assert (after == before and moves == 11) or moves == 26
    [info] = service.list().sessions
    assert (info.id, info.moves) == (sid, moves)
    assert leftovers(service.layout.root) == []
    done = service.import_text(FIVE, "final.uno", extension=UPDATE)
    assert done.id == sid and (done.already or done.added == 15)
    assert [(i.id, i.moves) for i in service.list().sessions] == [(sid, 26)]
    assert chain_verifies(service.layout, sid) == 26
