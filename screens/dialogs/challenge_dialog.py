"""A challenge of a draw card (a Wild Draw Four, Flip's Wild Draw Two or Wild Draw Color): who
challenges whom, what was in force before it, the rule that judges it, the verdict."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.markup import escape
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from referee.i18n import N_, _
from referee.notation import visible
from referee.render import card_name, colour_name, render
from referee.service import Recorded, SessionError

from ..glyphs import current
from ..literal import filled, literal
from ..prose import Prose, prose
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
        /* A longer rule text (Japanese wraps more) scrolls instead of hiding the buttons. */
        overflow-y: auto;
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

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Close"), show=False),
    ]

    def __init__(self, sitting: Sitting) -> None:
        super().__init__()
        self.sitting = sitting
        self.result: Recorded | None = None
        table = sitting.referee.table
        assert table is not None and table.pending is not None, "no Wild Draw Four to challenge"
        self.pending = table.pending
        names = table.players
        self.victim, self.offender = names[self.pending.victim], names[self.pending.offender]
        self._said: tuple[Callable[[], str], bool] | None = None
        """The last answer shown (its words made in the language in use) and if it refused."""

    def _lines(self) -> tuple[Content, Content, Content]:
        """Who challenges whom, what was in force before the card, and the rule in force."""
        ref, pending = self.sitting.referee, self.pending
        color = pending.prev_color
        swatch = f"[{CARD_COLORS.get(color or '', 'white')}]{current().swatch}[/]"
        top = card_name(pending.prev_top) if pending.prev_top else _("no card")
        named = colour_name(color).upper() if color else _("none").upper()
        legal = "playable" if ref.options.wd4_playable else "color"
        # The referee says which rule judges this card (Flip's cards have their own).
        rule_id = ref.challenge_rule()
        rule = ref.rule(rule_id) if rule_id is not None else None
        assert rule is not None, "a challengeable card waits"
        # A translation is words around `{fields}`: escaped, so that its words are never
        # markup; names and the rule's text go in as template variables, shown as written.
        who = escape(
            _("{victim} challenges {offender}'s {card}; {offender} held {held} card(s) then.")
        )
        # The names are bold where they are first named.
        who = (
            who.replace("{victim}", "[b]$victim[/]", 1)
            .replace("{offender}", "[b]$offender[/]", 1)
            .format(victim="$victim", offender="$offender", card="$card", held=pending.held)
        )
        before = escape(_("Before it: {top} on top, colour in force {swatch} {colour}")).format(
            top="[b]$top[/]", swatch=swatch, colour="[b]$colour[/]"
        )
        law = escape(_("Rule in force, {key} = {value}: {text} {source}")).format(
            key="wd4-legal", value=f"[b]{legal}[/]", text="$text", source="[dim]$source[/]"
        )
        return (
            filled(who, victim=self.victim, offender=self.offender, card=card_name(pending.card)),
            filled(before, top=top, colour=named),
            filled(law, text=_(rule.text), source=_("({source})").format(source=_(rule.source))),
        )

    def compose(self) -> ComposeResult:
        lines = self._lines()
        with Vertical():
            yield Label(
                _("Challenge of the {card}").format(card=card_name(self.pending.card)), id="title"
            )
            yield Static(lines[0])
            yield Static(lines[1])
            yield Static(lines[2], id="rule")
            with Horizontal(id="verdicts"):
                yield Button(_("Guilty"), id="guilty", variant="error")
                yield Button(_("Innocent"), id="innocent", variant="success")
                yield Button(_("Accept instead"), id="accept")
                yield Button(_("Cancel"), id="close")
            with Horizontal():
                yield Input(
                    placeholder=_("or the cards {name} showed, e.g. g5").format(
                        name=visible(self.offender)
                    ),
                    id="shown",
                )
                yield Button(_("Shown"), id="show", variant="primary")
            yield Static(
                prose(
                    _(
                        "Pick the verdict the table saw, or type the cards shown and "
                        "let the referee judge."
                    )
                ),
                id="result",
            )

    def on_mount(self) -> None:
        self._set_up()

    def _set_up(self) -> None:
        if self._said is not None:
            self._say(*self._said)
        if self.result is not None:
            self._done()
        else:
            self.query_one("#guilty", Button).focus()

    async def language_changed(self) -> None:
        """Compose the dialog again in the language in use; the cards typed and the ruling
        stay."""
        typed = self.query_one("#shown", Input).value
        await self.recompose()
        self.query_one("#shown", Input).value = typed
        self._set_up()

    @on(Button.Pressed, "#guilty, #innocent")
    def _verdict(self, event: Button.Pressed) -> None:
        self._record(f"{self.victim}: challenge {event.button.id}")

    @on(Button.Pressed, "#accept")
    def _accept(self) -> None:
        self._record(f"{self.victim}: accept")

    @on(Input.Submitted, "#shown")
    def _entered(self, event: Input.Submitted) -> None:
        # The cards as they were at the Enter, not with what was typed after them.
        self._shown(event.value)

    @on(Button.Pressed, "#show")
    def _pressed(self) -> None:
        self._shown(self.query_one("#shown", Input).value)

    def _shown(self, typed: str) -> None:
        cards = typed.strip()
        if not cards:
            self._say(
                lambda: _("Type the cards shown (e.g. 'g5'), or pick a verdict."), refused=True
            )
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
            problem = exc.message
            self._say(lambda: problem, refused=True)
            return
        if not result.ok:
            self._say(
                lambda: _("Refused, nothing recorded: {ruling} [{rule}]").format(
                    ruling=render(result.parts), rule=result.rule
                ),
                refused=True,
            )
            return
        self.result = result
        after_table = self.sitting.referee.table
        after = (
            dict(zip(after_table.players, after_table.hands, strict=True)) if after_table else {}
        )
        changed = [
            (name, before[name], after[name])
            for name in before
            if name in after and after[name] != before[name]
        ]
        self._say(lambda: self._ruling(result, changed), refused=False)
        self._done()

    def _ruling(self, result: Recorded, changed: list[tuple[str, int, int]]) -> str:
        """The stored ruling (put into words from its data each time: it follows the
        language), and whose hand it changed."""
        ruling = render(result.parts)
        text = _("#{seq} {move}: {ruling} [{rule}]").format(
            seq=result.seq, move=result.text, ruling=ruling, rule=result.rule
        )
        if changed:
            arrow = current().arrow
            changes = "; ".join(
                _("{name} {before} {arrow} {after} cards").format(
                    name=name, before=old, arrow=arrow, after=new
                )
                for name, old, new in changed
            )
            text += "\n" + _("Cards: {changes}").format(changes=changes)
        return text

    def _done(self) -> None:
        """The challenge is recorded: only closing is left."""
        for button in self.query("#verdicts Button, #show"):
            button.disabled = button.id != "close"
        self.query_one("#shown", Input).disabled = True
        close = self.query_one("#close", Button)
        close.label = _("Done")
        close.variant = "primary"
        close.focus()

    def _say(self, text: Callable[[], str], refused: bool) -> None:
        self._said = (text, refused)
        result = self.query_one("#result", Static)
        result.update(Prose(literal(text(), lines=True)))
        result.set_class(refused, "-refused")
        result.set_class(not refused, "-ruled")
