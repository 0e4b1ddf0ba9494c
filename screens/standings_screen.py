"""The standings: who leads over all sessions, this month or today, with bars and the rulings;
this laptop's sessions, or the league's as its hub holds them."""

from __future__ import annotations

import contextlib
import time
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Header, Label, Static

from referee.i18n import N_, _
from referee.service import SessionError
from referee.service.standings import Table, labels_in_use, standings_of
from referee.stats.league import League
from referee.stats.selection import Played, Selection, month_range
from referee.stats.standings import Standings, standings
from referee.stats.text import notes, pair_rows, rulings_rows, standings_rows

from . import glyphs
from .host import Host
from .literal import literal, text_cell
from .widgets.footer import Footer
from .widgets.totals_chart import BarChart

REFRESH_SECONDS = 3.0
"""How often the screen reads the index again: a session recorded meanwhile (in another
window or by the command line) shows up."""

HUB_REFRESH_SECONDS = 30.0
"""How often the league's standings are asked of the hub again while they are shown (a span,
guests or a label chosen meanwhile is counted here from what it last sent)."""

SPANS = ("all", "month", "today")

STANDINGS = N_("Standings")
"""The sessions screen's key to this one (its label belongs with the statistics' texts)."""


class StandingsScreen(Screen[None]):
    """Standings over a span of sessions; guests in or out; refreshed as sessions change."""

    DEFAULT_CSS = """
    StandingsScreen #selection { height: auto; padding: 0 1; }
    StandingsScreen #body { height: 1fr; }
    StandingsScreen DataTable { height: auto; max-height: 16; margin: 0 0 1 0; }
    StandingsScreen .heading { padding: 0 1; text-style: bold; }
    StandingsScreen #charts { height: auto; }
    StandingsScreen #charts BarChart { width: 1fr; }
    StandingsScreen #problem { height: auto; padding: 0 1; }
    StandingsScreen #notes { height: auto; padding: 0 1; color: $text-muted; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "span('all')", N_("All time"), id="standings.all"),
        Binding("m", "span('month')", N_("This month"), id="standings.month"),
        Binding("t", "span('today')", N_("Today"), id="standings.today"),
        Binding("g", "guests", N_("Guests in/out"), id="standings.guests"),
        # Not in the footer, which is full already (the selection line names the key).
        Binding("l", "label", N_("Next label"), id="standings.label", show=False),
        Binding("h", "source", N_("Hub or laptop"), id="standings.hub", show=False),
        Binding("escape", "leave", N_("Sessions"), id="standings.leave"),
    ]

    app: Host

    def __init__(self, span: str = "all", guests: bool = False, label: str | None = None) -> None:
        super().__init__()
        self.span = span
        self.guests = guests
        self.label = label
        """Only the sessions with this label (`l` goes through the labels in use)."""
        self.labels: tuple[str, ...] = ()
        """The labels of the stored sessions, as last read."""
        self.table: Standings | None = None
        self._shown: Any = None
        self.from_hub = False
        """The league's standings from the hub (`h`), rather than this laptop's sessions."""
        self._hub: tuple[str, list[Played], League] | None = None
        """The hub's address, sessions and book, as it last sent them."""
        self._hub_problem: str | None = None
        self._hub_asked = 0.0
        """`time.monotonic()` when the hub was last asked (0: never)."""
        self._hub_asking = False

    def compose(self) -> ComposeResult:
        self.title = _("UNO Referee")
        self.sub_title = _("standings")
        yield Header(icon=glyphs.current().icon)
        yield Static("", id="selection")
        with VerticalScroll(id="body"):
            yield DataTable(id="standings", cursor_type="row", zebra_stripes=True)
            yield Horizontal(id="charts")
            yield Label(_("Rulings (rounds recorded move by move)"), classes="heading")
            yield DataTable(id="rulings", cursor_type="row", zebra_stripes=True)
            yield Label(_("Head to head (finished games both played)"), classes="heading")
            yield DataTable(id="pairs", cursor_type="row", zebra_stripes=True)
            yield Static("", id="notes")
        yield Static("", id="problem")
        yield Footer()

    def on_mount(self) -> None:
        self.reload()
        self.set_interval(REFRESH_SECONDS, self.reload)

    async def recompose(self) -> None:
        # A language switch: the headings are written again in the new language.
        self._shown = None
        await super().recompose()
        self.reload()

    def selection(self) -> Selection:
        today = self.app.today()
        if self.span == "today":
            return Selection(self.label, since=today, until=today, guests=self.guests)
        if self.span == "month":
            first, last = month_range(today.isoformat()[:7])
            return Selection(self.label, since=first, until=last, guests=self.guests)
        return Selection(self.label, guests=self.guests)

    def span_text(self) -> str:
        names = {"all": _("all time"), "month": _("this month"), "today": _("today")}
        guests = _("guests counted") if self.guests else _("guests left out")
        sessions = len(self.table.sessions) if self.table is not None else 0
        if self.label is None:
            text = _("Standings: {span}, {guests}; {n} session(s)").format(
                span=names[self.span], guests=guests, n=sessions
            )
        else:
            text = _("Standings: {span}, label {label}, {guests}; {n} session(s)").format(
                span=names[self.span], label=self.label, guests=guests, n=sessions
            )
        url = self.app.hub_sync.url
        if self.from_hub and url is not None:
            text += "\n" + _(
                "The league's standings from the hub at {url} ({key} shows this laptop's)"
            ).format(url=url, key="h")
        elif url is not None:
            text += "\n" + _(
                "This laptop's sessions ({key} shows the league's standings from the hub)"
            ).format(key="h")
        if not self.labels:
            return text
        return (
            text
            + "\n"
            + _("Labels ({key} chooses the next; all sessions after the last): {labels}").format(
                key="l", labels=", ".join(self.labels)
            )
        )

    def _count(self) -> Table:
        """The standings over the selection: of this laptop's sessions (SessionError if they
        cannot be read), or of the hub's as it last sent them."""
        if not self.from_hub:
            return standings_of(self.app.service, self.selection())
        sessions, league = (self._hub[1], self._hub[2]) if self._hub else ([], League())
        problems = (self._hub_problem,) if self._hub_problem else ()
        if self._hub is None and not problems:
            problems = (_("Asking the hub for the league's standings…"),)
        return Table(
            standings(sessions, league, self.selection()),
            league,
            problems,
            labels_in_use(sessions),
        )

    def reload(self) -> None:
        """Read the standings again; redraw only if they changed."""
        if self.from_hub and time.monotonic() - self._hub_asked >= HUB_REFRESH_SECONDS:
            self._ask_hub()
        try:
            found = self._count()
            if self.label is not None and self.label not in found.labels:
                # Its sessions were deleted, or the label taken off them: all sessions again.
                self.label = None
                found = self._count()
        except SessionError as exc:
            self.query_one("#problem", Static).update(literal(exc.message, "bold $error"))
            return
        shown = (found.standings.to_json(), found.warnings, found.labels, self.from_hub)
        if shown == self._shown:
            return
        self._shown = shown
        self.table = found.standings
        self.labels = found.labels
        self.query_one("#selection", Static).update(literal(self.span_text(), lines=True))
        self.query_one("#notes", Static).update(
            literal("\n".join(notes(found.standings)), lines=True)
        )
        self.query_one("#problem", Static).update(literal("\n".join(found.warnings), lines=True))
        self._fill("#standings", standings_rows(found.standings))
        self._fill("#rulings", rulings_rows(found.standings))
        self._fill("#pairs", pair_rows(found.standings))
        self._charts(found.standings)

    def _fill(self, selector: str, rows: list[list[str]]) -> None:
        table: DataTable[Any] = self.query_one(selector, DataTable)
        table.clear(columns=True)
        head, *body = rows
        for heading in head:
            table.add_column(heading)
        for row in body:
            # Text cells: names are shown as typed, never read as markup.
            table.add_row(*map(text_cell, row))

    def _charts(self, table: Standings) -> None:
        charts = self.query_one("#charts", Horizontal)
        # No ids: the old charts may still be on their way out as the new ones come in.
        charts.remove_children()
        if not table.players:
            return
        wins = [
            (line.name, line.win_rate or 0.0, f"{line.wins}/{line.games}") for line in table.players
        ]
        rounds = [
            (line.name, line.round_rate or 0.0, f"{line.rounds_won}/{line.rounds}")
            for line in table.players
        ]
        charts.mount(
            BarChart(_("Games won (of finished games)"), wins, classes="wins"),
            BarChart(_("Rounds won (of rounds played)"), rounds, classes="rounds"),
        )

    def action_span(self, span: str) -> None:
        if span in SPANS:
            self.span = span
            self.reload()

    def action_label(self) -> None:
        """The next label in use (in their order), then all sessions again."""
        choices: list[str | None] = [None, *self.labels]
        at = choices.index(self.label) if self.label in choices else 0
        self.label = choices[(at + 1) % len(choices)]
        self.reload()

    def action_guests(self) -> None:
        self.guests = not self.guests
        self.reload()

    def action_leave(self) -> None:
        self.app.pop_screen()

    # The league's hub --------------------------------------------------------------------------

    def action_source(self) -> None:
        """Between this laptop's sessions and the league's standings from its hub."""
        if not self.from_hub and not self.app.hub_sync.active:
            self.query_one("#problem", Static).update(
                literal(
                    _(
                        "No hub is set for this laptop: choose one with 'Hub for the league' "
                        "in the command palette, or F7 on the sessions screen"
                    ),
                    "bold $error",
                )
            )
            return
        self.from_hub = not self.from_hub
        self.label = None  # the hub's labels are not this laptop's
        self._hub_asked = 0.0
        self.reload()

    def _ask_hub(self) -> None:
        hub = self.app.hub_sync
        self._hub_asked = time.monotonic()
        if self._hub_asking or hub.url is None or hub.key is None:
            return
        self._hub_asking = True
        url, key = hub.url, hub.key
        # A thread: the hub may be slow or gone, and the screen keeps answering keys meanwhile.
        self.run_worker(
            lambda: self._fetch(url, key), thread=True, group="hub-standings", exit_on_error=False
        )

    def _fetch(self, url: str, key: str) -> None:
        """In the worker's thread: the hub's sessions and book, or why they could not be had."""
        from referee.league.client import HubClient, HubError
        from referee.league.remote import hub_played

        try:
            sessions, league = hub_played(HubClient(url, key))
        except HubError as exc:
            self._from_thread(url, None, exc.message)
        else:
            self._from_thread(url, (sessions, league), None)

    def _from_thread(
        self, url: str, found: tuple[list[Played], League] | None, problem: str | None
    ) -> None:
        with contextlib.suppress(RuntimeError):  # the app has closed
            self.app.call_from_thread(self._fetched, url, found, problem)

    def _fetched(
        self, url: str, found: tuple[list[Played], League] | None, problem: str | None
    ) -> None:
        self._hub_asking = False
        if found is not None:
            self._hub = (url, *found)
            self._hub_problem = None
        else:
            self._hub_problem = _("The hub cannot be reached: {reason}").format(reason=problem)
        if self.is_mounted and self.from_hub:
            self.reload()
