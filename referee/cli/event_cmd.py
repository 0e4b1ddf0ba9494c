"""`uno-referee event`: set up an event, seat its rounds, record the director's decisions, and
print its standings and sheets."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from ..event import director
from ..event.files import EventBook, EventError, EventFile
from ..event.seating import Seating
from ..event.spec import EventSpec, SpecError, default_scale, read_players, read_scale
from ..event.standings import Row, shown, standings
from ..event.words import end_text, stage_text, standings_cells
from ..i18n import _, current, ngettext
from ..notation.names import visible
from ..service import SessionError, SessionService
from ..sheet.text_table import aligned, widths
from .common import OK, REFUSED, Failure, read_text


def _fail(action: str, message: str, code: int = REFUSED) -> Failure:
    return Failure(
        _("uno-referee event {action}: {error}").format(action=action, error=message), code
    )


def _service(a: argparse.Namespace) -> SessionService:
    return SessionService(a.data_dir, index_on_close=False)


@contextmanager
def _opened(
    a: argparse.Namespace, action: str, *, write: bool
) -> Iterator[tuple[SessionService, EventFile]]:
    service = _service(a)
    try:
        with EventBook(service.layout).open(a.event, write=write) as event:
            yield service, event
    except EventError as exc:
        raise _fail(action, exc.message) from None
    except SessionError as exc:
        raise _fail(action, exc.message) from None


def run_new(a: argparse.Namespace) -> int:
    import secrets

    players = read_players(read_text(a.players_file))
    fixed = []
    for pair in a.fixed:
        name, sep, table = pair.rpartition("=")
        if not sep or not table.strip().isdigit():
            raise _fail("new", _("--fixed takes NAME=TABLE, not {text!r}").format(text=pair))
        fixed.append((name.strip(), int(table)))
    try:
        spec = EventSpec(
            name=a.name.strip(),
            players=players,
            tables_of=a.tables_of,
            rounds=a.rounds,
            scoring=a.scoring,
            scale=read_scale(a.scale) if a.scale else default_scale(a.tables_of),
            game=" ".join(a.game.lower().split()),
            edition=a.edition,
            rules=a.rules or ("jp" if current() == "ja" else "en"),
            minutes=a.minutes,
            at_time=a.at_time,
            semifinal=a.semifinal,
            final=a.final,
            seed=a.seed if a.seed is not None else secrets.token_hex(4),
            fixed=tuple(fixed),
        )
        with EventBook(_service(a).layout).create(spec) as event:
            eid = event.id
    except (SpecError, ValueError) as exc:
        raise _fail("new", str(exc)) from None
    except EventError as exc:
        raise _fail("new", exc.message) from None
    print(
        ngettext(
            "event {id}: {name}, {n} players at tables of {size}, {rounds} round\n"
            "Seat the first round with: uno-referee event seat {id} --publish",
            "event {id}: {name}, {n} players at tables of {size}, {rounds} rounds\n"
            "Seat the first round with: uno-referee event seat {id} --publish",
            spec.rounds,
        ).format(
            id=eid, name=visible(spec.name), n=len(players), size=spec.tables_of, rounds=spec.rounds
        )
    )
    return OK


def run_list(a: argparse.Namespace) -> int:
    book = EventBook(_service(a).layout)
    found = []
    for eid in book.ids():
        try:
            with book.open(eid) as event:
                found.append((eid, event.spec, event.state.next_round - 1))
        except EventError as exc:
            print(exc.message, file=sys.stderr)
    if a.json:
        rows = [
            {"id": eid, "name": spec.name, "players": len(spec.players), "seated": seated}
            for eid, spec, seated in found
        ]
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return OK
    for eid, spec, seated in found:
        print(
            _("{id}  {name}: {n} players, round {seated} of {rounds} seated").format(
                id=eid,
                name=visible(spec.name),
                n=len(spec.players),
                seated=seated,
                rounds=spec.all_rounds,
            )
        )
    if not found:
        print(_("no events yet: 'uno-referee event new NAME' sets one up"))
    return OK


def _table_json(view: director.TableView, event: EventFile) -> dict[str, Any]:
    rnd = event.state.rounds[view.round - 1]
    facts = view.facts
    return {
        "table": view.table,
        "players": list(view.players),
        "session": view.session,
        "uid": rnd.uids.get(view.table),
        "done": view.done,
        "ended": view.ended,
        "moves": facts.moves if facts else 0,
        "deals": facts.deals if facts else 0,
        "totals": dict(facts.totals) if facts else None,
        "clock": event.state.clock(view.round, view.table).colour(time.time()),
        "trouble": view.trouble,
    }


def run_show(a: argparse.Namespace) -> int:
    with _opened(a, "show", write=False) as (service, event):
        state = event.state
        rounds: list[dict[str, Any]] = [
            {
                "round": rnd.number,
                "stage": event.spec.stage(rnd.number),
                "mode": rnd.mode,
                "tables": [
                    _table_json(view, event)
                    for view in director.read_tables(service, state, rnd.number)
                ],
            }
            for rnd in state.rounds
        ]
        if a.json:
            print(
                json.dumps(
                    {"id": event.id, "spec": event.spec.to_json(), "rounds": rounds},
                    ensure_ascii=False,
                    indent=1,
                )
            )
            return OK
        spec = event.spec
        print(
            ngettext(
                "{name} ({id}): {n} players at tables of {size}, {rounds} round",
                "{name} ({id}): {n} players at tables of {size}, {rounds} rounds",
                spec.all_rounds,
            ).format(
                name=visible(spec.name),
                id=event.id,
                n=len(state.playing),
                size=spec.tables_of,
                rounds=spec.all_rounds,
            )
        )
        for rnd in rounds:
            print(
                _("round {round} ({stage}):").format(
                    round=rnd["round"], stage=stage_text(rnd["stage"])
                )
            )
            for table in rnd["tables"]:
                print("  " + _table_line(table))
    return OK


def _table_line(table: dict[str, Any]) -> str:
    players = ", ".join(visible(p) for p in table["players"])
    if table["ended"]:
        state = end_text(table["ended"])
    elif table["done"]:
        state = _("finished")
    else:
        state = _("{moves} moves, {deals} deals").format(moves=table["moves"], deals=table["deals"])
    return _("table {table}: {players} (session {session}; {state})").format(
        table=table["table"], players=players, session=table["session"] or "-", state=state
    )


def _seating_json(round_no: int, seating: Seating | tuple[tuple[str, ...], ...]) -> dict[str, Any]:
    tables = seating.tables if isinstance(seating, Seating) else seating
    return {
        "round": round_no,
        "tables": [{"table": n, "players": list(players)} for n, players in enumerate(tables, 1)],
    }


def run_seat(a: argparse.Namespace) -> int:
    write = a.publish
    with _opened(a, "seat", write=write) as (service, event):
        state = event.state
        if a.round is not None and a.round < state.next_round:
            if a.round < 1 or a.swap or a.publish:
                raise _fail("seat", _("round {round} is seated already").format(round=a.round))
            data = _seating_json(a.round, state.rounds[a.round - 1].tables)
        else:
            if a.round is not None and a.round != state.next_round:
                raise _fail(
                    "seat",
                    _("the next round to seat is round {round}").format(round=state.next_round),
                )
            try:
                seating = director.propose(
                    service,
                    event,
                    swaps=[(pair[0], pair[1]) for pair in a.swap],
                    by_standings=a.by_standings,
                )
                number = state.next_round
                if a.publish:
                    mode = director.round_mode(event.spec, number, a.by_standings)
                    director.publish(service, event, seating, mode)
            except EventError as exc:
                raise _fail("seat", exc.message) from None
            data = _seating_json(number, seating)
            data["published"] = bool(a.publish)
            if a.publish:
                rnd = event.state.rounds[number - 1]
                for table in data["tables"]:
                    table["session"] = rnd.sessions.get(table["table"])
        if a.json:
            print(json.dumps(data, ensure_ascii=False, indent=1))
            return OK
        print(_("round {round}:").format(round=data["round"]))
        for table in data["tables"]:
            print(
                "  "
                + _("table {table}: {players}").format(
                    table=table["table"], players=", ".join(visible(p) for p in table["players"])
                )
            )
        if data.get("published") is False:
            print(_("a proposal: --publish records it and opens the tables"))
    return OK


def standings_json(rows: list[Row]) -> list[dict[str, Any]]:
    return [
        {
            "rank": row.rank,
            "player": row.player,
            "points": shown(row.points),
            "cards": shown(row.cards),
            "deals_won": row.deals_won,
            "penalty_cards": row.penalty_cards,
            "played": row.played,
            "penalties": row.penalties,
            "changes": [
                {
                    "kind": c.kind,
                    "round": c.round,
                    "other": c.other,
                    "reason": c.reason,
                    **({"rule": c.rule} if c.rule else {}),
                }
                for c in row.changes
            ],
        }
        for row in rows
    ]


def standings_text(rows: list[Row]) -> str:
    table = standings_cells(rows)
    column_widths = widths(table)
    return "\n".join(aligned(line, column_widths).rstrip() for line in table)


def run_standings(a: argparse.Namespace) -> int:
    with _opened(a, "standings", write=False) as (service, event):
        state = event.state
        rows = standings(state, director.results(service, state), stage=a.stage)
        if a.stage != "qualifying":
            # Only those who played the stage.
            rows = [row for row in rows if row.played]
    if a.json:
        print(json.dumps(standings_json(rows), ensure_ascii=False, indent=1))
    else:
        print(standings_text(rows))
    return OK


def _decide(
    action: str, body: Callable[[SessionService, EventFile, argparse.Namespace], str]
) -> Callable[[argparse.Namespace], int]:
    def run(a: argparse.Namespace) -> int:
        with _opened(a, action, write=True) as (service, event):
            try:
                said = body(service, event, a)
            except EventError as exc:
                raise _fail(action, exc.message) from None
        print(said)
        return OK

    return run


def _clock(service: SessionService, event: EventFile, a: argparse.Namespace) -> str:
    director.clock(event, a.action, a.table, a.minutes)
    return _("recorded: clock {action}").format(action=a.action)


def _end(service: SessionService, event: EventFile, a: argparse.Namespace) -> str:
    director.end_table(event, a.table)
    return _("recorded: table {table} ended its round").format(table=a.table)


def _withdraw(service: SessionService, event: EventFile, a: argparse.Namespace) -> str:
    director.withdraw(service, event, a.player, a.reason, a.rule)
    return _("recorded: {name} withdrew").format(name=visible(a.player))


def _arrive(service: SessionService, event: EventFile, a: argparse.Namespace) -> str:
    name = director.arrive(event, a.player)
    return _("recorded: {name} plays from round {round}").format(
        name=visible(name), round=event.state.next_round
    )


def _replace(service: SessionService, event: EventFile, a: argparse.Namespace) -> str:
    by = director.replace(service, event, a.player, a.by)
    return _("recorded: {new} takes the seat of {name}").format(
        new=visible(by), name=visible(a.player)
    )


def _penalty(service: SessionService, event: EventFile, a: argparse.Namespace) -> str:
    director.penalty(event, a.player, a.points, a.reason)
    return _("recorded: {points:+d} points for {name}").format(
        points=a.points, name=visible(a.player)
    )


run_clock = _decide("clock", _clock)
run_end = _decide("end", _end)
run_withdraw = _decide("withdraw", _withdraw)
run_arrive = _decide("arrive", _arrive)
run_replace = _decide("replace", _replace)
run_penalty = _decide("penalty", _penalty)


def run_print(a: argparse.Namespace) -> int:
    from ..event.printout import printout

    with _opened(a, "print", write=False) as (service, event):
        page = printout(service, event)
    if a.output:
        try:
            with open(a.output, "w", encoding="utf-8") as fh:
                fh.write(page)
        except OSError as exc:
            raise _fail(
                "print",
                _("{path}: cannot write: {reason}").format(
                    path=visible(a.output), reason=exc.strerror or exc
                ),
            ) from None
        print(_("wrote {path}").format(path=visible(a.output)))
    else:
        sys.stdout.write(page)
    return OK


def run_serve(a: argparse.Namespace) -> int:
    from ..engine.units import load_standard
    from ..event.keys import VenueKeys
    from ..web.errors import ServeError
    from ..web.links import EVERY_ADDRESS, local_address
    from ..web.server import bind
    from ..web.venue import Venue, serve_venue

    # A server referees in several threads: every rule unit is loaded before any of them runs
    # (loading one registers it in tables the others read).
    load_standard()
    service = _service(a)
    book = EventBook(service.layout)
    eid = book.find(a.event)
    if eid is None:
        raise _fail(
            "serve",
            _("no event {name}: 'uno-referee event list' shows them").format(name=visible(a.event)),
        )
    host = a.host or local_address()
    try:
        sock = bind(host, a.port)
    except ServeError as exc:
        raise _fail("serve", exc.message, 2) from None
    bound, port = sock.getsockname()[:2]
    shown_host = local_address() if bound in EVERY_ADDRESS else bound
    venue = Venue(service, eid, VenueKeys.of(service.layout.root, eid), address=(shown_host, port))
    with book.open(eid) as event:
        name = event.spec.name
    if a.url_only:
        print(venue.screen_url(), flush=True)
        serve_venue(venue, sock, host, port)
        return OK
    print(
        _(
            "The venue's server for {name}:\n  big screen: {screen}\n  table cards to print: "
            "{cards}\nA round published with 'uno-referee event seat {id} --publish' opens its "
            "tables. Ctrl+C stops it."
        ).format(
            name=visible(name),
            screen=venue.screen_url(),
            cards=venue.screen_url("cards"),
            id=eid,
        ),
        flush=True,
    )
    serve_venue(venue, sock, host, port)
    return OK


def run_director(a: argparse.Namespace) -> int:
    from .main import open_app

    service = _service(a)
    eid = EventBook(service.layout).find(a.event)
    if eid is None:
        raise _fail(
            "director",
            _("no event {name}: 'uno-referee event list' shows them").format(name=visible(a.event)),
        )
    return open_app(a.data_dir, eid)
