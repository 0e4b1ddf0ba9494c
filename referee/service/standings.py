"""Standings over stored sessions: index rows (with their figures) plus the league book."""

from __future__ import annotations

from ..i18n import N_, _
from ..named import NamedTuple
from ..sheet import Sheet
from ..sheet.model import build_sheet
from ..stats.days import local_day
from ..stats.league import League, load_league
from ..stats.selection import Played, Selection
from ..stats.standings import Standings, standings
from ..store import SessionError, plain_os_errors
from .sessions import SessionService


class Table(NamedTuple):
    """Standings and what went wrong reading what they rest on."""

    standings: Standings
    league: League
    warnings: tuple[str, ...]
    labels: tuple[str, ...] = ()
    """The labels of the stored sessions (not those of sessions in the trash), sorted."""


def played(service: SessionService) -> tuple[list[Played], League, tuple[str, ...]]:
    """Every stored session as the standings see it, the league book, and warnings. A session
    in the trash is not among them, though the book keeps its labels."""
    rows, warnings = service.rows()
    league, warning = load_league(service.layout)
    sessions = []
    for sid, row in rows.items():
        # The table's local date: the store's times are UTC, and a session without a Date
        # tag begun late in the evening east of Greenwich must not land in the next day.
        date = row.get("date") or local_day(str(row.get("created", "")))
        sessions.append(
            Played(
                sid,
                date,
                row.get("event"),
                row.get("site"),
                tuple(league.labels.get(sid, ())),
                row["stats"],
            )
        )
    return sessions, league, (*warnings, *((warning,) if warning else ()))


def labels_in_use(sessions: list[Played]) -> tuple[str, ...]:
    """Every label some stored session has, sorted."""
    return tuple(sorted({label for session in sessions for label in session.labels}))


@plain_os_errors(N_("could not read the sessions: {reason}"))
def standings_of(service: SessionService, selection: Selection) -> Table:
    """The standings over the sessions `selection` takes (the index brought up to date first:
    a session recorded since shows up)."""
    sessions, league, warnings = played(service)
    return Table(standings(sessions, league, selection), league, warnings, labels_in_use(sessions))


@plain_os_errors(N_("could not read the sessions: {reason}"))
def sheets_of(service: SessionService, table: Standings) -> tuple[list[Sheet], tuple[str, ...]]:
    """The score sheets of the sessions the standings rest on, in their order; a session that
    cannot be read now (deleted, damaged) is left out with a warning."""
    sheets: list[Sheet] = []
    warnings: list[str] = []
    for played_session in table.sessions:
        try:
            with service.open(played_session.id, read_only=True) as live:
                sheets.append(
                    build_sheet(live.opened_with, live.steps, live.referee.state, by_move=True)
                )
        except SessionError as exc:
            warnings.append(
                _("session {id} is left out of the report: {problem}").format(
                    id=played_session.id, problem=exc.message
                )
            )
    return sheets, tuple(warnings)
