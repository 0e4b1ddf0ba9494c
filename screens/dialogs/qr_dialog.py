"""The score sheet's QR code in the terminal, dark on light so that phone cameras read it."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from referee.sheet import Sheet
from referee.sheet.exports import qr

from ..literal import literal


class QrDialog(ModalScreen[None]):
    """The standings QR code and the text it carries; any key or click closes it."""

    DEFAULT_CSS = """
    QrDialog { align: center middle; }
    QrDialog > Vertical {
        width: auto;
        align-horizontal: center;
        height: auto;
        max-height: 100%;
        background: $surface;
        padding: 0 1;
    }
    QrDialog #code {
        width: auto;
        height: auto;
        /* Fixed whatever the theme: scanners expect dark modules on a light ground. */
        background: white;
        color: black;
    }
    QrDialog #payload { width: auto; max-width: 78; color: $text-muted; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,q,space", "close", "Close", show=False),
    ]

    def __init__(self, sheet: Sheet) -> None:
        super().__init__()
        self.payload = qr.payload(sheet)
        self.code = qr.half_blocks(self.payload)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.code, id="code", markup=False)
            # The payload carries the names: shown as written, a bidi control made visible.
            yield Static(literal(self.payload), id="payload")

    def on_click(self) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
