"""A yes/no question before something that cannot be taken back (delete, overwrite, drop moves)."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, Static

from referee.i18n import N_, _

from ..literal import filled, literal
from .boxed_dialog import BoxedDialog


class ConfirmDialog(BoxedDialog[bool]):
    """Dismisses with True for the action button, False for Cancel or Escape."""

    # The shared box, narrower and framed in the error colour: this cannot be taken back.
    DEFAULT_CSS = """
    ConfirmDialog > Vertical { width: 64; border: thick $error 70%; }
    ConfirmDialog #question { margin-bottom: 1; }
    ConfirmDialog Horizontal { height: auto; align-horizontal: right; }
    ConfirmDialog Button { margin-left: 2; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Cancel"), show=False),
        Binding("left,right", "app.focus_previous", show=False),
    ]

    def __init__(self, title: str, question: str, action: str | None = None) -> None:
        """`title`, `question` and `action` (the button, Delete by default) are in the
        caller's words, already translated."""
        super().__init__()
        self._title = title
        self._question = question
        self._action = action

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(filled("[b]$title[/]", title=self._title))
            # The question quotes names and paths: literal, its line breaks kept.
            yield Static(literal(self._question, lines=True), id="question")
            with Horizontal():
                yield Button(_("Cancel"), id="no")
                yield Button(self._action or _("Delete"), variant="error", id="yes")

    def on_mount(self) -> None:
        # The safe answer has the focus: Enter on a reflex keeps the data.
        self.query_one("#no", Button).focus()

    @on(Button.Pressed)
    def _answered(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_cancel(self) -> None:
        self.dismiss(False)
