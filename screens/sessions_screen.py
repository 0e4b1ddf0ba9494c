"""Start-up: the stored sessions (new, resume, import, delete) and, with none yet, the demo."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, DataTable, Footer, Header, Static

from referee.service import SessionError, SessionInfo

from .dialogs import ConfirmDialog
from .literal import filled, literal, text_cell

if TYPE_CHECKING:
    from .app import RefereeApp


def describe(info: SessionInfo) -> str:
    """One session in a sentence, for the delete question."""
    what = [info.event] if info.event else []
    what += [", ".join(info.players), f"{info.moves} moves", info.status]
    return "; ".join(what)


class SessionsScreen(Screen[None]):
    """The session list, newest activity first; Enter resumes the highlighted one."""

    CSS_PATH = "sessions_screen.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f2", "new", "New", id="sessions.new"),
        Binding("f3", "import", "Import", id="sessions.import"),
        Binding("f4", "demo", "Demo", id="sessions.demo"),
        Binding("delete", "delete", "Delete", id="sessions.delete"),
    ]

    app: RefereeApp

    def __init__(self) -> None:
        super().__init__()
        self.infos: list[SessionInfo] = []

    def compose(self) -> ComposeResult:
        yield Header(icon="▤")
        with Vertical(id="empty"):
            yield Static("", id="welcome")
            with Horizontal():
                yield Button("Open the demo table", id="demo", variant="primary")
                yield Button("New session", id="new")
                yield Button("Import a .uno file", id="import")
        table: DataTable[Text] = DataTable(id="sessions", cursor_type="row", zebra_stripes=True)
        # What tells sessions apart first, so that 80 columns show it; the rest scrolls.
        for label, key in (("Date", "date"), ("Players", "players"), ("Status", "status"),
                           ("Leader", "leader"), ("Game", "game"), ("Id", "id")):
            table.add_column(label, key=key)
        yield table
        with Horizontal(id="actions"):
            yield Button("Resume", id="resume", variant="primary")
            yield Button("New", id="new-2")
            yield Button("Import", id="import-2")
            yield Button("Delete", id="delete", variant="error")
        yield Static("", id="problem")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "UNO Referee"
        self.sub_title = "sessions"
        self.reload()

    def on_screen_resume(self) -> None:
        self.reload()

    def reload(self, select: str | None = None) -> None:
        """Read the list from the service; keep (or move) the highlighted row."""
        listing = self.app.service.list()
        table = self.query_one("#sessions", DataTable)
        current = select or self.selected()
        self.infos = list(listing.sessions)
        table.clear()
        for info in self.infos:
            status = info.status + (f", round {info.round}" if info.round else "")
            # Text cells: a name is shown as typed, never read as markup.
            cells = (info.date or info.created[:10], ", ".join(info.players), status,
                     info.leader or "-", f"{info.edition} {info.rules} · {info.scoring}")
            table.add_row(*map(text_cell, cells), Text(info.id, style="dim"), key=info.id)
        empty = not self.infos
        self.set_class(empty, "-empty")
        self.query_one("#welcome", Static).update(filled(
            "[b]No stored sessions yet.[/] Open the demo table to see a game in progress, start "
            "a new session, or import a .uno file.\n[dim]Sessions are kept in $root[/]",
            root=self.app.service.root))
        self.query_one("#problem", Static).update(
            literal("\n".join(listing.warnings), lines=True))
        if empty:
            self.query_one("#demo", Button).focus()
            return
        ids = [info.id for info in self.infos]
        if current in ids:
            table.move_cursor(row=ids.index(current))
        table.focus()

    def selected(self) -> str | None:
        table = self.query_one("#sessions", DataTable)
        if not self.infos or table.cursor_row is None or table.cursor_row >= len(self.infos):
            return None
        return self.infos[table.cursor_row].id

    def _problem(self, text: str) -> None:
        self.query_one("#problem", Static).update(filled("[b $error]$text[/]", text=text))

    @on(DataTable.RowSelected, "#sessions")
    @on(Button.Pressed, "#resume")
    def action_resume(self) -> None:
        sid = self.selected()
        if sid is not None:
            self.app.open_session(sid)

    @on(Button.Pressed, "#new, #new-2")
    def action_new(self) -> None:
        self.app.new_session()

    @on(Button.Pressed, "#import, #import-2")
    def action_import(self) -> None:
        self.app.import_file()

    @on(Button.Pressed, "#demo")
    def action_demo(self) -> None:
        self.app.open_demo()

    @on(Button.Pressed, "#delete")
    def action_delete(self) -> None:
        sid = self.selected()
        if sid is None:
            return
        info = next(i for i in self.infos if i.id == sid)
        self.app.push_screen(
            ConfirmDialog("Delete this session?", f"Session {sid} ({describe(info)}) will be "
                          "deleted for good. This cannot be undone."),
            lambda yes: self._delete(sid) if yes else None)

    def _delete(self, sid: str) -> None:
        try:
            self.app.service.delete(sid)
        except SessionError as exc:
            self._problem(exc.message)
            return
        self.reload()
        self.app.notify(f"Deleted session {sid}", markup=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("delete", "resume"):
            return bool(self.infos)
        return True
