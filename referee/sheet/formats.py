"""The export formats of a score sheet, by name: what each writes and whether it is binary
(light: the command line declares `export --format` from this table on every run)."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from ..i18n import N_
from ..named import NamedTuple

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    from typing import Any

# What renders a format, and the sheet itself, load when a sheet is written: the command line
# reads this table for `export --help`, and every command builds that parser.
if TYPE_CHECKING:
    from .model import Sheet

_EXPORTS = "referee.sheet.exports"
"""The package of the formats' modules."""


class Format(NamedTuple):
    """One `--format` value."""

    name: str
    suffix: str
    """The file name ending that selects this format when `--format` is left out."""
    render: Callable[[Sheet], bytes]
    binary: bool
    """Not for a terminal: needs `--out`."""
    help: str
    """What the format is, in English marked `N_`: show it with `_(fmt.help)`."""


def _module(name: str) -> Any:
    return importlib.import_module(f"{_EXPORTS}.{name}")


def _lazy(name: str) -> Callable[[Sheet], bytes]:
    """The format module's `render`, loaded on first use: every command line run builds the
    list of formats, and most runs (a move, a look at a session) export nothing."""

    def render(sheet: Sheet) -> bytes:
        return bytes(_module(name).render(sheet))

    return render


def _uno(sheet: Sheet) -> bytes:
    from ..notation import format_session

    return format_session(sheet.session).encode("utf-8")


def _svg(sheet: Sheet) -> bytes:
    qr = _module("qr")
    return (str(qr.svg(qr.payload(sheet))) + "\n").encode("utf-8")


def _png(sheet: Sheet) -> bytes:
    qr = _module("qr")
    return bytes(qr.png(qr.payload(sheet)))


FORMATS: dict[str, Format] = {
    f.name: f
    for f in (
        Format(
            "csv",
            ".csv",
            _lazy("csv_sheet"),
            False,
            N_("a row per player per round, for spreadsheets (UTF-8 with BOM)"),
        ),
        Format(
            "md", ".md", _lazy("markdown"), False, N_("the sheet as a Markdown table, with rulings")
        ),
        Format(
            "html",
            ".html",
            _lazy("html_sheet"),
            False,
            N_("a self-contained printable page: table, chart, rulings, QR code"),
        ),
        Format(
            "json",
            ".json",
            _lazy("json_sheet"),
            False,
            N_("the 'score --json' object plus each round's dealer, hands and rulings"),
        ),
        Format("uno", ".uno", _uno, False, N_("the session itself, in canonical notation")),
        Format("svg", ".svg", _svg, False, N_("the standings QR code as SVG")),
        Format("png", ".png", _png, True, N_("the standings QR code as PNG (needs --out)")),
    )
}

__all__ = ["FORMATS", "Format"]
