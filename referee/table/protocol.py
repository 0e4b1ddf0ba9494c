"""What a phone may ask the table's writer, as plain data: the same messages whether the server
holds the writer itself or hands them to the app's process over a pipe."""

from __future__ import annotations

from typing import Any

from ..engine.messages import to_data
from .desk import Desk, Reply

PHONE_OPS = ("ask", "collect", "redeem", "seat", "propose", "second", "answer", "call", "legal")
"""Everything a phone may ask; the scorekeeper's own acts (approve, revoke, accept, reject) are
never among them: they come from the terminal, not from the network."""


def reply_data(reply: Reply) -> dict[str, Any]:
    keys, params = to_data(reply.parts)
    return {
        "status": reply.status,
        "request": reply.request,
        "player": reply.player,
        "text": reply.text,
        "rule": reply.rule,
        "keys": keys,
        "params": params,
        "seq": reply.seq,
        "stale": reply.stale,
    }


def _text(message: dict[str, Any], key: str, most: int = 200) -> str:
    value = message.get(key)
    return value[:most] if isinstance(value, str) else ""


def handle(desk: Desk, message: dict[str, Any]) -> dict[str, Any]:
    """Answer one phone's message; `{"error": ...}` for one that is not a phone's to send.

    `credential` is the seat's secret (from its cookie): every act of a seat checks it here,
    at the writer, so a seat revoked a moment ago can do nothing more."""
    op = message.get("op")
    if op not in PHONE_OPS:
        return {"error": "op"}
    seats = desk.seats
    if op == "ask":
        join = seats.ask(_text(message, "player"), _text(message, "label", 80))
        # The code is for the terminal's eyes only: the phone gets its ticket.
        return {"ticket": join.ticket} if join is not None else {"error": "player"}
    if op in ("collect", "redeem"):
        ticket = _text(message, "ticket")
        if op == "redeem" and not seats.redeem(ticket, _text(message, "code", 20)):
            return {"error": "code", "asking": seats.pending(ticket) is not None}
        got = seats.collect(ticket, _text(message, "label", 80))
        if got is None:
            return {"asking": seats.pending(ticket) is not None}
        player, credential = got
        return {"player": player, "credential": credential}
    holder = seats.holder(_text(message, "credential", 100))
    if holder is None:
        return {"error": "seat"}
    player = holder
    if op == "seat":
        return {"player": player}
    if op == "legal":
        return {"player": player, "moves": len(desk.live.moves)} | {"legal": desk.legal(player)}
    if op == "call":
        desk.call(player)
        return {"player": player}
    if op == "propose":
        if not _text(message, "request", 64):
            return {"error": "request"}
        seen = message.get("seen")
        reply = desk.propose(
            player,
            _text(message, "action"),
            seen if type(seen) is int else -1,
            _text(message, "request", 64),
        )
        return reply_data(reply)
    if op == "second":
        seconded = desk.second(player, message.get("agree") is True)
        return reply_data(seconded) if seconded is not None else {"error": "nothing"}
    found = desk.answer(_text(message, "request", 64))
    if found is None or (found.player and found.player != player):
        return {"error": "request"}
    return reply_data(found)
