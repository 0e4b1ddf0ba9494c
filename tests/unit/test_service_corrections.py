"""Undo and corrections: compensating log entries, replay of the rest, and what no longer holds."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.engine.events import Header
from referee.engine.public import public_state
from referee.notation import parse_session
from referee.render import render
from referee.service import SYNTAX_RULE, NoSuchMove, NothingToUndo, ReadOnly, SessionService
from referee.service.replay import replay_session
from referee.store.tags import header_text

HEADER = Header(edition="classic", players=("Alice", "Bob", "Carol"), scoring="target 500")
OPENING = ("round 1", "dealer Alice", "start r7", "Bob: r5", "Carol: r9", "Alice: r2")


@pytest.fixture
def service(tmp_path: Path) -> SessionService:
    return SessionService(tmp_path / "data")


@pytest.fixture
def sid(service: SessionService) -> str:
    sid = service.create(HEADER)
    with service.open(sid) as live:
        for move in OPENING:
            assert live.record(move).ok
    return sid


def replayed(moves: list[str]) -> dict:
    session = parse_session(header_text(HEADER) + "".join(m + "\n" for m in moves))
    done = replay_session(session)
    assert done.trouble is None
    return public_state(done.referee.state)


def texts(service: SessionService, sid: str) -> list[str]:
    with service.open(sid, read_only=True) as live:
        return [m.text for m in live.moves]


# Undo ----------------------------------------------------------------------------------------


def test_undo_takes_back_the_last_move_durably(service, sid):
    with service.open(sid) as live:
        done = live.undo()
        assert (done.seq, done.text) == (6, "Alice: r2")
        assert live.state() == replayed(list(OPENING[:-1]))
        # The new move takes the undone move's number, and says what it replaced.
        again = live.record("Alice: r3")
        assert (again.seq, again.replaced) == (6, ("Alice: r2",))
    assert texts(service, sid) == [*OPENING[:-1], "Alice: r3"]


def test_a_move_keeps_its_number_for_life(service, sid):
    with service.open(sid) as live:
        assert [live.undo().seq for _ in range(2)] == [6, 5]
        assert [live.record(m).seq for m in ("Carol: r8", "Alice: r3")] == [5, 6]
        # `correct N` takes the number people read, not the log's entry.
        assert live.correct(5, "Carol: r9").applied
        numbers = [(m.seq, m.text, m.replaced) for m in live.moves]
    assert numbers[-2:] == [
        (5, "Carol: r9", ("Carol: r9", "Carol: r8")),
        (6, "Alice: r3", ("Alice: r2",)),
    ]
    with service.open(sid) as live:
        assert [(m.seq, m.text, m.replaced) for m in live.moves] == numbers
        assert [step.seq for step in live.steps] == [1, 2, 3, 4, 5, 6]
        # A correction that drops a later move: the moves after keep their numbers.
        assert live.record("Bob: r1").seq == 7
        done = live.correct(5, "Carol: g5")
        assert done.applied and [m.seq for m in done.dropped] == [6, 7]
        assert live.record("Alice: g2").seq == 6
    with service.open(sid) as live:
        assert [m.seq for m in live.moves] == [1, 2, 3, 4, 5, 6]
        assert live.moves[-1].replaced == ("Alice: r2", "Alice: r3")


def test_undo_to_the_beginning_then_nothing_to_undo(service, sid):
    with service.open(sid) as live:
        for _ in OPENING:
            live.undo()
        assert live.moves == () and live.state() == replayed([])
        with pytest.raises(NothingToUndo, match="nothing to undo"):
            live.undo()
    assert texts(service, sid) == []
    assert service.info(sid).status == "new"


def test_undo_across_the_end_of_a_round_restores_the_score(service):
    path = Path(__file__).resolve().parents[2] / "sample_sessions" / "classic-challenge-catch.uno"
    sid = service.import_text(path.read_text(encoding="utf-8"), "x.uno").id
    assert service.info(sid).totals["Dave"] > 0
    with service.open(sid) as live:
        while live.summary()["status"] != "playing":
            live.undo()
    info = service.info(sid)
    assert info.status == "playing" and set(info.totals.values()) == {0}
    assert {i.id: i for i in service.list().sessions}[sid].status == "playing"


def test_a_watcher_cannot_undo(service, sid):
    with service.open(sid, read_only=True) as live, pytest.raises(ReadOnly):
        live.undo()


# Previewing a correction ---------------------------------------------------------------------


def test_preview_rules_on_the_replacement_and_every_later_move_and_stores_nothing(service, sid):
    before = service.layout.session(sid).read_bytes()
    with service.open(sid) as live:
        was = live.state()
        plan = live.preview_correction(4, "Bob: g7")
        assert (plan.ok, plan.applied, plan.old, plan.new) == (True, False, "Bob: r5", "Bob: g7")
        assert plan.rule == "match"
        later = {m.seq: m for m in plan.later}
        assert set(later) == {5, 6}
        # Red 9 does not go on Green 7; then it is still Carol's turn, not Alice's.
        assert not later[5].holds and later[5].rule == "match"
        assert not later[6].holds and later[6].rule == "turn-order"
        assert [m.seq for m in plan.dropped] == [5, 6]
        assert live.state() == was
    assert service.layout.session(sid).read_bytes() == before


def test_preview_of_a_replacement_the_rest_still_follows(service, sid):
    with service.open(sid) as live:
        plan = live.preview_correction(4, "Bob: r6")
        assert plan.ok and plan.dropped == () and [m.holds for m in plan.later] == [True, True]


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("Bob: y3", "match"),
        ("Carol: r5", "turn-order"),
        ("Bob: r55", SYNTAX_RULE),
        ("Bob: r5", "session"),
    ],
)
def test_a_replacement_that_is_refused_changes_nothing(service, sid, text, rule):
    before = service.layout.session(sid).read_bytes()
    with service.open(sid) as live:
        plan = live.correct(4, text)
        assert (plan.ok, plan.applied, plan.rule) == (False, False, rule)
        assert render(plan.parts)
        assert [m.text for m in live.moves] == list(OPENING)
    assert service.layout.session(sid).read_bytes() == before


def test_correcting_a_move_that_is_not_in_force(service, sid):
    with service.open(sid) as live:
        live.undo()
        for seq in (6, 7, 99, 0):
            with pytest.raises(NoSuchMove, match=f"no move #{seq}"):
                live.preview_correction(seq, "Alice: r3")


# Applying a correction -----------------------------------------------------------------------


def test_correct_replaces_the_move_and_drops_what_no_longer_holds(service, sid):
    with service.open(sid) as live:
        done = live.correct(4, "Bob: g7")
        assert done.applied and [m.seq for m in done.dropped] == [5, 6]
        assert [m.text for m in live.moves] == [*OPENING[:3], "Bob: g7"]
        assert live.state() == replayed([*OPENING[:3], "Bob: g7"])
        assert live.record("Carol: g2").ok
    assert texts(service, sid) == [*OPENING[:3], "Bob: g7", "Carol: g2"]


def test_correct_keeps_the_later_moves_that_hold(service, sid):
    with service.open(sid) as live:
        live.correct(5, "Carol: r8")
        assert [m.text for m in live.moves] == [*OPENING[:4], "Carol: r8", "Alice: r2"]
        assert [m.seq for m in live.moves] == [1, 2, 3, 4, 5, 6]
    with service.open(sid) as live:
        assert live.state() == replayed([*OPENING[:4], "Carol: r8", "Alice: r2"])


def test_undo_after_a_correction_and_a_correction_of_a_corrected_move(service, sid):
    with service.open(sid) as live:
        live.correct(6, "Alice: r3")
        assert live.undo().text == "Alice: r3"
        live.correct(4, "Bob: r6")
        live.correct(4, "Bob: r8")
    assert texts(service, sid) == [*OPENING[:3], "Bob: r8", "Carol: r9"]


def test_a_corrected_score_reaches_the_list(service):
    path = Path(__file__).resolve().parents[2] / "sample_sessions" / "classic-challenge-catch.uno"
    sid = service.import_text(path.read_text(encoding="utf-8"), "x.uno").id
    before = service.info(sid).totals["Dave"]
    with service.open(sid) as live:
        seq = next(m.seq for m in live.moves if m.text.startswith("hand Carol:"))
        plan = live.correct(seq, "hand Carol: g8")
        assert plan.applied and plan.dropped == ()
    listed = {i.id: i for i in service.list().sessions}[sid]
    assert listed.totals["Dave"] == before - 9 + 8
