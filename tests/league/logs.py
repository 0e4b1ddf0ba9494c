"""Sessions as a hub receives them, made from self-play games: a header record and chained
log entries, without a data folder."""

from __future__ import annotations

from typing import Any

from referee.engine.events import Header
from referee.store import chain
from referee.store.tags import tags_of
from tests.selfplay import SelfPlay

HEADER = Header(
    edition="classic",
    rules="en",
    scoring="target 500",
    players=("Ann", "Bob", "Cy", "Dee"),
    event="Thursday club",
    date="2026-11-26",
)


def game_lines(seed: int, rounds: int = 1, header: Header = HEADER) -> list[str]:
    from referee.notation import format_event

    sim = SelfPlay(seed, check=False)
    sim.play_game(header, rounds=rounds)
    return [format_event(event, header) for event in sim.recorded]


def shipped(
    seed: int, rounds: int = 1, header: Header = HEADER
) -> tuple[str, dict[str, Any], list[dict[str, Any]]]:
    """A new global id, its header record and the chained entries of one self-play game."""
    uid = chain.new_uid()
    meta: dict[str, Any] = {"tags": tags_of(header), "created": "2026-11-26T19:00:00.000Z"}
    entries = [
        {"seq": n, "ts": "2026-11-26T19:00:00.000Z", "kind": "move", "text": line}
        for n, line in enumerate(game_lines(seed, rounds, header), 1)
    ]
    return uid, meta, chain.chained(uid, meta["tags"], entries)


def extended(
    uid: str, meta: dict[str, Any], entries: list[dict[str, Any]], **fields: Any
) -> list[dict[str, Any]]:
    """`entries` and one more, chained to them."""
    doc = {"seq": len(entries) + 1, "ts": "2026-11-26T20:00:00.000Z", **fields}
    return chain.chained(uid, meta["tags"], [*entries, doc])
