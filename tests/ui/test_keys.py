"""Keyboards without F keys: Ctrl+O lists the screen's actions, each run by a letter."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from referee.store import settings
from screens.dialogs import ActionsMenu, CatchDialog
from screens.score_sheet_screen import ScoreSheetScreen
from screens.sessions_screen import SessionsScreen
from screens.table_screen import TableScreen

from .conftest import text_of


def menu_text(pilot) -> str:
    return " ".join(str(s.render()) for s in pilot.app.screen.query("Static"))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_table_action_the_table_can_take_is_in_the_menu(make_app, service, demo, size):
    app = make_app(session_id=demo)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert isinstance(app.screen, ActionsMenu)
        shown = menu_text(pilot)
        # What the demo table can do now, each with its letter and its F key...
        for letter, what, key in (
            ("d", "Draw", "f2"),
            ("c", "Catch", "f4"),
            ("z", "Undo", "f6"),
            ("l", "History", "f9"),
            ("r", "Rules", "f10"),
            ("b", "Sessions", "esc"),
            ("?", "Help", "f1"),
        ):
            assert f" {letter}   {what}  {key}" in shown, (letter, shown)
        # ...and nothing it cannot: no Wild Draw Four waits, the round is not over.
        assert "Challenge" not in shown and "Accept" not in shown and "Next round" not in shown

        # A letter runs its action: the catch asks who caught whom.
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, CatchDialog)
        await pilot.press("3")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert "Chika caught Ana" in text_of(pilot, "#verdict")
        # Undo without F6.
        await pilot.press("ctrl+o", "z")
        await pilot.pause()
        assert text_of(pilot, "#verdict").startswith("↶ Undone #30 Chika: catch Ana")
        # The sheet, and back.
        await pilot.press("ctrl+o", "s")
        await pilot.pause()
        assert isinstance(app.screen, ScoreSheetScreen)


async def test_the_menu_closes_with_escape_or_its_own_key_and_letters_are_not_typed(make_app, demo):
    app = make_app(session_id=demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for closing in ("escape", "ctrl+o"):
            await pilot.press("ctrl+o")
            await pilot.pause()
            await pilot.press("q", closing)
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            assert app.screen.query_one("#move", Input).value == ""


async def test_the_sessions_screen_without_f_keys(make_app, service):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SessionsScreen)
        await pilot.press("ctrl+o", "m")  # the demo table
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
    assert len(service.list().sessions) == 1


async def test_a_letter_comes_from_the_settings_file(make_app, demo):
    settings.change("keys.menu.table.catch", "k")
    app = make_app(session_id=demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert " k   Catch  f4" in menu_text(pilot)
        await pilot.press("k")
        await pilot.pause()
        assert isinstance(app.screen, CatchDialog)
