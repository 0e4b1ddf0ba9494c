"""The framed, centred box that small dialogs share."""

from __future__ import annotations

from textual.screen import ModalScreen, ScreenResultType


class BoxedDialog(ModalScreen[ScreenResultType]):
    """A modal whose single Vertical child is drawn as a centred, framed box."""

    # Textual matches type selectors against base classes too, so subclasses get the box.
    DEFAULT_CSS = """
    BoxedDialog { align: center middle; }
    BoxedDialog > Vertical {
        width: 72;
        max-width: 100%;
        height: auto;
        border: thick $primary 70%;
        background: $surface;
        padding: 1 2;
    }
    """
