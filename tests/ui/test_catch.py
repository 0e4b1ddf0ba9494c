"""Catching a missed UNO: the key asks who caught whom and remembers the catcher; undo in one."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList

from referee.engine.events import Header
from referee.service import SessionService
from referee.suggest import catch_lines
from screens.dialogs import CatchDialog
from screens.table_screen import TableScreen

from .conftest import text_of
from .test_whole_session import STORED

PLAYERS = ("Ana", "Ben", "Chika", "Dev")
UNTIL_CATCHABLE = STORED[: STORED.index("Chika: catch Ana")]
"""Ana has played her next-to-last card without calling UNO; Dev acts next."""


@pytest.fixture
def sid(service: SessionService) -> str:
    sid = service.create(Header(edition="classic", players=PLAYERS, scoring="target 500"))
    with service.open(sid) as live:
        for move in UNTIL_CATCHABLE:
            assert live.record(move).ok, move
    return sid


def last_move(service: SessionService, sid: str) -> str:
    with service.open(sid, read_only=True) as live:
        return live.moves[-1].text


def test_the_referee_says_who_can_catch_whom(service, sid):
    with service.open(sid, read_only=True) as live:
        assert catch_lines(live.referee) == {
            "Ana": {name: f"{name}: catch Ana" for name in ("Ben", "Chika", "Dev")}
        }


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_catcher_is_named_remembered_and_undone_in_one_key(make_app, service, sid, size):
    app = make_app(session_id=sid)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("f4")
        await pilot.pause()
        assert isinstance(app.screen, CatchDialog)
        catchers = app.screen.query_one("#catchers", OptionList)
        # Nobody has caught yet: the player the table waits on is offered first.
        assert catchers.highlighted_option is not None and catchers.highlighted_option.id == "Dev"
        assert [option.id for option in catchers.options] == ["Ben", "Chika", "Dev"]
        # Escape records nothing.
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert last_move(service, sid) == UNTIL_CATCHABLE[-1]

        # Chika called it: chosen with the arrow keys and Enter.
        await pilot.press("f4", "up", "enter")
        await pilot.pause()
        assert "Chika caught Ana not calling UNO: Ana draws 2" in text_of(pilot, "#verdict")
        assert last_move(service, sid) == "Chika: catch Ana"

        # Undone in one key; the catch key then offers the last catcher first.
        await pilot.press("f6")
        await pilot.pause()
        assert last_move(service, sid) == UNTIL_CATCHABLE[-1]
        await pilot.press("f4")
        await pilot.pause()
        assert app.screen.query_one("#catchers", OptionList).highlighted_option.id == "Chika"
        # A seat number picks the catcher at once.
        await pilot.press("2")
        await pilot.pause()
        assert "Ben caught Ana" in text_of(pilot, "#verdict")
    assert last_move(service, sid) == "Ben: catch Ana"


async def test_a_move_that_changes_nothing_is_a_note_and_the_next_line_goes_on(
    make_app, service, sid
):
    app = make_app(session_id=sid)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        # A false catch (Ben holds 4 cards, no penalty at this table), then Dev's play, typed
        # in one burst: the note does not hold the play back.
        await pilot.press(*"Dev: catch Ben", "enter", *"b6", "enter")
        await pilot.pause()
        assert text_of(pilot, "#verdict").startswith("✓ #")
        assert app.screen.query_one("#move").value == ""
    with service.open(sid, read_only=True) as live:
        assert [m.text for m in live.moves][-2:] == [UNTIL_CATCHABLE[-1], "Dev: b6"]


async def test_the_note_says_it_was_not_recorded(make_app, service, sid):
    app = make_app(session_id=sid)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*"Dev: catch Ben", "enter")
        await pilot.pause()
        said = text_of(pilot, "#verdict")
        assert said.startswith("» Not recorded: 'Dev: catch Ben': False catch: Ben holds 4 cards")
        assert said.endswith("It changes nothing in the game.")
        assert app.screen.query_one("#move").value == ""
    assert last_move(service, sid) == UNTIL_CATCHABLE[-1]
