"""One session's figures per player, from its steps' events and message keys (never text)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..engine.events import (
    CardPlayed,
    CardsDrawn,
    ChallengeMade,
    JumpedIn,
    MisplayCaught,
    PenaltyGiven,
    PlayerCaught,
    StartTurned,
)

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    # Only named: the session list checks its rows' figures (`usable_figures`) without loading
    # the engine's state.
    from typing import Any

    from ..engine.events import Header
    from ..engine.scoring import ScoreSheet
    from ..engine.state import Game, Table
    from ..engine.step import Step

FIGURES_VERSION = 1
"""Kept in each index row: rows made by another version are computed again."""

COUNTERS = (
    "wd4_played",
    "wd4_challenged",
    "wd4_guilty",
    "challenges",
    "challenges_won",
    "uno_missed",
    "uno_caught",
    "catches",
    "false_catches",
    "misplays",
    "table_penalties",
    "penalty_cards",
)
"""What is counted from the rulings of tracked rounds, per player (JSON keys: never shown)."""

WILD_DRAW_FOUR = "w+4"


FIGURES = frozenset({"rounds", "tracked", "rounds_won", "points", "total", *COUNTERS})
"""Every figure a player's row may hold."""


def figure(row: dict[str, int], name: str) -> int:
    """One figure of a player's row (a figure left out is 0)."""
    return row.get(name, 0)


def _blank() -> dict[str, int]:
    return dict.fromkeys(("rounds", "tracked", "rounds_won", "points", *COUNTERS), 0)


def blank_figures(header: Header) -> dict[str, Any]:
    """The figures of a session with no moves yet."""
    return {
        "v": FIGURES_VERSION,
        "scoring": header.scoring.split()[0],
        "finished": False,
        "rounds": 0,
        "winner": None,
        "places": None,
        "players": {name: {} for name in header.players},
    }


def session_figures(header: Header, steps: Sequence[Step], end: Game) -> dict[str, Any]:
    """JSON-ready figures of one session: per player, the rounds and points of its counted
    rounds, its placing once the game is finished, and what the rulings of its tracked rounds
    say (`end`: the state after the last step). A player's figure that is 0 is left out (read
    them with `figure`)."""
    players = {name: _blank() for name in header.players}
    sheet = end.sheet
    _count_rulings(players, steps, end.setup.players)
    _count_rounds(players, sheet)
    scoring = header.scoring.split()[0]
    for name, row in players.items():
        row["total"] = sheet.totals.get(name, 0)
    return {
        "v": FIGURES_VERSION,
        "scoring": scoring,
        "finished": sheet.finished,
        "rounds": len(sheet.round_points),
        "winner": sheet.winner if sheet.finished else None,
        "places": dict(sheet.ranks) if sheet.finished else None,
        # Zeros left out: the index holds a row for every session, and most counts are 0.
        "players": {name: {k: v for k, v in row.items() if v} for name, row in players.items()},
    }


def _count_rounds(players: dict[str, dict[str, int]], sheet: ScoreSheet) -> None:
    for index, points in enumerate(sheet.round_points, 1):
        for name, row in players.items():
            out = sheet.eliminated.get(name)
            if out is not None and index > out:
                continue  # `penalty N`: out of the game before this round
            row["rounds"] += 1
            row["points"] += points.get(name, 0)
    for winner in sheet.round_winners:
        if winner in players:
            players[winner]["rounds_won"] += 1


def _count_rulings(
    players: dict[str, dict[str, int]], steps: Iterable[Step], seated: Sequence[str]
) -> None:
    before: Table | None = None
    for step in steps:
        event, ruling = step.event, step.ruling
        table = ruling.state.table
        if isinstance(event, StartTurned):
            for name in seated:
                players[name]["tracked"] += 1
            before = None
        facts = ruling.facts
        if facts:
            kinds = frozenset(fact.kind for fact in facts)
            for fact in facts:
                if fact.kind == "penalty" and fact.player in players:
                    players[fact.player]["penalty_cards"] += fact.cards
        else:
            kinds = frozenset()
        _count_event(players, event, kinds, before)
        if table is not None:
            known = before.catchable if before is not None else {}
            for seat in table.catchable:
                if seat not in known:
                    players[table.players[seat]]["uno_missed"] += 1
        before = table


def _count_event(
    players: dict[str, dict[str, int]], event: Any, facts: frozenset[str], before: Table | None
) -> None:
    # By the facts the ruling records rather than its rule id: a ruling that also knocks a
    # player out (the mercy rule) rests on that rule, yet still records the verdict or catch.
    if isinstance(event, CardPlayed | JumpedIn | CardsDrawn):
        play = event.play
        if play is not None and play.card.kind == WILD_DRAW_FOUR:
            players[event.player]["wd4_played"] += 1 + len(play.extra)
    elif isinstance(event, ChallengeMade):
        guilty = "guilty" in facts
        players[event.player]["challenges"] += 1
        players[event.player]["challenges_won"] += guilty
        pending = before.pending if before is not None else None
        if before is not None and pending is not None and pending.card.kind == WILD_DRAW_FOUR:
            offender = players[before.players[pending.offender]]
            offender["wd4_challenged"] += 1
            offender["wd4_guilty"] += guilty
    elif isinstance(event, PlayerCaught):
        if "caught" in facts:
            players[event.player]["catches"] += 1
            players[event.target]["uno_caught"] += 1
        elif "false-catch" in facts:
            players[event.player]["false_catches"] += 1
    elif isinstance(event, MisplayCaught) and "misplay" in facts:
        players[event.player]["misplays"] += 1
    elif isinstance(event, PenaltyGiven) and "table-penalty" in facts:
        players[event.player]["table_penalties"] += 1


def usable_figures(figures: Any, players: Sequence[str]) -> bool:
    """Whether an index row's figures are this version's and well formed (the index is a cache
    a hand or a bug may have spoiled)."""
    if not isinstance(figures, dict) or figures.get("v") != FIGURES_VERSION:
        return False
    rows = figures.get("players")
    if not isinstance(rows, dict) or set(rows) != set(players):
        return False
    for row in rows.values():
        if not isinstance(row, dict) or not set(row) <= FIGURES:
            return False
        if not all(type(value) is int for value in row.values()):
            return False
    places = figures.get("places")
    if places is not None and not (
        isinstance(places, dict)
        and set(places) == set(players)
        and all(type(v) is int for v in places.values())
    ):
        return False
    return (
        isinstance(figures.get("scoring"), str)
        and type(figures.get("rounds")) is int
        and isinstance(figures.get("finished"), bool)
    )


__all__ = ["COUNTERS", "FIGURES_VERSION", "session_figures", "usable_figures"]
