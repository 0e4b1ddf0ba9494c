"""A long session whose file is as its snapshot left it opens without reading its log: the
snapshot says what the file's bytes hold (`store.resume`), and is used only for those very
bytes. Moves recorded so are stored byte for byte as a full read would store them, and a file
changed in any way since (even kept at its size) is read whole."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from referee.service import SessionService
from referee.service import snapshot as snap
from referee.store import chain, session_file
from referee.store import resume as resume_module
from referee.store.cache import cache_path
from tests.unit.test_snapshot import HEADER, long_game, replayed, stored

STAMP = "2025-03-06T19:00:00.000Z"
UID = "01959b2e-6a00-7000-8000-000000000001"


@pytest.fixture
def decodes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each session id whose file is decoded (its log read and checked)."""
    seen: list[str] = []
    real = session_file.decode

    def counting(sid, data):  # type: ignore[no-untyped-def]
        seen.append(sid)
        return real(sid, data)

    monkeypatch.setattr(session_file, "decode", counting)
    monkeypatch.setattr(session_file, "now", lambda: STAMP)
    # One global id for every session made here, so that two files of the same moves are the
    # same bytes but for their short ids (hashes included).
    monkeypatch.setattr(chain, "new_uid", lambda: UID)
    return seen


def forget_snapshot(service: SessionService, sid: str) -> None:
    cache_path("snapshots", service.layout.session(sid)).unlink()


def test_a_move_on_a_long_session_reads_no_log(tmp_path: Path, decodes: list[str]) -> None:
    # As the command line opens it: the list row is left to the next `list`.
    service = SessionService(tmp_path / "data", index_on_close=False)
    moves = long_game()
    sid = stored(service, moves[:-2])
    decodes.clear()
    for move in moves[-2:]:
        with service.open(sid) as live:
            answer = live.record(move)
            assert answer.ok
    assert decodes == []  # the file was never decoded: each open used the snapshot
    with service.open(sid, read_only=True) as live:
        assert live.state() == replayed(HEADER, moves)
        assert [m.text for m in live.moves] == moves  # reading the moves decodes the file
    assert decodes == [sid]


def test_the_file_is_stored_as_a_full_read_would_store_it(
    tmp_path: Path, decodes: list[str]
) -> None:
    moves = long_game()
    fast, slow = SessionService(tmp_path / "fast"), SessionService(tmp_path / "slow")
    ids = stored(fast, moves[:-3]), stored(slow, moves[:-3])
    answers: dict[str, list[object]] = {}
    for service, sid in zip((fast, slow), ids, strict=True):
        answers[service.root] = []
        for move in moves[-3:]:
            if service is slow:
                forget_snapshot(service, sid)
            with service.open(sid) as live:
                answers[service.root].append(live.record(move))
    assert answers[fast.root] == answers[slow.root]
    fast_file, slow_file = (s.layout.session(i) for s, i in zip((fast, slow), ids, strict=True))
    assert fast_file.read_bytes().replace(ids[0].encode(), b"ID") == (
        slow_file.read_bytes().replace(ids[1].encode(), b"ID")
    )


def test_undo_and_correct_after_a_resumed_open_agree_with_a_replay(
    tmp_path: Path, decodes: list[str]
) -> None:
    service = SessionService(tmp_path / "data")
    moves = long_game()
    sid = stored(service, moves[:-1])
    with service.open(sid) as live:
        assert live.record(moves[-1]).ok
        assert live.undo().seq == len(moves)  # the log is read here, and the undo stored
        assert live.state() == replayed(HEADER, moves[:-1])
        assert live.record(moves[-1]).ok
    with service.open(sid) as live:
        last = live.moves[-2]
        live.correct(last.seq, moves[-2])
    with service.open(sid, read_only=True) as live:
        assert live.state() == replayed(HEADER, [m.text for m in live.moves])
    forget_snapshot(service, sid)
    with service.open(sid, read_only=True) as live:
        assert live.state() == replayed(HEADER, [m.text for m in live.moves])


@pytest.mark.parametrize("change", ["spaced", "same-size", "appended-elsewhere"])
def test_a_file_changed_since_its_snapshot_is_read_whole(
    tmp_path: Path, decodes: list[str], change: str
) -> None:
    service = SessionService(tmp_path / "data")
    moves = long_game()
    sid = stored(service, moves[:-1])
    path = service.layout.session(sid)
    raw = path.read_bytes()
    data = json.loads(raw)
    stat = path.stat()
    if change == "spaced":
        # The same log written by another program: the bytes differ, the moves do not.
        path.write_text(json.dumps(data, indent=1), encoding="utf-8")
        expected = moves[:-1]
    elif change == "same-size":
        # One move's text changed for another of the same length, size and time kept.
        log = data["log"]
        key = next(k for k, e in log.items() if e["text"].startswith("Ann:"))
        entry = log[key]
        entry["text"] = entry["text"].replace("Ann", "Bob", 1)
        changed = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
        assert len(changed) == len(raw)
        path.write_bytes(changed)
        os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
        expected = None
    else:
        # Another copy of the referee recorded a move without leaving a snapshot.
        other = SessionService(tmp_path / "data")
        forget_snapshot(other, sid)
        with other.open(sid) as live:
            assert live.record(moves[-1]).ok
        snap_file = cache_path("snapshots", path)
        snap_file.unlink()
        expected = moves
    decodes.clear()
    with service.open(sid, read_only=True) as live:
        assert decodes == [sid]
        if expected is not None:
            assert [m.text for m in live.moves] == expected
            assert live.state() == replayed(HEADER, expected)


def test_the_resume_kept_is_checked_field_by_field(tmp_path: Path) -> None:
    service = SessionService(tmp_path / "data")
    sid = stored(service, long_game())
    with service.open(sid, read_only=True) as live:
        kept = live._file.resume()
    assert kept is not None
    doc = kept.to_doc()
    assert resume_module.from_doc(json.loads(json.dumps(doc))) == kept
    for field, bad in [
        ("sha", "0" * 63),
        ("in_force", 0),
        ("in_force", True),
        ("key", "x"),
        ("next_key", int(doc["key"]) + 2),
        ("last", [1, "a", "b", 1]),
        ("undone", [[1, "a"]]),
        ("summary", []),
        ("entry", {"seq": "1", "ts": STAMP, "kind": "move", "text": "a"}),
    ]:
        with pytest.raises(ValueError):
            resume_module.from_doc({**doc, field: bad})
    with pytest.raises(ValueError):
        resume_module.from_doc({**doc, "extra": 1})


def test_a_resume_whose_bytes_do_not_fit_is_not_used(tmp_path: Path, decodes: list[str]) -> None:
    # The hash is the file's, but the header record it names is not the one at its head (it
    # could only come from a bug): the file is read whole.
    service = SessionService(tmp_path / "data")
    moves = long_game()
    sid = stored(service, moves)
    path = service.layout.session(sid)
    peeked = snap.peek(path, service.layout.root)
    assert peeked is not None and peeked.resume.sha
    wrong = peeked.resume._replace(meta={**peeked.resume.meta, "created": "yesterday"})
    decodes.clear()
    file = session_file.SessionFile.open(service.layout, sid, write=False, resume=wrong)
    with file:
        assert not file.resumed and decodes == [sid]
    file = session_file.SessionFile.open(service.layout, sid, write=False, resume=peeked.resume)
    with file:
        assert file.resumed and file.count == len(moves)


def test_a_move_the_disk_refuses_is_not_recorded_and_the_next_one_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from referee.store import SaveFailed

    service = SessionService(tmp_path / "data", index_on_close=False)
    moves = long_game()
    sid = stored(service, moves[:-1])
    path = service.layout.session(sid)
    before = path.read_bytes()

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    with service.open(sid) as live:
        assert live._file.resumed
        with monkeypatch.context() as patch:
            patch.setattr(session_file, "write_atomically", full)
            with pytest.raises(SaveFailed, match="nothing was recorded"):
                live.record(moves[-1])
        assert live.state() == replayed(HEADER, moves[:-1])
    assert path.read_bytes() == before
    with service.open(sid) as live:
        assert live.record(moves[-1]).ok
    with service.open(sid, read_only=True) as live:
        assert [m.text for m in live.moves] == moves
