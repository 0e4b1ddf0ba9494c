"""The Wild Draw Four challenge: who challenges whom, what was in force before it, the verdict."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from referee.engine.cards import COLOR_NAMES
from referee.notation import visible
from referee.service import Recorded, SessionError

from ..literal import filled, literal
from ..sitting import Sitting
from ..widgets.card_view import CARD_COLORS


class ChallengeDialog(ModalScreen[Recorded | None]):
    """Records the challenge (or the accept) through the sitting and shows the ruling.

    Dismisses with the stored ruling, or None if nothing was recorded.
    """

    DEFAULT_CSS = """
    ChallengeDialog { align: center middle; }
    ChallengeDialog > Vertical {
        width: 76;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: thick $warning 80%;
        background: $surface;
        padding: 0 1;
    }
    ChallengeDialog #title { text-style: bold; color: $warning; }
    ChallengeDialog #rule { color: $text-muted; }
    ChallengeDialog Horizontal { height: auto; }
    ChallengeDialog Button { margin-right: 1; min-width: 10; }
    ChallengeDialog #shown { width: 1fr; }
    ChallengeDialog #result { height: auto; min-height: 2; }
    ChallengeDialog #result.-refused { color: $error; }
    ChallengeDialog #result.-ruled { color: $success; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", "Close", show=False)]

    def __init__(self, sitting: Sitting) -> None:
        super().__init__()
        self.sitting = sitting
        self.result: Recorded | None = None
        ref = sitting.referee
        table = ref.table
        assert table is not None and table.pending is not None, "no Wild Draw Four to challenge"
        pending = table.pending
        names = table.players
        self.victim, self.offender = names[pending.victim], names[pending.offender]
        color = pending.prev_color
        swatch = f"[{CARD_COLORS.get(color or '', 'white')}]■[/]"
        top = pending.prev_top.name if pending.prev_top else "no card"
        legal = "playable" if ref.options.wd4_playable else "color"
        rule = ref.rule("wd4-legal")
        assert rule is not None
        # Names and the rule's text go in as template variables: shown as written.
        self._lines = (
            filled(f"[b]$victim[/] challenges [b]$offender[/]'s {pending.card.name}; $offender "
                   f"held {pending.held} card(s) then.", victim=self.victim,
                   offender=self.offender),
            Content.from_markup(f"Before it: [b]{top}[/] on top, colour in force {swatch} "
                                f"[b]{COLOR_NAMES.get(color or '', 'none').upper()}[/]"),
            filled(f"Rule in force, wd4-legal = [b]{legal}[/]: $text [dim]($source)[/]",
                   text=rule.text, source=rule.source),
        )

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Wild Draw Four challenge", id="title")
            yield Static(self._lines[0])
            yield Static(self._lines[1])
            yield Static(self._lines[2], id="rule")
            with Horizontal(id="verdicts"):
                yield Button("Guilty", id="guilty", variant="error")
                yield Button("Innocent", id="innocent", variant="success")
                yield Button("Accept instead", id="accept")
                yield Button("Cancel", id="close")
            with Horizontal():
                yield Input(placeholder=f"or the cards {visible(self.offender)} showed, e.g. g5",
                            id="shown")
                yield Button("Shown", id="show", variant="primary")
            yield Static("Pick the verdict the table saw, or type the cards shown and let the "
                         "referee judge.", id="result")

    def on_mount(self) -> None:
        self.query_one("#guilty", Button).focus()

    @on(Button.Pressed, "#guilty, #innocent")
    def _verdict(self, event: Button.Pressed) -> None:
        self._record(f"{self.victim}: challenge {event.button.id}")

    @on(Button.Pressed, "#accept")
    def _accept(self) -> None:
        self._record(f"{self.victim}: accept")

    @on(Button.Pressed, "#show")
    @on(Input.Submitted, "#shown")
    def _shown(self) -> None:
        cards = self.query_one("#shown", Input).value.strip()
        if not cards:
            self._say("Type the cards shown (e.g. `g5`), or pick a verdict.", refused=True)
            return
        self._record(f"{self.victim}: challenge shows {cards}")

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        self.dismiss(self.result)

    def _record(self, line: str) -> None:
        ref = self.sitting.referee
        table = ref.table
        before = dict(zip(table.players, table.hands, strict=True)) if table else {}
        try:
            result = self.sitting.record(line)
        except SessionError as exc:
            self._say(exc.message, refused=True)
            return
        if not result.ok:
            self._say(f"Refused, nothing recorded: {result.message} [{result.rule}]",
                      refused=True)
            return
        self.result = result
        after_table = self.sitting.referee.table
        after = dict(zip(after_table.players, after_table.hands, strict=True)) \
            if after_table else {}
        changes = [f"{name} {before[name]} → {after[name]} cards" for name in before
                   if name in after and after[name] != before[name]]
        penalty = f"\nCards: {'; '.join(changes)}" if changes else ""
        self._say(f"#{result.seq} {result.text}: {result.message} [{result.rule}]{penalty}",
                  refused=False)
        for button in self.query("#verdicts Button, #show"):
            button.disabled = button.id != "close"
        self.query_one("#shown", Input).disabled = True
        close = self.query_one("#close", Button)
        close.label = "Done"
        close.variant = "primary"
        close.focus()

    def _say(self, text: str, refused: bool) -> None:
        result = self.query_one("#result", Static)
        result.update(literal(text, lines=True))
        result.set_class(refused, "-refused")
        result.set_class(not refused, "-ruled")
