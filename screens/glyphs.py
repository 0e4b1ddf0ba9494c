"""The symbols the screens draw: a Unicode set, and an ASCII-safe set for terminals that draw
East Asian Ambiguous characters two cells wide.

Terminals set up for Japanese (and some for Chinese or Korean) draw Ambiguous-width characters
(`→ · ■ ★ ▶ …`, box drawing, half blocks) two cells wide, while Textual lays them out as one:
every line holding one then overflows and the screen tears. The `glyphs` setting chooses:

- `unicode`: the symbols as designed;
- `ascii`: ASCII, or characters whose East Asian Width is not Ambiguous (one cell everywhere);
- `auto` (the default): ASCII-safe when the language in use or the locale is Japanese.

Screens ask for their symbols with `current()` (`glyphs.current().arrow`). What Textual draws
itself (borders, scrollbars, the Select arrow, text cut with `…`) goes through `AsciiSafe`, a
line filter the app enables in ASCII-safe mode: it swaps each Ambiguous symbol for a
one-cell stand-in of the same width, so the layout Textual computed stays true on screen.
"""

from __future__ import annotations

import unicodedata
from functools import cache

from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.filter import LineFilter

from referee.i18n import current as current_language
from referee.i18n import locale_language
from referee.named import NamedTuple

MODES = ("unicode", "ascii")
"""What `auto` resolves to."""


class Glyphs(NamedTuple):
    """One set of symbols; every field is one terminal cell wide. (A named tuple: a frozen
    dataclass of this many fields cost more to define than the rest of the module.)"""

    name: str
    dot: str
    """Separates the parts of a title or a list of examples (`Thursday · classic`)."""
    arrow: str
    """From one thing to the next (`7 → 11 cards`, `→ completes a name`)."""
    swatch: str
    """Drawn in a colour to show it (the colour in force)."""
    star: str
    """The winner."""
    turn: str
    """Points at the player the table waits on."""
    icon: str
    """The header's icon."""
    ellipsis: str
    """Ends a name cut to fit."""
    bar: str
    """One card of a hand bar."""
    up: str
    down: str
    """Clockwise down the seating, counter-clockwise up."""
    clockwise: str
    counter_clockwise: str
    """The direction of play beside the top card."""
    warning: str
    info: str
    """Alert icons: a window that closes, what the referee waits for."""
    ok: str
    refused: str
    undone: str
    """The verdict under the move box."""
    dash: str
    """A dash in a label (`Correct -`)."""
    total: str
    """A column of totals."""
    qr: tuple[str, str, str, str] | None
    """Half blocks for two QR module rows a line (both light, top dark, bottom dark, both
    dark); None draws each module as coloured spaces instead."""


UNICODE = Glyphs(
    name="unicode",
    dot="·",
    arrow="→",
    swatch="■",
    star="★",
    turn="▶",
    icon="▤",
    ellipsis="…",
    bar="▮",
    up="↑",
    down="↓",
    clockwise="↻",
    counter_clockwise="↺",
    warning="⚠",
    info="»",
    ok="✓",
    refused="✗",
    undone="↶",
    dash="—",
    total="Σ",
    qr=(" ", "▀", "▄", "█"),
)
ASCII = Glyphs(
    name="ascii",
    dot="-",
    arrow="->",
    swatch="#",
    star="*",
    turn=">",
    icon="#",
    ellipsis="~",
    bar="▮",
    up="^",
    down="v",
    clockwise="↻",
    counter_clockwise="↺",
    warning="⚠",
    info="»",
    ok="✓",
    refused="✗",
    undone="↶",
    dash="-",
    total="=",
    qr=None,
)
"""ASCII, or characters one cell wide in every terminal (East Asian Width N: ✓ ✗ ⚠ » ▮ ↻)."""

_setting = "auto"


def configure(setting: str | None) -> None:
    """Use the settings file's `glyphs` value (auto, unicode or ascii; None means auto)."""
    global _setting
    _setting = setting if setting in ("auto", *MODES) else "auto"


def mode() -> str:
    """`unicode` or `ascii`: the setting, with `auto` resolved for the language in use now."""
    if _setting in MODES:
        return _setting
    japanese = current_language() == "ja" or locale_language() == "ja"
    return "ascii" if japanese else "unicode"


def current() -> Glyphs:
    """The symbols to draw now (they change with the language when the setting is `auto`)."""
    return ASCII if mode() == "ascii" else UNICODE


def ambiguous(ch: str) -> bool:
    """Whether a terminal may draw `ch` one or two cells wide, depending on its setup."""
    return unicodedata.east_asian_width(ch) == "A"


# The stand-ins for what Textual draws --------------------------------------------------------

_EXPLICIT = {
    "·": ".",
    "…": "~",
    "—": "-",
    "\u2013": "-",
    "\u2010": "-",
    "→": ">",
    "←": "<",
    "↑": "^",
    "↓": "v",
    "■": "#",
    "□": "o",
    "★": "*",
    "☆": "*",
    "▶": ">",
    "◀": "<",
    "▲": "^",
    "▼": "v",
    "►": ">",
    "◄": "<",
    "●": "o",
    "○": "o",
    "◯": "o",
    "⭘": "o",
    "•": "*",
    "◆": "*",
    "◇": "o",
    "\u00d7": "x",
    "“": '"',
    "”": '"',
    "\u2018": "'",
    "\u2019": "'",
    "▤": "#",
    "※": "*",
    "°": "o",
}
"""Symbols with an obvious ASCII look-alike."""

FILL = "\0"
"""Marks a block character drawn as a space in its foreground colour (a bar, a thick border)."""


@cache
def _stand_in(ch: str) -> str | None:
    """What `ch` becomes in ASCII-safe mode; None to keep it (not a symbol, or not Ambiguous).
    Letters stay: an accented name is the player's name, not a symbol to replace."""
    if ch in _EXPLICIT:
        return _EXPLICIT[ch]
    if not ambiguous(ch):
        return None
    code, name = ord(ch), unicodedata.name(ch, "")
    if 0x2500 <= code <= 0x257F:  # box drawing: lines and the corners and crossings of lines
        horizontal, vertical = "HORIZONTAL" in name, "VERTICAL" in name
        if horizontal and not vertical:
            return "-"
        return "|" if vertical and not horizontal else "+"
    if 0x2580 <= code <= 0x259F:  # block elements: half or more of the cell inked, else blank
        thin = ("ONE EIGHTH", "ONE QUARTER", "THREE EIGHTHS")
        return " " if any(part in name for part in thin) else FILL
    if 0x2190 <= code <= 0x21FF or 0x25A0 <= code <= 0x27BF or 0x2B00 <= code <= 0x2BFF:
        return "*"  # arrows, shapes and dingbats not named above
    return None


class AsciiSafe(LineFilter):
    """Replaces the Ambiguous symbols of a rendered line with one-cell stand-ins."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        if all(segment.text.isascii() for segment in segments):
            return segments
        result: list[Segment] = []
        for segment in segments:
            text, style, control = segment
            if control or text.isascii():
                result.append(segment)
                continue
            result.extend(_safe_segments(text, style))
        return result


def _safe_segments(text: str, style: Style | None) -> list[Segment]:
    """`text` in stand-ins: runs of plain characters, and filled cells in the ink's colour."""
    out: list[Segment] = []
    run: list[str] = []
    for ch in text:
        stand_in = _stand_in(ch)
        if stand_in != FILL:
            run.append(ch if stand_in is None else stand_in)
            continue
        if run:
            out.append(Segment("".join(run), style))
            run = []
        ink = style.color if style is not None else None
        fill = Style(bgcolor=ink) if ink is not None else Style(reverse=True)
        out.append(Segment(" ", style + fill if style is not None else fill))
    if run:
        out.append(Segment("".join(run), style))
    return out


def safe(text: str) -> str:
    """`text` with its Ambiguous symbols replaced in ASCII-safe mode (for plain text the app
    hands to Textual, such as a notification); as it is otherwise."""
    if mode() != "ascii" or text.isascii():
        return text
    return "".join(" " if (s := _stand_in(ch)) == FILL else (ch if s is None else s) for ch in text)
