"""The app's cold start: the first screen styled once, in the theme the settings name, with only
what the sessions screen uses loaded (the rest loads when first opened)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.color import Color
from textual.css.stylesheet import Stylesheet
from textual.widgets import DataTable

from referee.service import build_header
from referee.store import settings
from screens.app import THEME
from screens.sessions_screen import SessionsScreen
from screens.table_screen import TableScreen
from tests.first_screen import first_screen

from .conftest import settle, text_of


def counted(monkeypatch: pytest.MonkeyPatch, owner: type, name: str) -> list[int]:
    """A list that grows by one at each call of `owner.name` (which still does its work)."""
    calls: list[int] = []
    original = getattr(owner, name)

    def counting(self: Any) -> Any:
        calls.append(1)
        return original(self)

    monkeypatch.setattr(owner, name, counting)
    return calls


async def test_the_first_screen_parses_the_styles_once(make_app, monkeypatch, service):
    # Parsing every style again (for the theme, for the screen's own file) was a tenth of the
    # start: the styles are all read before the first screen, and parsed once.
    service.create(build_header("Ann, Bob, Cy", "classic", "target 500"))
    reparsed = counted(monkeypatch, Stylesheet, "reparse")
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


async def test_with_sessions_the_welcome_is_not_built(make_app, service):
    # Hidden by the style, the welcome's part still cost its styles, layout and focus at start.
    service.create(build_header("Ann, Bob, Cy", "classic", "target 500"))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.query_one("#sessions", DataTable).row_count == 1
        assert screen.focused is screen.query_one("#sessions")
        assert not screen.query("#empty") and not screen.query("#demo")


async def test_with_none_the_list_is_not_built(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert "No stored sessions yet" in text_of(pilot, "#welcome")
        assert screen.focused is not None and screen.focused.id == "demo"
        assert not screen.query("#sessions") and not screen.query("#actions")


async def test_the_last_session_deleted_shows_the_welcome_and_the_first_one_the_list(
    make_app, service
):
    sid = service.create(build_header("Ann, Bob, Cy", "classic", "target 500"))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("delete")
        await pilot.pause()
        await pilot.click("#yes")
        await settle(pilot, lambda: bool(app.screen.query("#welcome")), "the welcome")
        assert isinstance(app.screen, SessionsScreen) and app.screen.infos == []
        assert "No stored sessions yet" in text_of(pilot, "#welcome")
        assert app.screen.focused is not None and app.screen.focused.id == "demo"
        assert app.screen.selected() is None
        service.restore(sid)
        await pilot.press("f4")  # the demo: stored, then its table opens
        await settle(pilot, lambda: isinstance(app.screen, TableScreen), "the demo's table")
        await pilot.press("escape")
        await settle(pilot, lambda: bool(app.screen.query("#sessions")), "the list")
        table = app.screen.query_one("#sessions", DataTable)
        assert table.row_count == 2 and app.screen.focused is table
        assert not app.screen.query("#welcome")
        assert app.screen.selected() == app.screen.infos[0].id


async def test_the_first_screen_reads_the_sessions_once(make_app, monkeypatch, service):
    # Its first resume comes as it is pushed, straight after it was composed with the list it
    # read: reading the sessions (the index, every file's stamp, the league book) and filling
    # the table again there doubled the listing at start.
    service.create(build_header("Ann, Bob, Cy", "classic", "target 500"))
    reads = counted(monkeypatch, SessionsScreen, "_read_sessions")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#sessions", DataTable).row_count == 1
        assert len(reads) == 1
        app.open_session(service.list().sessions[0].id)  # back from a table: read again
        await settle(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        await pilot.press("escape")
        await settle(pilot, lambda: isinstance(app.screen, SessionsScreen), "the list")
        assert len(reads) == 2


def test_running_the_app_sets_what_it_loaded_aside_from_the_collector(tmp_path):
    # Textual, the screens and the referee's modules live as long as the process: collections
    # while the first screen was built, and the last one at exit, walked them all for nothing.
    found = first_screen(tmp_path)
    assert found["frozen"] > 10_000
    assert found["collecting"]  # what the app makes from here on is collected as usual
