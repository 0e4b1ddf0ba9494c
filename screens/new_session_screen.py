"""A new session: players in seating order, edition, rulebook, scoring, first dealer, options."""

from __future__ import annotations

import datetime
from typing import ClassVar, cast

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Collapsible, Header, Input, Label, Select, Static

from referee.engine.setup import editions, usual_rulebook, usual_scoring
from referee.engine.titles import edition_title
from referee.i18n import N_, _, current
from referee.service import SessionError, build_header

from . import glyphs
from .host import Host
from .literal import filled, text_cell
from .prose import Prose, prose
from .sitting import Keeping
from .widgets import OptionsForm, PlayerList
from .widgets.footer import Footer

SCORING_KINDS = (
    (N_("first to N points (target)"), "target", "500"),
    (N_("N rounds, Japanese table (rounds)"), "rounds", "5"),
    (N_("lowest total at N (lowest)"), "lowest", "500"),
    (N_("penalty points, out at N (penalty)"), "penalty", "500"),
    (N_("one round (none)"), "none", ""),
)
"""Label, scoring kind and the usual N."""

KEEPING = (
    (N_("every move: the referee rules on each card"), "track"),
    (N_("score only: who went out, then the hands left"), "score"),
)
"""How the rounds are kept, asked again as each round starts (each round may differ)."""

RULEBOOKS = (
    (N_("en: the English rules sheet"), "en"),
    (N_("jp: the Japanese manuals"), "jp"),
)
"""The rulebooks a session may play by (`[Rules]`), each with where its rules come from."""


class NewSessionScreen(Screen[None]):
    """Creates the session through the service, records `round 1` and its dealer, opens it."""

    CSS_PATH = "new_session_screen.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Cancel")),
        Binding("f2", "start", N_("Start session"), id="new.start"),
    ]

    AUTO_FOCUS = ""
    """Nothing has the focus until the form is mounted: the keys typed while it opens (F2 and
    the names in one burst) reach the screen, which gives them to the first field (`_on_key`)."""

    app: Host

    def __init__(self, today: datetime.date) -> None:
        super().__init__()
        self.today = today
        self._n_touched = False
        self._suggested = "target"
        """The scoring kind the form last set itself (the rulebook's usual)."""
        self._scoring_chosen = False
        """Someone picked a scoring: a change of rulebook no longer replaces it."""
        self._typed_ahead: list[events.Key] = []
        """Keys typed while the form was opening, for the first field once it is mounted."""

    def compose(self) -> ComposeResult:
        self.title = _("New session")
        self.sub_title = _("who plays, and by which rules")
        yield Header(icon=glyphs.current().icon)
        with VerticalScroll(id="form"):
            with Horizontal(classes="row"):
                yield Label(_("Event"))
                yield Input(placeholder=_("e.g. Friday UNO night"), id="event")
                yield Label(_("Date"), classes="second")
                yield Input(self.today.isoformat(), id="date", classes="short")
            yield Label(
                _(
                    "[b]Players[/], clockwise as seated: 2 to 10. Left of a player is the "
                    "next name."
                ),
                classes="heading",
            )
            yield PlayerList(id="players")
            with Horizontal(classes="row"):
                yield Label(_("Edition"))
                decks = [(edition_title(key), key) for key in editions()]
                yield Select(decks, value="classic", allow_blank=False, id="edition")
            with Horizontal(classes="row"):
                yield Label(_("Rulebook"))
                # A Japanese table plays by the Japanese manuals unless it says otherwise.
                yield Select(
                    [(_(label), rules) for label, rules in RULEBOOKS],
                    value=usual_rulebook(current()),
                    allow_blank=False,
                    id="rules",
                )
            with Horizontal(classes="row"):
                yield Label(_("Scoring"))
                kind, _space, limit = usual_scoring(usual_rulebook(current())).partition(" ")
                yield Select(
                    [(_(label), kind) for label, kind, _n in SCORING_KINDS],
                    value=kind,
                    allow_blank=False,
                    id="scoring",
                )
                yield Label("N", classes="second")
                yield Input(limit, type="integer", id="limit", classes="short")
            with Horizontal(classes="row"):
                yield Label(_("First dealer"))
                yield Select([], prompt=_("add players first"), id="dealer")
            with Horizontal(classes="row"):
                yield Label(_("Rounds"))
                yield Select(
                    [(_(label), keeping) for label, keeping in KEEPING],
                    value="track",
                    allow_blank=False,
                    id="keeping",
                )
            yield Static(
                prose(
                    _(
                        "Every move: type each card as it goes down; the referee rules on it "
                        "and settles disputes. Score only: at each round's end type who went "
                        "out and the hands left, a few entries a round. Asked again as each "
                        "round starts (F7), so rounds of both kinds may be mixed."
                    )
                ),
                id="keeping-help",
            )
            with Collapsible(
                title=_("Rule options: the rulebook's defaults, each with its meaning and source"),
                id="options-box",
            ):
                yield OptionsForm(usual_rulebook(current()), id="options")
        yield Static("", id="problem")
        with Horizontal(id="buttons"):
            yield Button(_("Cancel"), id="cancel")
            yield Button(_("Start session"), id="start", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        box = self.query_one("#players #name", Input)
        # Focused now, not later: its Focus event (which selects what the box holds) comes
        # before the keys below, which would otherwise be typed over.
        self.set_focus(box)
        # The keys typed while the form opened, in the order they came, before any typed now.
        for key in self._typed_ahead:
            box.post_message(key)
        self._typed_ahead.clear()

    async def _on_key(self, event: events.Key) -> None:
        # A key sent to the screen while the form was opening, before anything had the focus;
        # the first field's box takes every character and Enter, so none of these comes from
        # it. A box still being mounted would drop it: the box takes it once it is there.
        if not (event.is_printable or event.key == "enter"):
            return
        box = self.query_one("#players #name", Input) if self.is_mounted else None
        if self.focused is not None and self.focused is not box:
            return  # from another field, which did not want it
        event.stop()
        event.prevent_default()
        key = events.Key(event.key, event.character)
        if box is not None:
            box.post_message(key)
        else:
            self._typed_ahead.append(key)

    async def recompose(self) -> None:
        # A language switch draws the form anew: what was typed and chosen so far stays.
        kept = self._kept() if self.is_mounted else None
        focused = self.focused
        await super().recompose()
        if kept is not None:
            self._restore(kept)
        if focused is not None and focused.id:
            self._focus_again(focused)

    def _focus_again(self, old: Widget) -> None:
        """The field being typed in keeps the focus, and the cursor its place (Ctrl+L in the
        middle of a name): not the text selected, as a new focus would, to be typed over."""
        found = self.query(f"#{old.id}")
        if not found:
            return
        widget = found.first()
        self.set_focus(widget)  # the Focus event is queued now: what follows runs after it
        if isinstance(old, Input) and isinstance(widget, Input):
            selection = old.selection
            widget.call_later(setattr, widget, "selection", selection)

    def _kept(self) -> dict[str, object]:
        form = self.query_one(OptionsForm)
        return {
            "players": list(self.query_one(PlayerList).players),
            "inputs": {
                i: self.query_one(f"#{i}", Input).value for i in ("event", "date", "limit", "name")
            },
            "selects": {
                i: self.query_one(f"#{i}", Select).value
                for i in ("edition", "rules", "scoring", "keeping")
            },
            "dealer": self.query_one("#dealer", Select).value,
            "options": (dict(form.values), set(form.touched)),
            "collapsed": self.query_one(Collapsible).collapsed,
        }

    def _restore(self, kept: dict[str, object]) -> None:
        seats = self.query_one(PlayerList)
        for name in kept["players"]:  # type: ignore[attr-defined]
            seats.add(name)
        self._seating()
        form = self.query_one(OptionsForm)
        values, touched = cast("tuple[dict[str, str], set[str]]", kept["options"])
        form.values, form.touched = dict(values), set(touched)
        for key, value in form.values.items():
            widget = form.query_one(f"#opt-{key}")
            if isinstance(widget, (Input, Select)):
                widget.value = value
        for name, value in kept["selects"].items():  # type: ignore[attr-defined]
            self.query_one(f"#{name}", Select).value = value
        if kept["dealer"] is not Select.NULL:
            self.query_one("#dealer", Select).value = kept["dealer"]
        for name, value in kept["inputs"].items():  # type: ignore[attr-defined]
            self.query_one(f"#{name}", Input).value = value
        self.query_one(Collapsible).collapsed = bool(kept["collapsed"])

    @on(PlayerList.PlayersChanged)
    def _seating(self) -> None:
        players = self.query_one(PlayerList).players
        dealer = self.query_one("#dealer", Select)
        if not dealer.query("#label"):
            # Names typed ahead can arrive before the dealer's box has composed its parts, and
            # Textual's Select fails as it shows a value then: it is set once they are there.
            if self.is_attached:
                self.call_after_refresh(self._seating)
            return
        current = dealer.value
        dealer.set_options([(text_cell(name), name) for name in players])
        if current in players:
            dealer.value = current
        elif players:
            dealer.value = players[0]

    @on(Select.Changed, "#edition, #rules")
    def _rulebook(self, event: Select.Changed) -> None:
        self.query_one(OptionsForm).follow(self._value("#rules"), self._value("#edition"))
        if event.select.id == "rules" and not self._scoring_chosen:
            # The rulebook's usual scoring (jp: five rounds), until someone picks one.
            kind, _space, limit = usual_scoring(self._value("#rules")).partition(" ")
            self._suggested = kind
            self.query_one("#scoring", Select).value = kind
            if limit and not self._n_touched:
                self.query_one("#limit", Input).value = limit

    @on(Select.Changed, "#scoring")
    def _scoring(self) -> None:
        kind = self._value("#scoring")
        if kind != self._suggested:
            self._scoring_chosen = True
        limit = self.query_one("#limit", Input)
        limit.disabled = kind == "none"
        if not self._n_touched:
            usual = next(n for _label, k, n in SCORING_KINDS if k == kind)
            limit.value = usual

    @on(Input.Changed, "#limit")
    def _limit_edited(self, event: Input.Changed) -> None:
        usual = {n for _label, _kind, n in SCORING_KINDS}
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
            self._problem(
                _(
                    "A session needs 2 to 10 players; {n} seated so far. Type a name "
                    "and press Enter to add one."
                ).format(n=len(players))
            )
            return
        rules, edition = self._value("#rules"), self._value("#edition")
        event = self.query_one("#event", Input).value.strip() or None
        date = self.query_one("#date", Input).value.strip() or None
        try:
            if date is not None:
                datetime.date.fromisoformat(date)
        except ValueError:
            self._problem(
                _("The date must be YYYY-MM-DD, e.g. {example}, not {typed}").format(
                    example=self.today.isoformat(), typed=repr(date)
                )
            )
            return
        try:
            header = build_header(
                ", ".join(players),
                edition,
                self.scoring(),
                rules,
                self.query_one(OptionsForm).overrides(rules, edition),
                event=event,
                date=date,
            )
            keeping: Keeping = "score" if self._value("#keeping") == "score" else "track"
            self.app.start_session(header, self._value("#dealer") or players[0], keeping)
        except SessionError as exc:
            self._problem(exc.message)

    def _problem(self, text: str) -> None:
        self.query_one("#problem", Static).update(Prose(filled("[b $error]$text[/]", text=text)))

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
