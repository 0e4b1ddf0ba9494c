"""A new session: players in seating order, edition, rulebook, scoring, first dealer, options."""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Collapsible, Footer, Header, Input, Label, Select, Static

from referee.engine.setup import editions
from referee.service import SessionError, build_header

from .literal import filled, text_cell
from .widgets import OptionsForm, PlayerList

if TYPE_CHECKING:
    from .app import RefereeApp

SCORING_KINDS = (
    ("first to N points (target)", "target", "500"),
    ("N rounds, Japanese table (rounds)", "rounds", "5"),
    ("lowest total at N (lowest)", "lowest", "500"),
    ("penalty points, out at N (penalty)", "penalty", "500"),
    ("one round (none)", "none", ""),
)
"""Label, scoring kind and the usual N."""


class NewSessionScreen(Screen[None]):
    """Creates the session through the service, records `round 1` and its dealer, opens it."""

    CSS_PATH = "new_session_screen.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("f2", "start", "Start session", id="new.start"),
    ]

    app: RefereeApp

    def __init__(self, today: datetime.date) -> None:
        super().__init__()
        self.today = today
        self._n_touched = False

    def compose(self) -> ComposeResult:
        yield Header(icon="▤")
        with VerticalScroll(id="form"):
            with Horizontal(classes="row"):
                yield Label("Event")
                yield Input(placeholder="e.g. Friday UNO night", id="event")
                yield Label("Date", classes="second")
                yield Input(self.today.isoformat(), id="date", classes="short")
            yield Label("[b]Players[/], clockwise as seated: 2 to 10. Left of a player is the "
                        "next name.", classes="heading")
            yield PlayerList(id="players")
            with Horizontal(classes="row"):
                yield Label("Edition")
                decks = [(e.deck.title, key) for key, e in editions().items()]
                yield Select(decks, value="classic",
                             allow_blank=False, id="edition")
            with Horizontal(classes="row"):
                yield Label("Rulebook")
                yield Select([("en: the English rules sheet", "en"),
                              ("jp: the Japanese manuals", "jp")], value="en",
                             allow_blank=False, id="rules")
            with Horizontal(classes="row"):
                yield Label("Scoring")
                yield Select([(label, kind) for label, kind, _ in SCORING_KINDS],
                             value="target", allow_blank=False, id="scoring")
                yield Label("N", classes="second")
                yield Input("500", type="integer", id="limit", classes="short")
            with Horizontal(classes="row"):
                yield Label("First dealer")
                yield Select([], prompt="add players first", id="dealer")
            with Collapsible(title="Rule options: the rulebook's defaults, each with its meaning "
                                   "and source", id="options-box"):
                yield OptionsForm(id="options")
        yield Static("", id="problem")
        with Horizontal(id="buttons"):
            yield Button("Cancel", id="cancel")
            yield Button("Start session", id="start", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "New session"
        self.sub_title = "who plays, and by which rules"
        self.query_one("#players #name", Input).focus()

    @on(PlayerList.PlayersChanged)
    def _seating(self) -> None:
        players = self.query_one(PlayerList).players
        dealer = self.query_one("#dealer", Select)
        current = dealer.value
        dealer.set_options([(text_cell(name), name) for name in players])
        if current in players:
            dealer.value = current
        elif players:
            dealer.value = players[0]

    @on(Select.Changed, "#edition, #rules")
    def _rulebook(self) -> None:
        self.query_one(OptionsForm).follow(self._value("#rules"), self._value("#edition"))

    @on(Select.Changed, "#scoring")
    def _scoring(self) -> None:
        kind = self._value("#scoring")
        limit = self.query_one("#limit", Input)
        limit.disabled = kind == "none"
        if not self._n_touched:
            usual = next(n for _, k, n in SCORING_KINDS if k == kind)
            limit.value = usual

    @on(Input.Changed, "#limit")
    def _limit_edited(self, event: Input.Changed) -> None:
        usual = {n for _, _, n in SCORING_KINDS}
        self._n_touched = event.value not in usual

    def _value(self, selector: str) -> str:
        value = self.query_one(selector, Select).value
        return "" if value is Select.NULL else str(value)

    def scoring(self) -> str:
        kind = self._value("#scoring")
        return kind if kind == "none" else f"{kind} {self.query_one('#limit', Input).value}"

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        players = self.query_one(PlayerList).players
        if len(players) < 2:
            self._problem(f"A session needs 2 to 10 players; {len(players)} seated so far. "
                          "Type a name and press Enter to add one.")
            return
        rules, edition = self._value("#rules"), self._value("#edition")
        event = self.query_one("#event", Input).value.strip() or None
        date = self.query_one("#date", Input).value.strip() or None
        try:
            if date is not None:
                datetime.date.fromisoformat(date)
        except ValueError:
            self._problem(f"The date must be YYYY-MM-DD, e.g. {self.today.isoformat()}, not "
                          f"{date!r}")
            return
        try:
            header = build_header(", ".join(players), edition, self.scoring(), rules,
                                  self.query_one(OptionsForm).overrides(rules, edition),
                                  event=event, date=date)
            self.app.start_session(header, self._value("#dealer") or players[0])
        except SessionError as exc:
            self._problem(exc.message)

    def _problem(self, text: str) -> None:
        self.query_one("#problem", Static).update(filled("[b $error]$text[/]", text=text))

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
