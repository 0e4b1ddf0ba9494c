"""An inline SVG line chart of each player's running total, round by round."""

from __future__ import annotations

import math
from html import escape

from ...i18n import _
from ..model import Sheet

# Told apart by colour on screen (a palette safe for colour-blind readers) and by dash pattern
# on a black-and-white printout.
COLORS = (
    "#0072b2",
    "#d55e00",
    "#009e73",
    "#cc79a7",
    "#e69f00",
    "#56b4e9",
    "#000000",
    "#7f7f7f",
    "#8c510a",
    "#762a83",
)
DASHES = ("", "6 3", "2 2", "8 3 2 3", "1 3", "10 4", "4 2 1 2", "3 5", "12 2 2 2", "5 1")

WIDTH, HEIGHT = 460, 130
LEFT, RIGHT, TOP, BOTTOM = 42, 10, 10, 22


def style(index: int) -> tuple[str, str]:
    """The colour and dash pattern of the player in seat `index`."""
    return COLORS[index % len(COLORS)], DASHES[index % len(DASHES)]


def scale(low: int, high: int, count: int = 5) -> tuple[float, float, list[int]]:
    """The y range (zero included, a little headroom) and round tick values inside it."""
    low, high = min(low, 0), max(high, 0)
    if low == high:
        high = 10
    pad = (high - low) * 0.06
    bottom, top = low - (pad if low < 0 else 0), high + pad
    raw = (top - bottom) / count
    power = 10 ** math.floor(math.log10(raw))
    step = max(1, int(next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)))
    first = math.ceil(bottom / step) * step
    return bottom, top, list(range(first, int(top) + 1, step))


def running_totals_svg(sheet: Sheet) -> str:
    """The chart: x is the round (0 = the start), y the running total; one line per player."""
    rounds = len(sheet.rounds)
    series = {p: [0] + [r.running[p] for r in sheet.rounds] for p in sheet.players}
    values = [v for line in series.values() for v in line]
    low, high, marks = scale(min(values), max(values))
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + plot_w * i / max(rounds, 1)

    def y(v: int) -> float:
        return TOP + plot_h * (high - v) / (high - low)

    label = escape(_("Running totals per round"))
    parts = [f'<svg viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{label}" class="chart">']
    start = escape(_("start"))
    for v in marks:
        weight = "#555" if v == 0 else "#ddd"
        parts.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(v):.1f}" y2="{y(v):.1f}" '
            f'stroke="{weight}" stroke-width="1"/>'
            f'<text x="{LEFT - 4}" y="{y(v) + 3:.1f}" text-anchor="end">{v}</text>'
        )
    for i in range(rounds + 1):
        tick = str(i) if i else start
        parts.append(f'<text x="{x(i):.1f}" y="{HEIGHT - 6}" text-anchor="middle">{tick}</text>')
    for index, player in enumerate(sheet.players):
        color, dash = style(index)
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(series[player]))
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(
            f'<polyline fill="none" stroke="{color}" stroke-width="2"{dashed} '
            f'points="{points}"><title>{escape(player)}</title></polyline>'
        )
        parts.extend(
            f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="2.5" fill="{color}"/>'
            for i, v in enumerate(series[player])
        )
    parts.append("</svg>")
    return "".join(parts)


def swatch(index: int) -> str:
    """A short line in the player's colour and dash, for the legend."""
    color, dash = style(index)
    dashed = f' stroke-dasharray="{dash}"' if dash else ""
    return (
        f'<svg viewBox="0 0 24 6" width="24" height="6" aria-hidden="true">'
        f'<line x1="0" x2="24" y1="3" y2="3" stroke="{color}" stroke-width="2"{dashed}/>'
        f"</svg>"
    )
