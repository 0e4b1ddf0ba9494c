"""The director's screen with ten tables, at 120x40 and 80x24: every tile there with its players,
a move recorded at a table reaches its tile, the clocks start and the time-up table ends, a
finished table counts in the standings, seating waits for every table, the next round is seated
from the screen, names are shown as written (issue 29)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from textual.widgets import DataTable

from referee.event import director
from referee.event.files import EventBook
from referee.service import SessionService
from screens.director_screen import DirectorScreen
from screens.widgets.table_tile import TableTile, TileView
from tests.event.specs import seated

from .conftest import settle

PLAYERS = ("[b]Ann[/b]", *(f"P{n:02d}" for n in range(2, 41)))


@pytest.fixture(autouse=True)
def fixed_ids(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ten tables a round: more session ids than the shared fixture's six-character ones."""
    counter = itertools.count()
    letters = "abcdefghjk"

    def new_id() -> str:
        n = next(counter)
        return "k3m" + "".join(letters[int(d)] for d in f"{n:03d}")

    monkeypatch.setattr("referee.service.sessions.new_id", new_id)


def _event(service: SessionService) -> str:
    return seated(service, PLAYERS, seed="pilot", minutes=30, at_time="stop")


def _tiles(app) -> list[TableTile]:
    return list(app.screen.query(TableTile))


def _view(tile: TableTile) -> TileView:
    assert tile.view is not None
    return tile.view


def _finish(service: SessionService, sid: str) -> None:
    """One scorekeeping-only deal: the table's `rounds 1` game is decided."""
    with service.open(sid) as live:
        players = live.header.players
        for line in [
            "round 1",
            f"dealer {players[0]}",
            f"out {players[1]}",
            *(f"hand {p}: {5 + i}" for i, p in enumerate(players) if p != players[1]),
        ]:
            assert live.record(line).ok, line


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_ten_tables_on_the_directors_screen(make_app, service, size) -> None:
    eid = _event(service)
    with EventBook(service.layout).open(eid) as event:
        rnd = event.state.current
        assert rnd is not None and len(rnd.tables) == 10
        tables, sessions = rnd.tables, rnd.sessions
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await app.push_screen(DirectorScreen(eid))
        await settle(pilot, lambda: len(_tiles(app)) == 10, "ten tiles")
        tiles = _tiles(app)
        await settle(pilot, lambda: all(t.view is not None for t in tiles), "every tile drawn")
        for tile, players in zip(tiles, tables, strict=True):
            assert _view(tile).players == players
            assert tile.region.right <= size[0]
        # As many tiles across as fit: four at 120 columns, two at 80.
        across = len({tile.region.x for tile in tiles})
        assert across == (4 if size[0] == 120 else 2)
        # A name is shown as written, never read as markup.
        ann = next(t for t in tiles if "[b]Ann[/b]" in _view(t).players)
        assert "[b]Ann[/b]" in str(ann.render())

        # A move recorded at table 3 reaches its tile, whose turn moves on.
        with service.open(sessions[3]) as live:
            first = live.header.players
            for line in ("round 1", f"dealer {first[0]}", "start r7"):
                assert live.record(line).ok
        await settle(pilot, lambda: _view(tiles[2]).moves == 3, "table 3's moves on its tile")
        assert _view(tiles[2]).turn == first[1]

        # Table 5's game is decided: it shows as finished and counts in the standings.
        _finish(service, sessions[5])
        await settle(pilot, lambda: _view(tiles[4]).colour == "done", "table 5 finished")
        standings = app.screen.query_one("#standings", DataTable)
        await settle(
            pilot,
            lambda: any(str(standings.get_row_at(i)[2]) == "5" for i in range(standings.row_count)),
            "table 5's winner with 5 placement points",
        )

        # Seating waits while tables play.
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, DirectorScreen)

        # The clocks start; the director ends the time-up rule's way: table 1 ended by hand.
        await pilot.press("t")
        await settle(pilot, lambda: "left" in _view(tiles[0]).clock, "the clock running")
        tiles[0].focus()
        await pilot.press("e")
        await settle(pilot, lambda: _view(tiles[0]).colour == "done", "table 1 ended")

        # Every other table ends: the next round is seated from the screen.
        screen = app.screen
        assert isinstance(screen, DirectorScreen) and screen.event is not None
        event = screen.event
        for number in range(2, 11):
            if number != 5:
                director.end_table(event, number)
        await pilot.press("s")
        await settle(pilot, lambda: type(app.screen).__name__ == "SeatingDialog", "seating")
        await pilot.press("enter")
        await settle(
            pilot,
            lambda: event.state.next_round == 3 and len(_tiles(app)) == 10,
            "round 2 seated",
        )


async def test_time_up_ends_a_table_under_stop(make_app, service, monkeypatch) -> None:
    eid = _event(service)
    monkeypatch.setattr("referee.event.state.Clock.left", lambda self, now: -1.0)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(DirectorScreen(eid))
        await settle(pilot, lambda: len(_tiles(app)) == 10, "ten tiles")
        await settle(
            pilot,
            lambda: all(t.view is not None and _view(t).colour == "done" for t in _tiles(app)),
            "every table ended at time",
        )
    with EventBook(service.layout).open(eid) as event:
        rnd = event.state.current
        assert rnd is not None and set(rnd.ended.values()) == {"time"}


async def test_a_second_director_is_refused(make_app, service, tmp_path: Path) -> None:
    eid = _event(service)
    with EventBook(service.layout).open(eid, write=True):
        app = make_app()
        async with app.run_test(size=(120, 40)) as pilot:
            await app.push_screen(DirectorScreen(eid))
            await settle(
                pilot, lambda: not isinstance(app.screen, DirectorScreen), "the screen closed"
            )


async def test_people_change_from_the_directors_screen(make_app, service) -> None:
    eid = _event(service)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = DirectorScreen(eid)
        await app.push_screen(screen)
        await settle(pilot, lambda: len(_tiles(app)) == 10, "ten tiles")
        for key, line in (
            ("a", "Late Comer"),
            ("n", "P02: Zoe"),
            ("k", "P03: -2 slow play"),
            ("w", "P04: ill"),
        ):
            await pilot.press(key)
            await settle(pilot, lambda: type(app.screen).__name__ == "PromptDialog", key)
            await pilot.press(*line, "enter")
            await settle(pilot, lambda: app.screen is screen, f"{key} recorded")
        assert screen.event is not None
        state = screen.event.state
        assert [c.kind for c in state.changes["Late Comer"]] == ["arrive"]
        assert [(c.kind, c.other) for c in state.changes["P02"]] == [("replace", "Zoe")]
        assert [(p.player, p.points, p.reason) for p in state.penalties] == [
            ("P03", -2, "slow play")
        ]
        assert [(c.kind, c.reason) for c in state.changes["P04"]] == [("withdraw", "ill")]
        standings = app.screen.query_one("#standings", DataTable)
        await settle(
            pilot,
            lambda: any(
                "ill" in str(standings.get_row_at(i)[7]) for i in range(standings.row_count)
            ),
            "the withdrawal's reason in the standings",
        )
        # A typing slip changes nothing and says why.
        await pilot.press("k")
        await settle(pilot, lambda: type(app.screen).__name__ == "PromptDialog", "k")
        await pilot.press(*"P05: many", "enter")
        await settle(pilot, lambda: app.screen is screen, "refused")
        assert len(screen.event.state.penalties) == 1
