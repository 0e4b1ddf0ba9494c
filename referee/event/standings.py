"""The event's standings: every counted table round summed per player under the event's scoring,
the director's penalties added, ties broken by what the referee ruled, and each change of a
player (withdrawn, late, replaced) with its round and reason."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import NamedTuple

from .results import TableResult
from .state import Change, EventState


class Row(NamedTuple):
    rank: int
    player: str
    points: Fraction
    cards: Fraction
    deals_won: int
    penalty_cards: int
    played: int
    """Table rounds counted."""
    penalties: int
    """The director's penalty points (already in `points`)."""
    changes: tuple[Change, ...]


def _key(row: Row) -> tuple[Fraction, Fraction, int, int]:
    # Points, then card points, then deals won, then fewer penalty cards the referee ruled: every
    # tie-break is something the table's referee counted, never a coin.
    return (-row.points, -row.cards, -row.deals_won, row.penalty_cards)


def standings(
    state: EventState, results: Iterable[TableResult], *, stage: str = "qualifying"
) -> list[Row]:
    """Rows best first, with shared ranks (1, 2, 2, 4) for players tied on every tie-break.

    `results`: the table rounds that count (done); only the rounds of `stage` are summed."""
    spec = state.spec
    sums: dict[str, list[Fraction | int]] = {
        p: [Fraction(0), Fraction(0), 0, 0, 0, 0] for p in state.registered
    }
    for result in results:
        if spec.stage(result.round) != stage:
            continue
        for player in result.facts.players:
            holder = state.holder(player, result.round)
            row = sums.setdefault(holder, [Fraction(0), Fraction(0), 0, 0, 0, 0])
            row[0] += result.points[player]
            row[1] += result.cards[player]
            row[2] += result.facts.deals_won.get(player, 0)
            row[3] += result.facts.penalty_cards.get(player, 0)
            row[4] += 1
    for penalty in state.penalties:
        row = sums.setdefault(penalty.player, [Fraction(0), Fraction(0), 0, 0, 0, 0])
        row[0] += penalty.points
        row[5] += penalty.points
    rows = [
        Row(
            0,
            player,
            Fraction(s[0]),
            Fraction(s[1]),
            int(s[2]),
            int(s[3]),
            int(s[4]),
            int(s[5]),
            tuple(state.changes.get(player, ())),
        )
        for player, s in sums.items()
    ]
    return _ranked(rows)


def _ranked(rows: list[Row]) -> list[Row]:
    rows.sort(key=_key)
    ranked: list[Row] = []
    for index, row in enumerate(rows):
        if ranked and _key(ranked[-1]) == _key(row):
            ranked.append(row._replace(rank=ranked[-1].rank))
        else:
            ranked.append(row._replace(rank=index + 1))
    return ranked


def shown(value: Fraction) -> str:
    """Points as people read them: whole, or to two decimals at most (a shared place: 2.75)."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}".rstrip("0")
