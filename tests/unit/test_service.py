"""The session service: create, record (persist, then answer), resume, watch, import, export."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.engine import judge
from referee.engine.events import CardPlayed, Header
from referee.engine.public import public_state
from referee.notation import format_session, parse_session
from referee.render import import_problem, render
from referee.service import (
    SYNTAX_RULE,
    ImportRefused,
    ReadOnly,
    SaveFailed,
    SessionLocked,
    SessionNotFound,
    SessionService,
    SetupProblem,
    build_header,
)
from referee.service.replay import replay_session
from referee.store import SessionFile
from referee.store.paths import ID_ALPHABET
from referee.store.tags import header_text

SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"
HEADER = Header(edition="classic", players=("Alice", "Bob", "Carol"), scoring="target 500")
OPENING = ("round 1", "dealer Alice", "start r7", "Bob: r5", "Carol: r9")


@pytest.fixture
def service(tmp_path: Path) -> SessionService:
    return SessionService(tmp_path / "data")


def started(service: SessionService, moves: tuple[str, ...] = OPENING) -> str:
    sid = service.create(HEADER)
    with service.open(sid) as live:
        for move in moves:
            assert live.record(move).ok, move
    return sid


def session_bytes(service: SessionService, sid: str) -> bytes:
    return service.layout.session(sid).read_bytes()


def fresh_state(moves: list[str]) -> dict:
    """The state a plain replay of the moves gives, for comparison."""
    session = parse_session(header_text(HEADER) + "".join(m + "\n" for m in moves))
    done = replay_session(session)
    assert done.trouble is None
    return public_state(done.referee.state)


# Creating ------------------------------------------------------------------------------------


def test_create_returns_a_short_id_and_stores_the_header(service):
    header = build_header(
        "太郎, 花子, Mary Ann",
        "shuffle",
        "rounds 5",
        rules="jp",
        overrides=[("uno-penalty", "4")],
        event="お正月",
        date="2025-01-02",
        customs=[(1, "Everyone passes a card")],
    )
    sid = service.create(header)
    assert len(sid) == 6 and set(sid) <= set(ID_ALPHABET)
    with service.open(sid, read_only=True) as live:
        assert live.header == header and live.moves == ()
    assert service.info(sid).status == "new"


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"players": "Alice"}, "Players"),
        ({"players": "A, A"}, "duplicate player"),
        ({"edition": "flip", "overrides": [("stacking", "same")]}, "does not work with the flip"),
        ({"edition": "chess"}, "unknown edition"),
        ({"scoring": "best of 3"}, "scoring"),
        ({"overrides": [("no-such-option", "1")]}, "no-such-option"),
        ({"players": 'A, "B'}, "cannot contain"),
    ],
)
def test_a_header_that_cannot_be_refereed_is_refused_and_nothing_is_stored(
    service, fields, message
):
    args = {"players": "Alice, Bob", "edition": "classic", "scoring": "none", **fields}
    with pytest.raises(SetupProblem, match=message):
        service.create(build_header(**args))
    assert service.list().sessions == ()


# Recording -----------------------------------------------------------------------------------


def test_record_persists_before_it_answers(service):
    sid = service.create(HEADER)
    with service.open(sid) as live:
        for seq, move in enumerate(OPENING, 1):
            result = live.record(move)
            assert (result.ok, result.seq, result.text) == (True, seq, move)
            # Already on disk when the ruling comes back: another reader sees it.
            with service.open(sid, read_only=True) as reader:
                assert [m.text for m in reader.moves] == list(OPENING[:seq])
    assert result.rule == "match" and "Carol played Red 9" in render(result.parts)


def test_record_stores_the_canonical_notation(service):
    sid = service.create(HEADER)
    with service.open(sid) as live:
        for move in ("ROUND 1", "dealer alice", "start red 7", "bob:  red 5"):
            assert live.record(move).ok
        assert [m.text for m in live.moves] == ["round 1", "dealer Alice", "start r7", "Bob: r5"]


def test_a_refused_move_changes_nothing(service):
    sid = started(service)
    before = session_bytes(service, sid)
    with service.open(sid) as live:
        was = live.state()
        result = live.record("Alice: y3")
        assert not result.ok and result.seq is None
        assert result.rule == "match" and "Yellow 3" in render(result.parts)
        assert live.state() == was
        assert live.record("Alice: r3").ok
    with service.open(sid, read_only=True) as live:
        assert [m.text for m in live.moves][-1] == "Alice: r3"
    assert before != session_bytes(service, sid)


def test_a_syntax_error_changes_nothing_and_says_where(service):
    sid = started(service)
    before = session_bytes(service, sid)
    with service.open(sid) as live:
        result = live.record("Alice: r55")
        assert (result.ok, result.rule, result.seq) == (False, SYNTAX_RULE, None)
        assert result.column == 8 and render(result.parts)
        assert not live.record("Zed: r5").ok
        assert not live.record("Alice: r5\nBob: r6").ok
    assert session_bytes(service, sid) == before


def test_resuming_replays_to_the_same_state_and_continues_the_seq(service):
    sid = started(service)
    with service.open(sid) as live:
        assert live.state() == fresh_state(list(OPENING))
        assert live.record("Alice: r2").seq == 6


def test_a_failed_save_is_reported_and_changes_nothing(service, monkeypatch):
    sid = started(service)
    before = session_bytes(service, sid)
    with service.open(sid) as live:
        was = live.state()

        def full_disk(path, payload):
            raise OSError(28, "No space left on device")

        monkeypatch.setattr("referee.store.atomic.write_atomically", full_disk)
        with pytest.raises(SaveFailed, match="No space left on device; nothing was recorded"):
            live.record("Alice: r2")
        assert live.state() == was and len(live.moves) == len(OPENING)
        monkeypatch.undo()
        assert live.record("Alice: r2").seq == 6
    assert session_bytes(service, sid) != before


def test_the_game_decided_refuses_further_rounds(service):
    sid = service.import_text(
        (SAMPLES / "minecraft-five-rounds.uno").read_text("utf-8"), "five.uno"
    ).id
    with service.open(sid) as live:
        assert live.summary()["status"] == "finished"
        result = live.record("round 6")
        assert not result.ok and "decided" in render(result.parts)


# Writers and watchers ------------------------------------------------------------------------


def test_two_writers_on_one_session(service):
    sid = started(service)
    with service.open(sid) as first:
        with pytest.raises(SessionLocked, match="open for recording"):
            service.open(sid)
        first.record("Alice: r2")
    with service.open(sid) as second:
        assert second.record("Bob: r8").seq == 7


def test_a_watcher_cannot_record_and_sees_what_the_writer_stores(service):
    sid = started(service)
    with service.open(sid, read_only=True) as watcher, service.open(sid) as writer:
        with pytest.raises(ReadOnly):
            watcher.record("Alice: r2")
        assert watcher.refresh() is False
        writer.record("Alice: r2")
        assert watcher.refresh() is True
        assert watcher.state() == writer.state()
        writer.undo()
        writer.undo()
        assert watcher.refresh() is True
        assert watcher.state() == writer.state() and len(watcher.moves) == 4


def test_unknown_ids_are_reported(service):
    with pytest.raises(SessionNotFound, match="no session abcdef"):
        service.open("abcdef")
    with pytest.raises(SessionNotFound, match="not a session id"):
        service.open("game.uno")


def test_delete_removes_the_file_and_the_row_but_not_while_recording(service):
    sid = started(service)
    with service.open(sid), pytest.raises(SessionLocked):
        service.delete(sid)
    service.delete(sid.upper())
    assert not service.layout.session(sid).exists()
    assert service.list().sessions == ()
    with pytest.raises(SessionNotFound):
        service.delete(sid)


# Import and export ---------------------------------------------------------------------------


@pytest.mark.parametrize("sample", sorted(p.name for p in SAMPLES.glob("*.uno")))
def test_import_then_export_gives_the_canonical_file(service, sample):
    text = (SAMPLES / sample).read_text(encoding="utf-8")
    done = service.import_text(text, sample)
    session = parse_session(text, sample)
    assert done.moves == len(session.events)
    assert service.export(done.id) == format_session(session)


def test_import_of_a_file_with_an_illegal_move_stores_nothing(service):
    text = (SAMPLES / "classic-challenge-catch.uno").read_text(encoding="utf-8")
    lines = text.split("\n")
    line = lines.index("Dave: b1") + 1
    lines[line - 1] = "Dave: y1"  # blue is in force: a Yellow 1 cannot go on a Blue 5
    bad = "\n".join(lines)
    with pytest.raises(ImportRefused) as caught:
        service.import_text(bad, "bad.uno")
    assert caught.value.refused
    trouble = caught.value.trouble
    assert trouble is not None and (trouble.seq, trouble.rule) == (line, "match")
    said = import_problem(caught.value)
    assert said.startswith(f"bad.uno:{line}: ")
    assert "[match]" in said and "nothing was imported" in said
    assert not service.layout.sessions.exists() or not any(service.layout.sessions.iterdir())
    assert service.list().sessions == ()


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ('[Edition "classic"]\n[Scoring "none"]\n[Players "A, B"]\nround 1\nA: r55\n', "x.uno:5:"),
        (
            '[Edition "flip"]\n[Rule "stacking" "same"]\n[Scoring "none"]\n[Players "A, B"]\n',
            "x.uno:1:1:",
        ),
    ],
)
def test_import_of_an_unreadable_file_stores_nothing(service, text, where):
    with pytest.raises(ImportRefused) as caught:
        service.import_text(text, "x.uno")
    assert not caught.value.refused and caught.value.message.startswith(where)
    assert service.list().sessions == ()


def test_an_imported_session_can_be_continued(service):
    text = (SAMPLES / "jp-shuffle-hands.uno").read_text(encoding="utf-8")
    sid = service.import_text(text, "jp.uno").id
    with service.open(sid) as live:
        assert live.record("round 3").ok
        assert live.summary()["round"] == 3


# Trouble: a stored move this version refuses ------------------------------------------------


def test_a_stored_move_that_no_longer_holds_is_reported_and_can_be_corrected(service):
    sid = started(service)
    # Written behind the service's back, as a file from an older, laxer version could be.
    with SessionFile.open(service.layout, sid, write=True) as f:
        f.append({"kind": "move", "text": "Alice: y3"})
        f.append({"kind": "move", "text": "Bob: y4"})
    with service.open(sid) as live:
        assert live.trouble is not None and live.trouble.seq == 6
        assert live.trouble.rule == "match"
        assert len(live.referee.table.pile) == 3  # start card and the two plays that hold
        refused = live.record("Alice: r2")
        assert not refused.ok and "move #6" in render(refused.parts)
        fixed = live.correct(6, "Alice: r3")
        assert fixed.applied and [m.seq for m in fixed.dropped] == [7]
        assert live.trouble is None and live.record("Bob: r4").ok
    with service.open(sid, read_only=True) as live:
        assert [m.text for m in live.moves][-2:] == ["Alice: r3", "Bob: r4"]


def test_the_file_keeps_every_entry_ever_written(service):
    sid = started(service)
    with service.open(sid) as live:
        live.record("Alice: r2")
        live.undo()
        live.correct(4, "Bob: r6")
    data = json.loads(session_bytes(service, sid))
    kinds = [doc["kind"] for doc in sorted(data["log"].values(), key=lambda d: d["seq"])]
    assert kinds == ["move"] * 6 + ["undo", "correct"]
    texts = [doc.get("text") for doc in data["log"].values() if doc["kind"] == "move"]
    assert "Bob: r5" in texts and "Alice: r2" in texts


def test_an_engine_failure_is_refused_and_changes_nothing(service, monkeypatch):
    """No traceback reaches a user: a move the engine crashes on is refused like any other,
    the referee is rebuilt, nothing is stored, and the session still opens."""
    sid = started(service)
    before = session_bytes(service, sid)
    real_play = judge.CORE[CardPlayed]

    def failing_play(g, event, said):
        if event.player == "Alice":  # none before this
            real_play(g, event, said)  # half-apply, then fail
            raise ValueError("boom")
        return real_play(g, event, said)

    def failing(monkeypatch_target=None):
        return {**judge.CORE, CardPlayed: failing_play}

    with service.open(sid) as live:
        was = live.state()
        monkeypatch.setattr(judge, "CORE", failing())
        result = live.record("Alice: r3")
        assert not result.ok and result.seq is None and result.rule == "internal"
        said = render(result.parts)
        assert "ValueError: boom" in said and "nothing was recorded" in said
        monkeypatch.setattr(judge, "CORE", {**judge.CORE, CardPlayed: real_play})
        assert live.state() == was
        assert live.record("Alice: r3").ok
    assert before != session_bytes(service, sid)
    monkeypatch.setattr(judge, "CORE", failing())
    with service.open(sid, read_only=True) as live:
        assert live.trouble is not None and live.trouble.rule == "internal"
        assert live.trouble.text == "Alice: r3"
