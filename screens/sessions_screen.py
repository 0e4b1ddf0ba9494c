"""Start-up: the stored sessions (new, resume, import, delete) and, with none yet, the demo."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, DataTable, Header, Static

from referee.engine.scoring import scoring_name
from referee.engine.titles import edition_title, family_name
from referee.i18n import N_, _, ngettext, pgettext
from referee.service import Listing, SessionError, SessionInfo, status_name
from referee.stats.days import local_day

from . import glyphs
from .host import Host
from .literal import filled, literal, text_cell
from .widgets.footer import Footer
from .widgets.seating import fit

COLUMNS = (
    ("date", N_("Date")),
    ("players", N_("Players")),
    ("status", N_("Status")),
    ("leader", N_("Leader")),
    ("id", N_("Id")),
    ("labels", N_("Labels")),
    ("game", N_("Game")),
)
"""What tells sessions apart first, so that 80 columns show it; the rest scrolls."""
LABELS_CELLS = 24
"""A session's labels are cut to this many cells, so that the game still shows beside them."""
HUB_LINE_SECONDS = 20.0
"""How often the hub's status line is said again (its "last sync ... ago" counts minutes)."""
PLAYERS_CELLS = 24
"""The players of a session are cut to this many cells, so that status, leader and id stay on
an 80-column screen however long the names."""

Read = tuple[Listing, dict[str, list[str]], str | None]
"""The stored sessions, each one's labels, and why the labels could not be read (or None)."""


def status_text(info: SessionInfo) -> str:
    """`playing, round 2`: the status, and the round once there is one."""
    word = status_name(info.status)
    if not info.round:
        return word
    return _("{status}, round {round}").format(status=word, round=info.round)


def game_text(info: SessionInfo) -> str:
    """The edition, the rulebook and the scoring, named in the language in use."""
    return _("{edition}, {rulebook}, {scoring}").format(
        edition=edition_title(info.edition),
        rulebook=family_name(info.rules),
        scoring=scoring_name(info.scoring),
    )


def players_text(players: tuple[str, ...] | list[str]) -> str:
    """The names as typed, in seating order."""
    return pgettext("list", ", ").join(players)


def delete_question(info: SessionInfo) -> str:
    """What deleting the session does, in a sentence that lets a person recognise it."""
    values = {
        "id": info.id,
        "event": info.event or "",
        "players": players_text(info.players),
        "n": info.moves,
        "status": status_text(info),
    }
    if info.event:
        return ngettext(
            "Session {id} ({event}: {players}; {n} move; {status}) will be moved "
            "to the trash. 'uno-referee restore {id}' brings it back, with its "
            "labels.",
            "Session {id} ({event}: {players}; {n} moves; {status}) will be moved "
            "to the trash. 'uno-referee restore {id}' brings it back, with its "
            "labels.",
            info.moves,
        ).format(**values)
    return ngettext(
        "Session {id} ({players}; {n} move; {status}) will be moved to the trash. "
        "'uno-referee restore {id}' brings it back, with its labels.",
        "Session {id} ({players}; {n} moves; {status}) will be moved to the "
        "trash. 'uno-referee restore {id}' brings it back, with its labels.",
        info.moves,
    ).format(**values)


class SessionsScreen(Screen[None]):
    """The session list, newest activity first; Enter resumes the highlighted one."""

    CSS_PATH = "sessions_screen.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        # Run as the key comes, not once it has bubbled up past the keys typed after it: the
        # names typed in the same burst then reach the form (which holds them for its first
        # field), not this screen.
        Binding("f2", "new", N_("New"), id="sessions.new", priority=True),
        Binding("f3", "import", N_("Import"), id="sessions.import"),
        Binding("f4", "demo", N_("Demo"), id="sessions.demo"),
        Binding("delete", "delete", N_("Delete"), id="sessions.delete"),
        # The standings screen's title (`standings_screen.STANDINGS`), which loads when opened.
        Binding("f6", "standings", N_("Standings"), id="sessions.standings"),
        # Not in the footer, which is full at 80 columns; the command palette names it too.
        Binding("f7", "hub", N_("Hub"), id="sessions.hub", show=False),
    ]

    app: Host

    def __init__(self) -> None:
        super().__init__()
        self.infos: list[SessionInfo] = []
        self._read: Read | None = None
        """What `compose` read, for the `reload` that follows it to show."""
        self._built_empty = False
        """Whether the screen was composed with the welcome (no sessions) or with the list."""
        self._resumed = False
        """Whether the screen was shown once (its first resume comes as it is pushed)."""

    def compose(self) -> ComposeResult:
        self.title = _("UNO Referee")
        self.sub_title = _("sessions")
        # Only what the sessions call for is built: the welcome and its buttons with none,
        # else the list and its buttons (the screen is composed again if that changes). The
        # other part, hidden, still cost its styles, layout and focus before the first frame.
        self._read = read = self._read_sessions()
        # The keys the footer shows (Delete, Resume) are allowed from the sessions read here.
        self.infos = list(read[0].sessions)
        empty = self._built_empty = not self.infos
        self.set_class(empty, "-empty", update=False)
        yield Header(icon=glyphs.current().icon)
        if empty:
            with Vertical(id="empty"):
                yield Static("", id="welcome")
                with Horizontal():
                    yield Button(_("Open the demo table"), id="demo", variant="primary")
                    yield Button(_("New session"), id="new")
                    yield Button(_("Import a .uno file"), id="import")
        else:
            table: DataTable[Text] = DataTable(id="sessions", cursor_type="row", zebra_stripes=True)
            for key, label in COLUMNS:
                # As text, not Rich markup: read as markup, the first heading loaded Rich's
                # table of emoji names (thousands of them) to look for `:name:` codes.
                table.add_column(Text(_(label)), key=key)
            yield table
            with Horizontal(id="actions"):
                yield Button(_("Resume"), id="resume", variant="primary")
                yield Button(_("New"), id="new-2")
                yield Button(_("Import"), id="import-2")
                yield Button(_("Delete"), id="delete", variant="error")
        yield Static("", id="problem")
        # Its line is shown from the start: the screen is not counted as mounted until its
        # `on_mount` (where `hub_changed` waits) is done.
        hub = Static("", id="hub-status")
        self._show_hub(hub)
        yield hub
        # Its keys are known now (none depends on what has focus): composed with it, the first
        # frame shows them, without a second compose, layout and frame once the screen is up.
        yield Footer(keys_at_once=True)

    def _read_sessions(self) -> Read:
        """The stored sessions, their labels, and a problem reading the labels."""
        listing = self.app.service.list()
        labels, problem = self.app.service.labels()
        return listing, labels, problem

    def on_mount(self) -> None:
        self.reload()
        # "last sync 2 min ago" grows older without a sync: said again now and then.
        self.set_interval(HUB_LINE_SECONDS, self.hub_changed)

    async def recompose(self) -> None:
        # A language switch draws the screen anew: the list is read again, its row kept.
        current = self.selected() if self.is_mounted else None
        await super().recompose()
        self.reload(current)

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        if self._resumed:
            self.reload()
        else:
            # Its first resume comes as it is pushed, right after it was composed and mounted:
            # the list shown is the one just read (reading and filling it again doubled the
            # listing at start), and every widget was styled as it mounted. Textual's own
            # handler, which runs after this one, would style them all again; it skips that
            # itself when a screen above is popped and nothing of this one changed.
            self._resumed = True
            event.refresh_styles = False
        # Back from a table (or a form that stored a session): the hub gets what changed.
        self.app.hub_sync.soon()

    def hub_changed(self) -> None:
        """Show the sync's state with the league's hub (nothing when no hub is set)."""
        if not self.is_mounted:
            return
        self._show_hub(self.query_one("#hub-status", Static))

    def _show_hub(self, status: Static) -> None:
        line = self.app.hub_sync.line()
        status.display = line is not None
        status.update(literal(line or ""))

    def reload(self, select: str | None = None) -> None:
        """Read the list from the service; keep (or move) the highlighted row."""
        read, self._read = self._read, None
        listing, labels, problem = read or self._read_sessions()
        current = select or self.selected()
        self.infos = list(listing.sessions)
        empty = not self.infos
        self.set_class(empty, "-empty")
        if empty != self._built_empty:
            # The first session stored, or the last one deleted: composed again for the other
            # part, which then shows the list as read anew.
            self.refresh(recompose=True)
            return
        warnings = (*listing.warnings, *((problem,) if problem else ()))
        self.query_one("#problem", Static).update(literal("\n".join(warnings), lines=True))
        self.hub_changed()
        if empty:
            from .prose import Prose  # Japanese line breaking: for the welcome and a problem

            self.query_one("#welcome", Static).update(
                Prose(
                    filled(
                        _(
                            "[b]No stored sessions yet.[/] Open the demo table to see a game in "
                            "progress, start a new session, or import a .uno file.\n"
                            "[dim]Sessions are kept in $root[/]"
                        ),
                        root=str(self.app.service.root),
                    )
                )
            )
            self.query_one("#demo", Button).focus()
            return
        table = self.query_one("#sessions", DataTable)
        table.clear()
        for info in self.infos:
            # Text cells: a name is shown as typed, never read as markup.
            cells = (
                info.date or local_day(info.created),
                fit(players_text(info.players), PLAYERS_CELLS),
                status_text(info),
                fit(info.leader) if info.leader else "-",
            )
            marks = fit(players_text(labels.get(info.id, [])), LABELS_CELLS)
            table.add_row(
                *map(text_cell, cells),
                Text(info.id, style="dim"),
                text_cell(marks),
                text_cell(game_text(info)),
                key=info.id,
            )
        ids = [info.id for info in self.infos]
        if current in ids:
            table.move_cursor(row=ids.index(current))
        table.focus()

    def selected(self) -> str | None:
        if not self.infos or self._built_empty:
            return None  # no list on the screen
        table = self.query_one("#sessions", DataTable)
        if table.cursor_row is None or table.cursor_row >= len(self.infos):
            return None
        return self.infos[table.cursor_row].id

    def _problem(self, text: str) -> None:
        from .prose import Prose

        self.query_one("#problem", Static).update(Prose(filled("[b $error]$text[/]", text=text)))

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

    def action_standings(self) -> None:
        from .standings_screen import StandingsScreen

        self.app.push_screen(StandingsScreen())

    def action_hub(self) -> None:
        self.app.choose_hub()

    @on(Button.Pressed, "#delete")
    def action_delete(self) -> None:
        from .dialogs import ConfirmDialog

        sid = self.selected()
        if sid is None:
            return
        info = next(i for i in self.infos if i.id == sid)
        self.app.push_screen(
            ConfirmDialog(_("Move this session to the trash?"), delete_question(info), _("Delete")),
            lambda yes: self._delete(sid) if yes else None,
        )

    def _delete(self, sid: str) -> None:
        try:
            self.app.service.delete(sid)
        except SessionError as exc:
            self._problem(exc.message)
            return
        self.reload()
        self.app.notify(
            _("Moved session {id} to the trash; 'uno-referee restore {id}' brings it back").format(
                id=sid
            ),
            markup=False,
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("delete", "resume"):
            return bool(self.infos)
        return True
