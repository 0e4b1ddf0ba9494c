"""The score sheet's QR code in the terminal, dark on light so that phone cameras read it."""

from __future__ import annotations

from itertools import groupby
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from referee.i18n import N_, _
from referee.sheet import Sheet
from referee.sheet.exports import qr

from ..glyphs import current
from ..literal import literal

DARK, LIGHT = "black", "white"
"""Fixed whatever the theme: scanners expect dark modules on a light ground."""


def half_blocks(modules: list[list[bool]], blocks: tuple[str, str, str, str]) -> str:
    """Two module rows a line, in half blocks (both light, top dark, bottom dark, both dark):
    square modules, and a code half as tall, where the terminal draws them one cell wide."""
    if len(modules) % 2:
        modules = [*modules, [False] * len(modules[0])]
    return "\n".join(
        "".join(blocks[top + 2 * bottom] for top, bottom in zip(upper, lower, strict=True))
        for upper, lower in zip(modules[::2], modules[1::2], strict=True)
    )


def coloured_cells(modules: list[list[bool]], cells: int = 2) -> Text:
    """One module row a line, each module `cells` spaces on a black or white ground: only
    spaces, so the code keeps its shape whatever width the terminal gives Ambiguous
    characters. Two cells make square modules; one makes them twice as tall as wide, which
    scanners still read (they correct for any stretch), where two would not fit."""
    code = Text(no_wrap=True, end="")
    for y, row in enumerate(modules):
        if y:
            code.append("\n")
        for dark, run in groupby(row):
            code.append(" " * cells * len(list(run)), style=f"on {DARK if dark else LIGHT}")
    return code


def drawn(payload: str, columns: int = 80) -> Text | str:
    """The code of `payload` as the glyphs in use draw it, in a terminal `columns` wide."""
    modules = qr.matrix(payload, qr.TERMINAL_BORDER)
    blocks = current().qr
    if blocks:
        return half_blocks(modules, blocks)
    # The dialog's padding takes two columns besides the code.
    return coloured_cells(modules, 2 if 2 * len(modules) + 2 <= columns else 1)


class QrDialog(ModalScreen[None]):
    """The standings QR code and the text it carries; any key or click closes it."""

    DEFAULT_CSS = f"""
    QrDialog {{ align: center middle; }}
    QrDialog > Vertical {{
        width: auto;
        align-horizontal: center;
        height: auto;
        max-height: 100%;
        background: $surface;
        padding: 0 1;
        /* Two cells a module without half blocks: a tall code scrolls in a small terminal. */
        overflow-y: auto;
    }}
    QrDialog #code {{
        width: auto;
        height: auto;
        background: {LIGHT};
        color: {DARK};
    }}
    QrDialog #payload {{ width: auto; max-width: 78; color: $text-muted; }}
    QrDialog #fit {{ width: auto; max-width: 78; color: $warning; }}
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,q,space", "close", N_("Close"), show=False),
    ]

    def __init__(self, sheet: Sheet) -> None:
        super().__init__()
        self.payload = qr.payload(sheet)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(id="fit")
            yield Static(id="code", markup=False)
            # The payload carries the names: shown as written, a bidi control made visible.
            yield Static(literal(self.payload), id="payload")

    def on_mount(self) -> None:
        self._draw()

    def on_resize(self) -> None:
        # Without half blocks the code's width depends on the terminal's.
        self._draw()

    def _draw(self) -> None:
        """The code for this terminal's size; a code taller than the terminal cannot be
        scanned in pieces, so the dialog then says what to do."""
        code = drawn(self.payload, self.app.size.width)
        self.query_one("#code", Static).update(code)
        rows, height = len(str(code).splitlines()), self.app.size.height
        hint = self.query_one("#fit", Static)
        hint.display = rows > height
        hint.update(
            _(
                "The code needs {rows} rows and this terminal has {height}: make the "
                "window taller or the font smaller to scan it (or export it as png or "
                "svg)."
            ).format(rows=rows, height=height)
        )

    def on_click(self) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
