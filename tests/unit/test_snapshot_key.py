"""The key snapshots are signed with: made once in the data folder, private, never replaced; and
what the referee says (or does not) about a snapshot it does not use."""

from __future__ import annotations

import contextlib
import io
import json
import os
import stat
import threading
from pathlib import Path

import pytest

from referee.service import SessionService
from referee.service import snapshot as snap
from referee.store import secret
from referee.store.cache import cache_path
from tests.unit.test_snapshot import HEADER, long_game, replayed, stored
from tests.unit.test_snapshot_forged import in_time

POSIX = pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")


@pytest.fixture
def service(tmp_path: Path) -> SessionService:
    return SessionService(tmp_path / "data")


def opened(service: SessionService, sid: str) -> tuple[bool, str]:
    """Whether the session opened from its snapshot, and what was said on standard error."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err), service.open(sid, read_only=True) as live:
        from_snapshot = live._steps is None
        assert live.state() == replayed(HEADER, [m.text for m in live.moves])
    return from_snapshot, err.getvalue()


@POSIX
def test_the_key_is_made_once_private_and_never_replaced(tmp_path: Path) -> None:
    made = secret.key(tmp_path)
    assert made is not None and len(made) == secret.KEY_BYTES
    path = tmp_path / secret.KEY_NAME
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert secret.key(tmp_path) == made == secret.read_key(tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == [secret.KEY_NAME]  # no temporary file left


def test_commands_making_the_key_at_once_agree_on_one(tmp_path: Path) -> None:
    start = threading.Barrier(8)
    found: list[bytes | None] = []

    def make() -> None:
        start.wait()
        found.append(secret.key(tmp_path))

    threads = [threading.Thread(target=make) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(found)) == 1 and found[0] == (tmp_path / secret.KEY_NAME).read_bytes()
    assert [p.name for p in tmp_path.iterdir()] == [secret.KEY_NAME]


def test_what_a_killed_maker_left_is_swept(tmp_path: Path) -> None:
    (tmp_path / f".{secret.KEY_NAME}.x1y2z3.tmp").write_bytes(b"half")
    assert secret.key(tmp_path) is not None
    assert [p.name for p in tmp_path.iterdir()] == [secret.KEY_NAME]


@POSIX
@pytest.mark.parametrize("damage", ["others-can-read", "short", "link", "folder"])
def test_a_key_that_cannot_be_trusted_means_no_snapshot_and_stays(service, damage: str) -> None:
    sid = stored(service, long_game())
    path = service.layout.root / secret.KEY_NAME
    before = path.read_bytes()
    if damage == "others-can-read":
        path.chmod(0o644)
    elif damage == "short":
        path.write_bytes(before[:10])
    elif damage == "link":
        path.rename(service.layout.root / "elsewhere")
        path.symlink_to(service.layout.root / "elsewhere")
    else:
        path.unlink()
        path.mkdir()
    kept = path.read_bytes() if path.is_file() else None
    for _ in range(2):  # a snapshot is neither used nor made (it could not be signed)
        from_snapshot, said = opened(service, sid)
        assert not from_snapshot and said == ""
    assert (path.read_bytes() if path.is_file() else None) == kept


def test_no_key_yet_means_a_replay_then_the_key_and_a_snapshot(service) -> None:
    sid = stored(service, long_game())
    (service.layout.root / secret.KEY_NAME).unlink()
    assert opened(service, sid) == (False, "")
    assert opened(service, sid) == (True, "")


def test_a_snapshot_signed_with_another_key_is_removed_with_a_note(service) -> None:
    sid = stored(service, long_game())
    where = cache_path("snapshots", service.layout.session(sid))
    assert where.exists()
    (service.layout.root / secret.KEY_NAME).unlink()
    secret.key(service.layout.root)  # a new key: every snapshot signed before is foreign now
    from_snapshot, said = opened(service, sid)
    assert not from_snapshot
    assert (
        said.count("\n") == 1
        and f"snapshot of session {sid} is damaged or was not written by this program" in said
    )
    assert opened(service, sid) == (True, "")  # the replay left one signed with the new key


def test_a_signed_snapshot_that_is_no_state_is_removed_with_a_note(service) -> None:
    sid = stored(service, long_game())
    where = cache_path("snapshots", service.layout.session(sid))
    doc = json.loads(where.read_bytes().partition(b"\n")[2])
    doc["end"]["table"]["hands"][0] = -5
    body = json.dumps(doc).encode()
    key = secret.read_key(service.layout.root)
    assert key is not None
    where.write_bytes(
        json.dumps({"format": 2, "mac": snap._mac(key, body)}).encode() + b"\n" + body
    )
    from_snapshot, said = opened(service, sid)
    assert not from_snapshot
    assert (
        said.count("\n") == 1
        and f"snapshot of session {sid} holds a state this version cannot use" in said
    )
    assert opened(service, sid) == (True, "")


@pytest.mark.parametrize("case", ["missing", "stale", "earlier-version", "empty"])
def test_a_missing_stale_or_earlier_snapshot_is_replayed_without_a_word(service, case: str) -> None:
    moves = long_game()
    sid = stored(service, moves)
    where = cache_path("snapshots", service.layout.session(sid))
    if case == "missing":
        where.unlink()
    elif case == "stale":
        with service.open(sid, read_only=True) as live:
            setup = live.referee.state.setup
            state = live.referee.state
        snap.save(
            service.layout.session(sid),
            "other moves",
            snap.Snapshot(state, None),
            service.layout.root,
        )
        assert snap.load(service.layout.session(sid), "digest", setup, service.layout.root) is None
    elif case == "earlier-version":
        where.write_bytes(b'{"format": 1, "code": "c", "moves": "m"}\n\x80\x04N.')
    else:
        where.write_bytes(b"")
    assert opened(service, sid) == (False, "")
    assert opened(service, sid) == (True, "")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs")
def test_a_fifo_in_place_of_the_key_does_not_hold_a_command(service) -> None:
    sid = stored(service, long_game())
    path = service.layout.root / secret.KEY_NAME
    path.unlink()
    os.mkfifo(path, 0o600)
    assert in_time(lambda: opened(service, sid), path) == (False, "")
    assert stat.S_ISFIFO(path.stat().st_mode)  # left as it is
