"""A session's standing in a few fields, for the list: round, status, leader, totals."""

from __future__ import annotations

from ..engine import Referee
from ..engine.state import Game

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    from typing import Any


def status(g: Game) -> str:
    if g.sheet.finished:
        return "finished"
    if g.round_no == 0:
        return "new"
    return "round over" if g.phase == "over" else "playing"


def summarize(at: Referee | Game) -> dict[str, Any]:
    """JSON-ready; changes only at round boundaries, so the log stores it only then."""
    g = at.state if isinstance(at, Referee) else at
    sheet = g.sheet
    leader = None
    if sheet.round_points:
        first = [p for p in sheet.players if sheet.ranks[p] == 1]
        leader = first[0] if len(first) == 1 else None
    return {
        "round": g.round_no,
        "status": status(g),
        "leader": leader,
        "totals": dict(sheet.totals),
    }
