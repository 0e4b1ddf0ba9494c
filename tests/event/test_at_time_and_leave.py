"""An event's tables at time and on a withdrawal (issue 29): under `score-hands` the venue, the
table's one writer, records `time` once the turn in play when time was up is finished; the
hands entered, the lowest wins and the director's check ends the table; a player withdrawn with
their hand set aside leaves the table's game (`leave NAME`) while the others play on."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from referee.engine.events import Header
from referee.event import director
from referee.event.files import EventBook, EventError
from referee.event.keys import VenueKeys
from referee.event.state import Round
from referee.service import SessionService
from referee.table import Desk
from referee.web.board import board_of
from referee.web.venue import Venue
from referee.web.writer import LocalWriter
from tests.event.specs import seated

PLAYERS = tuple(f"P{n}" for n in range(1, 9))


def _moves(service: SessionService, sid: str) -> list[str]:
    with service.open(sid, read_only=True) as live:
        return [move.text for move in live.moves]


def _propose(desk: Desk, player: str, action: str, n: int) -> str:
    reply = desk.propose(player, action, len(desk.live.moves), f"{n:032d}")
    return reply.status


def _seated(tmp_path: Path, **changes: Any) -> tuple[SessionService, str, Round]:
    """An event stored with its first round seated: the service, its id and that round."""
    service = SessionService(tmp_path / "data")
    eid = seated(service, PLAYERS, **changes)
    with EventBook(service.layout).open(eid) as event:
        rnd = event.state.current
    assert rnd is not None
    return service, eid, rnd


def _timed_venue(tmp_path: Path, **changes: Any) -> tuple[SessionService, str, Venue, list[float]]:
    """An event seated with its clocks started (30 minutes, `score-hands`), and its venue
    reading the clocks at `now[0]` (which the test moves on)."""
    service = SessionService(tmp_path / "data")
    eid = seated(service, PLAYERS, clock=True, minutes=30, at_time="score-hands", **changes)
    now = [time.time()]
    venue = Venue(service, eid, VenueKeys.of(service.layout.root, eid), clock=lambda: now[0])
    return service, eid, venue, now


async def _open(venue: Venue, number: int) -> tuple[Desk, tuple[str, ...], str]:
    """The venue following its event: table `number`'s desk, players and session."""
    assert await asyncio.to_thread(venue.load)
    await venue._arrange()
    table = next(t for t in venue.tables.values() if t.number == number)
    assert table.desk is not None and venue.event is not None
    rnd = venue.event.state.current
    assert rnd is not None
    return table.desk, rnd.tables[number - 1], rnd.sessions[number]


def test_time_is_recorded_once_the_turn_is_finished_and_the_lowest_hand_wins(
    tmp_path: Path,
) -> None:
    service, _eid, venue, now = _timed_venue(tmp_path)

    async def run() -> None:
        desk, (a, b, c, d), sid = await _open(venue, 1)
        assert _propose(desk, a, "start r7", 1) == "recorded"
        # The dealer is the first seat: the second plays first.
        assert _propose(desk, b, "r5", 2) == "recorded"
        # Time is up while it is the third seat's turn: nothing yet, the turn is theirs.
        now[0] += 31 * 60
        await venue._director_statements()
        assert "time" not in _moves(service, sid)
        # A phone at a table still playing may still play: the third seat finishes the turn.
        assert _propose(desk, c, "draw", 3) == "recorded"
        await venue._director_statements()
        assert _moves(service, sid)[-1] == "time"
        # Recorded once, however often the venue looks.
        await venue._director_statements()
        assert _moves(service, sid).count("time") == 1
        # A hand the referee refuses (one card, not the seven tracked) is a dispute for the
        # director until a hand it takes is in.
        assert _propose(desk, a, "hand r1", 9) == "refused"
        assert venue.desk()["tables"]["1"]["disputes"] == 1
        # Every hand is entered from the phones; the lowest wins the deal.
        for n, (player, points) in enumerate(((a, 40), (b, 12), (c, 30), (d, 25)), 10):
            assert _propose(desk, player, f"hand {points}", n) == "recorded"
        with service.open(sid, read_only=True) as live:
            sheet = live.sheet
            assert sheet.round_winners == (b,)
            assert sheet.round_at_time == (True,)
            assert sheet.finished  # the event's tables play `rounds 1`
        assert venue.desk()["tables"]["1"]["disputes"] == 0
        state = venue.event.state  # type: ignore[union-attr]
        assert director.read_tables(service, state, 1)[0].done
        got = {row.player: row.points for row in director.qualifying(service, state)}
        assert (got[b], got[d], got[c], got[a]) == (5, 3, 2, 1)
        await venue.close()

    asyncio.run(run())


def test_a_table_whose_time_is_up_between_deals_ends_without_a_new_deal(tmp_path: Path) -> None:
    service = SessionService(tmp_path / "data")
    eid = seated(service, PLAYERS, clock=True, minutes=30, at_time="score-hands", game="rounds 3")
    with EventBook(service.layout).open(eid) as event:
        state = event.state
    rnd = state.current
    assert rnd is not None
    a = rnd.tables[0][0]
    with service.open(rnd.sessions[1]) as live:
        live.record("round 1")
        live.record(f"dealer {a}")
    later = time.time() + 31 * 60
    view = director.read_tables(service, state, 1)[0]
    assert view.facts is not None and view.facts.playing and not view.facts.in_deal
    assert director.due_at_time(state, view, later)
    with service.open(rnd.sessions[1]) as live:
        live.record("start r7")
    view = director.read_tables(service, state, 1)[0]
    assert not director.due_at_time(state, view, later)


def test_a_withdrawal_sets_the_hand_aside_and_the_table_plays_on(tmp_path: Path) -> None:
    service, eid, rnd = _seated(tmp_path, game="rounds 3")
    a, b, c, d = rnd.tables[0]
    sid = rnd.sessions[1]
    with service.open(sid) as live:
        for line in ("round 1", f"dealer {a}", "start r7", f"{b}: r5"):
            assert live.record(line).ok
    with EventBook(service.layout).open(eid, write=True) as event:
        director.withdraw(service, event, c, "ill")
        state = event.state
    # Nobody held the session: the withdrawal wrote `leave` into it at once.
    assert _moves(service, sid)[-1] == f"leave {c}"
    assert 1 not in state.rounds[0].ended
    assert [ch.rule for ch in state.changes[c]] == ["set-aside"]
    with service.open(sid) as live:
        assert live.referee.state.gone == (c,)
        assert live.record(f"{d}: r2").ok  # the turn passed the empty seat over
    # A second withdrawal at the same table would leave two: allowed. A third is refused.
    with EventBook(service.layout).open(eid, write=True) as event:
        director.withdraw(service, event, d, "")
        with pytest.raises(EventError) as refused:
            director.withdraw(service, event, a, "")
    assert "current-totals" in refused.value.message
    assert _moves(service, sid)[-1] == f"leave {d}"


def test_a_withdrawal_the_venue_records_when_it_holds_the_table(tmp_path: Path) -> None:
    service = SessionService(tmp_path / "data")
    eid = seated(service, PLAYERS, game="rounds 3")
    keys = VenueKeys.of(service.layout.root, eid)
    venue = Venue(service, eid, keys)

    async def run() -> None:
        desk, (a, _b, c, _d), sid = await _open(venue, 2)
        assert _propose(desk, a, "start r7", 1) == "recorded"
        with EventBook(service.layout).open(eid, write=True) as event:
            director.withdraw(service, event, c, "")
        assert f"leave {c}" not in _moves(service, sid)  # the venue holds the session
        assert await asyncio.to_thread(venue.load)
        await venue._director_statements()
        assert _moves(service, sid)[-1] == f"leave {c}"
        await venue._director_statements()
        assert _moves(service, sid).count(f"leave {c}") == 1
        # The player who left proposes nothing more.
        assert _propose(desk, c, "r5", 5) == "refused"
        await venue.close()

    asyncio.run(run())


def test_a_withdrawal_on_current_totals_ends_the_table(tmp_path: Path) -> None:
    service = SessionService(tmp_path / "data")
    eid = seated(service, PLAYERS, game="rounds 3")
    with EventBook(service.layout).open(eid, write=True) as event:
        rnd = event.state.current
        assert rnd is not None
        player = rnd.tables[0][2]
        with service.open(rnd.sessions[1]) as live:
            live.record("round 1")
        director.withdraw(service, event, player, "", rule="current-totals")
        assert event.state.rounds[0].ended == {1: "withdrawal"}
        assert _moves(service, rnd.sessions[1]) == ["round 1"]


def test_each_tables_session_carries_the_event_its_round_and_its_table(tmp_path: Path) -> None:
    service, _eid, rnd = _seated(tmp_path)
    for table, sid in rnd.sessions.items():
        with service.open(sid, read_only=True) as live:
            header = live.header
        assert (header.event, header.event_round, header.event_table) == (
            "Club Cup",
            "1",
            str(table),
        )
        assert '[Event "Club Cup"]\n[Date "' in service.export(sid)
        assert f'[Round "1"]\n[Table "{table}"]\n[Edition "classic"]' in service.export(sid)


def test_no_new_deal_begins_once_time_is_up(tmp_path: Path) -> None:
    service, eid, venue, now = _timed_venue(tmp_path, game="rounds 3")

    async def run() -> None:
        desk, (a, b, c, d), _sid = await _open(venue, 1)
        assert _propose(desk, a, "start r7", 1) == "recorded"
        now[0] += 31 * 60
        await venue._director_statements()  # time is up on the turn's first look
        assert _propose(desk, b, "r5", 2) == "recorded"
        await venue._director_statements()
        for n, (player, points) in enumerate(((a, 40), (b, 12), (c, 30), (d, 25)), 10):
            assert _propose(desk, player, f"hand {points}", n) == "recorded"
        reply = desk.propose(a, "start r3", len(desk.live.moves), "9" * 32)
        assert (reply.status, reply.rule) == ("refused", "at-time")
        # The director gives the table five more minutes: it may begin another deal.
        with EventBook(service.layout).open(eid, write=True) as event:
            director.clock(event, "extend", 1, 60)
        assert await asyncio.to_thread(venue.load)
        await venue._director_statements()
        assert _propose(desk, a, "start r3", 20) == "recorded"
        await venue.close()

    asyncio.run(run())


def test_a_phones_message_to_a_table_closed_meanwhile_is_refused(tmp_path: Path) -> None:
    service, _eid, rnd = _seated(tmp_path)
    player = rnd.tables[0][0]
    live = service.open(rnd.sessions[1])
    desk = Desk(live, "none")
    join = desk.seats.ask(player)
    assert join is not None and desk.seats.redeem(join.ticket, join.code)
    got = desk.seats.collect(join.ticket)
    assert got is not None
    writer = LocalWriter(desk)
    live.close()  # the venue retired the table as the message came
    message = {"op": "propose", "credential": got[1], "action": "start r7", "seen": 0}
    answer = asyncio.run(writer.ask(message | {"request": "e" * 32}))
    assert answer == {"error": "closed"}


def test_the_phones_board_after_a_player_left(tmp_path: Path) -> None:
    service = SessionService(tmp_path / "data")
    sid = service.create(Header("classic", ("Ann", "Bob", "Cy", "Dee"), "rounds 3"))
    with service.open(sid) as live:
        for line in ("round 1", "dealer Ann", "leave Dee", "start r7", "Bob: r5"):
            assert live.record(line).ok, line
    with service.open(sid, read_only=True) as live:
        board = board_of(live)
    assert [(seat.name, seat.cards) for seat in board.seats] == [
        ("Ann", 7),
        ("Bob", 6),
        ("Cy", 7),
        ("Dee", None),
    ]


def test_a_table_whose_round_ends_is_served_while_its_board_is_reopened(tmp_path: Path) -> None:
    service, eid, venue, _now = _timed_venue(tmp_path)

    async def run() -> None:
        desk, _players, _sid = await _open(venue, 1)
        token = next(t.token for t in venue.tables.values() if t.number == 1)
        with EventBook(service.layout).open(eid, write=True) as event:
            director.end_table(event, 1)
        assert await asyncio.to_thread(venue.load)
        served: list[bool] = []
        reopen = venue._open

        async def watched(number: int) -> Any:
            # A phone's request that came now would find the table (not a 404), and its
            # writer closed: a move is refused as closed.
            served.append(token in venue.tables)
            assert desk.live.read_only
            return await reopen(number)

        venue._open = watched  # type: ignore[method-assign]
        await venue._arrange()
        assert served == [True]
        assert venue.tables[token].desk is None  # the board alone, read-only
        await venue.close()

    asyncio.run(run())
