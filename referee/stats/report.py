"""The season report: one self-contained printable HTML file with the standings, their charts
and every selected session's score sheet (the sheet export's own page, reused)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..i18n import _, current
from ..sheet.exports.chart import COLORS
from ..sheet.exports.html_sheet import footer, sheet_body
from ..sheet.exports.html_style import CSS
from ..sheet.model import Sheet
from .selection import Selection
from .standings import PlayerLine, Standings
from .text import notes, pair_rows, rulings_rows, standings_rows

# Added to the sheet's stylesheet: the standings tables are wider, and each sheet starts a page.
REPORT_CSS = """
table.standings td, table.standings th { font-size: 8.5pt; padding: .8mm 1.2mm; }
table.standings td:nth-child(2) { text-align: left; }
table.counts th, table.counts td { font-size: 7.4pt; padding: .6mm .8mm; }
table.counts td:first-child, table.pairs td:first-child { text-align: left; }
.bars { display: flex; gap: 6mm; margin: 4mm 0; }
.bars > div { flex: 1 1 50%; }
.bars h2, .standings-page h2 { font-size: 10.5pt; margin: 3mm 0 1.5mm; }
svg.bar-chart { width: 100%; height: auto; display: block; }
svg.bar-chart text { font-size: 9px; fill: #222; }
.page + .page { break-before: page; }
"""

_BAR_H, _BAR_W, _NAME_W, _VALUE_W = 14, 300, 80, 60


def selection_text(selection: Selection) -> str:
    """What the report covers, in words."""
    parts = []
    if selection.label is not None:
        parts.append(_("label {label}").format(label=selection.label))
    if selection.event is not None:
        parts.append(_("event {event}").format(event=selection.event))
    if selection.site is not None:
        parts.append(_("place {site}").format(site=selection.site))
    if selection.since is not None or selection.until is not None:
        parts.append(
            _("from {since} to {until}").format(
                since=selection.since or "...", until=selection.until or "..."
            )
        )
    if not parts:
        parts.append(_("all sessions"))
    parts.append(_("guests counted") if selection.guests else _("guests left out"))
    return ", ".join(parts)


def table_html(rows: list[list[str]], css: str = "standings") -> str:
    head, *body = rows
    cells = "".join(f"<th>{escape(cell)}</th>" for cell in head)
    lines = [f'<table class="{css}"><thead><tr>{cells}</tr></thead><tbody>']
    for row in body:
        lines.append("<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>")
    lines.append("</tbody></table>")
    return "".join(lines)


def bars_svg(title: str, bars: Sequence[tuple[str, float, str]]) -> str:
    """Horizontal bars on one scale (0 to the largest), the value written beside each."""
    high = max([0.0, *(value for _name, value, _text in bars)]) or 1.0
    height = _BAR_H * len(bars) + 4
    width = _NAME_W + _BAR_W + _VALUE_W
    parts = [
        f'<svg viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}" '
        f'class="bar-chart">'
    ]
    for index, (name, value, text) in enumerate(bars):
        y = 2 + index * _BAR_H
        length = _BAR_W * value / high
        color = COLORS[index % len(COLORS)]
        parts.append(
            f'<text x="{_NAME_W - 4}" y="{y + 10}" text-anchor="end">'
            f"{escape(name)}</text>"
            f'<rect x="{_NAME_W}" y="{y + 1}" width="{length:.1f}" '
            f'height="{_BAR_H - 4}" fill="{color}"/>'
            f'<text x="{_NAME_W + _BAR_W + 4}" y="{y + 10}">{escape(text)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _charts(players: list[PlayerLine]) -> str:
    wins = [(p.name, p.win_rate or 0.0, f"{p.wins}/{p.games}") for p in players]
    rounds = [(p.name, p.round_rate or 0.0, f"{p.rounds_won}/{p.rounds}") for p in players]
    first, second = _("Games won (of finished games)"), _("Rounds won (of rounds played)")
    return (
        f'<section class="bars"><div><h2>{escape(first)}</h2>{bars_svg(first, wins)}</div>'
        f"<div><h2>{escape(second)}</h2>{bars_svg(second, rounds)}</div></section>"
    )


def render(table: Standings, sheets: Sequence[Sheet], title: str) -> bytes:
    """The whole report as UTF-8 HTML: no script, no URL, one page per sheet in print."""
    games = sum(1 for played in table.sessions if played.figures.get("places") is not None)
    summary = _("{sessions} session(s), {games} of them finished games; {selection}").format(
        sessions=len(table.sessions), games=games, selection=selection_text(table.selection)
    )
    first = [
        f"<header><div><h1>{escape(title)}</h1>"
        f'<p class="details">{escape(summary)}</p></div></header>'
    ]
    if table.players:
        rulings = _(
            "Rulings over the rounds recorded move by move (scoring-only rounds are not counted)"
        )
        first += [
            table_html(standings_rows(table)),
            _charts(table.players),
            f"<h2>{escape(rulings)}</h2>",
            table_html(rulings_rows(table), "counts"),
        ]
        if table.pairs:
            pairs = _("Head to head (finished games both played)")
            first += [f"<h2>{escape(pairs)}</h2>", table_html(pair_rows(table), "pairs")]
        first += [f'<p class="note">{escape(line)}</p>' for line in notes(table)]
    else:
        nobody = _("No session in this selection has a player to count.")
        first.append(f'<p class="note">{escape(nobody)}</p>')
    # Every sheet is a stored session's: its rulings are numbered by move.
    pages = [f'<main class="page standings-page">{"".join(first)}{footer(True)}</main>']
    pages += [
        f'<main class="page">{sheet_body(sheet)}{footer(sheet.by_move)}</main>' for sheet in sheets
    ]
    body = "\n".join(pages)
    page = (
        f'<!DOCTYPE html>\n<html lang="{current()}">\n<head>\n<meta charset="utf-8">\n'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n<style>{CSS}{REPORT_CSS}</style>\n</head>\n"
        f"<body>\n{body}\n</body>\n</html>\n"
    )
    return page.encode("utf-8")
