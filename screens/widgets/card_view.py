"""The top card of the discard pile, drawn as a card in its colour."""

from __future__ import annotations

from rich.cells import cell_len, chop_cells
from rich.text import Text
from textual.widgets import Static

from referee.engine.cards import Card
from referee.i18n import N_, _
from referee.render import card_name, colour_name

from ..glyphs import current

CARD_COLORS: dict[str, str] = {
    "r": "#d72600",
    "y": "#ecd407",
    "g": "#379711",
    "b": "#0956bf",
    "pi": "#e2368c",
    "te": "#1a9c9c",
    "or": "#f07a1a",
    "pu": "#7a3db8",
}
"""Printed card colours; the colour in force of a Wild uses the same swatches."""

WILD_BACKGROUND = "#111111"
_DARK_TEXT = ("y",)
"""Card colours light enough to need dark text."""

_ACTION_LABELS = {
    "s": N_("SKIP"),
    "r": N_("REVERSE"),
    "+2": N_("DRAW 2"),
    "+1": N_("DRAW 1"),
    "f": N_("FLIP"),
    "+5": N_("DRAW 5"),
    "se": N_("SKIP ALL"),
    "+4": N_("DRAW 4"),
    "da": N_("DISCARD"),
}
_WILD_LABELS = {"w": N_("WILD"), "w+4": N_("WILD +4")}

FACE_CELLS = 11
"""The inside of the card; a word too long for it widens the card, up to `WIDEST_FACE`."""
WIDEST_FACE = 14
"""Words are cut into lines this wide at most, two lines at most."""


def face_label(face: Card) -> str:
    """The big word in the middle of the card: its number, action or Wild kind."""
    if face.is_number:
        return face.kind
    if face.is_wild:
        label = _WILD_LABELS.get(face.kind)
        return _(label) if label else card_name(face).upper()
    label = _ACTION_LABELS.get(face.kind)
    return _(label) if label else face.kind.upper()


def face_lines(label: str, cells: int = FACE_CELLS) -> list[str]:
    """`label` in lines of at most `cells` terminal cells, two at most: at spaces (or where
    a translation breaks it), else cut (Japanese has no spaces)."""
    lines: list[str] = []
    for part in label.split("\n"):
        line = ""
        for word in part.split(" "):
            joined = f"{line} {word}" if line else word
            if cell_len(joined) <= cells:
                line = joined
                continue
            if line:
                lines.append(line)
            chunks = chop_cells(word, cells)
            lines += chunks[:-1]
            line = chunks[-1]
        lines.append(line)
    return lines[:2]


def corner(face: Card) -> str:
    """The small index in the card's corners (`7`, `+2`, `S`)."""
    if face.is_number or face.kind.startswith("+"):
        return face.kind
    if face.is_wild:
        return face.kind.upper()
    return face.kind.upper()[:2]


def color_swatch(color: str | None) -> Text:
    """`■ BLUE` in the colour itself, for the colour in force."""
    if color is None:
        return Text(_("none"), style="dim")
    return Text.assemble(
        (f"{current().swatch} ", CARD_COLORS.get(color, "white")),
        (colour_name(color).upper(), "bold"),
    )


class CardView(Static):
    """A playing card: coloured face, big label, corner indices; an empty slot before `start`."""

    DEFAULT_CSS = """
    CardView {
        width: 13;
        height: 7;
        border: round $foreground 60%;
        content-align: center middle;
        text-align: center;
        background: $panel;
        color: $text-muted;
    }
    CardView.-face { border: round white; }
    """
    """A card shape: 11 x 5 inside a rounded border (wider for a long word)."""

    _shown: tuple[Card | None, str | None] | None = None
    _width: int | None = None
    """The width set for a face wider than the usual one (None: the stylesheet's)."""

    def show(self, face: Card | None, color: str | None = None) -> None:
        """Draw `face`; a Wild also shows the colour named for it."""
        # Redrawn after every move; most moves of a long session change neither.
        if self._shown == (face, color):
            return
        self._shown = (face, color)
        self.set_class(face is not None, "-face")
        if face is None:
            self.styles.background = None
            self.styles.color = None
            if self._width is not None:
                self._width = None
                self.styles.width = None
            self.update(_("no card\nturned up\nyet"), layout=False)
            return
        key = face.color
        background = CARD_COLORS.get(key, WILD_BACKGROUND) if key else WILD_BACKGROUND
        ink = "black" if key in _DARK_TEXT else "white"
        self.styles.background = background
        self.styles.color = ink
        index = corner(face)
        label = face_lines(face_label(face), WIDEST_FACE)
        width = max(FACE_CELLS, *(cell_len(line) for line in label))
        # Wider only for a long word (ディスカード): the table's layout changes only then (set
        # again to the same value, a width still asks for a new layout of the whole screen).
        wanted = width + 2 if width > FACE_CELLS else None
        if wanted != self._width:
            self._width = wanted
            self.styles.width = wanted
        lines = Text(justify="left", no_wrap=True)
        lines.append(index.ljust(width) + "\n", style=f"bold {ink}")
        for line in label:
            lines.append(_center(line, width) + "\n", style=f"bold {ink}")
        if face.is_wild and color:
            named = colour_name(color).upper()
            lines.append(_center(named, width) + "\n", style=f"bold {CARD_COLORS.get(color, ink)}")
        else:
            named = colour_name(key).upper() if key else ""
            lines.append(_center(named, width) + "\n", style=ink)
        if len(label) == 1:
            lines.append("\n")
        lines.append(index.rjust(width), style=f"bold {ink}")
        self.update(lines, layout=False)


def _center(text: str, width: int) -> str:
    # str.center counts characters; a Japanese character takes two cells.
    return text.center(width - (cell_len(text) - len(text)))
