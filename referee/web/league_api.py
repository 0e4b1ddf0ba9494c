"""The hub's HTTP API (`uno-referee hub`): laptops send their sessions' entries, anyone with a
key reads the league's standings, the organiser's key keeps the book, forks and keys.

Every route answers JSON and takes its key as `Authorization: Bearer KEY`. Writes are
acknowledged only once committed to the store.
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp

from ..i18n import _
from ..league.book_ops import BookRefused, change
from ..league.keys import Holder
from ..league.standings import Answers, book_of, selection_from
from ..league.store import LeagueStore, Refused
from ..stats.selection import Selection

API = "/api/v1"
MAX_BODY = 16_000_000
"""The largest request body read: 5,000 entries of a long session fit several times over."""

Handler = Callable[[Request, Holder], Awaitable[Response]]


def _error(status: int, message: str, **facts: Any) -> JSONResponse:
    return JSONResponse({"error": message, **facts}, status)


class TooLarge(Exception):
    pass


async def _body(request: Request) -> Any:
    """The request's JSON; TooLarge past MAX_BODY (counted as it arrives, whatever the
    Content-Length says); ValueError if it is not JSON."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
        raise TooLarge
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise TooLarge
        chunks.append(chunk)
    return json.loads(b"".join(chunks).decode("utf-8"))


QUIET_SECONDS = 1.0
"""How long no session must arrive before the refresher counts what arrived."""


class Refresher:
    """Computes the figures of the sessions that changed, in a thread of its own, soon after
    they arrive: the standings then find them ready instead of replaying sessions while a
    person waits."""

    def __init__(self, answers: Answers) -> None:
        self.answers = answers
        self.wanted = threading.Event()
        self.stopped = False
        self.thread = threading.Thread(target=self._run, name="hub-figures", daemon=True)

    def start(self) -> None:
        self.thread.start()
        self.wanted.set()  # what an earlier run left stale

    def stop(self) -> None:
        self.stopped = True
        self.wanted.set()

    def _run(self) -> None:
        while not self.stopped:
            self.wanted.wait()
            # Not while laptops are sending: twenty of them at once would share the hub's
            # processor with the replays. Once a quiet moment comes, everything at once.
            while not self.stopped:
                self.wanted.clear()
                if not self.wanted.wait(QUIET_SECONDS):
                    break
            if self.stopped:
                return
            # A failing store (PostgreSQL restarting) is tried again at the next arrival;
            # the standings compute what is still stale themselves.
            with contextlib.suppress(Exception):
                # The figures of what arrived, and the standings everyone asks for first.
                self.answers.standings(Selection())


def create_hub_app(store: LeagueStore, refresher: Refresher | None = None) -> ASGIApp:
    """The ASGI app of a hub over `store` (with `refresher`, told of every arrival)."""
    answers = refresher.answers if refresher is not None else Answers(store)

    def guarded(
        handler: Handler, organiser: bool = False
    ) -> Callable[[Request], Awaitable[Response]]:
        async def route(request: Request) -> Response:
            given = request.headers.get("authorization", "")
            key = given[7:].strip() if given[:7].lower() == "bearer " else ""
            holder = await run_in_threadpool(store.holder, key)
            if holder is None:
                return _error(401, _("unknown or revoked key"))
            if organiser and not holder.organiser:
                return _error(403, _("only the organiser's key may do this"))
            try:
                return await handler(request, holder)
            except TooLarge:
                return _error(413, _("the request is larger than {n} bytes").format(n=MAX_BODY))
            except (ValueError, UnicodeDecodeError):
                return _error(400, _("the request's body is not JSON"))
            except Refused as exc:
                return _error(exc.status, exc.message, **exc.facts)
            except BookRefused as exc:
                return _error(409, exc.message)

        return route

    async def hello(request: Request, holder: Holder) -> Response:
        return JSONResponse(
            {"hub": "uno-referee", "api": 1, "name": holder.name, "role": holder.role}
        )

    async def cursors(request: Request, holder: Holder) -> Response:
        body = await _body(request)
        uids = body.get("uids") if isinstance(body, dict) else None
        if not isinstance(uids, list) or len(uids) > 100_000:
            return _error(400, _("expected a list of session ids"))
        found = await run_in_threadpool(store.cursors, [u for u in uids if isinstance(u, str)])
        return JSONResponse({"cursors": {uid: list(at) for uid, at in found.items()}})

    async def ingest(request: Request, holder: Holder) -> Response:
        body = await _body(request)
        if not isinstance(body, dict):
            return _error(400, _("expected an object with the session's entries"))
        alias = body.get("alias")
        receipt = await run_in_threadpool(
            store.ingest,
            holder,
            request.path_params["uid"],
            body.get("meta"),
            body.get("entries", []),
            alias if isinstance(alias, str) else "",
        )
        if refresher is not None and receipt.added:
            refresher.wanted.set()
        return JSONResponse(receipt._asdict())

    async def standings(request: Request, holder: Holder) -> Response:
        try:
            selection = selection_from(dict(request.query_params))
        except ValueError as exc:
            return _error(400, str(exc))
        body = await run_in_threadpool(answers.standings, selection)
        return Response(body, media_type="application/json")

    async def played_list(request: Request, holder: Holder) -> Response:
        body = await run_in_threadpool(answers.played)
        return Response(body, media_type="application/json")

    async def book(request: Request, holder: Holder) -> Response:
        league = await run_in_threadpool(book_of, store)
        return JSONResponse(league.to_json())

    async def book_change(request: Request, holder: Holder) -> Response:
        body = await _body(request)
        if not isinstance(body, dict):
            return _error(400, _("expected an object naming the change"))
        said = await run_in_threadpool(change, store, body)
        return JSONResponse(said)

    async def fork_list(request: Request, holder: Holder) -> Response:
        every = request.query_params.get("all") in ("1", "true")
        found = await run_in_threadpool(store.forks, every)
        return JSONResponse({"forks": [fork._asdict() for fork in found]})

    async def fork_resolve(request: Request, holder: Holder) -> Response:
        body = await _body(request)
        take = body.get("take") if isinstance(body, dict) else None
        if not isinstance(take, bool):
            return _error(400, _("say whether the fork's entries replace the hub's: take"))
        try:
            fork_id = int(request.path_params["fork"])
        except ValueError:
            return _error(
                404, _("there is no open fork {id}").format(id=request.path_params["fork"])
            )
        fork = await run_in_threadpool(store.resolve, fork_id, take)
        return JSONResponse(fork._asdict())

    async def key_list(request: Request, holder: Holder) -> Response:
        found = await run_in_threadpool(store.key_list)
        return JSONResponse({"keys": [key._asdict() for key in found]})

    async def key_revoke(request: Request, holder: Holder) -> Response:
        body = await _body(request)
        name = body.get("name") if isinstance(body, dict) else None
        if not isinstance(name, str):
            return _error(400, _("name the key to revoke"))
        revoked = await run_in_threadpool(store.revoke, name)
        if not revoked:
            return _error(404, _("no key named {name} is in use").format(name=name))
        return JSONResponse({"revoked": revoked})

    async def nowhere(request: Request) -> Response:
        return _error(404, _("no such route"))

    routes = [
        Route(f"{API}/hello", guarded(hello)),
        Route(f"{API}/cursors", guarded(cursors), methods=["POST"]),
        Route(f"{API}/sessions/{{uid}}", guarded(ingest), methods=["POST"]),
        Route(f"{API}/standings", guarded(standings)),
        Route(f"{API}/played", guarded(played_list)),
        Route(f"{API}/book", guarded(book)),
        Route(f"{API}/book", guarded(book_change, organiser=True), methods=["POST"]),
        Route(f"{API}/forks", guarded(fork_list, organiser=True)),
        Route(f"{API}/forks/{{fork}}", guarded(fork_resolve, organiser=True), methods=["POST"]),
        Route(f"{API}/keys", guarded(key_list, organiser=True)),
        Route(f"{API}/keys/revoke", guarded(key_revoke, organiser=True), methods=["POST"]),
        Route("/{rest:path}", nowhere, methods=["GET", "HEAD", "POST"]),
    ]
    return Starlette(routes=routes)


def serve_hub(store: LeagueStore, sock: Any, host: str, port: int) -> None:
    """Serve the hub on `sock` until SIGINT or SIGTERM (a plain stop, exit status 0)."""
    import signal

    import uvicorn

    from .server import ServerOptions, server_config

    # Laptops send in bursts: room for twenty syncing at once and the organiser's reads.
    options = ServerOptions(host, port, "", max_connections=200)
    refresher = Refresher(Answers(store))
    refresher.start()
    server = uvicorn.Server(server_config(create_hub_app(store, refresher), options))

    def stop(*_args: object) -> None:
        server.should_exit = True

    before = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        server.run(sockets=[sock])
    finally:
        refresher.stop()
        for sig, handler in before.items():
            signal.signal(sig, handler)
