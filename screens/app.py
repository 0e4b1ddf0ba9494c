"""The UNO Referee app: theme, global keys, palette commands, language, and the factory for CLI
and tests."""

from __future__ import annotations

import datetime
import gc
import os
from collections.abc import Callable, Iterable
from pathlib import Path, PurePath
from typing import Any, ClassVar, cast

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.command import CommandPalette
from textual.screen import Screen
from textual.theme import Theme, ThemeProvider

from referee.i18n import N_, _, current, use
from referee.notation import visible
from referee.service import SessionError, SessionLocked, SessionService
from referee.store import settings

from . import dialogs, glyphs
from .host import Host
from .hub_sync import HubSync
from .samples import samples_dir
from .sessions_screen import SessionsScreen

# The app starts on the sessions screen: the other screens, the table's modules and the
# scoreboard's process load when first opened (`dialogs` loads each dialog when first named).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from referee.engine.events import Header
    from referee.service import Imported
    from referee.web.process import ServeProcess

    from .sitting import Keeping, Sitting
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

TEXTUAL_COMMANDS = (
    N_("Theme"),
    N_("Change the current theme"),
    N_("Quit"),
    N_("Quit the application as soon as possible"),
    N_("Keys"),
    N_("Hide the keys and widget help panel"),
    N_("Show help for the focused widget and a summary of available keys"),
    N_("Minimize"),
    N_("Minimize the widget and restore to normal size"),
    N_("Maximize"),
    N_("Maximize the focused widget"),
    N_("Screenshot"),
    N_("Save an SVG 'screenshot' of the current screen"),
)
"""Textual's own palette commands, in its English: their titles and help are translated as
the palette lists them (an unknown text shows as Textual wrote it)."""


IDEOGRAPHIC_SPACE_KEY = "ideographic_space"
"""U+3000: a terminal sends the character, Textual names the key by it."""


class RefereeApp(Host):
    """Sessions first; a table on top of them while one is open."""

    TITLE = N_("UNO Referee")
    # The sessions screen's styles too: it is always the first screen, and read here they are
    # parsed with the rest at start, not all over again once it is pushed.
    CSS_PATH: ClassVar[list[str | PurePath]] = ["app.tcss", "sessions_screen.tcss"]

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", N_("Help"), id="app.help"),
        # Ctrl+L: every F key is taken by some screen; L for language.
        Binding("ctrl+l", "language", N_("Language"), id="app.language", show=False),
        # F keys need Fn on many laptops and some terminals take them: Ctrl+O opens a menu of
        # the screen's actions by letter (O is free in Textual's inputs and in terminals).
        Binding("ctrl+o", "actions", N_("Actions"), id="app.actions"),
    ]

    def __init__(
        self,
        service: SessionService,
        *,
        session_id: str | None = None,
        today: Callable[[], datetime.date] = datetime.date.today,
        samples: Path | None = None,
        cwd: Path | None = None,
    ) -> None:
        super().__init__()
        self.service = service
        self.today = today
        """Where new sessions get their default date; tests fix it."""
        self.samples = samples or samples_dir()
        self.cwd = cwd or Path.cwd()
        """Where import paths and exports are relative to."""
        self._first_session = session_id
        self._scoreboard: ServeProcess | None = None
        """The phones' scoreboard server, once F12 started it."""
        self.settings = settings.load()
        """The settings file as it was at start (the CLI already chose the language from it)."""
        glyphs.configure(self.settings.glyphs)
        self._ascii_safe = glyphs.AsciiSafe(enabled=glyphs.mode() == "ascii")
        self.title = _(self.TITLE)
        self.register_theme(THEME)
        wanted = self.settings.theme
        self._theme_stored = wanted if wanted in self.available_themes else THEME.name
        """The theme the settings file holds (or ours): choosing another one is kept."""
        self._start_with_theme(self._theme_stored)
        self.hub_sync = HubSync(self, service.layout)
        if self.settings.keys:
            # Before any screen: the bindings are built with the user's keys from the start.
            self._keymap = self._normalize_keymap(dict(self.settings.keys))

    def run(self, **options: Any) -> None:
        # The process runs the app until it ends: what it loaded to get here (Textual, the
        # screens, the referee's modules: tens of thousands of objects) lives as long as it.
        # Set aside from the cyclic collector, it is no longer walked by the collections made
        # while the first screen is built (a tenth of the cold start) nor by the last one at
        # exit; what the app makes from here on is collected as usual.
        gc.freeze()
        return super().run(**options)

    def _start_with_theme(self, name: str) -> None:
        """Start in the theme `name`, as if Textual had started in it. Setting `theme` would
        run Textual's watcher, which parses every style again on the first frame; nothing is
        parsed yet, so the theme's variables and the app's classes are all there is to set."""
        self.set_reactive(App.theme, name)
        theme = self.current_theme
        self.stylesheet.set_variables(self.get_css_variables())
        self.update_classes(
            {
                **{found: False for found in self.classes if found.startswith("-theme-")},
                f"-theme-{theme.name}": True,
                "-dark-mode": theme.dark,
                "-light-mode": not theme.dark,
            },
            update=False,
        )
        self._refresh_truecolor_filter(self.ansi_theme)

    first_event: str | None = None
    """An event whose director's screen opens over the sessions (`uno-referee event director`)."""

    def on_mount(self) -> None:
        self.push_screen(SessionsScreen())
        if self._first_session is not None:
            self.open_session(self._first_session)
        if self.first_event is not None:
            from .director_screen import DirectorScreen

            self.push_screen(DirectorScreen(self.first_event))
        if self.settings.problem is not None:
            self.notify(
                self.settings.problem, title=_("Settings"), severity="warning", markup=False
            )
        self._use_hub(self.settings.hub)

    # The league's hub ---------------------------------------------------------------------------

    def _use_hub(self, url: str | None) -> None:
        from referee.store.hub_key import read_hub_key

        self.hub_sync.use(url, read_hub_key() if url is not None else None)

    def choose_hub(self) -> None:
        self.push_screen(dialogs.HubDialog(self.hub_sync.url, self.hub_sync.key), self._hub_chosen)

    def _hub_chosen(self, changed: bool | None) -> None:
        if changed:
            self.settings = settings.load()
            self._use_hub(self.settings.hub)
            for screen in self.screen_stack:
                shown = getattr(screen, "hub_changed", None)
                if callable(shown):
                    shown()

    def get_line_filters(self):  # type: ignore[no-untyped-def]  # Textual's signature
        # Textual draws borders, scrollbars and cut text with its own symbols: in ASCII-safe
        # mode they pass through the filter that swaps them for one-cell stand-ins.
        found = super().get_line_filters()
        return [*found, self._ascii_safe] if self._ascii_safe.enabled else found

    def watch_theme(self, name: str) -> None:
        # The user chose a theme in the palette: it is kept for the next run.
        if name == self._theme_stored:
            return
        self._theme_stored = name
        self._change_setting("theme", name)

    def _change_setting(self, key: str, value: str) -> None:
        try:
            settings.change(key, value)
        except (settings.SettingsError, OSError) as exc:
            reason = (exc.strerror or str(exc)) if isinstance(exc, OSError) else str(exc)
            self.notify(
                _("The setting {key} could not be saved: {reason}").format(key=key, reason=reason),
                title=_("Settings"),
                severity="warning",
                markup=False,
            )

    # Language ----------------------------------------------------------------------------------

    def action_language(self) -> None:
        """Switch between Japanese and English, and keep the choice."""
        self.run_worker(
            self.switch_language("en" if current() == "ja" else "ja"),
            exclusive=True,
            group="language",
        )

    async def switch_language(self, lang: str) -> None:
        """Speak `lang` from now on: every screen on the stack is drawn again in it (each keeps
        what it holds), and the settings file keeps the choice for the next run."""
        use(lang)
        self._change_setting("language", lang)
        ascii_safe = glyphs.mode() == "ascii"
        if ascii_safe != self._ascii_safe.enabled:
            self._ascii_safe.enabled = ascii_safe
        self.title = _(self.TITLE)
        for screen in list(self.screen_stack):
            # A screen that holds typed text or a view of its own redraws itself; any other is
            # composed again (its compose reads the texts in the new language).
            redraw = getattr(screen, "language_changed", None)
            if callable(redraw):
                await redraw()
            elif not isinstance(screen, CommandPalette):
                await screen.recompose()
            for widget in screen.walk_children(with_self=True):
                widget.refresh()
            screen.refresh_bindings()

    # Opening and creating sessions --------------------------------------------------------------

    def _watch(self, session_id: str) -> None:
        self.open_session(session_id, read_only=True)

    def open_session(self, session_id: str, *, read_only: bool = False) -> TableScreen | None:
        """Push the table of a stored session; a lock held elsewhere offers to watch instead."""
        from .sitting import Sitting
        from .table_screen import TableScreen

        try:
            sitting = Sitting.open(self.service, session_id, read_only=read_only)
        except SessionLocked as exc:
            question = _(
                "{reason}\n\nWatch it read-only? The table follows the moves recorded elsewhere."
            ).format(reason=exc.message)
            self.push_screen(
                dialogs.ConfirmDialog(_("Session in use"), question, _("Watch")),
                lambda yes: None if not yes else self._watch(session_id),
            )
            return None
        except SessionError as exc:
            # A message may quote a name or a path: never markup, its controls visible.
            self.notify(
                visible(exc.message, lines=True),
                title=_("Cannot open the session"),
                severity="error",
                markup=False,
            )
            return None
        table = TableScreen(sitting)
        self.push_screen(table)
        return table

    def new_session(self) -> None:
        from .new_session_screen import NewSessionScreen

        self.push_screen(NewSessionScreen(self.today()))

    def start_session(self, header: Header, dealer: str, keeping: Keeping = "track") -> None:
        """Store a new session, record `round 1` and its dealer, and open its table; kept for
        the score only, the table asks at once who went out.

        SessionError (a bad header, a disk problem) goes back to the form that called this.
        """
        from .sitting import Sitting
        from .table_screen import TableScreen

        sid = self.service.create(header)
        sitting = Sitting.open(self.service, sid)
        try:
            for line in ("round 1", f"dealer {dealer}"):
                sitting.record(line)
        except BaseException:
            sitting.close()  # the form shows the problem; the lock must not outlive it
            raise
        sitting.keeping = keeping
        table = TableScreen(sitting)
        self.switch_screen(table)
        if keeping == "score":
            table.call_after_refresh(table.action_next_round)

    def open_demo(self) -> None:
        from .samples import import_demo

        try:
            done = import_demo(self.service, self.samples)
        except (OSError, SessionError) as exc:
            self.notify(
                visible(str(getattr(exc, "message", exc)), lines=True),
                title=_("No demo"),
                severity="error",
                markup=False,
            )
            return
        self.open_session(done.id)

    def import_file(self) -> None:
        self.push_screen(dialogs.ImportDialog(self.service, self.cwd), self._imported)

    def _imported(self, done: Imported | None) -> None:
        if done is None:
            return
        if done.already:
            self.notify(
                _("This session was already stored as {id}: opened it.").format(id=done.id),
                title=_("Already imported"),
                markup=False,
            )
        self.open_session(done.id)

    # Keys and the command palette ---------------------------------------------------------------

    async def on_event(self, event: events.Event) -> None:
        # An input method in full-width mode types U+3000 for a space. Python does not count it
        # printable, so Textual's Input would drop it; the app hands on a plain space instead
        # (as full-width letters and colons are read as their ASCII forms). Swapped here, before
        # the key is forwarded, it keeps its place among the keys typed around it.
        if (
            isinstance(event, events.Key)
            and not event.is_forwarded
            and (event.key == IDEOGRAPHIC_SPACE_KEY or event.character == "\u3000")
        ):
            space = events.Key("space", " ")
            space.set_sender(self)
            event = space
        await super().on_event(event)

    def action_help(self) -> None:
        from .help_screen import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_actions(self) -> None:
        if not self.screen.is_modal:
            self.push_screen(dialogs.ActionsMenu(self.screen), self._act)

    async def _act(self, chosen: tuple[str, object] | None) -> None:
        # Run once the menu is gone, so that a dialog the action opens goes on top.
        if chosen is not None:
            action, node = chosen
            await self.run_action(action, node)  # type: ignore[arg-type]

    def action_show_help_panel(self) -> None:
        # Textual's keys panel, its descriptions in the language in use. Imported here: it
        # brings Textual's Markdown widget (markdown-it, Pygments), a tenth of the start-up.
        from .widgets.keys_panel import KeysPanel

        if not self.screen.query("HelpPanel"):
            self.screen.mount(KeysPanel())

    def action_command_palette(self) -> None:
        # Textual's own, with its placeholder in the language in use.
        if self.use_command_palette and not CommandPalette.is_open(cast("App[object]", self)):
            self.push_screen(
                CommandPalette(id="--command-palette", placeholder=_("Search for commands…"))
            )

    def search_themes(self) -> None:
        self.push_screen(
            CommandPalette(providers=[ThemeProvider], placeholder=_("Search for themes…"))
        )

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):
            yield command._replace(title=_(command.title), help=_(command.help))
        if current() == "ja":
            yield SystemCommand(
                _("Switch to English"),
                _("Show every text in English; the choice is kept for the next time (Ctrl+L)"),
                self.action_language,
            )
        else:
            yield SystemCommand(
                _("Switch to Japanese (日本語)"),
                _("Show every text in Japanese; the choice is kept for the next time (Ctrl+L)"),
                self.action_language,
            )
        yield SystemCommand(
            _("New session"), _("Seat the players and choose the rules"), self.new_session
        )
        yield SystemCommand(
            _("Open the demo table"),
            _("A four-player game in progress, to try the app"),
            self.open_demo,
        )
        yield SystemCommand(
            _("Import a .uno file"), _("Store a session file and open it"), self.import_file
        )
        yield SystemCommand(
            _("Help: keys and moves"), _("Every key and the move language"), self.action_help
        )
        yield SystemCommand(
            _("Hub for the league…"),
            _("The hub this laptop sends its sessions to, and its key"),
            self.choose_hub,
        )
        if self.hub_sync.active:
            yield SystemCommand(
                _("Sync with the hub now"),
                _("Send the sessions the hub lacks, without waiting for the next minute"),
                self.hub_sync.now,
            )
        from .table_screen import TableScreen

        if isinstance(screen, TableScreen):
            yield from self._table_commands(screen)

    def _table_commands(self, table: TableScreen) -> Iterable[SystemCommand]:
        sitting = table.sitting
        desk = sitting.desk
        for player in desk.seats.held() if desk is not None else {}:
            yield SystemCommand(
                _("Revoke {player}'s seat").format(player=visible(player)),
                _("That phone can no longer propose moves; it may ask for the seat again"),
                lambda player=player: table.revoke_seat(player),
            )
        yield SystemCommand(
            _("Undo last move"), _("Take back the last recorded move"), table.action_undo
        )
        yield SystemCommand(
            _("Score sheet"), _("Rounds, totals, chart, rulings and export"), table.action_sheet
        )
        yield SystemCommand(
            _("Export score sheet"),
            _("Write csv, md, html, json, uno, svg or png"),
            lambda: table.action_sheet(export=True),
        )
        yield SystemCommand(
            _("Show QR code"),
            _("The standings for everyone's phone"),
            lambda: self._show_qr(sitting),
        )
        yield SystemCommand(
            _("History and corrections"), _("Every move; undo or correct one"), table.action_history
        )
        yield SystemCommand(
            _("Rules in force"), _("The rulebook of this table, searchable"), table.action_rules
        )
        if sitting.referee.phase == "over":
            yield SystemCommand(
                _("Enter the hands"), _("The cards left at the round's end"), table.action_hands
            )

    # The phones' scoreboard -------------------------------------------------------------------

    def show_scoreboard(self, sitting: Sitting) -> None:
        """Serve the session to the table's phones (a child process) and show its QR code."""
        server = self._scoreboard
        if server is None or server.session_id != sitting.id:
            # One scoreboard at a time: the one of the session at the table.
            self.stop_scoreboard()
            from referee.web import process

            server = self._scoreboard = process.ServeProcess(
                self.service.root,
                sitting.id,
                lang=current(),
                seats=None if sitting.read_only else self._phones_of(sitting),
            )
        self.push_screen(dialogs.ServeDialog(server, sitting))

    def _phones_of(self, sitting: Sitting) -> Callable[[dict[str, Any]], dict[str, Any]]:
        """The answer to each of the phones' messages (in the server's reader thread): asked of
        the table's one writer in the app's own thread, one at a time."""

        from referee.table import protocol

        from .table_screen import TableScreen

        def on_phone(message: dict[str, Any]) -> dict[str, Any]:
            desk = sitting.phones()
            before = (len(sitting.live.moves), len(desk.queue), len(desk.seats.asking()))
            before_alerts = len(desk.alerts)
            answer = protocol.handle(desk, message)
            if len(desk.alerts) > before_alerts:
                self.bell()
                self.notify(
                    _("{player}'s phone calls the scorekeeper").format(
                        player=visible(desk.alerts[-1])
                    ),
                    severity="warning",
                )
            after = (len(sitting.live.moves), len(desk.queue), len(desk.seats.asking()))
            screen = self.screen
            if after != before and isinstance(screen, TableScreen) and screen.sitting is sitting:
                reply = desk.answer(str(answer.get("request", ""))) if "status" in answer else None
                screen.phones_changed(reply)
            return answer

        def from_server(message: dict[str, Any]) -> dict[str, Any]:
            try:
                return self.call_from_thread(on_phone, message)
            except RuntimeError:  # the app is closing: the phone tries again later
                return {"error": "writer"}

        return from_server

    def stop_scoreboard(self) -> None:
        server, self._scoreboard = self._scoreboard, None
        if server is not None:
            server.stop()

    def on_unmount(self) -> None:
        # Quitting stops the server; it only ever read the session file, so nothing is lost.
        self.stop_scoreboard()

    def _show_qr(self, sitting: Sitting) -> None:
        sheet = sitting.sheet()
        if sheet is None:
            self.notify(
                _("A stored move no longer holds: correct it first (History)"), severity="error"
            )
            return
        self.push_screen(dialogs.QrDialog(sheet))


def build_app(
    data_dir: str | os.PathLike[str] | None = None,
    *,
    session_id: str | None = None,
    event_id: str | None = None,
    today: Callable[[], datetime.date] = datetime.date.today,
    samples: Path | None = None,
    cwd: Path | None = None,
) -> RefereeApp:
    """The app on a data folder (`--data-dir`, else `$UNO_REFEREE_HOME`, else the user folder)."""
    app = RefereeApp(
        SessionService(data_dir), session_id=session_id, today=today, samples=samples, cwd=cwd
    )
    app.first_event = event_id
    return app


def run(
    data_dir: str | os.PathLike[str] | None = None,
    session_id: str | None = None,
    event_id: str | None = None,
) -> int:
    """Run the app in this terminal until the user quits; the exit status."""
    app = build_app(data_dir, session_id=session_id, event_id=event_id)
    try:
        app.run()
    finally:
        app.stop_scoreboard()
    return app.return_code or 0
