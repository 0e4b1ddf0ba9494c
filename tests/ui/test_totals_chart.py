"""The totals chart draws every player on one scale: bars differ in proportion to the totals."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from textual.app import App, ComposeResult

from screens.widgets.totals_chart import ZERO, TotalBar, TotalsChart, bar_line


def sheet_of(totals: dict[str, int]) -> SimpleNamespace:
    """What the chart reads of a score sheet: the players and their totals."""
    return SimpleNamespace(players=list(totals), score=SimpleNamespace(totals=totals))


async def drawn(totals: dict[str, int], width: int) -> list[str]:
    class Host(App[None]):
        def compose(self) -> ComposeResult:
            yield TotalsChart(sheet_of(totals))  # type: ignore[arg-type]

    app = Host()
    async with app.run_test(size=(width, 12)) as pilot:
        await pilot.pause()
        return [str(bar.render()) for bar in app.query(TotalBar)]


@pytest.mark.parametrize("width", [80, 120])
async def test_negative_totals_draw_bars_in_proportion(width):
    bars = await drawn({"Ann": -73, "Bo": -77, "Cy": -100}, width)
    lengths = [bar.count("▮") for bar in bars]
    assert lengths[0] < lengths[1] < lengths[2]
    room = len(bars[2])
    for total, length in zip((73, 77, 100), lengths, strict=True):
        assert abs(length - total / 100 * room) <= 1
    # All below zero: the bars grow from the right, where zero is.
    assert all(bar.endswith("▮") for bar in bars)


def test_totals_either_side_of_zero_share_a_zero_line():
    bars = [bar_line(value, -50, 150, 41, "#") for value in (-50, 0, 150, 75)]
    assert {bar.index(ZERO) for bar in bars} == {10}
    assert [bar.count("#") for bar in bars] == [10, 0, 30, 15]


def test_positive_totals_start_at_the_left():
    assert bar_line(250, 0, 500, 10, "#") == "#####     "
    assert bar_line(500, 0, 500, 10, "#") == "##########"
    assert bar_line(1, 0, 500, 10, "#") == "#         "
