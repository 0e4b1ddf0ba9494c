"""The director's screen: every table of the round live (its clock, whose turn, what needs the
director), the event's standings, and the director's decisions: seat the next round, the
clocks, a table that ends, a withdrawal, every sheet printed in one file, the venue's server."""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Header, Static

from referee.event import director
from referee.event.files import EventBook, EventError, EventFile
from referee.event.words import clock_text, end_text, stage_text, standings_cells
from referee.i18n import N_, _, ngettext
from referee.service import SessionError

from . import glyphs
from .host import Host
from .literal import literal, text_cell
from .widgets.footer import Footer
from .widgets.table_tile import STALE_MINUTES, TableTile, TileView

TYPE_CHECKING = False
if TYPE_CHECKING:  # started on `v` only: the web stack loads in its own process
    from referee.web.process import VenueProcess

POLL_SECONDS = 0.25
"""How often every table's session file is looked at (one `stat` each; a changed one is read
again): a move shows on its tile well within a second."""
DESK_SECONDS = 1.0
"""How often the venue's server is asked what the phones asked of the director."""
EXTEND_MINUTES = 5


class DirectorScreen(Screen[None]):
    """One event's tables, standings and decisions. It holds the event's log as its one writer
    while it is shown."""

    DEFAULT_CSS = """
    DirectorScreen #heading { height: auto; padding: 0 1; }
    DirectorScreen #body { height: 1fr; }
    DirectorScreen #tiles { grid-size: 4; grid-gutter: 0 1; height: auto; padding: 0 1; }
    DirectorScreen DataTable { height: auto; max-height: 20; margin: 1 1 0 1; }
    DirectorScreen #problem { height: auto; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "seat", N_("Seat next round"), id="director.seat"),
        Binding("t", "clock('start')", N_("Start clock"), id="director.start"),
        Binding("p", "clock('pause')", N_("Pause"), id="director.pause"),
        Binding("x", "extend", N_("+5 min"), id="director.extend"),
        Binding("e", "end", N_("End table"), id="director.end"),
        Binding("w", "withdraw", N_("Withdraw"), id="director.withdraw", show=False),
        Binding("a", "arrive", N_("Late arrival"), id="director.arrive", show=False),
        Binding("n", "replace", N_("Replacement"), id="director.replace", show=False),
        Binding("k", "penalty", N_("Penalty"), id="director.penalty", show=False),
        Binding("r", "print", N_("Print all"), id="director.print"),
        Binding("v", "venue", N_("Venue server"), id="director.venue"),
        Binding("escape", "leave", N_("Sessions"), id="director.leave"),
    ]

    app: Host

    def __init__(self, event_id: str, *, shown: Callable[[int, int, int], None] | None = None):
        super().__init__()
        self.event_id = event_id
        self.event: EventFile | None = None
        self.facts = director.Facts()
        self.desk: dict[str, Any] = {}
        self.venue: VenueProcess | None = None
        """The venue's server (a child process) once `v` started it."""
        self.shown = shown
        """Told (round, table, moves) each time a tile shows a new move count: what the
        benchmark times a move's way to this screen by."""
        self._standings: Any = None

    # Building and reading ---------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        self.title = _("UNO Referee")
        self.sub_title = _("event director")
        yield Header(icon=glyphs.current().icon)
        yield Static("", id="heading")
        with VerticalScroll(id="body"):
            yield Grid(id="tiles")
            yield DataTable(id="standings", cursor_type="row", zebra_stripes=True)
        yield Static("", id="problem")
        yield Footer()

    def on_mount(self) -> None:
        try:
            self.event = EventBook(self.app.service.layout).open(self.event_id, write=True)
        except EventError as exc:
            self.app.notify(exc.message, severity="error", markup=False)
            self.app.pop_screen()
            return
        self._tiles()
        self.poll()
        self.set_interval(POLL_SECONDS, self.poll)
        self.set_interval(DESK_SECONDS, self._ask_venue)

    def on_unmount(self) -> None:
        self.facts.close()
        if self.venue is not None:
            self.venue.stop()
        if self.event is not None:
            self.event.close()

    def on_resize(self) -> None:
        self._columns()

    def _columns(self) -> None:
        # As many tiles across as fit 28 columns each: 4 at 120 columns, 2 at 80.
        grid = self.query_one("#tiles", Grid)
        grid.styles.grid_size_columns = max(1, min(5, self.size.width // 28))

    def _tiles(self) -> None:
        """One tile per table of the round being played."""
        grid = self.query_one("#tiles", Grid)
        grid.remove_children()
        rnd = self.event.state.current if self.event is not None else None
        if rnd is not None:
            grid.mount_all(TableTile(n, rnd.number) for n in range(1, len(rnd.tables) + 1))
        self._columns()

    def poll(self) -> None:
        """Every table again (a changed session file is read again), the clocks, the ends
        due at time, and the standings when a table's result changed."""
        event = self.event
        if event is None:
            return
        state, spec, now = event.state, event.spec, time.time()
        rnd = state.current
        heading = _("{name}: {n} players").format(name=spec.name, n=len(state.playing))
        if rnd is None:
            heading += "\n" + _("No round seated yet: s seats the first.")
            self.query_one("#heading", Static).update(literal(heading, lines=True))
            if self._standings is None:
                self._standings = ()
                self._fill_standings([])
            return
        heading += "\n" + _("Round {round} of {rounds} ({stage})").format(
            round=rnd.number, rounds=spec.all_rounds, stage=stage_text(spec.stage(rnd.number))
        )
        if self.venue is not None and self.venue.url:
            heading += "\n" + _("Venue: {url} (table cards: {url}cards)").format(url=self.venue.url)
        self.query_one("#heading", Static).update(literal(heading, lines=True))
        views = director.read_tables(self.app.service, state, rnd.number, self.facts)
        for view in views:
            if director.due_at_time(state, view, now):
                try:
                    director.end_table(event, view.table, "time")
                except EventError as exc:
                    self._say(exc.message)
        tiles = list(self.query(TableTile))
        for view, tile in zip(views, tiles, strict=False):
            before = tile.view.moves if tile.view is not None else -1
            tile.show(self._tile(view, now))
            if self.shown is not None and tile.view is not None and tile.view.moves != before:
                self.shown(rnd.number, view.table, tile.view.moves)
        done = tuple((v.table, v.done, v.facts.totals if v.facts else None) for v in views)
        if done != self._standings:
            if self._standings is not None:
                # A table's result changed: the league's hub gets it soon, when one is set.
                self.app.hub_sync.soon()
            self._standings = done
            self._fill_standings(director.qualifying(self.app.service, state, self.facts))

    def _tile(self, view: director.TableView, now: float) -> TileView:
        assert self.event is not None
        clock = self.event.state.clock(view.round, view.table)
        facts = view.facts
        alerts: list[str] = []
        if view.trouble:
            alerts.append(view.trouble)
        desk = self.desk.get("tables", {}).get(str(view.table), {})
        if self.desk.get("round") == view.round:
            alerts += [
                _("{player} calls the director").format(player=p) for p in desk.get("calls", [])
            ]
            alerts += [
                _("a disputed catch: {player} says {caught} did not call UNO").format(
                    player=catcher, caught=caught
                )
                for catcher, caught in desk.get("catches", [])
            ]
            if desk.get("disputes"):
                alerts.append(_("a hand disagrees with the tracked count"))
            if desk.get("waiting"):
                alerts.append(
                    ngettext(
                        "{n} proposal waits for the director or a second phone",
                        "{n} proposals wait for the director or a second phone",
                        desk["waiting"],
                    ).format(n=desk["waiting"])
                )
        if facts is not None and facts.playing and not view.done and facts.last_move:
            idle = (now - _epoch(facts.last_move)) / 60
            if idle >= STALE_MINUTES:
                alerts.append(_("no move for {n} minutes").format(n=int(idle)))
        return TileView(
            view.table,
            view.players,
            facts.turn if facts is not None and not view.done else None,
            facts.moves if facts is not None else 0,
            facts.deals if facts is not None else 0,
            "done" if view.done else clock.colour(now),
            end_text(view.ended)
            if view.ended
            else (_("finished") if view.done else clock_text(clock.left(now))),
            tuple(alerts),
        )

    def _fill_standings(self, rows: list[Any]) -> None:
        table = self.query_one("#standings", DataTable)
        cells = standings_cells(rows)
        table.clear(columns=True)
        table.add_columns(*cells[0])
        for line in cells[1:]:
            table.add_row(*(text_cell(cell) for cell in line))

    def _say(self, message: str, severity: str = "information") -> None:
        self.app.notify(message, severity=severity, markup=False)  # type: ignore[arg-type]

    def _ask_venue(self) -> None:
        if self.venue is None or not self.venue.url:
            return
        url = self.venue.url + "desk.json"
        self.run_worker(lambda: self._fetch_desk(url), thread=True, exclusive=True, group="desk")

    def _fetch_desk(self, url: str) -> None:
        try:
            with urllib.request.urlopen(url, timeout=2) as answer:
                found = json.loads(answer.read())
        except (OSError, ValueError):
            return
        if isinstance(found, dict):
            self.desk = found

    # The director's decisions -----------------------------------------------------------------

    def _focused_table(self) -> int:
        focused = self.focused
        return focused.table if isinstance(focused, TableTile) else 0

    def _decide(self, act: Callable[[EventFile], str]) -> None:
        if self.event is None:
            return
        try:
            said = act(self.event)
        except (EventError, SessionError) as exc:
            self._say(exc.message, "error")
            return
        if said:
            self._say(said)
        # A decision may change the standings (a penalty, a withdrawal) with no table's
        # result changing: they are filled again.
        self._standings = ()
        self.poll()

    def action_clock(self, action: str) -> None:
        table = self._focused_table()

        def act(event: EventFile) -> str:
            director.clock(event, action, table)
            return ""

        self._decide(act)

    def action_extend(self) -> None:
        table = self._focused_table()

        def act(event: EventFile) -> str:
            director.clock(event, "extend", table, EXTEND_MINUTES)
            return _("{n} minutes more").format(n=EXTEND_MINUTES)

        self._decide(act)

    def action_end(self) -> None:
        table = self._focused_table()
        if not table:
            self._say(_("Choose a table first (Tab), then e ends its round."))
            return

        def act(event: EventFile) -> str:
            director.end_table(event, table)
            return _("Table {table} ended its round.").format(table=table)

        self._decide(act)

    def action_seat(self) -> None:
        from .dialogs.seating_dialog import SeatingDialog

        event = self.event
        if event is None:
            return
        try:
            seating = director.propose(self.app.service, event)
        except EventError as exc:
            self._say(exc.message, "error")
            return
        self.app.push_screen(SeatingDialog(event.state.next_round, seating), self._seated)

    def _seated(self, seating: Any) -> None:
        if seating is None or self.event is None:
            return
        event = self.event
        mode = director.round_mode(event.spec, event.state.next_round)

        def act(event: EventFile) -> str:
            rnd = director.publish(self.app.service, event, seating, mode)
            return _("Round {round} is seated: {n} tables.").format(
                round=rnd.number, n=len(rnd.tables)
            )

        self._decide(act)
        self._standings = None
        self._tiles()

    def _ask(self, title: str, question: str, act: Callable[[EventFile, str], str]) -> None:
        """One line typed in a dialog, then the decision it makes (nothing when left empty)."""
        from .dialogs.prompt_dialog import PromptDialog

        def answered(typed: str | None) -> None:
            if typed:
                self._decide(lambda event: act(event, typed))

        self.app.push_screen(PromptDialog(title, question), answered)

    def action_withdraw(self) -> None:
        def act(event: EventFile, typed: str) -> str:
            name, _sep, reason = typed.partition(":")
            director.withdraw(self.app.service, event, name.strip(), reason.strip())
            return _("{name} withdrew.").format(name=name.strip())

        self._ask(
            _("Withdraw a player"),
            _(
                "The player's name, then a colon and the reason (Ann: ill). Their hand is set "
                "aside and their table plays on (to end that table's round on its totals "
                "instead, end it first with e):"
            ),
            act,
        )

    def action_arrive(self) -> None:
        def act(event: EventFile, typed: str) -> str:
            name = director.arrive(event, typed)
            return _("{name} plays from round {round}.").format(
                name=name, round=event.state.next_round
            )

        self._ask(_("A late arrival"), _("The player's name (seated from the next round):"), act)

    def action_replace(self) -> None:
        def act(event: EventFile, typed: str) -> str:
            old, _sep, new = typed.partition(":")
            by = director.replace(self.app.service, event, old.strip(), new.strip())
            return _("{new} takes the seat of {name}.").format(new=by, name=old.strip())

        self._ask(
            _("A replacement"),
            _("Who leaves the seat, a colon, and who takes it (Ann: Zoe):"),
            act,
        )

    def action_penalty(self) -> None:
        def act(event: EventFile, typed: str) -> str:
            name, _sep, rest = typed.partition(":")
            words = rest.split(maxsplit=1)
            try:
                points = int(words[0]) if words else 0
            except ValueError:
                points = 0
            if not points:
                raise EventError(_("Type the points as a whole number, like: Ann: -2 slow play"))
            director.penalty(event, name.strip(), points, words[1] if len(words) > 1 else "")
            return _("{points:+d} points for {name}.").format(points=points, name=name.strip())

        self._ask(
            _("A penalty"),
            _(
                "The player's name, a colon, the points (negative to take) and the reason "
                "(Ann: -2 slow play):"
            ),
            act,
        )

    def action_print(self) -> None:
        from referee.event.printout import printout

        event = self.event
        if event is None:
            return
        target = Path(self.app.cwd) / f"event-{event.id}.html"
        try:
            target.write_text(printout(self.app.service, event), encoding="utf-8")
        except OSError as exc:
            self._say(
                _("Could not write {path}: {reason}").format(path=target, reason=exc.strerror),
                "error",
            )
            return
        self._say(_("Every sheet and the standings: {path}").format(path=target))

    def action_venue(self) -> None:
        from referee.i18n import current
        from referee.web.errors import ServeError
        from referee.web.process import VenueProcess

        if self.venue is not None:
            self.venue.stop()
            self.venue = None
            self._say(_("The venue's server is stopped."))
            return
        venue = VenueProcess(self.app.service.root, self.event_id, lang=current())
        try:
            venue.start()
        except ServeError as exc:
            self._say(exc.message, "error")
            return
        self.venue = venue
        self.poll()

    def action_leave(self) -> None:
        self.app.pop_screen()


def _epoch(stamp: str) -> float:
    import datetime

    try:
        return datetime.datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp()
    except ValueError:
        return time.time()
