"""The sheet as CSV: one row per player per round, UTF-8 with a BOM so Excel reads any name."""

from __future__ import annotations

import csv
import io

from ...i18n import NC_, pgettext
from ..model import Sheet

COLUMNS = (NC_("csv", "round"), NC_("csv", "player"), NC_("csv", "hand"), NC_("csv", "points"),
           NC_("csv", "total"), NC_("csv", "rank"), NC_("csv", "went_out"),
           NC_("csv", "dealer"))
"""The columns, as English headings; the header row has them in the language in use."""
# A cell starting with one of these is a formula to a spreadsheet: a player named
# "=HYPERLINK(...)" must stay a name (the OWASP advice for CSV injection).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def rows(sheet: Sheet) -> list[list[str | int]]:
    """The header row, then a row per player per scored round (a hand not entered is empty)."""
    out: list[list[str | int]] = [[pgettext("csv", column) for column in COLUMNS]]
    for rnd in sheet.rounds:
        for player in sheet.players:
            hand = rnd.hands.get(player)
            out.append([rnd.number, _text(player), "" if hand is None else hand,
                        rnd.points[player], rnd.running[player], rnd.ranks[player],
                        _text(rnd.went_out or ""), _text(rnd.dealer or "")])
    return out


def render(sheet: Sheet) -> bytes:
    buffer = io.StringIO()
    csv.writer(buffer).writerows(rows(sheet))
    return buffer.getvalue().encode("utf-8-sig")


def _text(value: str) -> str:
    return f"'{value}" if value.startswith(_FORMULA_START) else value
