"""A session known only by its header record and log entries (a hub's copy of it): the list
row and the figures its one replay gives, as a stored session's index row has them."""

from __future__ import annotations

from collections.abc import Mapping

from ..engine import SetupError
from ..store import log
from ..store.tags import header_of
from .replay import Statement, replay
from .summary import summarize

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    from typing import Any


class Unrefereeable(ValueError):
    """The header cannot be refereed by this version (an edition or rule it does not know)."""


def shipped_row(sid: str, meta: Mapping[str, Any], entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The index row of session `sid` (`row_of`'s fields but the file's), from its header
    record and its entries in seq order: the moves in force replayed once. Unrefereeable, or
    ValueError (LogError, bad tags) for a log or header that does not hold together."""
    from ..stats import blank_figures, session_figures  # only the hub computes figures here

    header = header_of(meta["tags"])
    moves = log.effective(entries)
    if not moves:
        summary: dict[str, Any] = {
            "round": 0,
            "status": "new",
            "leader": None,
            "totals": dict.fromkeys(header.players, 0),
        }
        figures = blank_figures(header)
    else:
        try:
            done = replay(header, [Statement(move.seq, move.text) for move in moves])
        except SetupError as exc:
            raise Unrefereeable(str(exc)) from None
        now = done.referee.header
        summary = summarize(done.referee)
        if now != header:
            summary["in_force"] = {
                "edition": now.edition,
                "rules": now.rules,
                "scoring": now.scoring,
            }
        figures = session_figures(now, done.steps, done.referee.state)
    created = str(meta.get("created", ""))
    return row_fields(sid, header, summary, figures, len(moves), created, entries) | {
        "file": None,
        "imported": meta.get("imported"),
        "uid": sid,
    }


def row_fields(
    sid: str,
    header: Any,
    summary: Mapping[str, Any],
    figures: dict[str, Any],
    moves: int,
    created: str,
    entries: list[dict[str, Any]],
) -> dict[str, Any]:
    """The row's fields that come from the header, the summary and the figures."""
    # As its `set` lines left them, if they changed the stored header's.
    now = summary.get("in_force") or {}
    return {
        "id": sid,
        "event": header.event,
        "date": header.date,
        "players": list(header.players),
        "edition": now.get("edition", header.edition),
        "rules": now.get("rules", header.rules),
        "scoring": now.get("scoring", header.scoring),
        "status": summary["status"],
        "round": summary["round"],
        "leader": summary.get("leader"),
        "totals": summary["totals"],
        "moves": moves,
        "created": created,
        "updated": entries[-1]["ts"] if entries else created,
        "site": header.site,
        "stats": figures,
    }
