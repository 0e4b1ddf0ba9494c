"""One line typed in answer to a question (the director's withdrawal: a name and a reason)."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Input, Label, Static

from referee.i18n import N_

from ..literal import filled, literal
from .boxed_dialog import BoxedDialog


class PromptDialog(BoxedDialog[str | None]):
    """Dismisses with the line typed (Enter), or None (Escape)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Cancel"), show=False),
    ]

    def __init__(self, title: str, question: str) -> None:
        """`title` and `question` in the caller's words, already translated."""
        super().__init__()
        self._title = title
        self._question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(filled("[b]$title[/]", title=self._title))
            yield Static(literal(self._question, lines=True))
            yield Input(id="answer")

    def on_mount(self) -> None:
        self.query_one("#answer", Input).focus()

    @on(Input.Submitted)
    def _answered(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
