"""Replaying a session: rulings line by line, and the public state as JSON-ready data."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .effects import CHALLENGEABLE
from .engine import Referee
from .events import Event, Session
from .flip import SIDES, UNTIL_COLOR
from .ruling import Ruling


@dataclass(slots=True)
class Step:
    """One replayed statement."""

    line: int
    event: Event
    ruling: Ruling


def replay(session: Session, referee: Referee | None = None) -> Iterator[Step]:
    """Rule on every event in order, stopping after the first refusal."""
    ref = referee or Referee(session.header)
    lines = session.lines or [0] * len(session.events)
    for line, event in zip(lines, session.events, strict=True):
        ruling = ref.apply(event)
        yield Step(line, event, ruling)
        if not ruling.ok:
            return


def pending_text(ref: Referee) -> str | None:
    """What the table is waiting for beyond the next turn, in words (or None)."""
    parts: list[str] = []
    table = ref.table
    if ref.phase == "over":
        missing = ref.missing_hands()
        if missing:
            parts.append(f"round {ref.round_no} is over: enter the hands of {', '.join(missing)}")
    if table is not None:
        names = table.players
        if table.pending is not None:
            p = table.pending
            if p.card.kind in UNTIL_COLOR:
                parts.append(f"{names[p.victim]} records the cards drawn "
                             f"{table.until_text()} (`draw N`)"
                             + (f" or challenges {names[p.offender]}'s {p.card.name} (colour "
                                f"before it: {table.color_name(p.prev_color).upper()})"
                                if ref.options["challenge"] == "on" else ""))
            elif p.card.kind in CHALLENGEABLE:
                parts.append(f"{names[p.victim]} may challenge {names[p.offender]}'s "
                             f"{p.card.name} (colour before it: "
                             f"{table.color_name(p.prev_color).upper()}) or accept")
            else:
                parts.append(f"{names[p.victim]} may stack on {names[p.offender]}'s "
                             f"{p.card.name} or accept")
            if ref.options["stacking"] != "off":
                parts[-1] += f" the {p.amount} (stacking)"
        if table.must_play is not None:
            parts.append(f"{names[table.must_play]} must play the legal card")
        for seat, closer in table.catchable.items():
            parts.append(f"{names[seat]} has one card and did not call UNO: "
                         f"{ref.window_text(closer)}")
        if table.owed is not None:
            parts.append(f"{names[table.owed.seat]} records the cards drawn "
                         f"{table.until_text()} (`draw N`)")
        if table.creeper is not None:
            parts.append(f"{names[table.creeper]} may record 3 more cards for a Creeper "
                         f"(`draw 3`)")
    for name in sorted(ref.penalty_due):
        parts.append(f"{name}'s hand total may be entered as penalty points")
    return "; ".join(parts) or None


def state(ref: Referee) -> dict[str, Any]:
    """The public state after the last event, in the shape of `replay --json`."""
    table = ref.table
    data: dict[str, Any] = {
        "round": ref.round_no or None, "phase": ref.phase, "dealer": ref.dealer,
        "turn": None, "direction": "cw", "top": None, "color": None, "hands": {},
        "draw_pile": None, "discard_pile": None, "side": None, "pending": pending_text(ref),
        "catchable": [], "winner": ref.winner,
    }
    if table is not None:
        names = table.players
        data.update(
            turn=names[table.turn] if table.turn is not None else None,
            direction="cw" if table.direction == 1 else "ccw",
            top=table.top.code if table.top else None,
            color=table.color_name() if table.color else None,
            hands=dict(zip(names, table.hands, strict=True)),
            draw_pile=table.draw_pile, discard_pile=len(table.pile),
            side=SIDES[table.side] if ref.edition.sides is not None else None,
            catchable=[names[s] for s in table.catchable],
        )
    return data
