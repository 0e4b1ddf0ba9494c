"""The director's decisions as log entries: what each kind holds, checked as it is read back."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..i18n import _

CLOCK_ACTIONS = ("start", "pause", "extend")
WITHDRAWAL_RULES = ("current-totals", "set-aside")
"""How a player's leaving mid-round counts: the table's round ends on the totals as they stand
(the deal in play is not counted)."""
END_REASONS = ("early", "time", "withdrawal")


class Damaged(ValueError):
    """An entry that is not what the program writes (a file edited by hand or cut short)."""


def _text(value: Any, most: int = 200) -> bool:
    return isinstance(value, str) and len(value) <= most


def _number(value: Any, least: int = 0, most: int = 10**6) -> bool:
    return type(value) is int and least <= value <= most


def _tables(value: Any) -> bool:
    return (
        isinstance(value, list)
        and bool(value)
        and all(isinstance(t, list) and t and all(_text(p, 40) for p in t) for t in value)
    )


_KINDS: dict[str, Mapping[str, Callable[[Any], bool]]] = {
    # The seating of a round as published (after the director's swaps).
    "seated": {"round": lambda v: _number(v, 1), "tables": _tables, "mode": _text},
    # A table's session for a round (the session's local id and global id).
    "session": {
        "round": lambda v: _number(v, 1),
        "table": lambda v: _number(v, 1),
        "session": _text,
        "uid": lambda v: v is None or _text(v),
    },
    # The round clock of one table (0: every table of the round).
    "clock": {
        "round": lambda v: _number(v, 1),
        "table": _number,
        "action": lambda v: v in CLOCK_ACTIONS,
        "seconds": lambda v: _number(v, -86_400, 86_400),
    },
    # A table that ends its round now: early (all agreed), at time, or on a withdrawal.
    "ended": {
        "round": lambda v: _number(v, 1),
        "table": lambda v: _number(v, 1),
        "reason": lambda v: v in END_REASONS,
    },
    # Event points taken from (or given to) a player by the director.
    "penalty": {
        "player": _text,
        "points": lambda v: _number(v, -1000, 1000),
        "reason": lambda v: _text(v, 400),
    },
    "withdraw": {
        "player": _text,
        "round": _number,
        "rule": lambda v: v in WITHDRAWAL_RULES,
        "reason": lambda v: _text(v, 400),
    },
    # A late arrival, seated from the next round on.
    "arrive": {"player": _text},
    # A replacement: `by` takes `player`'s seat from this round on (and the round's result).
    "replace": {"player": _text, "by": _text, "round": lambda v: _number(v, 1)},
}


def check_entry(entry: Any, seq: int) -> dict[str, Any]:
    """The entry, if it is one the program writes as entry `seq`; Damaged otherwise."""
    if not isinstance(entry, dict) or entry.get("seq") != seq:
        raise Damaged(_("entry {seq} of the event's log is not in order").format(seq=seq))
    fields = _KINDS.get(entry.get("kind"))  # type: ignore[arg-type]
    if fields is None or not isinstance(entry.get("t"), int | float):
        raise Damaged(_("entry {seq} of the event's log is of no known kind").format(seq=seq))
    for name, fits in fields.items():
        if name not in entry or not fits(entry[name]):
            raise Damaged(
                _("entry {seq} of the event's log has a bad {field!r}").format(seq=seq, field=name)
            )
    return entry
