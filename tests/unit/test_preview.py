"""A move line read and judged once: the parser's canonical text, the session service's
preview (nothing changed) and a preview recorded without reading or judging it again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee.engine import Referee
from referee.engine.events import CardPlayed, Header, JumpedIn
from referee.notation import NotationError, Reading, parse_move, read_move
from referee.render import render
from referee.service import SYNTAX_RULE, Preview, SessionService
from tests.selfplay import SelfPlay

HEADER = Header(edition="classic", players=("Alice", "Bob", "Carol"), scoring="target 500")
OPENING = ("round 1", "dealer Alice", "start r7", "Bob: r5", "Carol: r9")


@pytest.fixture
def service(tmp_path: Path) -> SessionService:
    return SessionService(tmp_path / "data")


def started(service: SessionService) -> str:
    sid = service.create(HEADER)
    with service.open(sid) as live:
        for move in OPENING:
            assert live.record(move).ok, move
    return sid


class Counts:
    """Counts the reads and the rulings a session service asks for while it is installed."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        import referee.service.live as live_module

        self.reads: list[str] = []
        self.rulings: list[Any] = []
        read, check, apply = live_module.read_move, Referee.check, Referee.apply

        def counted_read(text: str, header: Header) -> Reading:
            self.reads.append(text)
            return read(text, header)

        def counted_check(ref: Referee, event: Any) -> Any:
            self.rulings.append(event)
            return check(ref, event)

        def counted_apply(ref: Referee, event: Any) -> Any:
            self.rulings.append(event)
            return apply(ref, event)

        monkeypatch.setattr(live_module, "read_move", counted_read)
        monkeypatch.setattr(Referee, "check", counted_check)
        monkeypatch.setattr(Referee, "apply", counted_apply)


def test_the_parser_gives_the_canonical_text() -> None:
    assert read_move("bob:  red 5", HEADER) == Reading(parse_move("Bob: r5", HEADER), "Bob: r5")
    assert read_move("Carol: WILD DRAW FOUR blue", HEADER).text == "Carol: w+4 blue"
    with pytest.raises(NotationError):
        read_move("Bob r5", HEADER)


def test_a_preview_changes_nothing_and_says_what_recording_would(service):
    sid = started(service)
    before = service.layout.session(sid).read_bytes()
    with service.open(sid) as live:
        state, moves = live.referee.state, live.moves
        ahead = live.preview("alice: R3")
        assert isinstance(ahead, Preview)
        assert ahead.answer.ok and ahead.answer.text == "Alice: r3" and ahead.answer.seq is None
        assert ahead.answer.rule == "match" and "Red 3" in render(ahead.answer.parts)
        refused = live.preview("Alice: y3")
        assert not refused.answer.ok and refused.answer.rule == "match"
        unread = live.preview("Alice r3")
        assert unread.answer.rule == SYNTAX_RULE and unread.answer.column == 6
        assert live.referee.state is state and live.moves == moves
    assert service.layout.session(sid).read_bytes() == before


def test_recording_a_preview_neither_reads_nor_judges_again(service, monkeypatch):
    sid = started(service)
    with service.open(sid) as live:
        ahead = live.preview("Alice: r3")
        counts = Counts(monkeypatch)
        result = live.record(ahead)
        assert result.ok and result.seq == 6 and result.text == "Alice: r3"
        assert (result.rule, result.parts) == (ahead.answer.rule, ahead.answer.parts)
        assert counts.reads == [] and counts.rulings == []
        assert ahead.ruling is not None and live.referee.state is ahead.ruling.state
    with service.open(sid, read_only=True) as live:
        assert live.moves[-1].text == "Alice: r3"


def test_a_line_is_read_once_and_judged_once(service, monkeypatch):
    sid = started(service)
    with service.open(sid) as live:
        counts = Counts(monkeypatch)
        assert live.record("alice: red 3").ok
        assert counts.reads == ["alice: red 3"] and len(counts.rulings) == 1


def test_a_stale_preview_is_judged_again_on_the_table_as_it_is(service, monkeypatch):
    sid = started(service)
    with service.open(sid) as live:
        early = live.preview("Alice: r3")
        assert early.answer.ok
        assert live.record("Alice: r1").ok  # the table moved on: Bob is to play
        counts = Counts(monkeypatch)
        late = live.record(early)
        assert not late.ok and late.rule == "turn-order"
        assert counts.reads == [] and len(counts.rulings) == 1
        # After an undo the table is back where the preview was judged, but not the same
        # state: judged again all the same, and it holds.
        live.undo()
        assert live.record(early).ok
        assert [m.text for m in live.moves][-1] == "Alice: r3"


def test_a_previewed_move_that_changes_nothing_is_a_note_and_is_not_stored(service):
    sid = started(service)
    with service.open(sid) as live:
        moves, state = live.moves, live.referee.state
        ahead = live.preview("Alice: catch Bob")
        assert ahead.answer.note and not ahead.answer.ok
        result = live.record(ahead)
        assert result == ahead.answer and result.rule == "uno-false-catch"
        assert live.moves == moves and live.referee.state is state


@pytest.mark.parametrize("edition", ["classic", "flip", "minecraft", "nomercy"])
def test_the_moves_without_plays_are_the_legal_moves_less_the_plays(edition):
    header = Header(edition=edition, players=("Ann", "Bob", "Cy", "Dee"), scoring="none")
    sim = SelfPlay(7, check=False)
    sim.play_game(header)
    ref = Referee(header)
    for event in sim.log[:400]:
        everything = ref.legal_moves()
        assert ref.legal_moves(plays=False) == [
            move for move in everything if not isinstance(move, (CardPlayed, JumpedIn))
        ]
        assert ref.apply(event).ok
