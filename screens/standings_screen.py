"""The standings: who leads over all sessions, this month or today, with bars and the rulings."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Header, Label, Static

from referee.i18n import N_, _
from referee.service import SessionError
from referee.service.standings import standings_of
from referee.stats.selection import Selection, month_range
from referee.stats.standings import Standings
from referee.stats.text import notes, pair_rows, rulings_rows, standings_rows

from . import glyphs
from .host import Host
from .literal import literal, text_cell
from .widgets.footer import Footer
from .widgets.totals_chart import BarChart

REFRESH_SECONDS = 3.0
"""How often the screen reads the index again: a session recorded meanwhile (in another
window or by the command line) shows up."""

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
        if not self.labels:
            return text
        return (
            text
            + "\n"
            + _("Labels ({key} chooses the next; all sessions after the last): {labels}").format(
                key="l", labels=", ".join(self.labels)
            )
        )

    def reload(self) -> None:
        """Read the standings again; redraw only if they changed."""
        try:
            found = standings_of(self.app.service, self.selection())
            if self.label is not None and self.label not in found.labels:
                # Its sessions were deleted, or the label taken off them: all sessions again.
                self.label = None
                found = standings_of(self.app.service, self.selection())
        except SessionError as exc:
            self.query_one("#problem", Static).update(literal(exc.message, "bold $error"))
            return
        shown = (found.standings.to_json(), found.warnings, found.labels)
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
