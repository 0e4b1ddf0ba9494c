"""The venue's server over HTTP, as a real `uno-referee event serve`: a phone's call reaches the
director's screen as an alert on its table's tile, a table the director ended takes no more
proposals, a round published opens its tables, and the director's feed needs the venue's
address like every page (issue 29)."""

from __future__ import annotations

import asyncio
import json
import time
import urllib.error
import urllib.request
from pathlib import Path

from referee.event import director
from referee.event.files import EventBook
from referee.event.keys import VenueKeys
from referee.event.state import Round
from referee.service import SessionService
from screens.app import build_app
from screens.director_screen import DirectorScreen
from screens.widgets.table_tile import TableTile
from tests.event.players import Phone
from tests.event.specs import seated

PLAYERS = tuple(f"P{n}" for n in range(1, 9))
WAIT_SECONDS = 90.0


def _round(service: SessionService, eid: str) -> Round:
    with EventBook(service.layout).open(eid) as event:
        rnd = event.state.current
    assert rnd is not None
    return rnd


def _phone(url: str, keys: VenueKeys, rnd: Round, table: int, seat: int) -> tuple[Phone, str]:
    host, port = url.split("//")[1].split("/")[0].rsplit(":", 1)
    player = rnd.tables[table - 1][seat]
    phone = Phone(host, int(port), keys.table(rnd.number, table))
    phone.sit(player, keys.seat(rnd.number, table, player))
    return phone, player


async def _until(pilot, ready, what: str) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + WAIT_SECONDS
    while not ready():
        assert time.monotonic() < deadline, f"never: {what}"
        await pilot.pause(0.05)


def test_a_phones_call_reaches_the_directors_tile_and_an_ended_table_takes_nothing(
    tmp_path: Path,
) -> None:
    service = SessionService(tmp_path / "data")
    eid = seated(service, PLAYERS)
    keys = VenueKeys.of(service.layout.root, eid)
    rnd = _round(service, eid)

    async def run() -> None:
        app = build_app(service.root, cwd=tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = DirectorScreen(eid)
            await app.push_screen(screen)
            await pilot.press("v")
            await _until(pilot, lambda: screen.venue is not None and screen.venue.url, "venue")
            assert screen.venue is not None
            url = screen.venue.url
            # Without the venue's address, its feed is refused like every page.
            try:
                urllib.request.urlopen(url.replace(keys.screen, "y" * 22) + "desk.json")
                raise AssertionError("a wrong address was answered")
            except urllib.error.HTTPError as exc:
                assert exc.code == 403
            phone, player = await asyncio.to_thread(_phone, url, keys, rnd, 2, 1)
            status, _data, _cookie = await asyncio.to_thread(phone.post, "call", {})
            assert status == 200
            tiles = list(app.screen.query(TableTile))
            await _until(
                pilot,
                lambda: (
                    any(f"{player} calls the director" in a for a in tiles[1].view.alerts)
                    if tiles[1].view is not None
                    else False
                ),
                "the call on table 2's tile",
            )
            # A catch the referee refuses (no one has one card) is a dispute for the director.
            other = rnd.tables[1][2]
            status, data, _cookie = await asyncio.to_thread(
                phone.post, "propose", {"action": f"catch {other}", "seen": 0, "request": "d" * 32}
            )
            assert status == 200 and data["status"] == "refused", data
            await _until(
                pilot,
                lambda: (
                    f"a disputed catch: {player} says {other} did not call UNO"
                    in tiles[1].view.alerts
                    if tiles[1].view is not None
                    else False
                ),
                "the disputed catch on table 2's tile",
            )
            with urllib.request.urlopen(url + "desk.json") as answer:
                feed = json.loads(answer.read())
            assert feed["tables"]["2"]["calls"] == [player]
            assert feed["tables"]["2"]["catches"] == [[player, other]]
            assert player in feed["tables"]["2"]["seats"]

            # The director ends table 2: the venue closes it to proposals.
            tiles[1].focus()
            await pilot.press("e")

            def refused() -> bool:
                status, data, _cookie = phone.post(
                    "propose", {"action": "start r7", "seen": 0, "request": "b" * 32}
                )
                return status != 200 or data.get("status") != "recorded"

            await _until(pilot, lambda: feed_writing(url, "2") is False, "table 2 closed")
            assert await asyncio.to_thread(refused)
            with service.open(rnd.sessions[2], read_only=True) as live:
                assert live.moves == ()
            await pilot.press("v")

    asyncio.run(run())


def feed_writing(url: str, table: str) -> bool | None:
    with urllib.request.urlopen(url + "desk.json") as answer:
        found = json.loads(answer.read())["tables"].get(table)
    return found["writing"] if found else None


def test_a_round_published_opens_its_tables(tmp_path: Path) -> None:
    service = SessionService(tmp_path / "data")
    eid = seated(service, PLAYERS)
    from referee.web.process import VenueProcess

    server = VenueProcess(service.root, eid, host="127.0.0.1")
    server.start()
    try:
        with EventBook(service.layout).open(eid, write=True) as event:
            for table in (1, 2):
                director.end_table(event, table)
            director.publish(service, event, director.propose(service, event), "mix")
        rnd = _round(service, eid)
        assert rnd.number == 2
        keys = VenueKeys.of(service.layout.root, eid)
        phone, _player = _phone(server.url, keys, rnd, 1, 0)
        status, data, _cookie = phone.post(
            "propose", {"action": "start r7", "seen": 0, "request": "c" * 32}
        )
        assert status == 200 and data["status"] == "recorded", data
    finally:
        server.stop()
