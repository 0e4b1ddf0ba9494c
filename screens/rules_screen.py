"""The rulebook in force at this table, searchable by word, each rule with its source."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, OptionList
from textual.widgets.option_list import Option

from referee.engine.rules import Variant
from referee.engine.setup import option_specs, rules_in_force
from referee.notation import visible

from .widgets import TABLE_DEFAULT


def rule_entry(rule: Variant) -> Content:
    mark = f"\n  {TABLE_DEFAULT}" if rule.table_default else ""
    # A Wild Customizable's rule is the text the table wrote on the card.
    return Content.assemble((rule.id, "bold $accent"), "  ", visible(rule.text),
                            (f"\n  Source: {visible(rule.source)}", "dim"), (mark, "$warning"))


def option_entry(key: str, value: str) -> Content:
    option = option_specs()[key]
    mark = f"; {TABLE_DEFAULT}" if option.table_default else ""
    return Content.assemble(("option ", "dim"), (key, "bold"), " = ", (value, "bold $accent"),
                            f"  {option.meaning}", (f"\n  Source: {option.source}{mark}", "dim"))


def matches(words: list[str], *texts: str) -> bool:
    """Every typed word appears somewhere in the texts (case-insensitive)."""
    haystack = " ".join(texts).casefold()
    return all(word in haystack for word in words)


class RulesScreen(Screen[None]):
    """The rules in force first, then every option's value; the search box filters both."""

    DEFAULT_CSS = """
    RulesScreen #search { margin: 0 1; }
    RulesScreen #rules { height: 1fr; border: round $primary 50%; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "Back")]

    def __init__(self, options: Mapping[str, str], edition: str, rulebook: str) -> None:
        super().__init__()
        self.options = options
        self.edition = edition
        self.rulebook = rulebook
        self.rules = rules_in_force(options, edition)

    def compose(self) -> ComposeResult:
        yield Header(icon="▤")
        yield Input(placeholder="search the rules: a word such as uno, challenge, draw",
                    id="search")
        yield OptionList(id="rules")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Rules in force"
        self.sub_title = f"{self.edition} edition · {self.rulebook} rulebook"
        self._filter("")
        self.query_one("#search", Input).focus()

    @on(Input.Changed, "#search")
    def _search(self, event: Input.Changed) -> None:
        self._filter(event.value)

    def _filter(self, typed: str) -> None:
        words = typed.casefold().split()
        shown: list[Option] = [Option(rule_entry(r)) for r in self.rules
                               if matches(words, r.id, r.text, r.source)]
        specs = option_specs()
        shown += [Option(option_entry(key, value)) for key, value in self.options.items()
                  if matches(words, key, value, specs[key].meaning, specs[key].source)]
        listing = self.query_one("#rules", OptionList)
        listing.clear_options()
        listing.add_options(shown)
        count = len(shown)
        listing.border_title = (f"{count} match{'es' if count != 1 else ''}" if words
                                else f"{len(self.rules)} rules, {len(self.options)} options")

    def action_back(self) -> None:
        self.dismiss(None)
