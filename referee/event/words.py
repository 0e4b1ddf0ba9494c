"""The event's facts in the reader's language: a player's changes, a table's state, a clock."""

from __future__ import annotations

from ..i18n import _
from ..notation.names import visible
from .standings import Row, shown
from .state import Change


def change_text(change: Change) -> str:
    """`withdrew in round 2: ill` and the like, for the standings' last column."""
    other = visible(change.other)
    if change.kind == "withdraw" and change.rule == "set-aside":
        text = _("withdrew in round {round} (hand set aside)").format(round=change.round)
    elif change.kind == "withdraw":
        text = _("withdrew in round {round}").format(round=change.round)
    elif change.kind == "arrive":
        text = _("arrived for round {round}").format(round=change.round)
    elif change.kind == "replace":
        text = _("replaced by {name} from round {round}").format(name=other, round=change.round)
    else:
        text = _("took the seat of {name} from round {round}").format(
            name=other, round=change.round
        )
    if change.reason:
        return _("{change}: {reason}").format(change=text, reason=visible(change.reason))
    return text


def clock_text(left: float | None) -> str:
    """`12:05 left`, `time`, or `untimed`."""
    if left is None:
        return _("untimed")
    if left <= 0:
        return _("time")
    whole = int(left)
    return _("{minutes}:{seconds:02d} left").format(minutes=whole // 60, seconds=whole % 60)


def end_text(reason: str) -> str:
    return {
        "early": _("ended early"),
        "time": _("ended at time"),
        "withdrawal": _("ended on a withdrawal"),
    }.get(reason, reason)


def stage_text(stage: str) -> str:
    return {
        "qualifying": _("qualifying"),
        "semifinal": _("semifinal"),
        "final": _("final"),
    }.get(stage, stage)


def standings_cells(rows: list[Row]) -> list[list[str]]:
    """The standings as text cells, heading first (the command line and the printout)."""
    cells = [
        [
            _("rank"),
            _("player"),
            _("points"),
            _("card points"),
            _("deals won"),
            _("penalty cards"),
            _("played"),
            _("notes"),
        ]
    ]
    for row in rows:
        notes = [change_text(c) for c in row.changes]
        if row.penalties:
            notes.append(_("director's penalty {points:+d}").format(points=row.penalties))
        cells.append(
            [
                str(row.rank),
                visible(row.player),
                shown(row.points),
                shown(row.cards),
                str(row.deals_won),
                str(row.penalty_cards),
                str(row.played),
                "; ".join(notes),
            ]
        )
    return cells
