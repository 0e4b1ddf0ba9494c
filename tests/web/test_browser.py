"""The scoreboard in a real browser at a phone's size: it follows moves recorded through the
service, says when it has lost the server, and recovers when the server is back."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from referee.service import LiveSession, SessionService

from .conftest import PHONE, new_session
from .server_process import ServerProcess

SAMPLE = Path(__file__).resolve().parents[2] / "sample_sessions" / "classic-challenge-catch.uno"
WAIT_MS = 10_000
"""How long a check waits for the page to show what it expects (not a timing requirement)."""


@pytest.fixture(name="browser")
def _browser(shared_browser: object) -> object:
    """Every test here is synchronous: one Chromium serves them all (`shared_browser`)."""
    return shared_browser


def sample_moves() -> list[str]:
    """The moves of the sample session: a challenge, a missed UNO caught, a round scored."""
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()
    moves = [line.split("#")[0].strip() for line in lines]
    return [m for m in moves if m and not m.startswith("[")]


def recorder(live: LiveSession, moves: list[str]) -> Callable[[str], None]:
    """`record(upto)`: records the next of `moves` up to and with `upto`, each one holding."""

    def record(upto: str) -> None:
        while moves:
            move = moves.pop(0)
            assert live.record(move).ok, move
            if move == upto:
                return
        raise AssertionError(f"{upto} is not in the sample")

    return record


def row(page: Page, player: str):  # type: ignore[no-untyped-def]
    return page.locator("#players tbody tr").filter(has=page.locator("th.name", has_text=player))


def test_the_page_follows_the_table_and_survives_a_restart(
    service: SessionService, data_dir: Path, phone: Page
) -> None:
    sid = new_session(service)
    moves = sample_moves()
    server = ServerProcess(data_dir, sid)
    server.start()
    try:
        with service.open(sid) as live:
            phone.goto(server.url)
            expect(phone.locator("body")).to_have_attribute("data-link", "live", timeout=WAIT_MS)
            # The viewport is a phone's: the page lays itself out for it.
            assert phone.evaluate("document.documentElement.scrollWidth") <= 390

            record = recorder(live, moves)
            record("start g4")
            expect(phone.locator("#turn")).to_have_text("Bob to play", timeout=WAIT_MS)
            expect(phone.locator("#top")).to_have_text("Green 4")
            expect(row(phone, "Bob").locator(".cards")).to_have_text("7")

            record("Alice: b7")
            alert = phone.locator("#alerts li.urgent")
            expect(alert).to_contain_text(
                "Alice has one card and did not call UNO", timeout=WAIT_MS
            )
            expect(row(phone, "Alice")).to_have_class("catchable")
            expect(row(phone, "Alice").locator(".cards")).to_have_text("1")

            record("Carol: catch Alice")
            expect(row(phone, "Alice").locator(".cards")).to_have_text("3", timeout=WAIT_MS)
            expect(phone.locator("#alerts li.urgent")).to_have_count(0)
            expect(phone.locator("#rulings li").first).to_contain_text("Carol: catch Alice")

            # The server goes away: the page says so, and keeps what it showed.
            server.stop()
            expect(phone.locator("#link")).to_be_visible(timeout=WAIT_MS)
            expect(phone.locator("body")).to_have_attribute("data-link", "lost")
            record("Dave: draw")

            # Back on the same address: the page reconnects by itself and catches up.
            server.start()
            expect(phone.locator("body")).to_have_attribute("data-link", "live", timeout=WAIT_MS)
            expect(phone.locator("#link")).to_be_hidden()
            expect(phone.locator("#rulings li").first).to_contain_text(
                "Dave: draw", timeout=WAIT_MS
            )

            for move in list(moves):
                assert live.record(move).ok, move
            totals = live.sheet.totals
        expect(phone.locator("#sheet")).to_be_visible(timeout=WAIT_MS)
        for player, total in totals.items():
            expect(row(phone, player).locator(".total")).to_have_text(str(total))
        assert totals["Dave"] > 0
        expect(phone.locator("svg.chart")).to_be_visible()
    finally:
        server.stop()


@pytest.mark.parametrize("lang, words", [("ja", "接続")])
def test_the_page_speaks_the_language_of_the_server(
    service: SessionService, data_dir: Path, phone: Page, lang: str, words: str
) -> None:
    sid = new_session(service)
    with ServerProcess(data_dir, sid, lang=lang) as server:
        phone.goto(server.url)
        expect(phone.locator("html")).to_have_attribute("lang", lang)
        expect(phone.locator("#link")).to_contain_text(words)


def test_without_scripts_the_page_reloads_itself(
    service: SessionService, data_dir: Path, browser: object
) -> None:
    sid = new_session(service)
    context = browser.new_context(  # type: ignore[attr-defined]
        java_script_enabled=False,
        viewport=PHONE,
        is_mobile=True,
    )
    try:
        page = context.new_page()
        with ServerProcess(data_dir, sid) as server, service.open(sid) as live:
            page.goto(server.url)
            assert '<noscript><meta http-equiv="refresh"' in page.content()
            expect(page.locator("#turn")).to_have_text("Waiting for the next round.")
            for move in ("round 1", "dealer Alice", "start g4"):
                assert live.record(move).ok
            # The meta refresh inside <noscript> brings the move in (every 5 seconds).
            expect(page.locator("#turn")).to_have_text("Bob to play", timeout=3 * WAIT_MS)
    finally:
        context.close()
