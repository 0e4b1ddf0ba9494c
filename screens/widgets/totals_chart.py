"""A totals chart: one bar per player, every bar on the same scale, a zero line where it matters."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Label

from referee.i18n import _
from referee.sheet import Sheet
from referee.sheet.exports.chart import COLORS

from ..glyphs import current
from ..literal import literal
from .seating import fit

ZERO = "|"
"""The zero line: ASCII, one cell in every terminal."""


def bar_line(value: int, low: int, high: int, width: int, mark: str) -> str:
    """`value` as a bar `width` cells wide on the scale from `low` to `high` (zero included).

    Every player's bar is drawn on the one scale, so that -73 and -100 differ as they should.
    Where the totals straddle zero, a zero line splits the width: bars below zero grow to its
    left, bars above it to its right; otherwise the bars start at the side zero is on.
    """
    low, high = min(low, 0), max(high, 0)
    span = high - low or 1
    straddle = low < 0 < high
    room = max(width - (1 if straddle else 0), 1)
    left = round(-low / span * room)
    right = room - left
    cells = round(abs(value) / span * room)
    if value and not cells:
        cells = 1  # a total that is not zero is seen
    zero = ZERO if straddle else ""
    if value >= 0:
        return " " * left + zero + mark * min(cells, right) + " " * (right - min(cells, right))
    cells = min(cells, left)
    return " " * (left - cells) + mark * cells + zero + " " * right


class TotalBar(Widget):
    """One player's total as a bar; the scale is the whole chart's."""

    DEFAULT_CSS = """
    TotalBar { width: 1fr; height: 1; }
    """

    def __init__(self, value: int, low: int, high: int, color: str) -> None:
        super().__init__()
        self.value, self.low, self.high, self.color = value, low, high, color

    def render(self) -> Text:
        return Text(
            bar_line(self.value, self.low, self.high, self.size.width, current().bar),
            style=self.color,
        )


class BarChart(Vertical):
    """One bar a player, all on one scale, in the seat colours of the exported chart, with
    the value's words beside each bar."""

    DEFAULT_CSS = """
    BarChart {
        height: auto;
        border: round $primary 50%;
        border-title-color: $text;
        padding: 0 1;
    }
    BarChart Horizontal { height: 1; }
    BarChart .name { width: 12; }
    BarChart .value { width: 14; text-align: right; }
    """

    def __init__(
        self,
        title: str,
        bars: list[tuple[str, float, str]],
        *,
        id: str | None = None,  # noqa: A002 - Textual's name
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.border_title = title
        self.bars = bars

    def compose(self) -> ComposeResult:
        # Whole hundredths: the bars are drawn as integers on one scale.
        values = [round(value * 100) for _name, value, _text in self.bars]
        low, high = min([0, *values]), max([0, *values])
        for index, ((name, _value, text), value) in enumerate(zip(self.bars, values, strict=True)):
            with Horizontal():
                # Cut by terminal cells: a Japanese name takes two a character.
                yield Label(literal(fit(name, 11)), classes="name")
                yield TotalBar(value, low, high, COLORS[index % len(COLORS)])
                yield Label(literal(text), classes="value")


class TotalsChart(BarChart):
    """Each player's total on the score sheet."""

    DEFAULT_CSS = """
    TotalsChart .value { width: 8; text-style: bold; }
    """

    def __init__(self, sheet: Sheet, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        totals = sheet.score.totals
        super().__init__(
            _("Totals, on one scale"),
            [(player, totals[player], str(totals[player])) for player in sheet.players],
            id=id,
        )
        self.sheet = sheet
