"""The top card of the discard pile, drawn as a card in its colour."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from referee.engine.cards import COLOR_NAMES, Card

CARD_COLORS: dict[str, str] = {
    "r": "#d72600", "y": "#ecd407", "g": "#379711", "b": "#0956bf",
    "pi": "#e2368c", "te": "#1a9c9c", "or": "#f07a1a", "pu": "#7a3db8",
}
"""Printed card colours; the colour in force of a Wild uses the same swatches."""

WILD_BACKGROUND = "#111111"
_DARK_TEXT = ("y",)
"""Card colours light enough to need dark text."""

_ACTION_LABELS = {"s": "SKIP", "r": "REVERSE", "+2": "DRAW 2", "+1": "DRAW 1", "f": "FLIP",
                  "+5": "DRAW 5", "se": "SKIP ALL", "+4": "DRAW 4", "da": "DISCARD"}


def face_label(face: Card) -> str:
    """The big word in the middle of the card: its number, action or Wild kind."""
    if face.is_number:
        return face.kind
    if face.is_wild:
        return {"w": "WILD", "w+4": "WILD +4"}.get(face.kind, face.name.upper())
    return _ACTION_LABELS.get(face.kind, face.kind.upper())


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
        return Text("none", style="dim")
    return Text.assemble(("■ ", CARD_COLORS.get(color, "white")),
                         (COLOR_NAMES.get(color, color).upper(), "bold"))


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
    """A fixed card shape: 11 x 5 inside a rounded border."""

    _shown: tuple[Card | None, str | None] | None = None

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
            self.update("no card\nturned up\nyet", layout=False)
            return
        key = face.color
        background = CARD_COLORS.get(key, WILD_BACKGROUND) if key else WILD_BACKGROUND
        ink = "black" if key in _DARK_TEXT else "white"
        self.styles.background = background
        self.styles.color = ink
        index = corner(face)
        width = 11
        lines = Text(justify="left", no_wrap=True)
        lines.append(index.ljust(width) + "\n", style=f"bold {ink}")
        lines.append(face_label(face).center(width) + "\n", style=f"bold {ink}")
        if face.is_wild and color:
            named = COLOR_NAMES.get(color, color).upper()
            lines.append(named.center(width) + "\n", style=f"bold {CARD_COLORS.get(color, ink)}")
        else:
            lines.append(COLOR_NAMES.get(key or "", "").upper().center(width) + "\n", style=ink)
        lines.append("\n")
        lines.append(index.rjust(width), style=f"bold {ink}")
        self.update(lines, layout=False)
