"""The standings QR code (referee.sheet.exports.qr): payload, and PNG, SVG, HTML and terminal codes
read back by a real decoder (zxing-cpp), as issue 3 asks."""

from __future__ import annotations

import re
from pathlib import Path

import png
import pytest
import resvg_py
import zxingcpp

from referee.notation import parse_session
from referee.service.replay import sheet_of
from referee.sheet import Sheet
from referee.sheet.exports import FORMATS, qr

SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"
# The QR alphanumeric mode's character set (ISO 18004): 5.5 bits a character instead of 8.
ALPHANUMERIC = re.compile(r"[0-9A-Z $%*+\-./:]*")


def sample(name: str) -> Sheet:
    path = SAMPLES / name
    return sheet_of(parse_session(path.read_text(encoding="utf-8"), str(path)))


def decode(png_bytes: bytes) -> list[str]:
    """Every QR code zxing-cpp finds in a PNG, read dark-on-light only (no inverted retry)."""
    width, height, rows, _ = png.Reader(bytes=png_bytes).asRGBA8()
    grey = bytearray()
    for row in rows:
        # Alpha over white: a transparent background must read as light.
        pixels = zip(row[0::4], row[3::4], strict=True)
        grey += bytes((r * a + 255 * (255 - a)) // 255 for r, a in pixels)
    image = memoryview(bytes(grey)).cast("B", (height, width))
    found = zxingcpp.read_barcodes(
        image, formats=zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode), try_invert=False
    )
    return [code.text for code in found]


def rasterize(svg: str) -> bytes:
    """An SVG drawn by an independent renderer (resvg), as a PNG."""
    return bytes(resvg_py.svg_to_bytes(svg_string=svg, width=400))


def test_payload_of_the_manual_example() -> None:
    """The Minecraft UNO manual example's final standings, as a phone camera would show them."""
    text = qr.payload(sample("minecraft-five-rounds.uno"))
    assert text == (
        "UNO1/MINECRAFT UNO MANUAL: FI/-/ROUNDS 5/FINAL R5/1 B 218/2 C 19/3 D -116/4 A -121"
    )


def test_payload_is_small_alphanumeric_text_for_four_players() -> None:
    """Ecosystem guide 4: uppercase alphanumeric, about 100 characters, a small version."""
    sheet = sample("classic-challenge-catch.uno")
    text = qr.payload(sheet)
    assert text == (
        "UNO1/THURSDAY UNO NIGHT/2025-03-06/TARGET 500/AFTER R1/"
        "1 DAVE 191/2 ALICE 0/2 BOB 0/2 CAROL 0"
    )
    assert ALPHANUMERIC.fullmatch(text) and len(text) <= 100
    assert len(qr.matrix(text, 0)) <= 37  # version 5 or less


def test_payload_shares_ranks_and_cleans_fields() -> None:
    """Shared ranks appear as such; `/` never appears inside a field."""
    text = (
        '[Event "Mon/Tue  club   night, very long name indeed"]\n[Edition "classic"]\n'
        '[Scoring "rounds 2"]\n[Players "Ann, Bob/Bea, Cy"]\n'
        "round 1\nout Ann\nhand Bob/Bea: 10\nhand Cy: 10\n"
    )
    payload = qr.payload(sheet_of(parse_session(text, "t.uno")))
    fields = payload.split("/")
    assert fields[:5] == ["UNO1", "MON-TUE CLUB NIGHT, VERY", "-", "ROUNDS 2", "AFTER R1"]
    assert fields[5:] == ["1 ANN 20", "2 BOB-BEA -10", "2 CY -10"]


def test_png_decodes_to_the_payload() -> None:
    sheet = sample("minecraft-five-rounds.uno")
    data = FORMATS["png"].render(sheet)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert decode(data) == [qr.payload(sheet)]


def test_svg_decodes_to_the_payload() -> None:
    sheet = sample("classic-challenge-catch.uno")
    svg = FORMATS["svg"].render(sheet).decode("utf-8")
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    assert decode(rasterize(svg)) == [qr.payload(sheet)]


def test_japanese_names_stay_readable_and_scannable() -> None:
    """Names outside the alphanumeric set go in UTF-8 byte mode and decode unchanged."""
    sheet = sample("jp-shuffle-hands.uno")
    text = qr.payload(sheet)
    assert text == "UNO1/お正月のウノ大会/-/ROUNDS 5/AFTER R2/1 次郎 131/2 太郎 -58/3 花子 -73"
    assert decode(FORMATS["png"].render(sheet)) == [text]
    assert decode(rasterize(FORMATS["svg"].render(sheet).decode("utf-8"))) == [text]


def test_html_page_carries_the_same_code() -> None:
    sheet = sample("minecraft-five-rounds.uno")
    page = FORMATS["html"].render(sheet).decode("utf-8")
    (inline,) = re.findall(r'<svg[^>]*aria-label="QR code".*?</svg>', page)
    standalone = inline.replace("<svg", '<svg xmlns="http://www.w3.org/2000/svg"', 1)
    assert decode(rasterize(standalone)) == [qr.payload(sheet)]


HALF = {"█": (True, True), "▀": (True, False), "▄": (False, True), " ": (False, False)}


@pytest.mark.parametrize("name", ["minecraft-five-rounds.uno", "jp-shuffle-hands.uno"])
def test_terminal_half_blocks_are_the_code_dark_on_light(name: str) -> None:
    """Two module rows per text row; glyphs are the dark modules, spaces the light ones."""
    text = qr.payload(sample(name))
    blocks = qr.half_blocks(text)
    rows = blocks.split("\n")
    assert set(blocks) <= set(HALF) | {"\n"}
    cells = qr.matrix(text, qr.TERMINAL_BORDER)
    assert len(rows) == (len(cells) + 1) // 2 and {len(r) for r in rows} == {len(cells)}
    unfolded = [[HALF[ch][half] for ch in row] for row in rows for half in (0, 1)]
    assert unfolded[: len(cells)] == cells
    assert not any(unfolded[0]) and not any(row[0] for row in unfolded)  # light quiet zone
    # Fits an 80x24 terminal (ecosystem guide 4) for four players.
    assert len(rows) <= 23 and len(rows[0]) <= 80
    # Drawn as a picture, black glyph halves on white, the rows scan back to the payload.
    assert decode(rasterize(_as_svg(rows))) == [text]


def _as_svg(rows: list[str]) -> str:
    scale = 8
    rects = [
        f'<rect x="{x * scale}" y="{(2 * y + half) * scale}" width="{scale}" height="{scale}"/>'
        for y, row in enumerate(rows)
        for x, ch in enumerate(row)
        for half in (0, 1)
        if HALF[ch][half]
    ]
    w, h = len(rows[0]) * scale, len(rows) * 2 * scale
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}">'
        f'<rect width="{w}" height="{h}" fill="#fff"/>{"".join(rects)}</svg>'
    )
