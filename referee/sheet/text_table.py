"""Plain-text tables for a terminal: the score table and columns aligned for wide characters."""

from __future__ import annotations

import unicodedata

from ..i18n import _

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    from typing import Any


def score_table(sheet: dict[str, Any], system: str) -> str:
    """Rounds down, players across; each cell is the round's points (and the running total)."""
    players: list[str] = sheet["players"]
    rows = [[_("round"), _("winner"), *players]]
    for number, rnd in enumerate(sheet["rounds"], 1):
        cells = [f"{rnd['points'][p]:+d} ({rnd['totals'][p]})" for p in players]
        winner = rnd["winner"] or "-"
        if rnd.get("at_time"):
            winner = _("{player} (at time)").format(player=winner)
        rows.append([str(number), winner, *cells])
    rows.append([_("total"), "", *(str(sheet["totals"][p]) for p in players)])
    rows.append([_("rank"), "", *(str(sheet["ranks"][p]) for p in players)])
    column_widths = widths(rows)
    text = "\n".join(aligned(row, column_widths) for row in rows) + "\n"
    if sheet["finished"]:
        verdict = (
            _("winner: {player}").format(player=sheet["winner"])
            if sheet["winner"]
            else _("finished: a tie")
        )
    else:
        verdict = _("not finished")
    heading = _("scoring: {system}; each cell: round points (running total)").format(system=system)
    return f"{heading}\n{text}{verdict}\n"


def width(text: str) -> int:
    """Terminal columns: East Asian wide characters (Japanese names) take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def widths(rows: list[list[str]]) -> list[int]:
    """Each column's width in terminal columns: its widest cell."""
    return [max(width(row[i]) for row in rows) for i in range(len(rows[0]))]


def aligned(row: list[str], column_widths: list[int]) -> str:
    """The row's cells padded to their columns, two spaces apart, without trailing blanks."""
    cells = zip(row, column_widths, strict=True)
    return "  ".join(cell + " " * (w - width(cell)) for cell, w in cells).rstrip()
