"""The public state as plain data: what `replay --json` prints and `show` describes.

What the table waits for beyond the next turn is given as message data (`pending_key`,
`pending_params`: `messages.to_data`); the command line adds it in words (`pending`)."""

from __future__ import annotations

from .cards import COLOR_NAMES
from .messages import Message, to_data
from .state import Game
from .waiting import waiting_for

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    from typing import Any

SIDES = ("light", "dark")

_NOT_PENDING = frozenset({"turn", "next-round", "first-round", "dealer", "start", "game-over"})
"""Waits that are the game's normal course, not something pending."""


def pending_parts(g: Game) -> tuple[Message, ...]:
    """What the table is waiting for beyond the next turn: a message for each."""
    return tuple(wait.message for wait in waiting_for(g) if wait.kind not in _NOT_PENDING)


def public_state(g: Game) -> dict[str, Any]:
    """The public state after the last event, in the shape of `replay --json`."""
    t = g.table
    keys, params = to_data(pending_parts(g))
    data: dict[str, Any] = {
        "round": g.round_no or None,
        "phase": g.phase,
        "dealer": g.dealer,
        "turn": None,
        "direction": "cw",
        "top": None,
        "color": None,
        "hands": {},
        "draw_pile": None,
        "discard_pile": None,
        "side": None,
        "pending_key": keys,
        "pending_params": params,
        "catchable": [],
        "winner": g.winner,
    }
    if t is not None:
        names = t.players
        data.update(
            turn=names[t.turn] if t.turn is not None else None,
            direction="cw" if t.direction == 1 else "ccw",
            top=t.top.code if t.top else None,
            color=COLOR_NAMES.get(t.color or "", "none") if t.color else None,
            hands=dict(zip(names, t.hands, strict=True)),
            draw_pile=t.draw_pile,
            discard_pile=len(t.pile),
            side=SIDES[t.side] if g.setup.deck.sides is not None else None,
            catchable=[names[s] for s in t.catchable],
        )
    return data
