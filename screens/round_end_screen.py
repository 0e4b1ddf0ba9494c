"""Round end: each hand left, as cards (checked live against the tracked count) or as points."""

from __future__ import annotations

from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Header, Input, Label, Static

from referee.engine import Referee
from referee.engine.events import HandRevealed
from referee.i18n import N_, _, ngettext
from referee.notation import NotationError, from_keyboard, parse_move
from referee.render import render
from referee.service import SessionError

from . import glyphs
from .literal import filled, literal
from .prose import Prose
from .score_sheet_screen import ScoreSheetScreen
from .sitting import Sitting
from .widgets.footer import Footer
from .widgets.line_input import own_binding


def check_hand(ref: Referee, name: str, typed: str) -> tuple[bool, str]:
    """Whether `typed` can be `name`'s hand, and what it comes to, for the live check: the
    referee's own ruling on the `hand` line, changing nothing."""
    ok, text, _points = hand_value(ref, name, typed)
    return ok, text


def hand_value(ref: Referee, name: str, typed: str) -> tuple[bool, str, int]:
    """`check_hand`, and the points the hand comes to (0 if it does not check)."""
    value = from_keyboard(typed, ref.players).strip()
    if not value:
        return False, _("cards (e.g. 'r5 g+2 w') or a points total (e.g. '27')"), 0
    try:
        event = parse_move(f"hand {name}: {value}", ref.header)
    except NotationError as exc:
        return False, exc.message, 0
    assert isinstance(event, HandRevealed)
    ruling = ref.check(event)
    if not ruling.ok:
        return False, render(ruling.parts), 0
    if event.cards is None:
        points = event.points or 0
        return True, _("{points} points, as a total").format(points=points), points
    points = ref.deck.points(event.cards)
    return (
        True,
        _("{cards} card(s), {points} points").format(cards=len(event.cards), points=points),
        points,
    )


class HandBox(Input):
    """A hand's box: Enter (or Tab) moves on to the next hand at once, in the order the keys
    came.

    A terminal delivers a burst of keys (`r5⏎g2⏎`) faster than the screen handles Enter, and the
    app hands each key to the box that had the focus when it came: the keys typed after an
    Enter reach this box even though they belong to the next hand. So the box moves the focus
    itself at the Enter, and passes on the keys it gets after it.
    """

    async def _on_key(self, event: events.Key) -> None:
        focused = self.screen.focused
        if focused is not self and focused is not None:
            # Typed after this box's Enter or Tab: for the box (or button) that has the focus.
            event.stop()
            event.prevent_default()
            passed = events.Key(event.key, event.character)
            passed.set_sender(self.app)
            focused.post_message(passed)
            return
        if event.key in ("tab", "shift+tab"):
            # At once too: Textual would move the focus only once the key reached the app,
            # after this box had taken the next hand's first keys (`27⇥r9` gave `27r9`).
            event.stop()
            event.prevent_default()
            if event.key == "tab":
                self.screen.focus_next()
            else:
                self.screen.focus_previous()
            return
        if event.key == "enter":
            event.stop()
            event.prevent_default()
            boxes = list(self.screen.query(HandBox))
            index = boxes.index(self)
            if index + 1 < len(boxes):
                # At once, not later as `focus()` does: the next key may be for that box.
                self.screen.set_focus(boxes[index + 1])
            self.post_message(self.Submitted(self, self.value, None))
        else:
            await own_binding(self, event)

    async def action_submit(self) -> None:
        # Enter is handled as it comes (`_on_key`); this runs only when called by name.
        self.post_message(self.Submitted(self, self.value, None))


class RoundEndScreen(Screen[None]):
    """One row per hand still to enter; recording them all opens the updated score sheet."""

    DEFAULT_CSS = """
    RoundEndScreen #intro { padding: 0 1; margin-bottom: 1; }
    RoundEndScreen .hand { height: 3; padding: 0 1; }
    RoundEndScreen .hand Label { width: 24; height: 3; content-align: left middle; }
    RoundEndScreen .hand Input { width: 1fr; }
    RoundEndScreen .check { height: auto; padding: 0 1 0 26; color: $text-muted; }
    RoundEndScreen .check.-ok { color: $success; }
    RoundEndScreen .check.-bad { color: $error; }
    RoundEndScreen #buttons { height: 3; padding: 0 1; align-horizontal: right; }
    RoundEndScreen #buttons Button { margin-left: 2; }
    RoundEndScreen #problem { padding: 0 1; color: $error; height: auto; }
    RoundEndScreen #problem.-ok { color: $success; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Back to the table")),
        Binding("f2", "record", N_("Record hands")),
    ]

    def __init__(self, sitting: Sitting) -> None:
        super().__init__()
        self.sitting = sitting
        ref = sitting.referee
        self.players = list(ref.missing_hands())
        self.winner = ref.winner

    def compose(self) -> ComposeResult:
        ref = self.sitting.referee
        table = ref.table
        self.title = _("Round end")
        self.sub_title = self.sitting.label()
        yield Header(icon=glyphs.current().icon)
        with VerticalScroll():
            intro = _(
                "Round {round}: [b]$winner[/] went out. Enter each hand left: its cards, "
                "or a points total."
            ).format(round=ref.round_no)
            yield Static(Prose(filled(intro, winner=self.winner or "?")), id="intro")
            for index, name in enumerate(self.players):
                count = table.hands[table.players.index(name)] if table else None
                held = (
                    "$name"
                    if count is None
                    else ngettext(
                        "$name [dim]({n} card)[/]", "$name [dim]({n} cards)[/]", count
                    ).format(n=count)
                )
                with Horizontal(classes="hand"):
                    yield Label(filled(held, name=name))
                    yield HandBox(placeholder=_("r5 g+2 w   or   27"), id=f"hand-{index}")
                yield Static("", id=f"check-{index}", classes="check")
            yield Static("", id="problem")
        with Horizontal(id="buttons"):
            yield Button(_("Back"), id="cancel")
            yield Button(_("Record hands"), id="record", variant="primary")
        yield Footer()

    async def recompose(self) -> None:
        # A language switch draws the hands anew: what was typed in them stays.
        typed = (
            [self.query_one(f"#hand-{i}", Input).value for i in range(len(self.players))]
            if self.is_mounted
            else []
        )
        await super().recompose()
        for index, value in enumerate(typed):
            self.query_one(f"#hand-{index}", Input).value = value
        self._check_all()

    def on_mount(self) -> None:
        self._check_all()
        if self.players:
            self.query_one("#hand-0", Input).focus()

    def _check_all(self) -> None:
        for index in range(len(self.players)):
            self._check(index)
        self._sum_up()

    @on(Input.Changed)
    def _changed(self, event: Input.Changed) -> None:
        if event.input.id and event.input.id.startswith("hand-"):
            self._check(int(event.input.id.removeprefix("hand-")))
            self._sum_up()

    def _sum_up(self) -> None:
        """Once every hand checks, say so and what they come to: a message that some hands
        were not right must not outlive the fix."""
        ref = self.sitting.referee
        values = [
            hand_value(ref, name, self.query_one(f"#hand-{i}", Input).value)
            for i, name in enumerate(self.players)
        ]
        if values and all(ok for ok, _text, _points in values):
            total = sum(points for _ok, _text, points in values)
            self._problem(
                ngettext(
                    "Every hand adds up: {n} hand, {points} points in all. Enter on the last hand "
                    "(or F2) records it.",
                    "Every hand adds up: {n} hands, {points} points in all. Enter on the last hand "
                    "(or F2) records them.",
                    len(values),
                ).format(n=len(values), points=total),
                ok=True,
            )
        elif self.query_one("#problem", Static).has_class("-ok"):
            self._problem("")

    @on(Input.Submitted)
    def _next(self, event: Input.Submitted) -> None:
        # Enter moves down the hands (the box itself moves the focus); on the last one it
        # records them all, the last as it was when Enter came.
        index = int((event.input.id or "hand-0").removeprefix("hand-"))
        if index + 1 >= len(self.players):
            event.input.value = event.value
            self.action_record()

    def _check(self, index: int) -> bool:
        typed = self.query_one(f"#hand-{index}", Input).value
        ok, text = check_hand(self.sitting.referee, self.players[index], typed)
        check = self.query_one(f"#check-{index}", Static)
        check.update(Prose(literal((f"{glyphs.current().ok} " if ok else "") + text)))
        check.set_class(ok, "-ok")
        check.set_class(not ok and bool(typed.strip()), "-bad")
        return ok

    @on(Button.Pressed, "#record")
    def action_record(self) -> None:
        """Record every hand in seating order; stop at the first the engine refuses."""
        if not all([self._check(i) for i in range(len(self.players))]):
            self._problem(_("Some hands are not right yet: see the line under each."))
            return
        for index, name in enumerate(self.players):
            if name not in self.sitting.referee.missing_hands():
                continue  # recorded on an earlier try
            value = from_keyboard(self.query_one(f"#hand-{index}", Input).value).strip()
            try:
                result = self.sitting.record(f"hand {name}: {value}")
            except SessionError as exc:
                self._problem(exc.message)
                return
            if not result.ok:
                self._problem(
                    _("{name}: refused, nothing recorded for this hand: {message} [{rule}]").format(
                        name=name, message=render(result.parts), rule=result.rule
                    )
                )
                self.query_one(f"#hand-{index}", Input).focus()
                return
        self.app.switch_screen(ScoreSheetScreen(self.sitting))

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)

    def _problem(self, text: str, ok: bool = False) -> None:
        problem = self.query_one("#problem", Static)
        problem.update(Prose(literal(text, lines=True)))
        problem.set_class(ok, "-ok")
