"""A missed UNO caught: who is caught (the catch key again moves on) and who caught them."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from referee.i18n import N_, _

from ..literal import filled, literal
from .boxed_dialog import BoxedDialog


class CatchDialog(BoxedDialog[tuple[str, str] | None]):
    """Dismisses with (catcher, move line) as chosen, or None; records nothing itself.

    `lines` is the referee's answer (`hints.catch_lines`): per player who can be caught, the
    line for each player who could catch them. The last catcher starts highlighted; a seat
    number picks a catcher at once.
    """

    DEFAULT_CSS = """
    CatchDialog > Vertical { width: 56; }
    CatchDialog #target { margin-bottom: 1; }
    CatchDialog OptionList { height: auto; max-height: 12; }
    CatchDialog #how { color: $text-muted; margin-top: 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Cancel"), show=False),
        Binding(
            "c,f4", "next_target", N_("Next player to catch"), show=False, id="catch.next_target"
        ),
        *(Binding(str(seat % 10), f"seat({seat})", show=False) for seat in range(1, 11)),
    ]

    def __init__(
        self,
        lines: dict[str, dict[str, str]],
        players: tuple[str, ...],
        last: str | None = None,
        target: str | None = None,
    ) -> None:
        super().__init__()
        self._lines = lines
        self._players = players
        self._last = last
        self._target = target if target in lines else next(iter(lines))

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(_("[b]Catch a missing UNO[/]"))
            yield Static(id="target")
            yield Label(_("Who caught them?"))
            yield OptionList(id="catchers")
            yield Static(id="how")

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        target = self._target
        others = len(self._lines) - 1
        self.query_one("#target", Static).update(
            filled(
                _("Caught: [b]$name[/]")
                if not others
                else _("Caught: [b]$name[/] (the catch key again: the next one)"),
                name=target,
            )
        )
        catchers = self.query_one("#catchers", OptionList)
        catchers.clear_options()
        by = self._lines[target]
        catchers.add_options(
            Option(literal(f"{self._players.index(name) + 1}  {name}"), id=name) for name in by
        )
        # The last catcher is likely to catch again; else the player the table waits on (as
        # given), else the first in seating order.
        names = list(by)
        catchers.highlighted = names.index(self._last) if self._last in by else 0
        catchers.focus()
        self.query_one("#how", Static).update(
            _(
                "Enter or a click: the highlighted player; a seat number: that player. Escape "
                "records nothing."
            )
        )

    @on(OptionList.OptionSelected, "#catchers")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self._pick(str(event.option.id))

    def _pick(self, catcher: str) -> None:
        line = self._lines[self._target].get(catcher)
        if line is not None:
            self.dismiss((catcher, line))

    def action_seat(self, seat: int) -> None:
        if seat <= len(self._players):
            self._pick(self._players[seat - 1])

    def action_next_target(self) -> None:
        targets = list(self._lines)
        self._target = targets[(targets.index(self._target) + 1) % len(targets)]
        self._show()

    def action_cancel(self) -> None:
        self.dismiss(None)
