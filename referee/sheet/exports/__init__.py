"""The export formats of a score sheet, by name: what each writes and whether it is binary."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...notation import format_session
from ..model import Sheet
from . import csv_sheet, html_sheet, json_sheet, markdown, qr


@dataclass(frozen=True)
class Format:
    """One `--format` value."""

    name: str
    suffix: str
    """The file name ending that selects this format when `--format` is left out."""
    render: Callable[[Sheet], bytes]
    binary: bool
    """Not for a terminal: needs `--out`."""
    help: str


def _uno(sheet: Sheet) -> bytes:
    return format_session(sheet.session).encode("utf-8")


def _svg(sheet: Sheet) -> bytes:
    return (qr.svg(qr.payload(sheet)) + "\n").encode("utf-8")


def _png(sheet: Sheet) -> bytes:
    return qr.png(qr.payload(sheet))


FORMATS: dict[str, Format] = {f.name: f for f in (
    Format("csv", ".csv", csv_sheet.render, False,
           "a row per player per round, for spreadsheets (UTF-8 with BOM)"),
    Format("md", ".md", markdown.render, False, "the sheet as a Markdown table, with rulings"),
    Format("html", ".html", html_sheet.render, False,
           "a self-contained printable page: table, chart, rulings, QR code"),
    Format("json", ".json", json_sheet.render, False,
           "the `score --json` object plus each round's dealer, hands and rulings"),
    Format("uno", ".uno", _uno, False, "the session itself, in canonical notation"),
    Format("svg", ".svg", _svg, False, "the standings QR code as SVG"),
    Format("png", ".png", _png, True, "the standings QR code as PNG (needs --out)"),
)}

__all__ = ["FORMATS", "Format"]
