"""The director's decisions, each checked against the event as it stands and then recorded in
its log: seat a round (and open its tables' sessions), the clock, withdrawals, arrivals,
replacements, penalties, a table that ends early; and the results the tables' referees give."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from ..engine.events import Header
from ..i18n import _
from ..notation.names import name_problem, normal_name, visible
from .files import EventError, EventFile
from .results import TableFacts, TableResult, facts_of, table_result
from .seating import Seating, SeatingError, seat_round, swap
from .spec import EventSpec
from .standings import Row, standings
from .state import EventState, Round

if TYPE_CHECKING:
    from ..service import LiveSession, SessionService


class TableView(NamedTuple):
    """One table of a round as the director sees it."""

    round: int
    table: int
    players: tuple[str, ...]
    session: str | None
    facts: TableFacts | None
    """None until its session exists, or when it cannot be read."""
    ended: str | None
    done: bool
    trouble: str | None = None
    """Why its session could not be read (the message), else None."""


def done(rnd: Round, table: int, facts: TableFacts | None) -> bool:
    """A table's round is over: its game is finished, or the director ended it."""
    if table in rnd.ended:
        return True
    return facts is not None and facts.finished


class Facts:
    """Each table's facts, from its session kept open to read: a change is replayed from where
    the last look left off (`LiveSession.refresh`), so the director's screen and the venue's
    pages may look many times a second."""

    def __init__(self) -> None:
        self._open: dict[tuple[str, str], tuple[LiveSession, TableFacts]] = {}

    def __call__(self, service: SessionService, sid: str) -> TableFacts:
        key = (service.root, sid)
        kept = self._open.get(key)
        if kept is not None:
            live, facts = kept
            try:
                changed = live.refresh()
            except Exception:
                # Set aside or replaced: read it anew below (its trouble is the caller's).
                live.close()
                del self._open[key]
            else:
                if not changed:
                    return facts
                facts = facts_of(live)
                self._open[key] = (live, facts)
                return facts
        live = service.open(sid, read_only=True)
        facts = facts_of(live)
        self._open[key] = (live, facts)
        return facts

    def close(self) -> None:
        for live, _facts in self._open.values():
            live.close()
        self._open.clear()


_FACTS = Facts()


def read_tables(
    service: SessionService, state: EventState, round_no: int, facts_of_table: Facts = _FACTS
) -> list[TableView]:
    rnd = state.rounds[round_no - 1]
    views = []
    for number, players in enumerate(rnd.tables, 1):
        sid = rnd.sessions.get(number)
        facts, trouble = None, None
        if sid is not None:
            try:
                facts = facts_of_table(service, sid)
            # A table that cannot be read (damaged, deleted) is shown as such, not fatal.
            except Exception as exc:
                trouble = getattr(exc, "message", None) or str(exc)
        views.append(
            TableView(
                round_no,
                number,
                players,
                sid,
                facts,
                rnd.ended.get(number),
                done(rnd, number, facts),
                trouble,
            )
        )
    return views


def results(service: SessionService, state: EventState, facts: Facts = _FACTS) -> list[TableResult]:
    """Every table round that is over, worth what the event's scoring makes it."""
    found = []
    for rnd in state.rounds:
        for view in read_tables(service, state, rnd.number, facts):
            if view.done and view.facts is not None:
                found.append(table_result(state.spec, rnd.number, view.table, view.facts))
    return found


def qualifying(service: SessionService, state: EventState, facts: Facts = _FACTS) -> list[Row]:
    return standings(state, results(service, state, facts))


def open_tables(service: SessionService, state: EventState) -> list[int]:
    rnd = state.current
    if rnd is None:
        return []
    return [view.table for view in read_tables(service, state, rnd.number) if not view.done]


def propose(
    service: SessionService,
    event: EventFile,
    *,
    swaps: Sequence[tuple[str, str]] = (),
    by_standings: bool = False,
) -> Seating:
    """The next round's seating, not yet published: EventError when it cannot be made yet."""
    state = event.state
    spec = state.spec
    number = state.next_round
    if number > spec.all_rounds:
        raise EventError(_("every round of the event has been seated"))
    still = open_tables(service, state)
    if still:
        raise EventError(
            _("round {round} is still being played at tables {tables}").format(
                round=number - 1, tables=", ".join(map(str, still))
            )
        )
    stage = spec.stage(number)
    mode = round_mode(spec, number, by_standings)
    players, order = list(state.playing), None
    if mode != "mix":
        found = results(service, state)
        rows = standings(state, found)
        order = [row.player for row in rows if row.player in state.playing]
        if stage == "semifinal":
            players = order = order[: spec.semifinal]
        elif stage == "final":
            players = order = _finalists(state, found, rows)
    try:
        seating = seat_round(
            players,
            state.history(),
            seed=spec.seed,
            round_no=number,
            rounds=spec.rounds,
            tables_of=spec.tables_of if stage != "final" else max(len(players), 2),
            fixed=dict(spec.fixed) if stage == "qualifying" else None,
            order=order,
            mode=mode,  # type: ignore[arg-type]
        )
        for a, b in swaps:
            seating = swap(seating, _known(state, a), _known(state, b))
    except SeatingError as exc:
        raise EventError(seating_problem(exc)) from None
    return seating


def round_mode(spec: EventSpec, number: int, by_standings: bool = False) -> str:
    """How round `number` is seated: `seeded` after the qualifying rounds, else by the
    standings when the director asks (`standings`), else mixed (`mix`)."""
    if spec.stage(number) != "qualifying":
        return "seeded"
    return "standings" if by_standings else "mix"


def due_at_time(state: EventState, view: TableView, now: float) -> bool:
    """A table in play whose time is up ends its round now: at once under `stop`; under
    `finish-deal` once the deal in play is over; under `score-hands` once the deal in play has
    ended at time (the venue records `time` when the turn is finished: `table_statements`) and
    its hands are in. A deal not begun by then is not played."""
    if view.done or view.facts is None:
        return False
    if not time_up(state, view.round, view.table, now):
        return False
    return state.spec.at_time == "stop" or not view.facts.in_deal


def time_up(state: EventState, round_no: int, table: int, now: float) -> bool:
    left = state.clock(round_no, table).left(now)
    return left is not None and left <= 0


class AtTime(NamedTuple):
    """Where a table stood when its time was first seen up: whose turn, after how many moves."""

    turn: str | None
    moves: int


def set_aside(state: EventState, round_no: int, table: int) -> list[tuple[int, str]]:
    """The seats of a table whose players withdrew in round `round_no` with their hand set
    aside, and those players."""
    players = state.rounds[round_no - 1].tables[table - 1]
    return [
        (seat, player)
        for seat, player in enumerate(players)
        if any(c.sets_aside(round_no) for c in state.changes.get(player, []))
    ]


def table_statements(
    state: EventState,
    round_no: int,
    table: int,
    live: LiveSession,
    now: float,
    seen: dict[tuple[int, int], AtTime],
) -> list[tuple[str, str]]:
    """What the director's decisions still have to record in a table's session, each with the
    request id that records it once only: `leave NAME` for a player withdrawn with their hand
    set aside, and `time` under `score-hands` once the turn in play when time was up is
    finished (`seen` keeps that turn, table by table; the holder of the turn has acted, or the
    turn has passed on) and no draw is left to take or answer."""
    from ..engine.waiting import actor

    rnd = state.rounds[round_no - 1]
    game = live.referee.state
    if table in rnd.ended or game.sheet.finished:
        return []
    found = [
        (f"event-{round_no}-{table}-leave-{seat}", f"leave {player}")
        for seat, player in set_aside(state, round_no, table)
        if player not in game.gone
    ]
    if found or state.spec.at_time != "score-hands" or game.phase != "play":
        return found
    if not time_up(state, round_no, table, now):
        return found
    moves = len(live.moves)
    turn = actor(game)
    first = seen.setdefault((round_no, table), AtTime(turn, moves))
    t = game.table
    steps = live.steps if moves > first.moves else []
    last = getattr(steps[-1].event, "player", None) if steps else None
    finished = moves > first.moves and (turn != first.turn or last == first.turn)
    if finished and t is not None and t.pending is None and t.owed is None:
        found.append((f"event-{round_no}-{table}-time", "time"))
    return found


def _finalists(state: EventState, found: list[TableResult], qualifying: list[Row]) -> list[str]:
    """The final's players, best first: the semifinal's standings (placement at its tables),
    ties broken by the qualifying standings."""
    semi = standings(state, found, stage="semifinal")
    qualified = {row.player: row.rank for row in qualifying}
    played = [row for row in semi if row.played]
    played.sort(key=lambda row: (row.rank, qualified.get(row.player, 10**6)))
    return [row.player for row in played][: state.spec.final]


def _known(state: EventState, typed: str) -> str:
    found = state.known(typed)
    if found is None:
        raise EventError(_("{name} is not a player of the event").format(name=visible(typed)))
    return found


def seating_problem(exc: SeatingError) -> str:
    if exc.reason == "fixed-full":
        return _("table {table} cannot seat every player fixed to it").format(table=exc.table)
    if exc.reason == "fixed-table":
        return _("{name} is fixed to table {table}, which this round does not have").format(
            name=visible(exc.player), table=exc.table
        )
    return _("{n} players cannot be seated at tables of the event's size").format(n=exc.count)


def publish(service: SessionService, event: EventFile, seating: Seating, mode: str) -> Round:
    """Record the seating and open one session per table (the event's name as its Event tag),
    each written before the log names it."""
    spec = event.spec
    number = event.state.next_round
    today = datetime.date.today().isoformat()
    event.append("seated", round=number, tables=[list(t) for t in seating.tables], mode=mode)
    for table, players in enumerate(seating.tables, 1):
        header = Header(
            edition=spec.edition,
            players=tuple(players),
            scoring=spec.game,
            rules=spec.rules,
            event=spec.name,
            site=None,
            date=today,
            overrides=(),
            customs=(),
            event_round=str(number),
            event_table=str(table),
        )
        sid = service.create(header)
        uid = service.info(sid).uid
        event.append("session", round=number, table=table, session=sid, uid=uid)
    return event.state.rounds[number - 1]


def clock(event: EventFile, action: str, table: int = 0, minutes: int = 0) -> None:
    rnd = _current(event)
    if table and not 1 <= table <= len(rnd.tables):
        raise EventError(
            _("round {round} has no table {table}").format(round=rnd.number, table=table)
        )
    if action == "extend" and not event.spec.minutes:
        raise EventError(_("the event's rounds are untimed: there is no clock to extend"))
    event.append("clock", round=rnd.number, table=table, action=action, seconds=minutes * 60)


def end_table(event: EventFile, table: int, reason: str = "early") -> None:
    rnd = _current(event)
    if not 1 <= table <= len(rnd.tables):
        raise EventError(
            _("round {round} has no table {table}").format(round=rnd.number, table=table)
        )
    if table in rnd.ended:
        raise EventError(_("table {table} has already ended its round").format(table=table))
    event.append("ended", round=rnd.number, table=table, reason=reason)


def withdraw(
    service: SessionService,
    event: EventFile,
    typed: str,
    reason: str,
    rule: str = "set-aside",
) -> None:
    """A player leaves the event. At a table still playing their round, under `set-aside` their
    hand is set aside and the others play on (`leave NAME` in the table's session: written here
    when no one else holds the session, else by the venue that does); under `current-totals`
    the table's round ends on its totals as they stand."""
    state = event.state
    player = _known(state, typed)
    if player not in state.playing:
        raise EventError(_("{name} is not playing in the event now").format(name=visible(player)))
    rnd = state.current
    number = rnd.number if rnd is not None else 0
    table = rnd.table_of(player) if rnd is not None else None
    playing = False
    if rnd is not None and table is not None and table not in rnd.ended:
        playing = not read_tables(service, state, rnd.number)[table - 1].done
    if playing and rnd is not None and table is not None:
        if rule == "set-aside":
            _check_leave(service, rnd, table, player)
        else:
            event.append("ended", round=rnd.number, table=table, reason="withdrawal")
    event.append("withdraw", player=player, round=number, rule=rule, reason=reason)
    if playing and rule == "set-aside" and rnd is not None and table is not None:
        _record_leave(service, event.state, rnd.number, table)


def _check_leave(service: SessionService, rnd: Round, table: int, player: str) -> None:
    """Refuse a withdrawal that would leave fewer than two playing at the table."""
    live = service.open(rnd.sessions[table], read_only=True)
    try:
        ruling = live.preview(f"leave {player}").answer
    finally:
        live.close()
    if not ruling.ok:
        raise EventError(
            _(
                "{refusal}: end the table's round on its totals instead (--rule current-totals)"
            ).format(refusal=ruling.text)
        )


def _record_leave(service: SessionService, state: EventState, round_no: int, table: int) -> None:
    """`leave NAME` written into the table's session now, when no one holds it (the venue
    that holds it writes it on its next look)."""
    from ..service import SessionError

    try:
        live = service.open(state.rounds[round_no - 1].sessions[table])
    except SessionError:
        return
    try:
        for request, line in table_statements(state, round_no, table, live, 0.0, {}):
            live.record(line, by=None, request=request)
    finally:
        live.close()


def arrive(event: EventFile, typed: str) -> str:
    name = normal_name(typed)
    problem = name_problem(name, event.state.registered)
    if problem is not None:
        raise EventError(problem)
    event.append("arrive", player=name)
    return name


def replace(service: SessionService, event: EventFile, typed: str, typed_by: str) -> str:
    """`by` takes `player`'s seat: in the round being played (and its result), or from the
    next round when every table of the last one is over."""
    state = event.state
    player = _known(state, typed)
    if player not in state.playing:
        raise EventError(_("{name} is not playing in the event now").format(name=visible(player)))
    by = normal_name(typed_by)
    problem = name_problem(by, state.registered)
    if problem is not None:
        raise EventError(problem)
    rnd = state.current
    playing = (
        rnd is not None and rnd.table_of(player) is not None and bool(open_tables(service, state))
    )
    number = rnd.number if playing and rnd is not None else state.next_round
    event.append("replace", player=player, by=by, round=number)
    return by


def penalty(event: EventFile, typed: str, points: int, reason: str) -> None:
    event.append("penalty", player=_known(event.state, typed), points=points, reason=reason)


def _current(event: EventFile) -> Round:
    rnd = event.state.current
    if rnd is None:
        raise EventError(_("no round has been seated yet: 'uno-referee event seat' seats one"))
    return rnd
