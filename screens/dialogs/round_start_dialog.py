"""A round's start: keep it move by move, or for the score only (who went out, the hands left)."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Button, Label, OptionList, Static
from textual.widgets.option_list import Option

from referee.i18n import N_, _

from ..literal import literal
from ..prose import prose
from ..sitting import Keeping
from .boxed_dialog import BoxedDialog

Kept = tuple[Keeping, str | None]
"""The choice: ("track", None), or ("score", the player who went out)."""


class RoundStartDialog(BoxedDialog[Kept | None]):
    """Asks how round `number` is kept; records nothing itself.

    `t` (or the button) tracks every move; a seat number, or the arrows and Enter, names who
    went out and keeps the score only. `keeping` is what the table chose last: it has the focus.
    """

    DEFAULT_CSS = """
    RoundStartDialog > Vertical { width: 64; }
    RoundStartDialog #track { width: 100%; margin-bottom: 1; }
    RoundStartDialog OptionList { height: auto; max-height: 12; }
    RoundStartDialog .why { color: $text-muted; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Cancel"), show=False),
        Binding("t", "track", N_("Track every move"), show=False, id="round.track"),
        *(Binding(str(seat % 10), f"seat({seat})", show=False) for seat in range(1, 11)),
    ]

    def __init__(self, number: int, players: tuple[str, ...], keeping: Keeping) -> None:
        super().__init__()
        self._number = number
        self._players = players
        self._keeping = keeping

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(_("[b]Round {number}: how is it kept?[/]").format(number=self._number))
            yield Button(_("Track every move (t)"), id="track", variant="primary")
            yield Static(
                prose(_("The referee rules on every card; the start card comes next.")),
                classes="why",
            )
            yield Label(_("[b]Score only[/]: who went out?"))
            yield OptionList(
                *(
                    Option(literal(f"{seat}  {name}"), id=name)
                    for seat, name in enumerate(self._players, 1)
                ),
                id="out",
            )
            yield Static(
                prose(
                    _(
                        "No moves, then the hands left (cards or a points total). A "
                        "seat number, or the arrows and Enter. Each round may be kept "
                        "either way."
                    )
                ),
                classes="why",
            )

    def on_mount(self) -> None:
        self.query_one("#out" if self._keeping == "score" else "#track").focus()

    @on(Button.Pressed, "#track")
    def action_track(self) -> None:
        self.dismiss(("track", None))

    @on(OptionList.OptionSelected, "#out")
    def _out(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(("score", str(event.option.id)))

    def action_seat(self, seat: int) -> None:
        if seat <= len(self._players):
            self.dismiss(("score", self._players[seat - 1]))

    def action_cancel(self) -> None:
        self.dismiss(None)
