"""The venue's pages in a real browser: the big screen follows every table and shows the
standings, and each table's printed card carries a QR code of that table's address, which opens
the table's page on a phone, with the seat codes beside the names (issue 29)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from referee.event.files import EventBook
from referee.event.keys import VenueKeys
from referee.event.state import Round
from referee.service import SessionService
from referee.sheet.exports import qr
from referee.web.process import VenueProcess
from tests.event.players import Phone
from tests.event.specs import seated

from .conftest import PHONE

WAIT_MS = 90_000
PLAYERS = ("<b>Ann</b>", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")


@pytest.fixture(name="browser")
def _browser(shared_browser: Browser) -> Browser:
    """Every test here is synchronous: one Chromium serves them all (`shared_browser`)."""
    return shared_browser


@pytest.fixture
def venue(service: SessionService, data_dir: Path) -> Iterator[tuple[VenueProcess, str, VenueKeys]]:
    eid = seated(service, PLAYERS, seed="browser", minutes=25, clock=True)
    server = VenueProcess(data_dir, eid, host="127.0.0.1")
    server.start()
    try:
        yield server, eid, VenueKeys.of(service.layout.root, eid)
    finally:
        server.stop()


def test_the_big_screen_follows_the_tables(
    browser: Browser, service: SessionService, venue: tuple[VenueProcess, str, VenueKeys]
) -> None:
    server, eid, keys = venue
    rnd = _round(service, eid)
    page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    page.goto(server.url)
    tiles = page.locator("#tables .tile")
    expect(tiles).to_have_count(2, timeout=WAIT_MS)
    for number, players in enumerate(rnd.tables, 1):
        tile = page.locator(f'#tables .tile[data-table="{number}"]')
        # Names as written: the markup in a name is text on the page, never markup.
        expect(tile.locator(".players")).to_have_text(" · ".join(players), timeout=WAIT_MS)
        expect(tile.locator(".clock")).to_have_text(re.compile(r"2[45]:\d\d left"))
        expect(tile).to_have_class(re.compile("green"))
    expect(page.locator("#standings tr")).to_have_count(len(PLAYERS) + 1)
    expect(page.locator("#standings")).to_contain_text("<b>Ann</b>")
    # A player's phone opens table 1's deal: the big screen shows the moves and whose turn.
    host, port = server.url.split("//")[1].split("/")[0].rsplit(":", 1)
    first = rnd.tables[0][0]
    phone = Phone(host, int(port), keys.table(rnd.number, 1))
    phone.sit(first, keys.seat(rnd.number, 1, first))
    _status, data, _cookie = phone.post(
        "propose", {"action": "start r7", "seen": 0, "request": "a" * 32}
    )
    assert data["status"] == "recorded", data
    tile = page.locator('#tables .tile[data-table="1"]')
    expect(tile).to_have_attribute("data-moves", "3", timeout=WAIT_MS)
    expect(tile.locator(".turn")).to_contain_text(rnd.tables[0][1], timeout=WAIT_MS)
    # A wrong address gets only the page asking for the right one.
    refused = page.goto(server.url.replace(keys.screen, "x" * 22))
    assert refused is not None and refused.status == 403


def test_each_tables_card_opens_that_table_on_a_phone(
    browser: Browser, service: SessionService, venue: tuple[VenueProcess, str, VenueKeys]
) -> None:
    server, eid, keys = venue
    rnd = _round(service, eid)
    page = browser.new_context(viewport={"width": 1240, "height": 1754}).new_page()
    page.goto(server.url + "cards")
    cards = page.locator(".card")
    expect(cards).to_have_count(2, timeout=WAIT_MS)
    host_port = server.url.split("//")[1].split("/")[0]
    for number, players in enumerate(rnd.tables, 1):
        card = cards.nth(number - 1)
        expect(card.locator("h2")).to_have_text(f"Table {number}: scan to join")
        table_url = f"http://{host_port}/s/{keys.table(rnd.number, number)}/"
        # The card's code is the QR code of exactly this table's address.
        svg = card.locator(".qr svg").evaluate("node => node.outerHTML")
        assert _shape(svg) == _shape(qr.svg(table_url, standalone=False))
        names = card.locator(".seats .name")
        codes = card.locator(".seats .code")
        expect(names).to_have_text(list(players))
        expect(codes).to_have_text([keys.seat(rnd.number, number, p) for p in players])
        # What the phone opens from the code: that table's page, with its players' seats.
        phone = browser.new_context(viewport=PHONE, is_mobile=True).new_page()
        phone.goto(table_url)
        for player in players:
            expect(phone.locator("body")).to_contain_text(player, timeout=WAIT_MS)


def _round(service: SessionService, eid: str) -> Round:
    with EventBook(service.layout).open(eid) as event:
        rnd = event.state.current
    assert rnd is not None
    return rnd


def _shape(svg: str) -> str:
    """The QR code's modules, as the SVG's path draws them."""
    found = re.search(r' d="([^"]+)"', svg)
    assert found is not None
    return found.group(1)
