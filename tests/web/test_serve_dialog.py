"""The app's F12: the scoreboard served by a child process while the table keeps recording,
its address and QR code on screen, and the server stopped when the app quits."""

from __future__ import annotations

import asyncio
import time
import urllib.request
from pathlib import Path

import pytest
from textual.widgets import Static

from referee import i18n
from referee.service import SessionService
from referee.web.process import ServeProcess
from screens import glyphs
from screens.app import build_app
from screens.dialogs import ServeDialog
from screens.score_sheet_screen import ScoreSheetScreen
from screens.table_screen import TableScreen

from .conftest import new_session


def on_loopback(monkeypatch: pytest.MonkeyPatch) -> list[ServeProcess]:
    """The app's servers listen on 127.0.0.1 in tests; the list collects them."""
    made: list[ServeProcess] = []

    def make(*args: object, **kwargs: object) -> ServeProcess:
        server = ServeProcess(*args, host="127.0.0.1", **kwargs)  # type: ignore[arg-type]
        made.append(server)
        return server

    monkeypatch.setattr("referee.web.process.ServeProcess", make)
    return made


POLL = 0.05
"""How often a wait looks again at a server in another process (it cannot wake the test)."""
PATIENCE = 120.0
"""Seconds a wait gives a loaded machine before the test fails instead of waiting on."""


async def until(pilot, ready, what: str):  # type: ignore[no-untyped-def]
    """Let the app (and the server beside it) run until `await ready()` gives a true value;
    that value. Fails after PATIENCE seconds, never sooner: a busy machine is slower, not
    wrong."""
    deadline = time.monotonic() + PATIENCE
    while not (found := await ready()):
        assert time.monotonic() < deadline, f"never happened: {what}"
        await asyncio.sleep(POLL)
        await pilot.pause()
    return found


async def shown_url(pilot, dialog: ServeDialog) -> str:  # type: ignore[no-untyped-def]
    async def url() -> str | None:
        shown = str(dialog.query_one("#url", Static).render())
        if shown.startswith("http://"):
            return shown
        problem = str(dialog.query_one("#problem", Static).render())
        assert not problem.strip(), problem
        return None

    return str(await until(pilot, url, "the dialog shows the page's address"))


def fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as response:
        return str(response.read().decode("utf-8"))


@pytest.mark.parametrize("screen", ["table", "sheet"])
async def test_f12_serves_the_session_until_the_app_quits(
    service: SessionService, data_dir: Path, monkeypatch: pytest.MonkeyPatch, screen: str
) -> None:
    made = on_loopback(monkeypatch)
    sid = new_session(service)
    app = build_app(data_dir, session_id=sid)
    async with app.run_test(size=(100, 50)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        if screen == "sheet":
            await pilot.press("f8")
            await pilot.pause()
            assert isinstance(app.screen, ScoreSheetScreen)
        await pilot.press("f12")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ServeDialog)
        url = await shown_url(pilot, dialog)
        assert "/s/" in url and url.startswith("http://127.0.0.1:")
        page = await asyncio.to_thread(fetch, url)
        assert "Alice" in page and "Dave" in page
        # The dialog closes; the table still records, and the page follows.
        await pilot.press("escape")
        await pilot.pause()
        if screen == "sheet":
            await pilot.press("escape")
            await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        assert table.record("round 1")

        async def followed() -> bool:
            return "Round 1 begins" in await asyncio.to_thread(fetch, url)

        await until(pilot, followed, "the page follows the table")
        server = made[-1]
        proc = server.proc
        assert proc is not None and proc.poll() is None
    # Quitting stopped the server; the session holds what was recorded.
    assert proc.poll() is not None
    with service.open(sid, read_only=True) as live:
        assert [m.text for m in live.moves] == ["round 1"]


async def test_s_stops_serving(
    service: SessionService, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = on_loopback(monkeypatch)
    sid = new_session(service)
    app = build_app(data_dir, session_id=sid)
    async with app.run_test(size=(100, 50)) as pilot:
        await pilot.pause()
        await pilot.press("f12")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ServeDialog)
        url = await shown_url(pilot, dialog)
        await pilot.press("s")
        await pilot.pause()
        assert not made[-1].running
        with pytest.raises(OSError):
            await asyncio.to_thread(fetch, url)


async def served(pilot) -> ServeDialog:
    """F12 at the table: the dialog, once it shows the address."""
    await pilot.pause()
    await pilot.press("f12")
    await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, ServeDialog)
    await shown_url(pilot, dialog)
    return dialog


async def test_the_code_fits_an_80x24_terminal(
    service: SessionService, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    on_loopback(monkeypatch)
    app = build_app(data_dir, session_id=new_session(service))
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await served(pilot)
        await pilot.pause()
        code = dialog.query_one("#code", Static)
        assert code.region.height >= 19
        assert code.region.y >= 0 and code.region.bottom <= 24
        assert code.region.x >= 0 and code.region.right <= 80
        # The address under it shows too, for typing it in.
        assert dialog.query_one("#url", Static).region.bottom <= 24
        assert str(dialog.query_one("#problem", Static).render()) == ""


async def test_a_code_too_tall_says_what_to_do(
    service: SessionService, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Japanese: the code is drawn without half blocks (the glyphs setting's `auto`), a row a
    # module, taller than 24 rows.
    on_loopback(monkeypatch)
    i18n.use("ja")
    app = build_app(data_dir, session_id=new_session(service))
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await served(pilot)
        problem = str(dialog.query_one("#problem", Static).render())
        assert "この端末は 24 行です" in problem


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("glyph_setting", ["auto", "unicode", "ascii"])
async def test_at_80x24_the_address_and_any_size_note_come_first(
    service: SessionService,
    data_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
    lang: str,
    glyph_setting: str,
) -> None:
    # Before, in Japanese, the address showed only from about 53 rows: it came after the code.
    on_loopback(monkeypatch)
    i18n.use(lang)
    glyphs.configure(glyph_setting)
    app = build_app(data_dir, session_id=new_session(service))
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await served(pilot)
        await pilot.pause()
        url = dialog.query_one("#url", Static)
        assert url.region.height >= 1 and url.region.bottom <= 24
        assert str(url.render()).startswith("http://127.0.0.1:")
        code = dialog.query_one("#code", Static)
        problem = dialog.query_one("#problem", Static)
        if code.region.bottom > 24 or code.region.height < len(str(code.render()).splitlines()):
            # The code cannot be seen whole: the note saying what to do is on screen.
            assert str(problem.render()).strip()
            assert problem.region.height >= 1 and problem.region.bottom <= 24
