"""F1 at 80x24 in Japanese: the move language's cheat sheet shows first and the page scrolls."""

from __future__ import annotations

from textual.containers import VerticalScroll

from referee import i18n
from screens.help_screen import MOVES, HelpScreen

from .conftest import settle


async def test_the_cheat_sheet_comes_first_and_the_page_scrolls_at_80x24(make_app, demo):
    i18n.use("ja")
    app = make_app(session_id=demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: type(app.screen).__name__ == "TableScreen", "the table")
        await pilot.press("f1")
        await settle(pilot, lambda: isinstance(app.screen, HelpScreen), "the help page")
        page = app.screen.query_one("#page", VerticalScroll)
        moves = app.screen.query_one("#moves")
        await settle(pilot, lambda: page.max_scroll_y > 0, "the page laid out")
        # The move box's first line is at the top of the page, in sight.
        assert moves.region.y <= page.region.y + 2 and moves.region.height > 0
        assert i18n._(MOVES) != MOVES, "the page is in Japanese"
        assert page.has_focus
        await pilot.press("pagedown")
        await settle(pilot, lambda: page.scroll_y > 0, "the page scrolled down")
        await pilot.press("end")
        await settle(pilot, lambda: page.scroll_y == page.max_scroll_y, "the end of the page")
        # The keys come after the moves, and the end of the page shows them.
        keys = app.screen.query_one("#keys")
        assert keys.region.y > moves.region.y
