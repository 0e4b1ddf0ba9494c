"""The seats' side of the page: taking a seat, the pad of one's own moves, and proposals, each
checked for its seat's credential (an HttpOnly, SameSite=Strict cookie) and a same-origin
request before the table's writer sees it."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from ..i18n import LANGUAGES
from ..render import render_data
from .pad import pad_fragment
from .speech import speaking
from .writer import Writer

SEAT_COOKIE = "seat"
JOIN_COOKIE = "join"
LANG_COOKIE = "lang"
COOKIE_SECONDS = 12 * 3600
"""A seat lasts an evening; the scorekeeper revokes it sooner if need be."""
MOST_BODY = 4096
"""A proposal is a line of notation: a body past this is refused unread."""


def phone_language(request: Request, default: str) -> str:
    """The phone's own choice (its cookie, set by the page's language buttons), else the
    table's language (the server's): a table speaks one language until a phone says not."""
    chosen = request.cookies.get(LANG_COOKIE, "")
    return chosen if chosen in LANGUAGES else default


def same_origin(request: Request) -> bool:
    """A write comes from this page: its Origin is this server (a browser sends it with every
    script's POST; another site's page cannot make it lie), and it is JSON (which no plain form
    of another site can send)."""
    origin = request.headers.get("origin", "")
    host = request.headers.get("host", "")
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    return (
        bool(host)
        and origin in (f"http://{host}", f"https://{host}")
        and kind == ("application/json")
    )


async def _body(request: Request) -> dict[str, Any] | None:
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > MOST_BODY:
            return None
    try:
        found = json.loads(data or b"{}")
    except ValueError:
        return None
    return found if isinstance(found, dict) else None


def phone_routes(
    writer: Writer,
    allowed: Callable[[Request], bool],
    board: Callable[[], tuple[int, Any]],
    default_lang: str,
    recorded: Callable[[], None] = lambda: None,
) -> list[Route]:
    """The seat routes under `/s/{token}/`: `pad` (GET), `seat`, `code`, `propose`, `second`,
    `call` and `lang` (POST). `board()` gives the moves in force and the session's players;
    `recorded()` is told when a phone's move was stored."""

    def cookie(response: Response, request: Request, name: str, value: str, age: int) -> None:
        response.set_cookie(
            name,
            value,
            max_age=age,
            path=f"/s/{request.path_params['token']}/",
            httponly=True,
            samesite="strict",
        )

    def refused(status: int) -> Response:
        return JSONResponse({"error": "refused"}, status)

    def writing(
        route: Callable[[Request, dict[str, Any]], Awaitable[Response]],
    ) -> Callable[[Request], Awaitable[Response]]:
        async def checked(request: Request) -> Response:
            if not allowed(request):
                return refused(403)
            if not same_origin(request):
                return refused(403)
            body = await _body(request)
            if body is None:
                return refused(400)
            return await route(request, body)

        return checked

    def said(answer: dict[str, Any], lang: str) -> dict[str, Any]:
        """A reply with its words in the phone's language."""
        words = ""
        if isinstance(answer.get("keys"), list):
            with contextlib.suppress(ValueError):
                words = render_data(answer["keys"], answer["params"], lang)
        return {
            key: answer.get(key) for key in ("status", "request", "text", "rule", "seq", "stale")
        } | {"said": words}

    async def pad(request: Request) -> Response:
        if not allowed(request):
            return refused(403)
        lang = phone_language(request, default_lang)
        moves, players = board()
        credential = request.cookies.get(SEAT_COOKIE, "")
        ticket = request.cookies.get(JOIN_COOKIE, "")
        fresh: tuple[str, str] | None = None
        seat: dict[str, Any] = {"error": "seat"}
        if credential:
            seat = await writer.ask({"op": "legal", "credential": credential})
        if "error" in seat and ticket:
            got = await writer.ask({"op": "collect", "ticket": ticket})
            if "credential" in got:
                fresh = (got["player"], got["credential"])
                seat = await writer.ask({"op": "legal", "credential": got["credential"]})
            elif got.get("asking"):
                seat = {"asking": True}
        with speaking(lang):
            html = pad_fragment(seat, players, moves, lang)
        response = HTMLResponse(html)
        if fresh is not None:
            cookie(response, request, SEAT_COOKIE, fresh[1], COOKIE_SECONDS)
            response.delete_cookie(JOIN_COOKIE, path=f"/s/{request.path_params['token']}/")
        elif credential and "error" in seat:
            # Revoked, or from a server started since: the phone asks for a seat again.
            response.delete_cookie(SEAT_COOKIE, path=f"/s/{request.path_params['token']}/")
        return response

    async def take_seat(request: Request, body: dict[str, Any]) -> Response:
        got = await writer.ask(
            {
                "op": "ask",
                "player": body.get("player"),
                "label": request.headers.get("user-agent", "")[:80],
            }
        )
        if "ticket" not in got:
            return JSONResponse({"error": "player"}, 400)
        response = JSONResponse({"asking": True})
        cookie(response, request, JOIN_COOKIE, got["ticket"], 3600)
        return response

    async def code(request: Request, body: dict[str, Any]) -> Response:
        got = await writer.ask(
            {
                "op": "redeem",
                "ticket": request.cookies.get(JOIN_COOKIE, ""),
                "code": body.get("code"),
            }
        )
        if "credential" not in got:
            return JSONResponse({"error": "code"}, 403)
        response = JSONResponse({"player": got["player"]})
        cookie(response, request, SEAT_COOKIE, got["credential"], COOKIE_SECONDS)
        response.delete_cookie(JOIN_COOKIE, path=f"/s/{request.path_params['token']}/")
        return response

    def seat_act(op: str, fields: tuple[str, ...]) -> Callable[[Request], Awaitable[Response]]:
        async def act(request: Request, body: dict[str, Any]) -> Response:
            message: dict[str, Any] = {"op": op, "credential": request.cookies.get(SEAT_COOKIE, "")}
            message |= {name: body.get(name) for name in fields}
            got = await writer.ask(message)
            if got.get("error") == "seat":
                return JSONResponse({"error": "seat"}, 403)
            if "error" in got:
                return JSONResponse({"error": got["error"]}, 409)
            if got.get("status") == "recorded" or op == "second":
                recorded()
            return JSONResponse(said(got, phone_language(request, default_lang)))

        return writing(act)

    async def language(request: Request, body: dict[str, Any]) -> Response:
        lang = body.get("lang")
        if lang not in LANGUAGES:
            return JSONResponse({"error": "lang"}, 400)
        response = JSONResponse({"lang": lang})
        cookie(response, request, LANG_COOKIE, str(lang), 365 * 24 * 3600)
        return response

    return [
        Route("/s/{token}/pad", pad),
        Route("/s/{token}/seat", writing(take_seat), methods=["POST"]),
        Route("/s/{token}/code", writing(code), methods=["POST"]),
        Route(
            "/s/{token}/propose",
            seat_act("propose", ("action", "seen", "request")),
            methods=["POST"],
        ),
        Route("/s/{token}/second", seat_act("second", ("agree",)), methods=["POST"]),
        Route("/s/{token}/call", seat_act("call", ()), methods=["POST"]),
        Route("/s/{token}/answer", seat_act("answer", ("request",)), methods=["POST"]),
        Route("/s/{token}/lang", writing(language), methods=["POST"]),
    ]
