"""A session's standing in a few fields, for the list: round, status, leader, totals."""

from __future__ import annotations

from typing import Any

from ..engine import Referee


def status(ref: Referee) -> str:
    if ref.sheet.finished:
        return "finished"
    if ref.round_no == 0:
        return "new"
    return "round over" if ref.phase == "over" else "playing"


def summarize(ref: Referee) -> dict[str, Any]:
    """JSON-ready; changes only at round boundaries, so the log stores it only then."""
    sheet = ref.sheet
    leader = None
    if sheet.round_points:
        first = [p for p in sheet.players if sheet.ranks[p] == 1]
        leader = first[0] if len(first) == 1 else None
    return {"round": ref.round_no, "status": status(ref), "leader": leader,
            "totals": dict(sheet.totals)}
