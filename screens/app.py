"""The UNO Referee app: theme, global keys, palette commands, and the factory for CLI and tests."""

from __future__ import annotations

import datetime
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import ClassVar

from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.theme import Theme

from referee.engine.events import Header
from referee.notation import visible
from referee.service import Imported, SessionError, SessionLocked, SessionService

from .dialogs import ConfirmDialog, ImportDialog, QrDialog
from .help_screen import HelpScreen
from .new_session_screen import NewSessionScreen
from .samples import import_demo, samples_dir
from .sessions_screen import SessionsScreen
from .sitting import Sitting
from .table_screen import TableScreen

THEME = Theme(
    name="uno-table",
    primary="#e03a3e",
    secondary="#4a90d9",
    accent="#f5c518",
    warning="#f59e0b",
    error="#ef4444",
    success="#22c55e",
    foreground="#e6e6e6",
    background="#121417",
    surface="#1b1e23",
    panel="#252a31",
    dark=True,
)
"""The app's own theme, set explicitly: `$TEXTUAL_THEME` must not change the table or snapshots."""


class RefereeApp(App[None]):
    """Sessions first; a table on top of them while one is open."""

    TITLE = "UNO Referee"
    CSS_PATH = "app.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", "Help", id="app.help"),
    ]

    def __init__(self, service: SessionService, *, session_id: str | None = None,
                 today: Callable[[], datetime.date] = datetime.date.today,
                 samples: Path | None = None, cwd: Path | None = None) -> None:
        super().__init__()
        self.service = service
        self.today = today
        """Where new sessions get their default date; tests fix it."""
        self.samples = samples or samples_dir()
        self.cwd = cwd or Path.cwd()
        """Where import paths and exports are relative to."""
        self._first_session = session_id
        self.register_theme(THEME)
        self.theme = THEME.name

    def on_mount(self) -> None:
        self.push_screen(SessionsScreen())
        if self._first_session is not None:
            self.open_session(self._first_session)

    # Opening and creating sessions --------------------------------------------------------------

    def open_session(self, session_id: str, *, read_only: bool = False) -> TableScreen | None:
        """Push the table of a stored session; a lock held elsewhere offers to watch instead."""
        try:
            sitting = Sitting.open(self.service, session_id, read_only=read_only)
        except SessionLocked as exc:
            self.push_screen(
                ConfirmDialog("Session in use", f"{exc.message}\n\nWatch it read-only? The "
                              "table follows the moves recorded elsewhere.", "Watch"),
                lambda yes: self.open_session(session_id, read_only=True) if yes else None)
            return None
        except SessionError as exc:
            # A message may quote a name or a path: never markup, its controls visible.
            self.notify(visible(exc.message, lines=True), title="Cannot open the session",
                        severity="error", markup=False)
            return None
        table = TableScreen(sitting)
        self.push_screen(table)
        return table

    def new_session(self) -> None:
        self.push_screen(NewSessionScreen(self.today()))

    def start_session(self, header: Header, dealer: str) -> None:
        """Store a new session, record `round 1` and its dealer, and open its table.

        SessionError (a bad header, a disk problem) goes back to the form that called this.
        """
        sid = self.service.create(header)
        sitting = Sitting.open(self.service, sid)
        try:
            for line in ("round 1", f"dealer {dealer}"):
                sitting.record(line)
        except BaseException:
            sitting.close()  # the form shows the problem; the lock must not outlive it
            raise
        self.switch_screen(TableScreen(sitting))

    def open_demo(self) -> None:
        try:
            done = import_demo(self.service, self.samples)
        except (OSError, SessionError) as exc:
            self.notify(visible(str(getattr(exc, "message", exc)), lines=True), title="No demo",
                        severity="error", markup=False)
            return
        self.open_session(done.id)

    def import_file(self) -> None:
        self.push_screen(ImportDialog(self.service, self.cwd), self._imported)

    def _imported(self, done: Imported | None) -> None:
        if done is None:
            return
        if done.already:
            self.notify(f"This session was already stored as {done.id}: opened it.",
                        title="Already imported", markup=False)
        self.open_session(done.id)

    # Keys and the command palette ---------------------------------------------------------------

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("New session", "Seat the players and choose the rules",
                            self.new_session)
        yield SystemCommand("Open the demo table", "A four-player game in progress, to try "
                            "the app", self.open_demo)
        yield SystemCommand("Import a .uno file", "Store a session file and open it",
                            self.import_file)
        yield SystemCommand("Help: keys and moves", "Every key and the move language",
                            self.action_help)
        if isinstance(screen, TableScreen):
            yield from self._table_commands(screen)

    def _table_commands(self, table: TableScreen) -> Iterable[SystemCommand]:
        sitting = table.sitting
        yield SystemCommand("Undo last move", "Take back the last recorded move",
                            table.action_undo)
        yield SystemCommand("Score sheet", "Rounds, totals, chart, rulings and export",
                            table.action_sheet)
        yield SystemCommand("Export score sheet", "Write csv, md, html, json, uno, svg or png",
                            lambda: table.action_sheet(export=True))
        yield SystemCommand("Show QR code", "The standings for everyone's phone",
                            lambda: self._show_qr(sitting))
        yield SystemCommand("History and corrections", "Every move; undo or correct one",
                            table.action_history)
        yield SystemCommand("Rules in force", "The rulebook of this table, searchable",
                            table.action_rules)
        if sitting.referee.phase == "over":
            yield SystemCommand("Enter the hands", "The cards left at the round's end",
                                table.action_hands)

    def _show_qr(self, sitting: Sitting) -> None:
        sheet = sitting.sheet()
        if sheet is None:
            self.notify("A stored move no longer holds: correct it first (History)",
                        severity="error")
            return
        self.push_screen(QrDialog(sheet))


def build_app(data_dir: str | os.PathLike[str] | None = None, *, session_id: str | None = None,
              today: Callable[[], datetime.date] = datetime.date.today,
              samples: Path | None = None, cwd: Path | None = None) -> RefereeApp:
    """The app on a data folder (`--data-dir`, else `$UNO_REFEREE_HOME`, else the user folder)."""
    return RefereeApp(SessionService(data_dir), session_id=session_id, today=today,
                      samples=samples, cwd=cwd)


def run(data_dir: str | os.PathLike[str] | None = None, session_id: str | None = None) -> int:
    """Run the app in this terminal until the user quits; the exit status."""
    app = build_app(data_dir, session_id=session_id)
    app.run()
    return app.return_code or 0
