"""A running-totals chart: one sparkline per player, round by round, with the total beside it."""

from __future__ import annotations

import itertools

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Label, Sparkline

from referee.i18n import _
from referee.sheet import Sheet
from referee.sheet.exports.chart import COLORS

from ..literal import literal
from .seating import fit

_STEPS_PER_ROUND = 4
"""Bars per round, so that two or three rounds still read as a line, not two blocks."""


def series(sheet: Sheet, player: str) -> list[float]:
    """The player's running total at the start (0) and after each round, stretched for bars."""
    points = [0, *(r.running[player] for r in sheet.rounds)]
    stretched: list[float] = []
    for before, after in itertools.pairwise(points):
        stretched += [before + (after - before) * i / _STEPS_PER_ROUND
                      for i in range(1, _STEPS_PER_ROUND + 1)]
    return stretched or [0.0]


class TotalsChart(Vertical):
    """Each player's running total over the rounds, in the seat colours of the exported chart."""

    DEFAULT_CSS = """
    TotalsChart {
        height: auto;
        border: round $primary 50%;
        border-title-color: $text;
        padding: 0 1;
    }
    TotalsChart Horizontal { height: 1; }
    TotalsChart .name { width: 12; }
    TotalsChart Sparkline { width: 1fr; height: 1; }
    TotalsChart .total { width: 8; text-align: right; }
    """

    def __init__(self, sheet: Sheet, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id)
        self.sheet = sheet
        self.border_title = _("Running totals, round by round")

    def compose(self) -> ComposeResult:
        sheet = self.sheet
        # Every line shares one scale: the lowest and highest total anywhere on the sheet.
        low = min([0, *(r.running[p] for r in sheet.rounds for p in sheet.players)])
        for index, player in enumerate(sheet.players):
            data = [value - low for value in series(sheet, player)]
            color = COLORS[index % len(COLORS)]
            with Horizontal():
                # Cut by terminal cells: a Japanese name takes two a character.
                yield Label(literal(fit(player, 11)), classes="name")
                line = Sparkline(data, min_color=color, max_color=color)
                yield line
                yield Label(f"[b]{sheet.score.totals[player]}[/]", classes="total")
