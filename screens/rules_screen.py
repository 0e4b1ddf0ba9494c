"""The rulebook in force at this table, searchable by word, each rule with its source."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Header, Input, OptionList
from textual.widgets.option_list import Option

from referee.engine.option_names import option_name
from referee.engine.rules import Variant
from referee.engine.setup import option_specs, rules_in_force
from referee.engine.titles import edition_title, family_name
from referee.i18n import N_, _, ngettext
from referee.notation import from_keyboard, visible

from . import glyphs
from .prose import Prose
from .widgets import TABLE_DEFAULT
from .widgets.footer import Footer


def rule_entry(rule: Variant) -> Content:
    """A rule in the language in use: its id, its text, its source."""
    mark = f"\n  {_(TABLE_DEFAULT)}" if rule.table_default else ""
    # A Wild Customizable's rule is the text the table wrote on the card.
    source = _("Source: {source}").format(source=visible(_(rule.source)))
    return Content.assemble(
        (rule.id, "bold $accent"),
        "  ",
        visible(_(rule.text)),
        (f"\n  {source}", "dim"),
        (mark, "$warning"),
    )


def option_entry(key: str, value: str) -> Content:
    """An option in the language in use: its name, its key and value (as `[Rule]` writes
    them), its meaning, its source."""
    option = option_specs()[key]
    source = _("Source: {source}").format(source=_(option.source))
    if option.table_default:
        source = _("{source}; {mark}").format(source=source, mark=_(TABLE_DEFAULT))
    return Content.assemble(
        (option_name(key), "bold"),
        "  ",
        (key, "dim"),
        " = ",
        (value, "bold $accent"),
        f"  {_(option.meaning)}",
        (f"\n  {source}", "dim"),
    )


_KATAKANA = {code: code - 0x60 for code in range(0x30A1, 0x30F7)}
"""Each katakana letter's hiragana (ァ-ヶ to ぁ-ゖ): one search finds the word in either script."""


def folded(text: str) -> str:
    """Text as the search compares it: width and case folded (full-width `UNO`, `Uno`: uno),
    katakana as hiragana (`ウノ`: うの), so that a word is found however it was typed."""
    return unicodedata.normalize("NFKC", text).casefold().translate(_KATAKANA)


def search_words(typed: str) -> list[tuple[str, ...]]:
    """Each typed word with its other forms: as typed and, where it is one of the notation's
    words in Japanese (`うの`, `どろー`), that word (`uno`, `draw`), all `folded`."""
    return [
        tuple(dict.fromkeys((folded(word), folded(from_keyboard(word).strip()))))
        for word in folded(typed).split()
    ]


def matches(words: list[tuple[str, ...]], *texts: str) -> bool:
    """Every typed word appears, in one of its forms, somewhere in the texts (`folded`)."""
    haystack = folded(" ".join(texts))
    return all(any(form in haystack for form in forms) for forms in words)


class RulesScreen(Screen[None]):
    """The rules in force first, then every option's value; the search box filters both."""

    DEFAULT_CSS = """
    RulesScreen #search { margin: 0 1; }
    RulesScreen #rules { height: 1fr; border: round $primary 50%; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", N_("Back"))]

    def __init__(self, options: Mapping[str, str], edition: str, rulebook: str) -> None:
        super().__init__()
        self.options = options
        self.edition = edition
        self.rulebook = rulebook
        self.rules = rules_in_force(options, edition)

    def compose(self) -> ComposeResult:
        self.title = _("Rules in force")
        self.sub_title = _("{edition} {dot} {rulebook}").format(
            edition=edition_title(self.edition),
            dot=glyphs.current().dot,
            rulebook=family_name(self.rulebook),
        )
        yield Header(icon=glyphs.current().icon)
        yield Input(
            placeholder=_("search the rules: a word such as uno, challenge, draw"), id="search"
        )
        yield OptionList(id="rules")
        yield Footer()

    def on_mount(self) -> None:
        self._filter("")
        self.query_one("#search", Input).focus()

    async def recompose(self) -> None:
        # A language switch draws the rules anew in the new language; the search stays.
        typed = self.query_one("#search", Input).value if self.is_mounted else ""
        await super().recompose()
        search = self.query_one("#search", Input)
        with search.prevent(Input.Changed):
            search.value = typed
        self._filter(typed)
        search.focus()

    @on(Input.Changed, "#search")
    def _search(self, event: Input.Changed) -> None:
        self._filter(event.value)

    def _filter(self, typed: str) -> None:
        # What is shown is searched, and the English too: rule ids and the move language are
        # English words, and a word from the rulebook finds its rule in either language.
        words = search_words(typed)
        shown: list[Option] = [
            Option(Prose(rule_entry(r)))
            for r in self.rules
            if matches(words, r.id, r.text, r.source, _(r.text), _(r.source))
        ]
        specs = option_specs()
        shown += [
            Option(Prose(option_entry(key, value)))
            for key, value in self.options.items()
            if matches(
                words,
                option_name(key),
                key,
                value,
                specs[key].meaning,
                specs[key].source,
                _(specs[key].meaning),
                _(specs[key].source),
            )
        ]
        listing = self.query_one("#rules", OptionList)
        listing.clear_options()
        listing.add_options(shown)
        count = len(shown)
        listing.border_title = (
            ngettext("{n} match", "{n} matches", count).format(n=count)
            if words
            else _("{rules} rules, {options} options").format(
                rules=len(self.rules), options=len(self.options)
            )
        )

    def action_back(self) -> None:
        self.dismiss(None)
