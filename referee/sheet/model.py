"""The score sheet: each round's points, running totals, dealer, who went out and the rulings."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from ..engine import Referee
from ..events import Header, Session
from ..replay import replay
from ..scoring import ScoreSheet, ScoringSystem, score

# Going out is not "notable" to the engine (it happens every round), but it is the first thing
# a reader of the sheet looks for: who scored, and on which line.
_ALWAYS_NOTED = ("going-out",)


class SessionRefused(ValueError):
    """A statement of the session is refused: the sheet would explain numbers that are wrong."""

    def __init__(self, line: int, rule: str, text: str) -> None:
        super().__init__(text)
        self.line = line
        self.rule = rule
        self.text = text


@dataclass(frozen=True)
class Note:
    """One ruling worth a line on the sheet: a penalty, a challenge, a misplay, going out."""

    line: int
    """Source line of the statement (0 when the session did not come from a file)."""
    rule: str
    """The rule id, as `uno-referee rules` shows it."""
    text: str


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

    @property
    def header(self) -> Header:
        return self.session.header

    @property
    def players(self) -> tuple[str, ...]:
        return self.score.players

    def standings(self) -> list[str]:
        """Players best first; shared ranks keep the seating order."""
        ranks = self.score.ranks
        return sorted(self.players, key=lambda p: (ranks[p], self.players.index(p)))


def build_sheet(session: Session) -> Sheet:
    """Replay the session and collect its sheet.

    Raises SetupError (from the engine) for a header it cannot referee and SessionRefused for
    the first refused statement.
    """
    referee = Referee(session.header)
    notes: dict[int, list[Note]] = {}
    dealers: dict[int, str | None] = {}
    for step in replay(session, referee):
        ruling = step.ruling
        if not ruling.ok:
            raise SessionRefused(step.line, ruling.rule, ruling.text)
        number = referee.round_no
        if number:
            dealers[number] = referee.dealer
        if ruling.notable or ruling.rule in _ALWAYS_NOTED:
            notes.setdefault(number, []).append(Note(step.line, ruling.rule, ruling.text))
    return _assemble(session, referee, notes, dealers)


def _assemble(session: Session, referee: Referee, notes: dict[int, list[Note]],
              dealers: dict[int, str | None]) -> Sheet:
    system, players, results = referee.scoring, referee.players, referee.results
    final = referee.sheet
    rounds = []
    for index, (points, running) in enumerate(zip(final.round_points, final.running,
                                                  strict=True)):
        number = index + 1
        result = results[index]
        last = number == referee.round_no
        rounds.append(SheetRound(
            number=number, dealer=dealers.get(number), went_out=result.winner,
            hands=_hands(players, result.winner, result.hands),
            points=points, running=running,
            ranks=score(system, players, results[:number]).ranks,
            notes=tuple(notes.get(number, ())),
            # Only the last round can still wait for hands: the next round is refused until then.
            missing=tuple(referee.missing_hands()) if last else (),
        ))
    playing = None
    if referee.round_no > len(rounds):
        number = referee.round_no
        playing = RoundInPlay(number, dealers.get(number), tuple(notes.get(number, ())))
    return Sheet(session, system, tuple(rounds), final, playing)


def _hands(players: tuple[str, ...], winner: str | None,
           hands: Mapping[str, int]) -> Mapping[str, int]:
    """Entered hands in seating order; the one who went out holds 0."""
    return MappingProxyType({p: 0 if p == winner else hands[p] for p in players
                             if p == winner or p in hands})
