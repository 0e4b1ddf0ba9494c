"""Keys typed in a burst and pasted lines are taken line by line, in order: none lost or merged."""

from __future__ import annotations

import pytest
from textual import events
from textual.widgets import Input

from referee.service import SessionService
from screens.round_end_screen import RoundEndScreen
from screens.table_screen import TableScreen
from screens.widgets import MoveBox, PlayerList

from .test_new_session import open_form

SIZES = [(80, 24), (120, 40)]


def burst(app, text: str) -> None:
    """Send `text` as a terminal does: every key at once, none waiting for the one before."""
    for char in text:
        key = (
            events.Key("enter", "\r")
            if char == "\n"
            else events.Key("tab", "\t")
            if char == "\t"
            else events.Key("backspace", "\x7f")
            if char == "\b"
            else events.Key(char, char)
        )
        key.set_sender(app)
        app._driver.send_message(key)


def paste(app, text: str) -> None:
    event = events.Paste(text)
    event.set_sender(app)
    app._driver.send_message(event)


def stored(service: SessionService, sid: str) -> list[str]:
    with service.open(sid, read_only=True) as live:
        return [move.text for move in live.moves]


@pytest.mark.parametrize("size", SIZES)
async def test_names_typed_ahead_are_each_a_player_in_order(make_app, size):
    app = make_app()
    async with app.run_test(size=size) as pilot:
        form = await open_form(pilot)
        burst(app, "Ana\nBen\nCy\nDee\n")
        await pilot.pause()
        assert form.query_one(PlayerList).players == ["Ana", "Ben", "Cy", "Dee"]
        assert form.query_one("#name", Input).value == ""


@pytest.mark.parametrize("size", SIZES)
async def test_a_pasted_list_of_names_seats_each_line_in_order(make_app, size):
    app = make_app()
    async with app.run_test(size=size) as pilot:
        form = await open_form(pilot)
        paste(app, "Ana\r\nBen\n\nCy\nDe")
        await pilot.pause()
        seats = form.query_one(PlayerList)
        # A blank line is no name; the last line, without its Enter, waits in the box.
        assert seats.players == ["Ana", "Ben", "Cy"]
        box = form.query_one("#name", Input)
        assert box.value == "De"
        burst(app, "e\n")
        await pilot.pause()
        assert seats.players == ["Ana", "Ben", "Cy", "Dee"]


async def test_a_refused_name_stops_the_names_after_it_which_come_back_in_turn(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(pilot)
        burst(app, "Ana\nAna\nBen\nCy\n")
        await pilot.pause()
        seats = form.query_one(PlayerList)
        box = form.query_one("#name", Input)
        assert seats.players == ["Ana"]
        assert box.value == "Ana"
        problem = str(form.query_one("#name-problem").render())
        assert "Ana is already at the table" in problem
        assert "2 more names typed after it wait" in problem
        burst(app, "\b\b\bAnn\n")
        await pilot.pause()
        assert seats.players == ["Ana", "Ann"]
        assert box.value == "Ben"
        # Each comes back to be looked at: an Enter typed before it shows confirms nothing.
        for name in ("Ben", "Cy"):
            assert box.value == name
            burst(app, "\n")
            await pilot.pause()
        assert seats.players == ["Ana", "Ann", "Ben", "Cy"]
        assert box.value == ""


async def whose_turn(app) -> list[str]:
    """The players the next three `draw`s are for (each passes the turn)."""
    ref = app.screen.sitting.referee
    table = ref.table
    return [
        table.players[(table.turn + i * table.direction) % len(table.players)] for i in range(3)
    ]


@pytest.mark.parametrize("size", SIZES)
async def test_moves_typed_ahead_are_each_recorded_in_order(make_app, service, demo, size):
    before = stored(service, demo)
    app = make_app(session_id=demo)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        expected = [f"{name}: draw" for name in await whose_turn(app)]
        burst(app, "draw\ndraw\ndraw\n")
        await pilot.pause()
        assert app.screen.query_one(MoveBox).value == ""
    assert stored(service, demo) == [*before, *expected]


@pytest.mark.parametrize("size", SIZES)
async def test_pasted_moves_are_each_recorded_in_order(make_app, service, demo, size):
    before = stored(service, demo)
    app = make_app(session_id=demo)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        expected = [f"{name}: draw" for name in await whose_turn(app)]
        paste(app, "draw\ndraw\ndraw\n")
        await pilot.pause()
        assert app.screen.query_one(MoveBox).value == ""
    assert stored(service, demo) == [*before, *expected]


async def test_a_refused_move_stops_the_moves_after_it(make_app, service, demo):
    before = stored(service, demo)
    app = make_app(session_id=demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        first, second, third = [f"{name}: draw" for name in await whose_turn(app)]
        burst(app, "draw\nzz\ndraw\ndr")
        await pilot.pause()
        box = app.screen.query_one(MoveBox)
        # The refused move waits in the box to be corrected; the rest were not recorded.
        assert box.value == "zz"
        assert stored(service, demo) == [*before, first]
        verdict = str(app.screen.query_one("#verdict").render())
        assert "2 more moves typed after it wait" in verdict
        burst(app, "\b\bdraw\n")
        await pilot.pause()
        assert stored(service, demo) == [*before, first, second]
        assert box.value == "draw"
        burst(app, "\n")
        await pilot.pause()
        assert stored(service, demo) == [*before, first, second, third]
        assert box.value == "dr"


ROUND_OVER = """\
[Edition "classic"]
[Scoring "target 500"]
[Players "Ann, Bo, Cy"]
[Rule "hand-size" "2"]
round 1
dealer Cy
start r7
Ann: r5 uno
Bo: r6 uno
Cy: takes 1
Cy: draw
Ann: r4
"""
"""A round just over: Bo holds one card, Cy four."""


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("between", ["\n", "\t"], ids=["enter", "tab"])
async def test_hands_typed_ahead_at_a_round_end_go_each_to_its_player(
    make_app, service, size, between
):
    """Enter or Tab moves to the next hand at once: the keys after it are that hand's."""
    sid = service.import_text(ROUND_OVER, "over.uno").id
    app = make_app(session_id=sid)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("f7")
        await pilot.pause()
        assert isinstance(app.screen, RoundEndScreen)
        burst(app, f"g3{between}r1 b2 y3 g4\n")
        await pilot.pause()
        await pilot.pause()
    assert stored(service, sid)[-2:] == ["hand Bo: g3", "hand Cy: r1 b2 y3 g4"]


TEN = ["Ana", "Ben", "Cy", "Dee", "Eri", "Fumi", "Gus", "Hana", "Ivo", "Jun"]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 10])
async def test_a_whole_table_typed_at_full_speed(make_app, service, size, players):
    """Names into the form, then the opening moves into the move box, each in one burst."""
    names = TEN[:players]
    app = make_app()
    async with app.run_test(size=size) as pilot:
        form = await open_form(pilot)
        burst(app, "".join(f"{name}\n" for name in names))
        await pilot.pause()
        assert form.query_one(PlayerList).players == names
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        plays = ["r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r0"][:players]
        burst(app, "start r5\n" + "".join(f"{card}\n" for card in plays))
        await pilot.pause()
        (sid,) = [row.id for row in service.list().sessions]
    first = names[1 % players]  # left of the dealer, the first seat, plays first
    order = names[names.index(first) :] + names[: names.index(first)]
    assert stored(service, sid) == [
        "round 1",
        f"dealer {names[0]}",
        "start r5",
        *(f"{name}: {card}" for name, card in zip(order, plays, strict=True)),
    ]
