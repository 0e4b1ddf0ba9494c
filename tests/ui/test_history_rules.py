"""History (undo, correction with its preview) and the searchable rules screen."""

from __future__ import annotations

from textual.widgets import DataTable, Input, OptionList

from referee.service import SessionService
from screens.dialogs import ConfirmDialog
from screens.history_screen import HistoryScreen
from screens.rules_screen import RulesScreen
from screens.table_screen import TableScreen

from .conftest import text_of


def stored(service: SessionService, sid: str) -> list[str]:
    with service.open(sid, read_only=True) as live:
        return [move.text for move in live.moves]


async def test_a_correction_shows_what_it_changes_before_it_is_applied(make_app, service, demo):
    before = stored(service, demo)
    app = make_app(session_id=demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f9")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        moves = app.screen.query_one("#moves", DataTable)
        assert moves.row_count == len(before)
        # #28 `Chika: bs` skipped Ben; as a Blue 3 it would not, so Ana's move after it is
        # out of turn.
        moves.move_cursor(row=27)
        await pilot.press("enter")
        await pilot.pause()
        new = app.screen.query_one("#new", Input)
        assert new.value == "Chika: bs"
        new.value = "Chika: b3"
        await pilot.press("f2")
        await pilot.pause()
        plan = text_of(pilot, "#plan")
        assert "#28 Chika: bs → Chika: b3" in plan
        assert "#29 Ana: b5: NO LONGER HOLDS" in plan and "[turn-order]" in plan
        assert stored(service, demo) == before  # a preview changes nothing

        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.click("#yes")
        await pilot.pause()
        assert "Corrected." in text_of(pilot, "#plan")
        assert stored(service, demo) == [*before[:27], "Chika: b3"]

        await pilot.press("f6")
        await pilot.pause()
        assert "Undone #" in text_of(pilot, "#plan")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert str(app.screen.query_one("#turn").render()).split() == ["Chika", "to", "play"]
    assert stored(service, demo) == before[:27]


async def test_a_refused_correction_is_explained_and_cannot_be_applied(make_app, demo):
    app = make_app(session_id=demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f9")
        await pilot.pause()
        app.screen.query_one("#moves", DataTable).move_cursor(row=27)
        await pilot.press("enter")
        await pilot.pause()
        app.screen.query_one("#new", Input).value = "Chika: y9"
        await pilot.press("enter")
        await pilot.pause()
        assert "cannot become 'Chika: y9'" in text_of(pilot, "#plan")
        assert app.screen.query_one("#apply").disabled


async def test_the_rules_screen_searches_the_rules_in_force(make_app, demo):
    app = make_app(session_id=demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f10")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        listing = app.screen.query_one("#rules", OptionList)
        everything = listing.option_count
        await pilot.press(*"challenge")
        await pilot.pause()
        shown = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        assert 0 < len(shown) < everything
        assert all("challenge" in text.casefold() and "Source:" in text for text in shown)
        assert any(text.startswith("wd4-challenge-who") for text in shown)
        await pilot.press(*" zebra")
        await pilot.pause()
        assert listing.option_count == 0 and listing.border_title == "0 matches"
