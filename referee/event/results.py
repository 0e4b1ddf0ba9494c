"""What each table's round is worth under the event's scoring, from what its session's referee
counted (places and totals from the engine's score sheet, penalties from its rulings)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

from ..stats.figures import figure
from .spec import EventSpec

if TYPE_CHECKING:
    from ..service import LiveSession


class TableFacts(NamedTuple):
    """One table's session as its referee has it (`facts_of`): nothing here is decided anew."""

    players: tuple[str, ...]
    totals: Mapping[str, int]
    ranks: Mapping[str, int]
    """The score sheet's ranks under the game's scoring (1, 2, 2, 4 on a tie)."""
    finished: bool
    deals: int
    """Deals counted on the sheet."""
    playing: bool
    """A deal is begun or in play (not over, hands not all in)."""
    moves: int
    deals_won: Mapping[str, int]
    penalty_cards: Mapping[str, int]
    """Cards drawn as penalties the referee ruled (caught UNO, misplays, guilty Wild Draw
    Four, the table's penalties): fewer is better in a tie."""
    turn: str | None = None
    """Whom the table waits on (the engine's `actor`): the turn, or a draw to answer."""
    waits: tuple[str, ...] = ()
    """The kinds of what the table waits for (`engine.waiting`), most urgent first: the
    director's alerts (a challenge, a catch, hands to enter) are read from them."""
    last_move: str = ""
    """When the last move was recorded (ISO time), for "no move for N minutes"."""
    in_deal: bool = False
    """Cards are in play (the start card is down and nobody went out), or a deal's hands are
    still to be entered: what a table finishes at time before its round ends."""


def facts_of(live: LiveSession) -> TableFacts:
    from ..engine.waiting import actor, waiting_for

    sheet = live.sheet
    figures = live.figures()
    rows = figures["players"]
    state = live.referee.state
    return TableFacts(
        players=tuple(sheet.players),
        totals=dict(sheet.totals),
        ranks=dict(sheet.ranks),
        finished=sheet.finished,
        deals=len(sheet.round_points),
        playing=state.round_no > 0 and state.phase not in ("over", "idle") and not sheet.finished,
        moves=len(live.moves),
        deals_won={p: figure(rows.get(p, {}), "rounds_won") for p in sheet.players},
        penalty_cards={p: figure(rows.get(p, {}), "penalty_cards") for p in sheet.players},
        turn=actor(state),
        waits=tuple(wait.kind for wait in waiting_for(state)),
        last_move=live.moves[-1].ts if live.moves else "",
        in_deal=state.phase == "play" or state.hands_missing(),
    )


class TableResult(NamedTuple):
    """One table's round under the event's scoring, seat by seat."""

    round: int
    table: int
    facts: TableFacts
    points: Mapping[str, Fraction]
    """Event points of the round: placement points, or card points scaled to a full table."""
    cards: Mapping[str, Fraction]
    """Card points scaled to a full table (a tie-break under placement scoring)."""


def placement_points(spec: EventSpec, ranks: Mapping[str, int]) -> dict[str, Fraction]:
    """Each player's placement points: players tied for a place share the points of the places
    they cover (two tied for second at a table of four: (3 + 2) / 2 each)."""
    seated = len(ranks)
    points: dict[str, Fraction] = {}
    for player, rank in ranks.items():
        tied = sum(1 for other in ranks.values() if other == rank)
        covered = [spec.points_at(place, seated) for place in range(rank, rank + tied)]
        points[player] = Fraction(sum(covered), tied)
    return points


def scaled_cards(spec: EventSpec, totals: Mapping[str, int]) -> dict[str, Fraction]:
    """Card points as if the table were full: a winner's points are the other hands, so a table
    of three scores (tables_of - 1) / 2 of what a full one would; scaled back up."""
    seated = len(totals)
    factor = Fraction(spec.tables_of - 1, seated - 1) if seated > 1 else Fraction(1)
    return {player: total * factor for player, total in totals.items()}


def table_result(spec: EventSpec, round_no: int, table: int, facts: TableFacts) -> TableResult:
    cards = scaled_cards(spec, facts.totals)
    points = placement_points(spec, facts.ranks) if spec.scoring == "placement" else cards
    return TableResult(round_no, table, facts, points, cards)
