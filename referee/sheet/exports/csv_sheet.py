"""The sheet as CSV: one row per player per round, UTF-8 with a BOM so Excel reads any name; and
the cells every CSV the program writes is made of."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from typing import Any

from ...i18n import NC_, pgettext
from ..model import Sheet

COLUMNS = (
    NC_("csv", "round"),
    NC_("csv", "player"),
    NC_("csv", "hand"),
    NC_("csv", "points"),
    NC_("csv", "total"),
    NC_("csv", "rank"),
    NC_("csv", "went_out"),
    NC_("csv", "dealer"),
)
"""The columns, as English headings; the header row has them in the language in use."""
# A cell starting with one of these is a formula to a spreadsheet: a player named
# "=HYPERLINK(...)" must stay a name (the OWASP advice for CSV injection).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def cell(value: Any) -> Any:
    """`value` as a CSV cell a spreadsheet reads as it is: text that would start a formula
    gets an apostrophe before it; numbers (a negative one too) are left as they are."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return f"'{value}"
    return value


class Writer:
    """`csv.writer` whose every text cell is `cell`ed: what any command writes as CSV."""

    def __init__(self, stream: io.TextIOBase, **dialect: Any) -> None:
        self._writer = csv.writer(stream, **dialect)

    def writerow(self, row: Iterable[Any]) -> None:
        self._writer.writerow([cell(value) for value in row])

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        for row in rows:
            self.writerow(row)


def rows(sheet: Sheet) -> list[list[str | int]]:
    """The header row, then a row per player per scored round (a hand not entered is empty)."""
    out: list[list[str | int]] = [[pgettext("csv", column) for column in COLUMNS]]
    for rnd in sheet.rounds:
        for player in sheet.players:
            hand = rnd.hands.get(player)
            out.append(
                [
                    rnd.number,
                    player,
                    "" if hand is None else hand,
                    rnd.points[player],
                    rnd.running[player],
                    rnd.ranks[player],
                    rnd.went_out or "",
                    rnd.dealer or "",
                ]
            )
    return out


def render(sheet: Sheet) -> bytes:
    buffer = io.StringIO()
    Writer(buffer).writerows(rows(sheet))
    return buffer.getvalue().encode("utf-8-sig")
