"""A ruling's rule: its id, its text in force at this table, its source, the table-default mark."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Button, Static

from referee.engine.rules import Variant
from referee.engine.sources import NOTATION
from referee.i18n import N_, _
from referee.service import SYNTAX_RULE

from ..literal import filled, literal
from ..prose import Prose
from ..widgets.options_form import TABLE_DEFAULT
from .boxed_dialog import BoxedDialog


def rule_text(rule_id: str, rule: Variant | None) -> Content:
    """The rule in force for `rule_id` (or why there is none)."""
    # The words go in as template variables: a translation is never read as markup.
    if rule_id == SYNTAX_RULE:
        return filled(
            "[b]$id[/]\n$text\n[dim]$source[/]",
            id="notation",
            text=_("The line could not be read as a move: a syntax error, not a rule of the game."),
            source=_("Source: {source}").format(source=_(NOTATION)),
        )
    if rule is None:
        return filled(
            "[b]$id[/]\n$text",
            id=rule_id,
            text=_("This rule id is not in the rulebook of this version."),
        )
    mark = "\n[b $warning]$mark[/]" if rule.table_default else ""
    return filled(
        f"[b]$id[/]\n$text\n[dim]$source[/]{mark}",
        id=rule.id,
        text=_(rule.text),
        source=_("Source: {source}").format(source=_(rule.source)),
        mark=_(TABLE_DEFAULT),
    )


class RuleDialog(BoxedDialog[None]):
    """Shows one ruling and the rule it rests on; Escape or Enter closes it."""

    DEFAULT_CSS = """
    RuleDialog #ruling { margin-bottom: 1; color: $text-muted; }
    RuleDialog Button { margin-top: 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Close"), show=False),
    ]

    def __init__(self, ruling: str | Callable[[], str], rule_id: str, rule: Variant | None) -> None:
        """`ruling` is its words, or makes them in the language in use (drawn again after a
        language switch)."""
        super().__init__()
        self._ruling = ruling
        self._rule = (rule_id, rule)

    def compose(self) -> ComposeResult:
        ruling = self._ruling if isinstance(self._ruling, str) else self._ruling()
        with Vertical():
            yield Static(Prose(literal(ruling, lines=True)), id="ruling")
            yield Static(Prose(rule_text(*self._rule)), id="rule")
            yield Button(_("Close"), id="close", variant="primary")

    def on_mount(self) -> None:
        self.query_one(Button).focus()

    def on_button_pressed(self) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
