"""Phones at the table: the scoreboard's QR code and address, served while the app runs."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from referee.i18n import N_, _, pgettext
from referee.notation import visible
from referee.table import CONFIRM_MODES, Confirm
from referee.web.errors import ServeError
from referee.web.process import ServeProcess

from ..literal import literal
from ..prose import Prose
from ..sitting import Sitting
from .qr_dialog import DARK, LIGHT, drawn

SERVE_KEY = N_("Phones")
"""The key's label on the table and the score sheet (F12)."""


CONFIRM_WORDS: dict[Confirm, Callable[[], str]] = {
    "all": lambda: _("Phones' moves: each waits for your Enter (c changes it)"),
    "plays": lambda: _(
        "Phones' moves: plays and draws of the player on turn go straight in; catches, "
        "challenges and hands wait for your Enter (c changes it)"
    ),
    "none": lambda: _("Phones' moves: every legal one goes straight in (c changes it)"),
}
"""How the table takes its phones' moves, in words made when shown (the language may change)."""


class ServeDialog(ModalScreen[None]):
    """Starts the scoreboard server (a child process) if it is not running, then shows its
    QR code; closing the dialog leaves it serving until the app quits or `s` stops it."""

    DEFAULT_CSS = f"""
    ServeDialog {{ align: center middle; }}
    ServeDialog > Vertical {{
        width: auto;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        align-horizontal: center;
        background: $surface;
        padding: 0 1;
        overflow-y: auto;
    }}
    ServeDialog #code {{ width: auto; height: auto; background: {LIGHT}; color: {DARK}; }}
    ServeDialog #about {{ width: auto; max-width: 78; }}
    ServeDialog #url {{ width: auto; max-width: 78; color: $text-muted; }}
    ServeDialog #problem {{ width: auto; max-width: 78; color: $error; }}
    ServeDialog #seats {{ width: auto; max-width: 78; }}
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,q,space", "close", N_("Close"), show=False),
        Binding("s", "stop", N_("Stop serving"), show=False),
        Binding("c", "confirm_mode", N_("Confirmation"), show=False),
    ]

    def __init__(self, server: ServeProcess, sitting: Sitting | None = None) -> None:
        super().__init__()
        self.server = server
        self.sitting = sitting

    def compose(self) -> ComposeResult:
        # The address and what keeps the code from being scanned come first: in a small
        # terminal the code is below them, and the address alone lets a phone in. The seats
        # follow the code, which fits 80x24 whole where its glyphs allow.
        with Vertical():
            yield Static(_("Starting the scoreboard..."), id="about")
            yield Static(id="url")
            yield Static(id="problem")
            yield Static(id="code", markup=False)
            yield Static(id="seats")

    def on_mount(self) -> None:
        self.query_one("#code").display = False
        self._show_seats()
        self._start()

    def _show_seats(self) -> None:
        """Who holds which seat, and how the phones' moves are taken (`c` changes it)."""
        seats = self.query_one("#seats", Static)
        sitting = self.sitting
        if sitting is None or sitting.read_only:
            seats.display = False
            return
        desk = sitting.phones()
        held = desk.seats.held()
        lines = [CONFIRM_WORDS[desk.confirm]()]
        lines.append(
            _("Seats held: {players}").format(
                players=pgettext("list", ", ").join(visible(p) for p in held)
            )
            if held
            else _("No seat taken yet: each player picks their own on the page.")
        )
        seats.update(Prose(literal("\n".join(lines), lines=True)))

    def action_confirm_mode(self) -> None:
        sitting = self.sitting
        if sitting is None or sitting.read_only:
            return
        desk = sitting.phones()
        modes = CONFIRM_MODES
        desk.confirm = modes[(modes.index(desk.confirm) + 1) % len(modes)]
        self._show_seats()

    @work(thread=True, exclusive=True)
    def _start(self) -> None:
        # A thread: the server's start-up takes a moment, and the table must not wait for it.
        try:
            url = self.server.start()
        except ServeError as exc:
            self.app.call_from_thread(self._failed, exc.message)
            return
        self.app.call_from_thread(self._show, url)

    def _show(self, url: str) -> None:
        self.query_one("#about", Static).update(
            _(
                "Scan with a phone or type the address: the live scoreboard, where each player "
                "takes their seat and proposes their own moves. c: how moves are confirmed; s: "
                "stop serving; Esc: close (it keeps serving until you quit)."
            )
            if self.sitting is not None and not self.sitting.read_only
            else _(
                "Scan with a phone for a live, read-only scoreboard of this session (anyone on "
                "this network with the code can read it). s: stop serving; Esc: close (it keeps "
                "serving "
                "until you quit)."
            )
        )
        code = self.query_one("#code", Static)
        drawing = drawn(url, self.app.size.width)
        code.update(drawing)
        code.display = True
        self.query_one("#url", Static).update(literal(url))
        # A code taller than the terminal cannot be scanned in pieces: say what to do.
        rows, height = len(str(drawing).splitlines()), self.app.size.height
        if rows > height:
            self.query_one("#problem", Static).update(
                _(
                    "The code needs {rows} rows and this terminal has {height}: make the window "
                    "taller or the font smaller to scan it, or type the address above."
                ).format(rows=rows, height=height)
            )

    def _failed(self, message: str) -> None:
        self.query_one("#about", Static).update(_("The scoreboard could not start."))
        self.query_one("#problem", Static).update(Prose(literal(message, lines=True)))

    def action_stop(self) -> None:
        self.server.stop()
        self.app.notify(_("The scoreboard is no longer served."))
        self.dismiss(None)

    def on_click(self) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
