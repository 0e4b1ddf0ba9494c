"""The score sheet: each round's points, running totals, dealer, who went out and the rulings."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from ..engine.events import Header, Session
from ..engine.messages import Message
from ..engine.rounds import missing_hands
from ..engine.scoring import ScoreSheet, ScoringSystem, score
from ..engine.state import Game
from ..engine.step import Step

# Going out is not "notable" to the engine (it happens every round), but it is the first thing
# a reader of the sheet looks for: who scored, and on which line.
_ALWAYS_NOTED = ("going-out",)


class SessionRefused(ValueError):
    """A statement of the session is refused: the sheet would explain numbers that are wrong.
    `parts` is the ruling on it, as data."""

    def __init__(self, line: int, rule: str, parts: tuple[Message, ...]) -> None:
        super().__init__(rule)
        self.line = line
        self.rule = rule
        self.parts = parts


@dataclass(frozen=True)
class Note:
    """One ruling worth a line on the sheet: a penalty, a challenge, a misplay, going out."""

    line: int
    """Source line of the statement in a `.uno` file, or its move number in a stored session
    (`Sheet.by_move` says which)."""
    rule: str
    """The rule id, as `uno-referee rules` shows it."""
    parts: tuple[Message, ...]
    """The ruling, as data (the exports put it into words: `referee.render`)."""


@dataclass(frozen=True)
class SheetRound:
    """A round somebody went out in: its points, the running totals and what explains them."""

    number: int
    dealer: str | None
    went_out: str | None
    hands: Mapping[str, int]
    """Points entered for each hand left (the one who went out holds 0)."""
    points: Mapping[str, int]
    running: Mapping[str, int]
    ranks: Mapping[str, int]
    """Standings after this round."""
    notes: tuple[Note, ...] = ()
    missing: tuple[str, ...] = ()
    """Players whose hands are still to be entered: until then the points are provisional."""
    at_time: bool = False
    """The round ended at time (`time`): nobody went out, and the lowest hand won it."""
    won_at_time: str | None = None
    """Who held the lowest hand at time (None on a tie, or while hands are missing)."""

    @property
    def won_by(self) -> str | None:
        """Who won the round, by going out or at time."""
        return self.went_out or self.won_at_time


@dataclass(frozen=True)
class RoundInPlay:
    """A round begun and not over yet: nothing is scored, but its rulings already count."""

    number: int
    dealer: str | None
    notes: tuple[Note, ...] = ()


@dataclass(frozen=True)
class Sheet:
    """Everything an export shows: the session, its scored rounds, the round in play, the score."""

    session: Session
    system: ScoringSystem
    rounds: tuple[SheetRound, ...]
    score: ScoreSheet
    playing: RoundInPlay | None = None
    by_move: bool = False
    """The notes are numbered by move (a stored session, as `uno-referee show ID --moves` lists
    them), not by line of a `.uno` file: the exports say which."""
    in_force: Header | None = None
    """The header after the session's `set` lines (None: as `session.header`)."""

    @property
    def header(self) -> Header:
        """The header the session plays by now (what the sheet shows); `session.header` is
        the one it began with, which its `.uno` export writes before the `set` lines."""
        return self.in_force or self.session.header

    @property
    def players(self) -> tuple[str, ...]:
        return self.score.players

    def standings(self) -> list[str]:
        """Players best first; shared ranks keep the seating order."""
        ranks = self.score.ranks
        return sorted(self.players, key=lambda p: (ranks[p], self.players.index(p)))


def build_sheet(
    header: Header, steps: Sequence[Step], final: Game, *, by_move: bool = False
) -> Sheet:
    """The sheet of a session from its steps (the statements that hold, as the session
    service keeps them); `final` is the state after the last of them. `by_move`: the steps
    are numbered by move (a stored session), not by line of a file."""
    notes: dict[int, list[Note]] = {}
    dealers: dict[int, str | None] = {}
    for step in steps:
        ruling = step.ruling
        number = ruling.state.round_no
        if number:
            dealers[number] = ruling.state.dealer
        if ruling.notable or ruling.rule in _ALWAYS_NOTED:
            notes.setdefault(number, []).append(Note(step.seq, ruling.rule, tuple(ruling.parts)))
    session = Session(header, [step.event for step in steps], [step.seq for step in steps])
    return _assemble(session, final, notes, dealers, by_move)


def _assemble(
    session: Session,
    g: Game,
    notes: dict[int, list[Note]],
    dealers: dict[int, str | None],
    by_move: bool,
) -> Sheet:
    system, players, results = g.setup.scoring, g.setup.players, g.results
    final = g.sheet
    rounds = []
    for index, (points, running) in enumerate(zip(final.round_points, final.running, strict=True)):
        number = index + 1
        result = results[index]
        last = number == g.round_no
        rounds.append(
            SheetRound(
                number=number,
                dealer=dealers.get(number),
                went_out=None if result.at_time else result.winner,
                hands=_hands(players, result.winner, result.hands),
                points=points,
                running=running,
                ranks=score(system, players, results[:number]).ranks,
                notes=tuple(notes.get(number, ())),
                # Only the last round can still wait for hands: the next one is refused until then.
                missing=tuple(missing_hands(g)) if last else (),
                at_time=result.at_time,
                won_at_time=result.winner if result.at_time else None,
            )
        )
    playing = None
    if g.round_no > len(rounds):
        number = g.round_no
        playing = RoundInPlay(number, dealers.get(number), tuple(notes.get(number, ())))
    return Sheet(session, system, tuple(rounds), final, playing, by_move, g.setup.header)


def _hands(
    players: tuple[str, ...], winner: str | None, hands: Mapping[str, int]
) -> Mapping[str, int]:
    """Entered hands in seating order; the one who went out holds 0."""
    return MappingProxyType(
        {p: 0 if p == winner else hands[p] for p in players if p == winner or p in hands}
    )
