"""Phones at the table: the scoreboard's QR code and address, served while the app runs."""

from __future__ import annotations

from typing import ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from referee.i18n import N_, _
from referee.web.errors import ServeError
from referee.web.process import ServeProcess

from ..literal import literal
from ..prose import Prose
from .qr_dialog import DARK, LIGHT, drawn

SERVE_KEY = N_("Phones")
"""The key's label on the table and the score sheet (F12)."""


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
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,q,space", "close", N_("Close"), show=False),
        Binding("s", "stop", N_("Stop serving"), show=False),
    ]

    def __init__(self, server: ServeProcess) -> None:
        super().__init__()
        self.server = server

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(_("Starting the scoreboard..."), id="about")
            yield Static(id="code", markup=False)
            yield Static(id="url")
            yield Static(id="problem")

    def on_mount(self) -> None:
        self.query_one("#code").display = False
        self._start()

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
