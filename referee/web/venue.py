"""An event's venue server: every table of the round being played served to its phones (each
table's session held by this one writer), and the venue's own pages: the big screen with the
standings and the clocks, the tables' QR cards, and the director's feed.

Routes: `/s/TABLE-TOKEN/...` is one table, exactly as `serve --seats` serves a session (its
board, stream, seats and proposals); `/v/VENUE-TOKEN/` the big screen, `.../state.json` what it
shows, `.../cards` the printable cards, `.../desk.json` what the tables' phones asked of the
director. Tokens and seat codes come from the data folder's key (`event.keys`): cards printed
before the evening hold after a restart. The server reads the event's file (its director writes
it) and follows it: a round published opens its tables, a table ended is closed to proposals.
As each table's one writer, it also records there what the director decided for it: a player
who withdrew with their hand set aside (`leave NAME`), and time called once the turn is
finished (`time`, under the `score-hands` rule).
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import socket
import sys
import time
from collections.abc import Awaitable, Callable
from html import escape
from typing import Any, NamedTuple

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from ..event import director
from ..event.files import EventBook, EventError, EventFile
from ..event.keys import VenueKeys
from ..event.standings import shown
from ..event.words import clock_text, end_text, stage_text
from ..i18n import _
from ..notation import visible
from ..service import LiveSession, SessionError, SessionService
from ..sheet.exports import qr
from ..table import Desk
from .hub import Hub
from .links import scoreboard_url
from .pages import asset, refused_page, venue_page
from .server import Guard, ServerOptions, server_config, table_routes
from .writer import LocalWriter

EVENT_POLL_SECONDS = 0.5
"""How often the event's file is looked at: a round published reaches the phones within it."""
CALLS_KEPT_SECONDS = 10 * 60
"""A table's call for the director stays on the feed this long."""


class Table(NamedTuple):
    """One table of the round being played, as this server holds it."""

    number: int
    token: str
    hub: Hub
    app: ASGIApp
    desk: Desk | None
    """None when the table takes no proposals (its round ended, or its session is held
    elsewhere)."""
    held: LiveSession | None
    writer: LocalWriter | None
    closing: list[bool]
    """Set when the table closes: its board's follower stops."""
    follower: asyncio.Task[None]


class Venue:
    """The venue's tables and pages for one event, as an ASGI app."""

    def __init__(
        self,
        service: SessionService,
        event_id: str,
        keys: VenueKeys,
        *,
        address: tuple[str, int] = ("127.0.0.1", 0),
        stopping: Callable[[], bool] = lambda: False,
        max_streams: int = 50,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.service, self.event_id, self.keys = service, event_id, keys
        self.address = address
        self._stopped = False
        self._outer_stopping = stopping
        self.max_streams = max_streams
        self.clock = clock
        """The time the round clocks are read at (the tests' own)."""
        self._at_time: dict[tuple[int, int], director.AtTime] = {}
        self.event: EventFile | None = None
        self.problem: str | None = None
        self.round = 0
        self.tables: dict[str, Table] = {}
        self.calls: dict[int, list[tuple[float, str]]] = {}
        self.catches: dict[int, list[tuple[float, str, str]]] = {}
        """Each table's catches its referee refused: (when, catcher, caught)."""
        self._mark: object = None
        self._facts = director.Facts()
        self.pages = Starlette(routes=self._routes())

    def stopping(self) -> bool:
        return self._stopped or self._outer_stopping()

    def stop(self) -> None:
        """Stop following the event and close every table (a signal, or the tests)."""
        self._stopped = True

    # Following the event's file ----------------------------------------------------------------

    def load(self) -> bool:
        """Read the event's file again if it changed (True when it did)."""
        from ..store.session_file import fingerprint

        book = EventBook(self.service.layout)
        mark = fingerprint(book.folder / f"{self.event_id}.json")
        if mark == self._mark and self.event is not None:
            return False
        try:
            with book.open(self.event_id) as event:
                self.event, self.problem = event, None
        except EventError as exc:
            self.problem = exc.message
            return False
        self._mark = mark
        return True

    async def follow(self) -> None:
        """Until the server stops: the round's tables open as it is published, close as they
        end."""
        try:
            while not self.stopping():
                try:
                    if await asyncio.to_thread(self.load):
                        await self._arrange()
                    await self._director_statements()
                except Exception as exc:
                    # A table that could not be opened now (a file being replaced, a disk
                    # error) is said on the terminal, and the next look tries again.
                    self._mark = None
                    print(f"uno-referee event serve: {exc!r}", file=sys.stderr, flush=True)
                await asyncio.sleep(EVENT_POLL_SECONDS)
        finally:
            await self.close()

    async def _arrange(self) -> None:
        event = self.event
        if event is None or event.state.current is None:
            return
        rnd = event.state.current
        if rnd.number != self.round:
            await self.close()
            self.round = rnd.number
        # Every table of the round whose session is known (the director's log names each
        # table's session just after the seating: a look in between finds some without).
        opened = {table.number for table in self.tables.values()}
        for number in range(1, len(rnd.tables) + 1):
            if number not in opened:
                table = await self._open(number)
                if table is not None:
                    self.tables[table.token] = table
        for token, table in list(self.tables.items()):
            if table.number in rnd.ended and table.desk is not None:
                # Its round is over: its board stays, its phones may propose nothing more. The
                # table is served all along: its writer closes first (a phone's move is then
                # refused as closed), the board that replaces it is opened, then it stops.
                await self._stop_writing(table)
                again = await self._open(table.number)
                if again is not None:
                    self.tables[token] = again
                else:
                    del self.tables[token]
                await self._retire(table, written=False)

    def _sessions(
        self, number: int
    ) -> tuple[str, LiveSession, LiveSession | None, dict[str, str]] | None:
        """In a worker thread: the table's session opened to read, and to write unless its
        round ended (or another writer holds it: then its board is served without seats)."""
        event = self.event
        assert event is not None and event.state.current is not None
        rnd = event.state.current
        sid = rnd.sessions.get(number)
        if sid is None:
            return None
        players = rnd.tables[number - 1]
        try:
            live = self.service.open(sid, read_only=True)
        except SessionError as exc:
            self.problem = exc.message
            return None
        held = None
        if number not in rnd.ended:
            with contextlib.suppress(SessionError):
                held = self.service.open(sid)
        codes = {p: self.keys.seat(rnd.number, number, p) for p in players}
        return self.keys.table(rnd.number, number), live, held, codes

    async def _open(self, number: int) -> Table | None:
        found = await asyncio.to_thread(self._sessions, number)
        if found is None:
            return None
        token, live, held, codes = found
        desk = Desk(held, "none", codes) if held is not None else None
        hub = Hub(live, self.max_streams)
        writer = LocalWriter(desk, after=self._called(number)) if desk is not None else None
        app = Starlette(routes=table_routes(hub, token, self.stopping, writer))
        closing: list[bool] = []
        follower = asyncio.create_task(hub.follow(lambda: self.stopping() or bool(closing)))
        return Table(number, token, hub, app, desk, held, writer, closing, follower)

    async def _director_statements(self) -> None:
        """What the director decided for a table and only its writer can record: recorded
        between two of its phones' messages."""
        event = self.event
        if event is None or event.state.current is None:
            return
        state, now = event.state, self.clock()
        for table in list(self.tables.values()):
            if table.writer is None or table.held is None or table.desk is None:
                continue
            number, held = table.number, table.held
            up = state.spec.at_time != "stop" and director.time_up(state, self.round, number, now)
            if not (up or table.desk.time_up or director.set_aside(state, self.round, number)):
                continue  # nothing decided waits for this table: no trip to its writer's thread

            def record(
                desk: Desk, number: int = number, up: bool = up, live: LiveSession = held
            ) -> None:
                desk.time_up = up
                due = director.table_statements(state, self.round, number, live, now, self._at_time)
                for request, line in due:
                    desk.director(line, request)

            await table.writer.run(record)

    def _called(self, number: int) -> Callable[[Desk], None]:
        def take(desk: Desk) -> None:
            while desk.alerts:
                player = desk.alerts.pop(0)
                self.calls.setdefault(number, []).append((time.time(), player))
            while desk.catches:
                catcher, caught = desk.catches.pop(0)
                self.catches.setdefault(number, []).append((time.time(), catcher, caught))

        return take

    async def _retire(self, table: Table, written: bool = True) -> None:
        """Stop the table's board and close its sessions (`written`: its writer too)."""
        table.closing.append(True)
        try:
            await table.follower
        except asyncio.CancelledError:
            pass
        except Exception as exc:
            # Its board stopped following (said then): the table is closed all the same.
            print(f"uno-referee event serve: table {table.number}: {exc!r}", file=sys.stderr)
        table.hub.live.close()
        if written:
            await self._stop_writing(table)

    @staticmethod
    async def _stop_writing(table: Table) -> None:
        held = table.held
        if held is not None:
            if table.writer is not None:
                # Between two phones' messages: one coming after it is refused, not an error.
                await table.writer.run(lambda _desk: held.close())
            else:
                held.close()

    async def close(self) -> None:
        if self._stopped:
            self._facts.close()
        for table in list(self.tables.values()):
            await self._retire(table)
        self.tables.clear()

    async def _lifespan(self, receive: Receive, send: Send) -> None:
        """The server's start and stop: the event is followed from start to stop."""
        follower: asyncio.Task[None] | None = None
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                follower = asyncio.create_task(self.follow())
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                self._stopped = True
                if follower is not None:
                    with contextlib.suppress(asyncio.CancelledError):
                        await follower
                await send({"type": "lifespan.shutdown.complete"})
                return

    # Serving ----------------------------------------------------------------------------------

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
            return
        if scope["type"] != "http":
            return
        parts = scope["path"].split("/")
        if len(parts) > 2 and parts[1] == "s":
            table = self.tables.get(parts[2])
            if table is not None:
                await table.app(scope, receive, send)
                return
        await self.pages(scope, receive, send)

    def _routes(self) -> list[Route]:
        def page_of(
            build: Callable[[Request], Awaitable[Response]],
        ) -> Callable[[Request], Awaitable[Response]]:
            async def checked(request: Request) -> Response:
                import secrets

                given = str(request.path_params.get("token", "")).encode("utf-8", "replace")
                if not secrets.compare_digest(given, self.keys.screen.encode("ascii")):
                    return HTMLResponse(refused_page(), 403)
                return await build(request)

            return checked

        async def screen(request: Request) -> Response:
            return HTMLResponse(venue_page(self._title(), "screen"))

        async def state(request: Request) -> Response:
            return JSONResponse(await asyncio.to_thread(self.state))

        async def desk(request: Request) -> Response:
            return JSONResponse(self.desk())

        async def cards(request: Request) -> Response:
            return HTMLResponse(await asyncio.to_thread(self.cards_page))

        def static(name: str, kind: str) -> Callable[[Request], Awaitable[Response]]:
            body = asset(name)

            async def serve_file(request: Request) -> Response:
                return Response(body, media_type=kind)

            return serve_file

        async def nowhere(request: Request) -> Response:
            return HTMLResponse(refused_page(), 404)

        return [
            Route("/v/{token}/", page_of(screen)),
            Route("/v/{token}/state.json", page_of(state)),
            Route("/v/{token}/desk.json", page_of(desk)),
            Route("/v/{token}/cards", page_of(cards)),
            Route("/v/{token}/venue.js", page_of(static("venue.js", "text/javascript"))),
            Route("/v/{token}/venue.css", page_of(static("venue.css", "text/css"))),
            Route("/{rest:path}", nowhere),
        ]

    def _title(self) -> str:
        return visible(self.event.spec.name) if self.event is not None else _("UNO event")

    def state(self) -> dict[str, Any]:
        """What the big screen shows: the round, each table's clock and progress, the
        standings."""
        event = self.event
        if event is None:
            return {"problem": self.problem or ""}
        state, now = event.state, time.time()
        tables = []
        rnd = state.current
        if rnd is not None:
            for view in director.read_tables(self.service, state, rnd.number, self._facts):
                clock = state.clock(rnd.number, view.table)
                left = clock.left(now)
                facts = view.facts
                turn = facts.turn if facts is not None and not view.done else None
                tables.append(
                    {
                        "table": view.table,
                        "label": _("Table {table}").format(table=view.table),
                        "players": list(view.players),
                        "colour": clock.colour(now),
                        "clock": end_text(view.ended) if view.ended else clock_text(left),
                        "running": clock.running_since is not None,
                        "left": left,
                        "moves": facts.moves if facts else 0,
                        "turn": turn,
                        "turn_text": _("Turn: {player}").format(player=turn) if turn else "",
                        "done": view.done,
                    }
                )
        rows = [
            {"rank": row.rank, "player": row.player, "points": shown(row.points)}
            for row in director.qualifying(self.service, state, self._facts)
        ]
        return {
            "event": event.spec.name,
            "round": rnd.number if rnd is not None else 0,
            "stage": stage_text(event.spec.stage(rnd.number)) if rnd is not None else "",
            "tables": tables,
            "standings": rows,
            "heading": (
                _("Round {round} ({stage})").format(
                    round=rnd.number, stage=stage_text(event.spec.stage(rnd.number))
                )
                if rnd is not None
                else _("Waiting for the first round's seating.")
            ),
            "words": {
                "standings": _("Standings"),
                "rank": _("Rank"),
                "player": _("Player"),
                "points": _("Points"),
            },
        }

    def desk(self) -> dict[str, Any]:
        """What the tables' phones asked of the director: calls, hands and catches the referee
        refused, seats held (for the director's screen)."""
        now = time.time()
        found = {}
        for table in self.tables.values():
            calls = [
                player
                for at, player in self.calls.get(table.number, [])
                if now - at < CALLS_KEPT_SECONDS
            ]
            catches = [
                [catcher, caught]
                for at, catcher, caught in self.catches.get(table.number, [])
                if now - at < CALLS_KEPT_SECONDS
            ]
            desk = table.desk
            found[str(table.number)] = {
                "calls": calls,
                "catches": catches,
                "disputes": len(_open_disputes(desk)) if desk is not None else 0,
                "waiting": len(desk.queue) if desk is not None else 0,
                "seats": sorted(desk.seats.held()) if desk is not None else [],
                "writing": desk is not None,
            }
        return {"round": self.round, "tables": found}

    def table_url(self, token: str) -> str:
        host, port = self.address
        return scoreboard_url(host, port, token)

    def screen_url(self, path: str = "") -> str:
        host, port = self.address
        bracketed = f"[{host}]" if ":" in host else host
        return f"http://{bracketed}:{port}/v/{self.keys.screen}/{path}"

    def cards_page(self) -> str:
        """One card per table of the round being played: its QR code, its players and each
        seat's code, to print and put on the table."""
        event = self.event
        cards = []
        rnd = event.state.current if event is not None else None
        if event is not None and rnd is not None:
            for number, players in enumerate(rnd.tables, 1):
                url = self.table_url(self.keys.table(rnd.number, number))
                seats = "".join(
                    f'<li><span class="name">{escape(visible(p))}</span>'
                    f'<span class="code">{self.keys.seat(rnd.number, number, p)}</span></li>'
                    for p in players
                )
                heading = _("Table {table}: scan to join").format(table=number)
                how = _("Scan the code, choose your name, then type the code printed beside it.")
                cards.append(
                    f'<section class="card"><h2>{escape(heading)}</h2>'
                    f'<div class="qr">{qr.svg(url, standalone=False)}</div>'
                    f'<p class="how">{escape(how)}</p><ol class="seats">{seats}</ol>'
                    f'<p class="round">{escape(_("Round {round}").format(round=rnd.number))}'
                    f"</p></section>"
                )
        if not cards:
            waiting = _("Waiting for the first round's seating.")
            cards.append(f'<p class="note">{escape(waiting)}</p>')
        return venue_page(self._title(), "cards", body="".join(cards))


def _open_disputes(desk: Desk) -> list[str]:
    """Players whose hand the referee refused and who have still not entered one it takes:
    with no scorekeeper at a venue's table, a dispute ends when the right hand is in."""
    from ..engine.rounds import missing_hands

    missing = missing_hands(desk.live.referee.state)
    return sorted({reply.player for reply in desk.disputes if reply.player in missing})


def serve_venue(venue: Venue, sock: socket.socket, host: str, port: int) -> None:
    """Serve `venue` until SIGINT or SIGTERM (a plain stop: every table's session is closed)."""
    options = ServerOptions(host, port, "", max_streams=500, max_connections=600)
    server = uvicorn.Server(server_config(Guard(venue, options.max_connections, True), options))

    def stop(*_args: object) -> None:
        venue.stop()
        server.should_exit = True

    before = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        server.run(sockets=[sock])
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)
