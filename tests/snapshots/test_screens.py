"""SVG snapshots of the key screens at 80x24 (review with snapshot_report.html on a change)."""

from __future__ import annotations

from textual.pilot import Pilot

from .conftest import SIZE, settle


class TestTable:
    def test_refused_move(self, snap_compare, demo_app):
        """The demo table after a refused move: the ruling in place, the catch alert, the card."""

        async def run_before(pilot: Pilot[None]) -> None:
            await pilot.pause()
            await pilot.press(*"y9", "enter")
            await settle(pilot)

        assert snap_compare(demo_app, terminal_size=SIZE, run_before=run_before)


class TestChallengeDialog:
    def test_before_the_verdict(self, snap_compare, demo_app):
        """Dev's Wild Draw Four on a Blue 5: Chika may challenge; the colour before it is blue."""

        async def run_before(pilot: Pilot[None]) -> None:
            await pilot.pause()
            await pilot.press(*"w+4 green", "enter", "f5")
            await settle(pilot)

        assert snap_compare(demo_app, terminal_size=SIZE, run_before=run_before)


class TestScoreSheet:
    def test_after_round_one(self, snap_compare, demo_app):
        """Rounds across with points and running totals, the chart, the rulings, the export bar."""

        async def run_before(pilot: Pilot[None]) -> None:
            await pilot.pause()
            await pilot.press("f8")
            await settle(pilot)

        assert snap_compare(demo_app, terminal_size=SIZE, run_before=run_before)


class TestNewSession:
    def test_empty_form(self, snap_compare, demo_app):
        """The form as it opens: players, edition, rulebook, scoring, the folded options."""

        async def run_before(pilot: Pilot[None]) -> None:
            await pilot.pause()
            await pilot.press("escape", "f2")
            await settle(pilot)

        assert snap_compare(demo_app, terminal_size=SIZE, run_before=run_before)


class TestStandings:
    def test_after_the_demo(self, snap_compare, demo_app):
        """F6 from the sessions: the demo's players in the standings, the bars, the rulings."""

        async def run_before(pilot: Pilot[None]) -> None:
            await pilot.pause()
            await pilot.press("escape", "f6")
            await settle(pilot)

        assert snap_compare(demo_app, terminal_size=SIZE, run_before=run_before)
