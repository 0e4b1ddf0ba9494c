"""The on-screen QR code scans as a terminal draws it: half blocks where Ambiguous characters
are one cell wide, coloured spaces in ASCII-safe mode whatever their width (rasterised here cell
by cell and read back by zxing-cpp)."""

from __future__ import annotations

import unicodedata

import pytest
import zxingcpp
from rich.segment import Segment

from referee import i18n
from referee.sheet.exports import qr
from referee.store import settings
from screens import glyphs
from screens.dialogs import QrDialog
from screens.table_screen import TableScreen

CELL_W, CELL_H = 6, 12
"""Pixels of one terminal cell: twice as tall as wide, as terminal fonts are."""
INKED = {" ": (0.0, 0.0), "█": (1.0, 1.0), "▀": (1.0, 0.0), "▄": (0.0, 1.0)}
"""How much of the top and bottom half of a cell a character inks in its foreground colour;
any other character is drawn as its background (its thin strokes do not make modules)."""


def cells(ch: str, ambiguous_wide: bool) -> int:
    """How many cells a terminal gives `ch`: wide (W, F) are two; Ambiguous are two where
    the terminal is set up for East Asian text, else one."""
    width = unicodedata.east_asian_width(ch)
    return 2 if width in "WF" or (ambiguous_wide and width == "A") else 1


def dark(color: object, default: tuple[int, int, int]) -> bool:
    rgb = color.get_truecolor() if color is not None else default  # type: ignore[attr-defined]
    red, green, blue = rgb
    return 0.299 * red + 0.587 * green + 0.114 * blue < 128


def rasterise(lines: list[list[Segment]], ambiguous_wide: bool) -> memoryview:
    """The screen as a grey picture: each character its cells' width, each cell's halves
    dark or light from the character and its colours."""
    rows: list[bytearray] = []
    for segments in lines:
        top, bottom = bytearray(), bytearray()
        for text, style, _control in segments:
            fg = style.color if style else None
            bg = style.bgcolor if style else None
            if style is not None and style.reverse:
                fg, bg = bg, fg
            ink, paper = dark(fg, (230, 230, 230)), dark(bg, (0, 0, 0))
            for ch in text:
                upper, lower = INKED.get(ch, (0.0, 0.0))
                width = cells(ch, ambiguous_wide) * CELL_W
                top += bytes([0 if (ink if upper else paper) else 255]) * width
                bottom += bytes([0 if (ink if lower else paper) else 255]) * width
        rows += [top] * (CELL_H // 2) + [bottom] * (CELL_H // 2)
    width = max(len(row) for row in rows)
    picture = b"".join(bytes(row.ljust(width, b"\0")) for row in rows)
    return memoryview(picture).cast("B", (len(rows), width))


def decode(picture: memoryview) -> list[str]:
    found = zxingcpp.read_barcodes(
        picture, formats=zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode), try_invert=False
    )
    return [code.text for code in found]


async def screen_with_qr(
    make_app, demo: str, size: tuple[int, int]
) -> tuple[list[list[Segment]], str, str]:
    """The screen's lines with the QR dialog open on the demo, its payload and the glyphs."""
    app = make_app(session_id=demo)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        sheet = table.sitting.sheet()
        assert sheet is not None
        await app.push_screen(QrDialog(sheet))
        await pilot.pause()
        lines = [list(strip) for strip in app.screen._compositor.render_strips()]
        return lines, qr.payload(sheet), glyphs.mode()


async def test_half_blocks_scan_where_ambiguous_characters_are_narrow(make_app, demo):
    settings.change("glyphs", "unicode")
    lines, payload, mode = await screen_with_qr(make_app, demo, (80, 24))
    assert mode == "unicode"
    text = "".join(seg.text for line in lines for seg in line)
    assert "▀" in text and "▄" in text
    assert decode(rasterise(lines, ambiguous_wide=False)) == [payload]


@pytest.mark.parametrize("size", [(100, 50), (80, 50)], ids=["square", "narrow-terminal"])
@pytest.mark.parametrize("ambiguous_wide", [False, True], ids=["narrow", "wide"])
async def test_ascii_safe_code_scans_in_both_widths(make_app, demo, size, ambiguous_wide):
    """Coloured spaces: two a module where the terminal is wide enough, else one (tall
    modules); the same picture whatever width the terminal gives Ambiguous characters."""
    settings.change("glyphs", "ascii")
    lines, payload, mode = await screen_with_qr(make_app, demo, size)
    assert mode == "ascii"
    text = "".join(seg.text for line in lines for seg in line)
    assert not any(unicodedata.east_asian_width(ch) == "A" for ch in text)
    assert decode(rasterise(lines, ambiguous_wide)) == [payload]


async def test_japanese_picks_the_ascii_safe_code(make_app, demo):
    """With `glyphs = auto`, Japanese draws no half blocks."""
    i18n.use("ja")
    lines, payload, mode = await screen_with_qr(make_app, demo, (100, 50))
    assert mode == "ascii"
    text = "".join(seg.text for line in lines for seg in line)
    assert not set("▀▄█") & set(text)
    assert decode(rasterise(lines, ambiguous_wide=True)) == [payload]
