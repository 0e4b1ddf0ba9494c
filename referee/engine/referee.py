"""The referee: rules on a session's events one at a time, and answers questions about them.

`apply(event)` rules on an event and, if it holds, moves the session on; `check(event)` gives
the same ruling and changes nothing; `legal_moves`, `waiting_for` and `actor` say what may and
must happen next. Both rulings come from one computation on a fork of the state (`state.py`),
so a refused event leaves the state exactly as it was, and `check` and `apply` cannot disagree.
"""

from __future__ import annotations

from collections.abc import Mapping

from . import rounds
from .deck import Deck
from .events import Event, Header
from .judge import referee_event
from .moves import legal_moves
from .options import Options
from .rules import IDS, Variant, in_force, rule_for
from .ruling import Ruling
from .scoring import RoundResult, ScoreSheet, ScoringSystem
from .setup import build
from .state import Game, Phase, Setup, Table
from .waiting import Wait, actor, waiting_for


class Referee:
    """Rules on a session's events in order, keeping only what the table can see.

    `apply` never raises for a bad event: it returns a refused Ruling and changes nothing.
    """

    def __init__(self, header: Header, state: Game | None = None) -> None:
        """SetupError (from `setup.build`) if the header cannot be refereed."""
        if state is None:
            setup = build(header)
            state = Game(setup, setup.blank)
        self.state = state

    @classmethod
    def at(cls, state: Game) -> Referee:
        """A referee that goes on from a state (one a ruling left)."""
        return cls(state.setup.header, state)

    # Ruling ----------------------------------------------------------------------------------

    def check(self, event: Event) -> Ruling:
        """The ruling `apply` would give, changing nothing."""
        return referee_event(self.state, event)

    def apply(self, event: Event) -> Ruling:
        """Rule on one event; if it holds, the session moves on to the state it leaves."""
        ruling = referee_event(self.state, event)
        if ruling.ok:
            self.state = ruling.state
        return ruling

    # Questions -------------------------------------------------------------------------------

    def legal_moves(self, player: str | None = None, plays: bool = True) -> list[Event]:
        """The moves the referee would accept now from `player` (default: the player the
        table waits on), judged on what the table can see: plays, draws, answers, calls
        (without the card plays unless `plays`)."""
        return legal_moves(self.state, player, plays)

    def waiting_for(self) -> list[Wait]:
        """What the table waits for, most urgent first."""
        return waiting_for(self.state)

    def actor(self) -> str | None:
        """The player the table waits on (to answer a draw, to count one, or to play)."""
        return actor(self.state)

    def challenge_rule(self) -> str | None:
        """The rule that says when the card waiting to be challenged was illegal to play (what
        a challenge of it asks: `wd4-legal`, Flip's `flip-wild-draw-legal`); None when no
        challengeable card waits."""
        t = self.state.table
        if t is None or t.pending is None:
            return None
        return self.state.setup.legality.get(t.pending.card.kind)

    def rule(self, rule_id: str) -> Variant | None:
        """The rule a ruling rests on, as this table plays it (None: not a rule id)."""
        if rule_id not in IDS:
            return None
        setup = self.state.setup
        return rule_for(rule_id, setup.options.values, setup.deck.id, setup.units)

    def rules_in_force(self) -> list[Variant]:
        """The rules this table plays by."""
        setup = self.state.setup
        return in_force(setup.options.values, setup.deck.id, setup.units)

    def missing_hands(self) -> list[str]:
        """Players whose hands the scoring system still needs before the next round."""
        return rounds.missing_hands(self.state)

    # The state, read-only ----------------------------------------------------------------------

    @property
    def setup(self) -> Setup:
        return self.state.setup

    @property
    def header(self) -> Header:
        return self.state.setup.header

    @property
    def players(self) -> tuple[str, ...]:
        return self.state.setup.players

    @property
    def options(self) -> Options:
        return self.state.setup.options

    @property
    def deck(self) -> Deck:
        return self.state.setup.deck

    @property
    def scoring(self) -> ScoringSystem:
        return self.state.setup.scoring

    @property
    def table(self) -> Table | None:
        return self.state.table

    @property
    def phase(self) -> Phase:
        return self.state.phase

    @property
    def round_no(self) -> int:
        return self.state.round_no

    @property
    def dealer(self) -> str | None:
        return self.state.dealer

    @property
    def winner(self) -> str | None:
        """Who went out this round."""
        return self.state.winner

    @property
    def sheet(self) -> ScoreSheet:
        return self.state.sheet

    @property
    def results(self) -> tuple[RoundResult, ...]:
        return self.state.results

    @property
    def revealed(self) -> Mapping[str, int]:
        return self.state.revealed

    @property
    def penalties(self) -> list[tuple[str, int]]:
        """Penalty-point scoring: this round's penalty entries, in order."""
        return list(self.state.penalties)

    @property
    def penalty_due(self) -> frozenset[str]:
        return self.state.penalty_due
