"""The sheet's QR code: a short standings text, drawn as SVG, PNG or terminal half blocks.

The payload is what a phone camera shows as plain text, so it is a summary, not the data:

    UNO1/THURSDAY UNO NIGHT/2025-03-06/TARGET 500/AFTER R1/1 DAVE 191/2 ALICE 0/2 BOB 0/2 CAROL 0

Fields are separated by `/`: a format version, the event, the date (`-` when unknown), the
scoring system, the state (`FINAL R5` once the game is decided, else `AFTER R2`), then one
`RANK NAME TOTAL` field per player, best first. Everything is uppercased so that plain names
stay in QR alphanumeric mode (0-9 A-Z space $ % * + - . / :), about 5.5 bits a character: four
players fit in about 100 characters, a version 5 code that a terminal can show. Names outside
that set (Japanese, accents, apostrophes) are kept as written, in UTF-8: qrcode encodes those
stretches in byte mode, so the code grows a version or two but the names stay readable.
"""

from __future__ import annotations

import io
import re
from html import escape
from typing import Any

from ...i18n import _
from ..model import Sheet

VERSION = "UNO1"
EVENT_CHARS = 24
NAME_CHARS = 10
# The terminal's quiet zone: two modules is what fits 80x24 and still scans (ecosystem 4).
TERMINAL_BORDER = 2
# Files get the standard four-module quiet zone.
FILE_BORDER = 4
PNG_BOX = 8

_HALF_BLOCKS = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}


def payload(sheet: Sheet) -> str:
    """The standings text the QR code carries (see the module docstring)."""
    result = sheet.score
    header = sheet.header
    played = len(sheet.rounds)
    state = f"{'FINAL' if result.finished else 'AFTER'} R{played}"
    fields = [
        VERSION,
        _clean(header.event, EVENT_CHARS),
        _clean(header.date, 10),
        str(sheet.system).upper(),
        state,
    ]
    fields += [
        f"{result.ranks[p]} {_clean(p, NAME_CHARS)} {result.totals[p]}" for p in sheet.standings()
    ]
    return "/".join(fields)


def _clean(text: str | None, limit: int) -> str:
    # `/` separates fields; runs of spaces would only cost modules; `-` stands for a missing
    # field, which reads better than an empty one.
    cleaned = re.sub(r"\s+", " ", (text or "").replace("/", "-")).strip().upper()
    return cleaned[:limit].strip() or "-"


def _code(text: str, border: int, box_size: int = 10) -> Any:
    # Imported here: every command loads this module through the CLI, and qrcode takes a
    # noticeable share of start-up; only the exports that draw a code need it.
    import qrcode
    from qrcode.constants import ERROR_CORRECT_M

    # M recovers about 15% of the modules: enough for a screen or paper, and a smaller code.
    code = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=border, box_size=box_size)
    code.add_data(text)
    code.make(fit=True)
    return code


def matrix(text: str, border: int) -> list[list[bool]]:
    """The code's modules, True for dark, with a quiet zone of `border` modules."""
    cells: list[list[bool]] = _code(text, border).get_matrix()
    return cells


def svg(text: str, *, standalone: bool = True) -> str:
    """The code as SVG, dark modules on a white square.

    `standalone` adds the XML namespace a .svg file needs; inline in HTML it is left out (the
    HTML parser supplies it, and the page must not name any URL).
    """
    cells = matrix(text, FILE_BORDER)
    n = len(cells)
    runs = []
    for y, row in enumerate(cells):
        x = 0
        while x < n:
            if not row[x]:
                x += 1
                continue
            start = x
            while x < n and row[x]:
                x += 1
            runs.append(f"M{start} {y}h{x - start}v1h-{x - start}z")
    ns = ' xmlns="http://www.w3.org/2000/svg"' if standalone else ""
    width = n * 8
    label = escape(_("QR code"))
    return (
        f'<svg{ns} viewBox="0 0 {n} {n}" width="{width}" height="{width}" '
        f'shape-rendering="crispEdges" role="img" aria-label="{label}">'
        f'<rect width="{n}" height="{n}" fill="#fff"/>'
        f'<path fill="#000" d="{"".join(runs)}"/></svg>'
    )


def png(text: str) -> bytes:
    """The code as a black-and-white PNG (pure Python through pypng: no Pillow needed)."""
    from qrcode.image.pure import PyPNGImage

    out = io.BytesIO()
    _code(text, FILE_BORDER, PNG_BOX).make_image(image_factory=PyPNGImage).save(out)
    return out.getvalue()


def half_blocks(text: str) -> str:
    """The code for a terminal: two module rows per text row, in half-block characters.

    The glyphs draw the dark modules and the spaces are the light ones, so the widget showing
    this must be dark on light (black text on a white background) whatever the theme: a
    light-on-dark code is inverted and many phone scanners refuse it.
    """
    cells = matrix(text, TERMINAL_BORDER)
    if len(cells) % 2:
        cells.append([False] * len(cells[0]))
    return "\n".join(
        "".join(_HALF_BLOCKS[top, bottom] for top, bottom in zip(upper, lower, strict=True))
        for upper, lower in zip(cells[::2], cells[1::2], strict=True)
    )
