"""A whole event run as it would be at a venue, with simulated players: the venue's server (a
real `uno-referee event serve` process), the director's screen (the real Textual screen, run
headless), and every move sent by a player's phone. Measured: how long each move takes to show
on the director's tile. Checked: the standings under every scoring against the players' own
account of each deal."""

from __future__ import annotations

import asyncio
import statistics
import threading
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

from referee.event import director
from referee.event.files import EventBook
from referee.event.keys import VenueKeys
from referee.event.results import table_result
from referee.event.spec import EventSpec
from referee.event.standings import standings
from referee.service import SessionService
from referee.web.process import VenueProcess
from screens.app import build_app
from screens.director_screen import DirectorScreen

from .players import Deal, TablePlayers, run_tables
from .specs import spec

WAIT_SECONDS = 120


def names(count: int) -> tuple[str, ...]:
    return tuple(f"P{n:03d}" for n in range(1, count + 1))


def by_hand_totals(players: tuple[str, ...], deals: list[Deal]) -> dict[str, int]:
    """`rounds N` (the Japanese manuals' sheet): the one who went out scores every other
    hand's points; each other player loses their own."""
    totals = dict.fromkeys(players, 0)
    for deal in deals:
        totals[deal.winner] += sum(deal.left.values())
        for player, points in deal.left.items():
            totals[player] -= points
    return totals


def by_hand_points(
    spec: EventSpec, scoring: str, players: tuple[str, ...], totals: dict[str, int]
) -> dict[str, Fraction]:
    """The event points of one table, worked out from the totals alone."""
    if scoring == "cards":
        factor = Fraction(spec.tables_of - 1, len(players) - 1)
        return {p: totals[p] * factor for p in players}
    scale = list(spec.scale)
    places = [scale[i] if i < len(players) - 1 else scale[-1] for i in range(len(players))]
    ordered = sorted(totals.values(), reverse=True)
    found = {}
    for player in players:
        first, tied = ordered.index(totals[player]), ordered.count(totals[player])
        found[player] = Fraction(sum(places[first : first + tied]), tied)
    return found


class Simulation:
    """One event from its set-up to its last round."""

    def __init__(self, root: Path, players: int, rounds: int, *, seed: str = "sim") -> None:
        self.root = root
        self.service = SessionService(root)
        self.spec = spec(names(players), name="Sim Cup", rounds=rounds, seed=seed)
        with EventBook(self.service.layout).create(self.spec) as event:
            self.event_id = event.id
        self.keys = VenueKeys.of(self.service.layout.root, self.event_id)
        self.sent: dict[tuple[int, int, int], float] = {}
        self.shown: dict[tuple[int, int, int], float] = {}
        self.lock = threading.Lock()
        self.tables: list[tuple[int, int, TablePlayers]] = []

    def _shown(self, round_no: int, table: int, moves: int) -> None:
        now = time.time()
        with self.lock:
            for count in range(moves, 0, -1):
                key = (round_no, table, count)
                if key in self.shown:
                    break
                self.shown[key] = now

    async def run(self) -> dict[str, Any]:
        venue = VenueProcess(self.service.root, self.event_id, host="127.0.0.1")
        venue.start()
        try:
            app = build_app(self.service.root)
            async with app.run_test(size=(120, 40)) as pilot:
                screen = DirectorScreen(self.event_id, shown=self._shown)
                await app.push_screen(screen)
                await pilot.pause()
                for _round in range(self.spec.rounds):
                    await self._round(screen, venue.url, pilot)
                screen.facts.close()
        finally:
            venue.stop()
        return self.report()

    async def _round(self, screen: DirectorScreen, url: str, pilot: Any) -> None:
        event = screen.event
        assert event is not None
        seating = director.propose(self.service, event)
        rnd = director.publish(self.service, event, seating, "mix")
        screen._tiles()
        host, port = url.split("//")[1].split("/")[0].rsplit(":", 1)
        tables = [
            TablePlayers(
                host,
                int(port),
                self.keys.table(rnd.number, number),
                players,
                {p: self.keys.seat(rnd.number, number, p) for p in players},
                self.service,
                rnd.sessions[number],
                f"{self.spec.seed}/{rnd.number}/{number}",
            )
            for number, players in enumerate(rnd.tables, 1)
        ]
        self.tables += [(rnd.number, n, t) for n, t in enumerate(tables, 1)]
        failures: list[BaseException] = []

        def play() -> None:
            try:
                run_tables(tables)
            except BaseException as exc:
                failures.append(exc)

        worker = threading.Thread(target=play, daemon=True)
        worker.start()
        while worker.is_alive():
            await pilot.pause(0.05)
        if failures:
            raise failures[0]
        problems = [p for t in tables for p in t.problems]
        assert not problems, problems[:5]
        # Every table's last move on the director's screen before the next round is seated.
        deadline = time.monotonic() + WAIT_SECONDS
        while time.monotonic() < deadline:
            await pilot.pause(0.05)
            if all(
                (rnd.number, n, max(t.sent)) in self.shown
                for n, t in enumerate(tables, 1)
                if t.sent
            ):
                break
        for number, table in enumerate(tables, 1):
            for count, at in table.sent.items():
                self.sent[(rnd.number, number, count)] = at

    def report(self) -> dict[str, Any]:
        lags = sorted(
            (self.shown[key] - at) * 1000 for key, at in self.sent.items() if key in self.shown
        )
        missing = [key for key in self.sent if key not in self.shown]
        problems = [p for _r, _n, t in self.tables for p in t.problems]
        return {
            "players": len(self.spec.players),
            "tables": len(self.tables) // max(1, self.spec.rounds),
            "rounds": self.spec.rounds,
            "moves": len(self.sent),
            "director_p95_ms": round(statistics.quantiles(lags, n=20)[-1], 1)
            if len(lags) > 1
            else None,
            "director_max_ms": round(max(lags), 1) if lags else None,
            "moves_never_shown": len(missing),
            "refused": problems,
            "standings_match": self.check_standings(),
        }

    def check_standings(self) -> dict[str, bool]:
        """The event's standings under each scoring equal the players' own account."""
        found = {}
        with EventBook(self.service.layout).open(self.event_id) as event:
            for scoring in ("placement", "cards"):
                spec = event.spec._replace(scoring=scoring)
                state = event.state
                state.spec = spec
                results = []
                expected: dict[str, Fraction] = {}
                for round_no, number, table in self.tables:
                    facts = director.Facts()(self.service, table.sid)
                    results.append(table_result(spec, round_no, number, facts))
                    totals = by_hand_totals(table.players, table.deals)
                    for player, points in by_hand_points(
                        spec, scoring, table.players, totals
                    ).items():
                        expected[player] = expected.get(player, Fraction(0)) + points
                rows = standings(state, results)
                found[scoring] = {row.player: row.points for row in rows} == expected
        return found


def simulate(root: Path, players: int, rounds: int, seed: str = "sim") -> dict[str, Any]:
    return asyncio.run(Simulation(root, players, rounds, seed=seed).run())
