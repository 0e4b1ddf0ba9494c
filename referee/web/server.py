"""The scoreboard's web server: Starlette routes under uvicorn, read-only and token-guarded.

Routes, all under the token: `/s/TOKEN/` (the page), `/s/TOKEN/events` (server-sent events,
one `board` event a change), `/s/TOKEN/board.js` and `board.css`. Anything else, or a missing
or wrong token, gets the page asking for the QR code; a method other than GET or HEAD gets 405
before any route is looked at. Every answer, uvicorn's own included, carries the security
headers (`headers`); the connections are kept in bounds by `connections`.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import secrets
import signal
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from ..i18n import _, current
from ..notation import visible
from ..service import LiveSession
from .connections import (
    MAX_OPEN,
    PER_ADDRESS,
    REQUEST_SECONDS,
    Gate,
    guarded_protocol,
    open_ceiling,
)
from .errors import ServeError
from .headers import SECURITY_HEADERS
from .hub import Hub
from .links import LinkError, resolve_host
from .pages import asset, page, refused_page
from .phones import phone_language, phone_routes
from .speech import speaking
from .writer import Writer

KEEP_ALIVE_SECONDS = 15
"""A comment line this often keeps idle streams open through phones' and routers' timeouts."""
RETRY_MS = 1000
"""How soon a browser reconnects a dropped stream (the `retry:` field of the stream)."""


@dataclass(frozen=True)
class ServerOptions:
    host: str
    port: int
    token: str
    max_streams: int = 50
    """Pages following the session at once; more are told to come back (503)."""
    max_connections: int = 100
    """Requests answered at once, the open streams among them; one more is answered 503.
    Only requests count: a connection that has sent no complete request is not answered yet
    (uvicorn's `limit_concurrency` counted those too, so idle ones locked everyone out)."""
    per_address: int = PER_ADDRESS
    """Connections one address may hold open at once."""
    max_open: int = MAX_OPEN
    """Connections held open at once, all addresses together."""
    request_seconds: float = REQUEST_SECONDS
    """How long a connection may wait before its request's head is complete."""


class Guard:
    """Answers only GET and HEAD (and POST where seats take proposals), and no more than
    `max_requests` requests at once."""

    def __init__(self, app: ASGIApp, max_requests: int, writes: bool = False) -> None:
        self.app = app
        self.max_requests = max_requests
        self.requests = 0
        self.methods = ("GET", "HEAD", "POST") if writes else ("GET", "HEAD")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope["method"] not in self.methods:
            refused = Response(
                _("Read-only: only GET and HEAD are answered."),
                405,
                headers={"Allow": "GET, HEAD"},
                media_type="text/plain",
            )
            await refused(scope, receive, send)
            return
        # Checked and counted in one step (no await between them).
        if self.requests >= self.max_requests:
            busy = Response(
                _(
                    "The scoreboard is answering too many requests at once; it will "
                    "be back shortly."
                ),
                503,
                headers={"Retry-After": "5"},
                media_type="text/plain",
            )
            await busy(scope, receive, send)
            return
        self.requests += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.requests -= 1


class Following(StreamingResponse):
    """A page's stream, holding the slot its route took until it ends, however it ends: the
    client gone before the first byte, the server stopping, or a failure."""

    def __init__(self, hub: Hub, stopping: Callable[[], bool], lang: str) -> None:
        super().__init__(
            _stream(hub, stopping, lang),
            media_type="text/event-stream",
            headers={"X-Accel-Buffering": "no"},
        )
        self.hub = hub

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        # Starlette calls this as soon as the route returns, with nothing to wait for between
        # them; a stream whose client is gone is cancelled before its generator ever starts,
        # so the slot is given back here rather than in the generator.
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.hub.release()


def create_app(
    live: LiveSession,
    token: str,
    *,
    max_streams: int = 50,
    max_requests: int = 100,
    stopping: Callable[[], bool] = lambda: False,
    writer: Writer | None = None,
) -> ASGIApp:
    """The ASGI app serving `live` (opened read-only) to holders of `token`; with `writer`,
    the table's phones may also take seats and propose their moves to it.

    The security headers are not its own: the server adds them to every answer (`serve`).
    """
    hub = Hub(live, max_streams)

    async def nowhere(request: Request) -> Response:
        return HTMLResponse(refused_page(), 404 if request.url.path != "/" else 403)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        follower = asyncio.create_task(hub.follow(stopping))
        try:
            yield
        finally:
            follower.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await follower

    routes = [*table_routes(hub, token, stopping, writer), Route("/{rest:path}", nowhere)]
    app = Starlette(routes=routes, lifespan=lifespan)
    return Guard(app, max_requests, writes=writer is not None)


def table_routes(
    hub: Hub, token: str, stopping: Callable[[], bool], writer: Writer | None = None
) -> list[Route]:
    """One table's routes under `/s/TOKEN/`: its board, stream and files, and with `writer`
    its seats' routes. Whoever serves them runs `hub.follow` (the scoreboard's lifespan, or a
    venue for each table of the round)."""
    live = hub.live
    server_lang = current()
    title = visible(live.header.event or _("UNO scoreboard"))
    script, style = asset("board.js"), asset("board.css")
    expected = token.encode("ascii")

    def allowed(request: Request) -> bool:
        given = str(request.path_params.get("token", "")).encode("utf-8", "replace")
        return secrets.compare_digest(given, expected)

    def refused(status: int) -> Response:
        return HTMLResponse(refused_page(), status)

    async def board_page(request: Request) -> Response:
        if not allowed(request):
            return refused(403)
        lang = phone_language(request, server_lang)
        fragment = hub.fragment_in(lang)
        with speaking(lang):
            return HTMLResponse(page(title, fragment, seats=writer is not None))

    async def events(request: Request) -> Response:
        if not allowed(request):
            return refused(403)
        if request.method == "HEAD":
            return Response(media_type="text/event-stream")
        if not hub.claim():
            return Response(
                _("Too many pages follow this session; retrying shortly."),
                503,
                headers={"Retry-After": "5"},
                media_type="text/plain",
            )
        return Following(hub, stopping, phone_language(request, server_lang))

    def static(body: bytes, media_type: str) -> Callable[[Request], Awaitable[Response]]:
        async def serve_file(request: Request) -> Response:
            if not allowed(request):
                return refused(403)
            return Response(body, media_type=media_type)

        return serve_file

    def players() -> tuple[int, tuple[str, ...]]:
        return hub.moves, live.header.players

    # A phone's move just stored: every phone is shown it now, not at the file's next poll.
    seat_routes = (
        phone_routes(writer, allowed, players, server_lang, hub.nudge) if writer is not None else []
    )
    return [
        *seat_routes,
        Route("/s/{token}/", board_page),
        Route("/s/{token}/events", events),
        Route("/s/{token}/board.js", static(script, "text/javascript")),
        Route("/s/{token}/board.css", static(style, "text/css")),
        Route("/s/{token}/phone.js", static(asset("phone.js"), "text/javascript")),
    ]


async def _stream(hub: Hub, stopping: Callable[[], bool], lang: str) -> AsyncIterator[str]:
    """One page's stream: the board now, then again at every change, until it goes away."""
    yield f"retry: {RETRY_MS}\n\n"
    seen, idle = -1, 0
    # Wakes at least every second, so that a stopping server ends its streams at once.
    while not stopping():
        if seen != hub.version:
            seen, idle = hub.version, 0
            # A line break is the stream's own syntax: the board (whose names and rulings
            # hold no control characters) is cut at its own lines only.
            lines = hub.fragment_in(lang).replace("\r", "").split("\n")
            data = "".join(f"data: {line}\n" for line in lines)
            yield f"event: board\nid: {hub.moves}\n{data}\n"
        elif not await hub.wait(seen, 1.0):
            idle += 1
            if idle >= KEEP_ALIVE_SECONDS:
                idle = 0
                yield ": still here\n\n"


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on exactly `host` (never more than asked); ServeError if it cannot."""
    try:
        address, family = resolve_host(host)
    except LinkError as exc:
        raise ServeError(str(exc)) from None
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        # A server restarted at once takes its port back (connections left in TIME_WAIT).
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((address, port))
        sock.listen(128)
    except OSError as exc:
        sock.close()
        if exc.errno in (98, 48, 10048):  # EADDRINUSE on Linux, macOS, Windows
            raise ServeError(
                _(
                    "port {port} on {host} is in use: choose another with --port "
                    "(--port 0 takes a free one)"
                ).format(port=port, host=host)
            ) from None
        raise ServeError(
            _("cannot listen on {host} port {port}: {reason}").format(
                host=host, port=port, reason=exc.strerror or exc
            )
        ) from None
    sock.setblocking(False)
    return sock


def server_config(app: ASGIApp, options: ServerOptions) -> uvicorn.Config:
    """uvicorn's settings for `app`: the guarded h11 protocol, the security headers on every
    answer, and no connection cap of its own (the gate and `max_connections` are the caps)."""
    gate = Gate(options.per_address, open_ceiling(options.max_open), options.request_seconds)
    return uvicorn.Config(
        app,
        http=guarded_protocol(gate),
        headers=SECURITY_HEADERS,
        timeout_keep_alive=math.ceil(options.request_seconds),
        timeout_graceful_shutdown=1,
        log_level="warning",
        access_log=False,
        server_header=False,
        proxy_headers=False,
        ws="none",
        lifespan="on",
    )


def build_server(
    live: LiveSession,
    options: ServerOptions,
    stopped: Callable[[], bool] = lambda: False,
    writer: Writer | None = None,
) -> uvicorn.Server:
    """The server for `live`; it ends its streams once `stopped()` or its own exit is due."""

    def stopping() -> bool:
        return stopped() or server.should_exit

    app = create_app(
        live,
        options.token,
        max_streams=options.max_streams,
        max_requests=options.max_connections,
        stopping=stopping,
        writer=writer,
    )
    server = uvicorn.Server(server_config(app, options))
    return server


def serve(
    live: LiveSession, sock: socket.socket, options: ServerOptions, writer: Writer | None = None
) -> None:
    """Serve until SIGINT or SIGTERM, then close the streams within a second."""
    stopped: list[bool] = []
    """Set by a stop signal; the streams and the file's follower look at it."""
    server = build_server(live, options, lambda: bool(stopped), writer)

    # uvicorn stops gracefully on SIGINT and SIGTERM, then raises the signal again for the
    # handler it found. This one only asks the server to stop: Ctrl+C or `kill` is a plain stop
    # (exit status 0, the session closed after it), even before uvicorn took the signals.
    def stop(*_args: object) -> None:
        stopped.append(True)
        server.should_exit = True

    stops = (signal.SIGINT, signal.SIGTERM)
    before = {sig: signal.signal(sig, stop) for sig in stops}
    try:
        server.run(sockets=[sock])
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)
