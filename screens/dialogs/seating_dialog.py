"""The next round's seating as proposed: the director swaps two players, then publishes it."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Input, Label, Static

from referee.event.seating import Seating, SeatingError, swap
from referee.i18n import N_, _

from ..literal import filled, literal
from .boxed_dialog import BoxedDialog


class SeatingDialog(BoxedDialog[Seating | None]):
    """Enter on an empty line publishes the seating; two names swap those players; Escape
    keeps the round unseated."""

    DEFAULT_CSS = """
    SeatingDialog > Vertical { width: 90; }
    SeatingDialog VerticalScroll { height: auto; max-height: 20; }
    SeatingDialog #problem { color: $error; height: auto; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Cancel"), show=False),
    ]

    def __init__(self, round_no: int, seating: Seating) -> None:
        super().__init__()
        self.round_no = round_no
        self.seating = seating

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(
                filled(
                    "[b]$title[/]", title=_("Round {round}: seating").format(round=self.round_no)
                )
            )
            with VerticalScroll():
                yield Static(id="tables")
            yield Static(
                literal(
                    _(
                        "Enter publishes it and opens the tables. To swap two players first, "
                        "type their names (Ann Bob) and Enter. Escape: not now."
                    ),
                    lines=True,
                )
            )
            yield Input(id="swap")
            yield Static("", id="problem")

    def on_mount(self) -> None:
        self._show()
        self.query_one("#swap", Input).focus()

    def _show(self) -> None:
        lines = [
            _("table {table}: {players}").format(table=n, players=", ".join(players))
            for n, players in enumerate(self.seating.tables, 1)
        ]
        self.query_one("#tables", Static).update(literal("\n".join(lines), lines=True))

    @on(Input.Submitted)
    def _typed(self, event: Input.Submitted) -> None:
        words = event.value.split()
        if not words:
            self.dismiss(self.seating)
            return
        problem = self.query_one("#problem", Static)
        if len(words) != 2:
            problem.update(literal(_("Type two names, like: Ann Bob")))
            return
        known = {p.casefold(): p for t in self.seating.tables for p in t}
        a, b = (known.get(w.casefold()) for w in words)
        if a is None or b is None:
            missing = words[0] if a is None else words[1]
            problem.update(literal(_("{name} is not seated in this round").format(name=missing)))
            return
        try:
            self.seating = swap(self.seating, a, b)
        except SeatingError:
            problem.update(literal(_("{name} is not seated in this round").format(name=a)))
            return
        problem.update("")
        event.input.value = ""
        self._show()

    def action_cancel(self) -> None:
        self.dismiss(None)
