"""A ruling's rule: its id, its text in force at this table, its source, the table-default mark."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Button, Static

from referee.engine.rules import Variant
from referee.engine.sources import NOTATION
from referee.service import SYNTAX_RULE

from ..literal import filled, literal
from ..widgets.options_form import TABLE_DEFAULT
from .boxed_dialog import BoxedDialog


def rule_text(rule_id: str, rule: Variant | None) -> Content:
    """The rule in force for `rule_id` (or why there is none)."""
    if rule_id == SYNTAX_RULE:
        return Content.from_markup(
            "[b]notation[/]\nThe line could not be read as a move: a syntax error, not a rule "
            f"of the game.\n[dim]Source: {NOTATION}[/]")
    if rule is None:
        return filled("[b]$id[/]\nThis rule id is not in the rulebook of this version.",
                      id=rule_id)
    mark = f"\n[b $warning]{TABLE_DEFAULT}[/]" if rule.table_default else ""
    return filled(f"[b]$id[/]\n$text\n[dim]Source: $source[/]{mark}", id=rule.id,
                  text=rule.text, source=rule.source)


class RuleDialog(BoxedDialog[None]):
    """Shows one ruling and the rule it rests on; Escape or Enter closes it."""

    DEFAULT_CSS = """
    RuleDialog #ruling { margin-bottom: 1; color: $text-muted; }
    RuleDialog Button { margin-top: 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", "Close", show=False)]

    def __init__(self, ruling: str, rule_id: str, rule: Variant | None) -> None:
        super().__init__()
        self._ruling = ruling
        self._text = rule_text(rule_id, rule)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(literal(self._ruling, lines=True), id="ruling")
            yield Static(self._text, id="rule")
            yield Button("Close", id="close", variant="primary")

    def on_mount(self) -> None:
        self.query_one(Button).focus()

    def on_button_pressed(self) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
