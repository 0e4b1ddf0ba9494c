"""The rules of a session in play: the new-session form's rule fields, to change them
before the first card (and the scoring's number after it)."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Collapsible, Input, Label, Select, Static

from referee.engine.events import Header
from referee.engine.setup import editions, resolve
from referee.engine.titles import edition_title
from referee.i18n import N_, _
from referee.service import header_changes

from .dialogs.boxed_dialog import BoxedDialog
from .new_session_screen import RULEBOOKS, SCORING_KINDS
from .prose import prose
from .widgets import OptionsForm


class RulesChangeDialog(BoxedDialog[list[str] | None]):
    """Shows the header in force in the new-session form's fields; Apply (F2) dismisses with
    the `set` lines that make the changes (the table records them, and the referee rules on
    each). After the first card only the scoring's number can be edited."""

    DEFAULT_CSS = """
    RulesChangeDialog > Vertical { width: 76; max-height: 100%; }
    RulesChangeDialog .row { height: 3; }
    RulesChangeDialog .row Label { width: 12; height: 3; content-align: left middle; }
    RulesChangeDialog .row Label.second { width: auto; padding: 0 1 0 2; }
    RulesChangeDialog .row Select { width: 1fr; }
    RulesChangeDialog #limit { width: 12; }
    RulesChangeDialog #rules-form { height: auto; max-height: 12; }
    RulesChangeDialog .why { color: $text-muted; margin-bottom: 1; }
    RulesChangeDialog #buttons { height: 3; align-horizontal: right; }
    RulesChangeDialog #buttons Button { margin-left: 2; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Cancel"), show=False),
        Binding("f2", "apply", N_("Apply"), id="rules_change.apply"),
    ]

    def __init__(self, header: Header, open_to_all: bool) -> None:
        super().__init__()
        self._header = header
        self._open = open_to_all
        """Before the first card: every field; after it, the scoring's number only."""

    def compose(self) -> ComposeResult:
        h = self._header
        kind, _space, limit = h.scoring.partition(" ")
        locked = not self._open
        with Vertical():
            yield Label(_("[b]The rules of this session[/]"))
            yield Static(
                prose(
                    _(
                        "Until the first card of round 1, the edition, rulebook, scoring and "
                        "options can be changed. Each change is recorded like a move (F6 "
                        "undoes it)."
                    )
                    if self._open
                    else _(
                        "The first card is played: only the scoring's number can change now "
                        "(more rounds, or a limit no one has reached)."
                    )
                ),
                classes="why",
            )
            with VerticalScroll(id="rules-form"):
                with Horizontal(classes="row"):
                    yield Label(_("Edition"))
                    decks = [(edition_title(key), key) for key in editions()]
                    yield Select(
                        decks, value=h.edition, allow_blank=False, id="edition", disabled=locked
                    )
                with Horizontal(classes="row"):
                    yield Label(_("Rulebook"))
                    yield Select(
                        [(_(label), rules) for label, rules in RULEBOOKS],
                        value=h.rules,
                        allow_blank=False,
                        id="rules",
                        disabled=locked,
                    )
                with Horizontal(classes="row"):
                    yield Label(_("Scoring"))
                    yield Select(
                        [(_(label), k) for label, k, _n in SCORING_KINDS],
                        value=kind,
                        allow_blank=False,
                        id="scoring",
                        disabled=locked,
                    )
                    yield Label("N", classes="second")
                    yield Input(limit, type="integer", id="limit", disabled=kind == "none")
                with Collapsible(title=_("Rule options"), id="options-box"):
                    form = OptionsForm(h.rules, id="options")
                    form.values = dict(resolve(h.rules, h.edition, h.overrides))
                    form.touched = {key for key, _value in h.overrides}
                    form.disabled = locked
                    yield form
            with Horizontal(id="buttons"):
                yield Button(_("Cancel"), id="cancel")
                yield Button(_("Apply (F2)"), id="apply", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#rules" if self._open else "#limit").focus()

    @on(Select.Changed, "#edition, #rules")
    def _rulebook(self) -> None:
        self.query_one(OptionsForm).follow(self._value("#rules"), self._value("#edition"))

    @on(Select.Changed, "#scoring")
    def _scoring(self) -> None:
        self.query_one("#limit", Input).disabled = self._value("#scoring") == "none"

    def _value(self, selector: str) -> str:
        value = self.query_one(selector, Select).value
        return "" if value is Select.NULL else str(value)

    def changes(self) -> list[str]:
        """The `set` lines the fields ask for (none when nothing changed)."""
        rules, edition, kind = (
            self._value("#rules"),
            self._value("#edition"),
            self._value("#scoring"),
        )
        scoring = kind if kind == "none" else f"{kind} {self.query_one('#limit', Input).value}"
        form = self.query_one(OptionsForm)
        wanted = dict(form.overrides(rules, edition))
        for key, value in self._header.overrides:
            # An option set to its default stays set: no line for what did not change.
            if form.values.get(key) == value:
                wanted.setdefault(key, value)
        return header_changes(self._header, edition, rules, scoring, list(wanted.items()))

    @on(Button.Pressed, "#apply")
    def action_apply(self) -> None:
        self.dismiss(self.changes())

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
