"""The scoreboard's web server: Starlette routes under uvicorn, read-only and token-guarded.

Routes, all under the token: `/s/TOKEN/` (the page), `/s/TOKEN/events` (server-sent events,
one `board` event a change), `/s/TOKEN/board.js` and `board.css`. Anything else, or a missing
or wrong token, gets the page asking for the QR code; a method other than GET or HEAD gets 405
before any route is looked at.
"""

from __future__ import annotations

import asyncio
import contextlib
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
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..i18n import _
from ..notation import visible
from ..service import LiveSession
from .errors import ServeError
from .hub import Hub
from .links import LinkError, resolve_host
from .pages import asset, page, refused_page

KEEP_ALIVE_SECONDS = 15
"""A comment line this often keeps idle streams open through phones' and routers' timeouts."""
RETRY_MS = 1000
"""How soon a browser reconnects a dropped stream (the `retry:` field of the stream)."""

SECURITY_HEADERS = [
    # The page loads only what this server serves: no inline script, no other origin.
    (b"content-security-policy",
     b"default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
     b"connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    # The token is in the address: never hand it to another site.
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cache-control", b"no-store"),
]


@dataclass(frozen=True)
class ServerOptions:
    host: str
    port: int
    token: str
    max_streams: int = 50
    """Pages following the session at once; more are told to come back (503)."""
    max_connections: int = 100
    """Connections uvicorn takes at once (its `limit_concurrency`); more get 503."""


class Guard:
    """Answers only GET and HEAD, and adds the security headers to every response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], *SECURITY_HEADERS]
            await send(message)

        if scope["method"] not in ("GET", "HEAD"):
            refused = Response(_("Read-only: only GET and HEAD are answered."), 405,
                               headers={"Allow": "GET, HEAD"}, media_type="text/plain")
            await refused(scope, receive, secured)
            return
        await self.app(scope, receive, secured)


def create_app(live: LiveSession, token: str, *, max_streams: int = 50,
               stopping: Callable[[], bool] = lambda: False) -> ASGIApp:
    """The ASGI app serving `live` (opened read-only) to holders of `token`."""
    hub = Hub(live, max_streams)
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
        return HTMLResponse(page(title, hub.fragment))

    async def events(request: Request) -> Response:
        if not allowed(request):
            return refused(403)
        if request.method == "HEAD":
            return Response(media_type="text/event-stream")
        if hub.streams >= hub.max_streams:
            return Response(_("Too many pages follow this session; retrying shortly."), 503,
                            headers={"Retry-After": "5"}, media_type="text/plain")
        return StreamingResponse(_stream(hub, stopping), media_type="text/event-stream",
                                 headers={"X-Accel-Buffering": "no"})

    def static(body: bytes, media_type: str) -> Callable[[Request], Awaitable[Response]]:
        async def serve_file(request: Request) -> Response:
            if not allowed(request):
                return refused(403)
            return Response(body, media_type=media_type)
        return serve_file

    async def nowhere(request: Request) -> Response:
        return refused(404 if request.url.path != "/" else 403)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        follower = asyncio.create_task(hub.follow(stopping))
        try:
            yield
        finally:
            follower.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await follower

    routes = [
        Route("/s/{token}/", board_page),
        Route("/s/{token}/events", events),
        Route("/s/{token}/board.js", static(script, "text/javascript")),
        Route("/s/{token}/board.css", static(style, "text/css")),
        Route("/{rest:path}", nowhere),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    return Guard(app)


async def _stream(hub: Hub, stopping: Callable[[], bool]) -> AsyncIterator[str]:
    """One page's stream: the board now, then again at every change, until it goes away."""
    hub.streams += 1
    try:
        yield f"retry: {RETRY_MS}\n\n"
        seen, idle = -1, 0
        # Wakes at least every second, so that a stopping server ends its streams at once.
        while not stopping():
            if seen != hub.version:
                seen, idle = hub.version, 0
                # A line break is the stream's own syntax: the board (whose names and rulings
                # hold no control characters) is cut at its own lines only.
                lines = hub.fragment.replace("\r", "").split("\n")
                data = "".join(f"data: {line}\n" for line in lines)
                yield f"event: board\nid: {hub.moves}\n{data}\n"
            elif not await hub.wait(seen, 1.0):
                idle += 1
                if idle >= KEEP_ALIVE_SECONDS:
                    idle = 0
                    yield ": still here\n\n"
    finally:
        hub.streams -= 1


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
            raise ServeError(_("port {port} on {host} is in use: choose another with --port "
                               "(--port 0 takes a free one)").format(port=port, host=host)
                             ) from None
        raise ServeError(_("cannot listen on {host} port {port}: {reason}").format(
            host=host, port=port, reason=exc.strerror or exc)) from None
    sock.setblocking(False)
    return sock


def serve(live: LiveSession, sock: socket.socket, options: ServerOptions) -> None:
    """Serve until SIGINT or SIGTERM, then close the streams within a second."""
    stopped: list[bool] = []
    """Set by a stop signal; the streams and the file's follower look at it."""

    def stopping() -> bool:
        return bool(stopped) or server.should_exit

    app = create_app(live, options.token, max_streams=options.max_streams, stopping=stopping)
    config = uvicorn.Config(app, limit_concurrency=options.max_connections,
                            timeout_graceful_shutdown=1, log_level="warning",
                            access_log=False, server_header=False, proxy_headers=False,
                            http="h11", ws="none", lifespan="on")
    server = uvicorn.Server(config)

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
