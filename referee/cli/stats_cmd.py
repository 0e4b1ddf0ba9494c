"""`uno-referee stats`, `players` and `label`: standings over sessions, who is who, labels."""

from __future__ import annotations

import argparse
import datetime
import json
import sys
from collections import Counter
from collections.abc import Callable
from typing import TextIO

from ..i18n import _
from ..notation import visible
from ..service import SessionService
from ..service.standings import Table, played, sheets_of, standings_of
from ..sheet import files
from ..stats import report
from ..stats.league import BookError, League, change_league
from ..stats.selection import Selection, month_range
from ..stats.standings import people_of, usual_names
from ..stats.text import standings_csv, standings_text
from . import hub_book
from .common import OK, Failure, warn
from .hub_book import or_local
from .with_service import with_service


def _day(text: str, option: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise Failure(
            _("uno-referee stats: {option} expects a date YYYY-MM-DD, not {text!r}").format(
                option=option, text=text
            )
        ) from None


def selection_of(a: argparse.Namespace, today: datetime.date | None = None) -> Selection:
    """The selection the options ask for; Failure (exit 2) on a date that is not one."""
    today = today or datetime.date.today()
    since = _day(a.since, "--from") if a.since else None
    until = _day(a.until, "--to") if a.until else None
    if a.today:
        since = until = today
    if a.month is not None:
        month = a.month or today.isoformat()[:7]
        try:
            since, until = month_range(month)
        except ValueError:
            raise Failure(
                _("uno-referee stats: --month expects YYYY-MM, not {text!r}").format(text=month)
            ) from None
    if since is not None and until is not None and since > until:
        raise Failure(
            _("uno-referee stats: --from {since} is after --to {until}").format(
                since=since, until=until
            )
        )
    return Selection(a.label, a.event, a.site, since, until, a.guests)


def _export_failure(exc: files.ExportError) -> Failure:
    return Failure(_("uno-referee stats: {error}").format(error=exc.message))


def stats(service: SessionService, a: argparse.Namespace, out: TextIO) -> int:
    selection = selection_of(a)
    if a.html is not None:
        try:
            files.check_target(a.html, a.force)
        except files.ExportError as exc:
            raise _export_failure(exc) from None
    if getattr(a, "hub", None) is not None:
        if a.html is not None:
            raise Failure(
                _(
                    "uno-referee stats: the season report prints each session's score sheet "
                    "from this laptop's sessions; with --hub, ask for --json, --csv or the "
                    "standings as text"
                )
            )
        table = _hub_table(a, selection)
    else:
        table = standings_of(service, selection)
    _check_label(selection, table.labels, table.league)
    warnings = list(table.warnings)
    if a.html is not None:
        sheets, problems = sheets_of(service, table.standings)
        warnings += problems
        title = a.title or _("UNO season report")
        try:
            files.write_file(a.html, report.render(table.standings, sheets, title), a.force)
        except files.ExportError as exc:
            raise _export_failure(exc) from None
    for warning in warnings:
        warn(warning)
    if a.html is not None:
        print(
            _("wrote the report of {n} session(s) to {path}").format(
                n=len(table.standings.sessions), path=visible(a.html)
            ),
            file=sys.stderr,
        )
        return OK
    if a.json:
        out.write(json.dumps(table.standings.to_json(), ensure_ascii=False, indent=1) + "\n")
    elif a.csv:
        text = standings_csv(table.standings)
        # Exact for a file or a pipe; on a terminal, no name in it acts on the terminal.
        out.write(visible(text, lines=True) if out.isatty() else text)
    else:
        out.write(standings_text(table.standings))
    return OK


def _hub_table(a: argparse.Namespace, selection: Selection) -> Table:
    """The standings over every session a hub holds (its book's merges, guests and labels)."""
    from ..league.client import HubError
    from ..league.remote import hub_played
    from ..service.standings import labels_in_use
    from ..stats.standings import standings
    from .hub_cmd import client_of

    client = client_of(a.hub, a.key, "stats")
    try:
        sessions, league = hub_played(client)
    except HubError as exc:
        raise Failure(_("uno-referee stats: {error}").format(error=exc.message)) from None
    return Table(standings(sessions, league, selection), league, (), labels_in_use(sessions))


def _check_label(selection: Selection, labels: tuple[str, ...], book: League) -> None:
    """Failure (exit 2, as for any name that matches nothing) when `--label` is on no stored
    session: a typo must not read as a season nobody played in."""
    if selection.label is None or selection.label in labels:
        return
    if any(selection.label in held for held in book.labels.values()):
        # The book keeps a deleted session's labels: they come back with `restore`.
        raise Failure(
            _(
                "uno-referee stats: no stored session has the label {label}; only "
                "deleted sessions have it ('uno-referee list --trash', then "
                "'uno-referee restore ID')"
            ).format(label=visible(selection.label))
        )
    if not labels:
        raise Failure(
            _(
                "uno-referee stats: no session has the label {label}; no stored session "
                "has a label yet (add one with 'uno-referee label ID LABEL')"
            ).format(label=visible(selection.label))
        )
    raise Failure(
        _("uno-referee stats: no session has the label {label}; the labels are: {labels}").format(
            label=visible(selection.label), labels=", ".join(visible(x) for x in labels)
        )
    )


# players -------------------------------------------------------------------------------------


def _known(service: SessionService) -> set[str]:
    """The names of stored sessions' players, and every name the league book knows."""
    sessions, league, _warnings = played(service)
    return (
        {name for session in sessions for name in session.figures["players"]}
        | set(league.aliases)
        | set(league.aliases.values())
    )


class _Unchanged(Exception):
    """Raised inside a change of the book: it is so already, so nothing is written."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _typed(name: str) -> str:
    name = name.strip()
    if not name or not name.isprintable():
        raise Failure(
            _("uno-referee players: {name!r} is not a player's name").format(name=visible(name))
        )
    return name


def _change(
    service: SessionService, change: Callable[[League], None], command: str = "players"
) -> League:
    """The league book changed by `change`, saved; its problem is the command's failure."""
    try:
        league, warning = change_league(service.layout, change)
    except BookError as exc:
        raise Failure(
            _("uno-referee {command}: {error}").format(command=command, error=exc.message)
        ) from None
    if warning:
        warn(warning)
    return league


def _stored(name: str, known: set[str]) -> None:
    """Failure unless `name` is a player of some stored session."""
    if name not in known:
        raise Failure(
            _(
                "uno-referee players: no stored session has a player named {name} "
                "(names are matched exactly, as 'uno-referee list' shows them)"
            ).format(name=visible(name))
        )


def merge(service: SessionService, keep: str, other: str, out: TextIO) -> int:
    """NAME must be a name played under (or one the book knows); KEEP may be new: merging
    into a name nobody has played under yet is a rename (`players merge Robert Bob`)."""
    keep, other = _typed(keep), _typed(other)
    known = _known(service)
    _stored(other, known)
    if keep == other:
        raise Failure(
            _("uno-referee players: {name} is merged with itself already").format(
                name=visible(keep)
            )
        )

    def change(book: League) -> None:
        person = book.person(keep)
        if book.person(other) == person:
            raise _Unchanged(
                _(
                    "{keep} and {other} already count as one person, {person}; nothing was changed"
                ).format(keep=visible(keep), other=visible(other), person=visible(person))
            )
        book.merge(keep, other)

    try:
        league = _change(service, change)
    except _Unchanged as unchanged:
        out.write(unchanged.message + "\n")
        return OK
    person = league.person(keep)
    if keep in known:
        text = _("{other} now counts as {person}")
    else:
        text = _("{other} now counts as {person} (a name no stored session has yet: a rename)")
    out.write(text.format(other=visible(other), person=visible(person)) + "\n")
    return OK


def split(service: SessionService, name: str, out: TextIO) -> int:
    name = _typed(name)
    found: list[bool] = []
    _change(service, lambda book: found.append(book.split(name)))
    if not found or not found[0]:
        raise Failure(
            _("uno-referee players: {name} is not merged into anyone").format(name=visible(name))
        )
    out.write(_("{name} counts as a player of their own again").format(name=visible(name)) + "\n")
    return OK


def guest(service: SessionService, name: str, remove: bool, out: TextIO) -> int:
    """A guest mark is a person's: given a name merged into someone, it is refused (marking
    the name would mark, or unmark, the person behind it)."""
    name = _typed(name)
    if not remove:
        _stored(name, _known(service))

    def mark(book: League) -> None:
        person = book.person(name)
        if person != name:
            raise Failure(
                _(
                    "uno-referee players: {name} is merged into {person}, and a guest "
                    "mark is a person's: 'uno-referee players guest {person}' marks "
                    "{person}; 'uno-referee players split {name}' first makes {name} "
                    "a person of their own; nothing was changed"
                ).format(name=visible(name), person=visible(person))
            )
        if remove:
            book.guests.discard(person)
        else:
            book.guests.add(person)

    _change(service, mark)
    text = (
        _("{name} is counted in standings again")
        if remove
        else _("{name} is a guest: left out of standings unless --guests is given")
    )
    out.write(text.format(name=visible(name)) + "\n")
    return OK


def list_players(service: SessionService, as_json: bool, out: TextIO) -> int:
    sessions, league, warnings = played(service)
    for warning in warnings:
        warn(warning)
    # As the standings count them: a merged name at one table with its person is apart.
    usual = usual_names(sessions)
    count = Counter(
        person
        for session in sessions
        for person in people_of(session.figures["players"], league, usual).values()
    )
    people = sorted(count)
    if as_json:
        rows = [
            {
                "name": p,
                "merged": league.names_of(p),
                "guest": p in league.guests,
                "sessions": count[p],
            }
            for p in people
        ]
        out.write(json.dumps(rows, ensure_ascii=False, indent=1) + "\n")
        return OK
    for person in people:
        line = _("{name}: {n} session(s)").format(name=visible(person), n=count[person])
        merged = league.names_of(person)
        if merged:
            line += "; " + _("also written {names}").format(
                names=", ".join(visible(m) for m in merged)
            )
        if person in league.guests:
            line += "; " + _("guest")
        out.write(line + "\n")
    return OK


def label(service: SessionService, typed: str, labels: list[str], remove: bool, out: TextIO) -> int:
    sid = service.info(typed).id
    for text in labels:
        if not text.strip() or not text.isprintable():
            raise Failure(
                _("uno-referee label: {label!r} is not a label").format(label=visible(text))
            )

    def change(book: League) -> None:
        held = book.labels.setdefault(sid, [])
        for text in (t.strip() for t in labels):
            if remove and text in held:
                held.remove(text)
            elif not remove and text not in held:
                held.append(text)

    held = _change(service, change, "label").labels.get(sid, [])
    out.write(
        _("session {id}: {labels}").format(
            id=sid, labels=", ".join(visible(h) for h in held) or _("no labels")
        )
        + "\n"
    )
    return OK


# Each command's `run` (declared in `stats_args`): the body with the data folder's service -----

run_stats = with_service("stats", lambda s, a: stats(s, a, sys.stdout))
run_players = with_service("players", lambda s, a: list_players(s, False, sys.stdout))
run_players_list = with_service("players", lambda s, a: list_players(s, a.json, sys.stdout))
run_players_merge = or_local(
    hub_book.merge, with_service("players", lambda s, a: merge(s, a.keep, a.other, sys.stdout))
)
run_players_split = or_local(
    hub_book.split, with_service("players", lambda s, a: split(s, a.name, sys.stdout))
)
run_players_guest = or_local(
    hub_book.guest,
    with_service("players", lambda s, a: guest(s, a.name, a.remove, sys.stdout)),
)
run_label = or_local(
    hub_book.label,
    with_service("label", lambda s, a: label(s, a.id, a.labels, a.remove, sys.stdout)),
)
