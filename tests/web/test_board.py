"""What the board says, read from the service and the engine: the turn, the cards, a pending
Wild Draw Four, who can be caught and until when, the rulings and the sheet."""

from __future__ import annotations

from referee import i18n
from referee.service import SessionService
from referee.web.board import board_of
from referee.web.pages import board_fragment

from .conftest import new_session
from .test_browser import sample_moves


def played_to(service: SessionService, last: str) -> str:
    sid = new_session(service)
    moves = sample_moves()
    with service.open(sid) as live:
        for move in moves[: moves.index(last) + 1]:
            assert live.record(move).ok, move
    return sid


def test_a_pending_wild_draw_four_is_on_the_board(service: SessionService) -> None:
    sid = played_to(service, "Bob: w+4 blue")
    with service.open(sid, read_only=True) as live:
        board = board_of(live)
    assert board.turn == "Alice"
    assert board.turn_text == "Alice may challenge"
    assert board.colour == "blue" and board.top == "Wild Draw Four"
    (alert,) = board.alerts
    assert alert.urgent and "Alice may challenge Bob's Wild Draw Four" in alert.text
    assert board.rulings[0].move == "Bob: w+4 blue" and board.rulings[0].rule == "wd4"


def test_who_can_be_caught_and_until_when(service: SessionService) -> None:
    sid = played_to(service, "Alice: b7")
    with service.open(sid, read_only=True) as live:
        board = board_of(live)
        expected = [wait for wait in live.referee.waiting_for() if wait.kind == "catch"]
    (seat,) = [seat for seat in board.seats if seat.catchable]
    assert seat.name == "Alice" and seat.cards == 1
    (alert,) = board.alerts
    assert alert.urgent and alert.text.startswith("Alice has one card and did not call UNO: ")
    assert len(expected) == 1 and expected[0].player == "Alice"


def test_the_sheet_and_the_chart_after_a_round(service: SessionService) -> None:
    sid = played_to(service, sample_moves()[-1])
    with service.open(sid, read_only=True) as live:
        board = board_of(live)
        totals = dict(live.sheet.totals)
    assert board.sheet_rounds == [1]
    assert {row["name"]: row["total"] for row in board.sheet_rows} == totals
    assert board.sheet_rows[0]["name"] == "Dave" and board.sheet_rows[0]["rank"] == "1"
    assert board.chart is not None and "<svg" in board.chart
    assert board.status == "After 1 round; the game goes on."


def test_the_board_speaks_japanese(service: SessionService) -> None:
    sid = played_to(service, "start g4")
    i18n.use("ja")
    with service.open(sid, read_only=True) as live:
        html = board_fragment(board_of(live))
    assert "Bob の番" in html and "緑の4" in html and "場のカード" in html


def test_bidi_controls_in_names_from_files_are_made_visible(service: SessionService) -> None:
    # A file may hold a name typed names would refuse (files are read as they always were).
    sid = service.import_text(
        '[Edition "classic"]\n[Scoring "target 500"]\n'
        '[Players "A\u202eB, Cy"]\n'
        "round 1\ndealer Cy\nstart r7\n",
        "game.uno",
    ).id
    with service.open(sid, read_only=True) as live:
        html = board_fragment(board_of(live))
    assert "\u202e" not in html
    assert "A\\u202eB" in html


def test_the_board_never_tells_a_phone_what_to_type(service: SessionService) -> None:
    # Issue 26: the scorekeeper's typing instructions ('round 2', 'dealer NAME', 'start r7',
    # 'Alice: accept') stayed on every phone; the board says what the table waits for instead.
    sid = new_session(service)
    lines = ["round 1", "dealer Dave", "start r7", "Alice: w+4 blue"]
    with service.open(sid) as live:
        said: list[str] = [alert.text for alert in board_of(live).alerts]
        for line in lines:
            assert live.record(line).ok, line
            said += [alert.text for alert in board_of(live).alerts]
        live.record("Bob: accept")
        said += [alert.text for alert in board_of(live).alerts]
    assert said, "the board said nothing at all"
    for text in said:
        # A quoted line of the notation is what a scorekeeper types: 'round 1', 'Bob: accept'.
        assert " '" not in text and ": '" not in text and "accept" not in text, text
