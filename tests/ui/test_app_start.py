"""The app's cold start: the first screen styled once, in the theme the settings name, with only
what the sessions screen uses loaded (the rest loads when first opened)."""

from __future__ import annotations

from textual.color import Color
from textual.css.stylesheet import Stylesheet
from textual.widgets import DataTable

from referee.store import settings
from screens.app import THEME


async def test_the_first_screen_parses_the_styles_once(make_app, monkeypatch):
    # Parsing every style again (for the theme, for the screen's own file) was a tenth of the
    # start: the styles are all read before the first screen, and parsed once.
    reparsed: list[int] = []
    reparse = Stylesheet.reparse

    def counting(self: Stylesheet) -> None:
        reparsed.append(1)
        reparse(self)

    monkeypatch.setattr(Stylesheet, "reparse", counting)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen.query_one("#sessions", DataTable)
        assert table.styles.height is not None and str(table.styles.height) == "1fr"
        assert reparsed == []


async def test_the_app_starts_in_its_own_theme(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.theme == THEME.name
        assert {"-theme-uno-table", "-dark-mode"} <= app.classes
        assert "-light-mode" not in app.classes
        assert app.screen.styles.background == Color.parse(THEME.background or "")


async def test_a_stored_theme_is_drawn_from_the_first_frame(make_app):
    settings.change("theme", "textual-light")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        light = app.get_theme("textual-light")
        assert light is not None and app.theme == light.name
        assert {"-theme-textual-light", "-light-mode"} <= app.classes
        assert "-dark-mode" not in app.classes and "-theme-uno-table" not in app.classes
        assert app.screen.styles.background == Color.parse(light.background or "")
        app.theme = THEME.name  # and a theme chosen later still applies
        await pilot.pause()
        assert app.screen.styles.background == Color.parse(THEME.background or "")
        assert "-dark-mode" in app.classes
