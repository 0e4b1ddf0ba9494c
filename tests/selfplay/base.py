"""What self-play's move mixins share: the real game, the engine, the dice and the moves each
other defines."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from referee.engine import Referee
from referee.engine import events as ev
from referee.engine.cards import Card
from referee.engine.ruling import Ruling

from .game import RealGame
from .outcomes import Stats, Tendencies


class MoveBase:
    """The base of TurnMoves (turns.py) and Answers (answers.py), both mixed into SelfPlay."""

    rng: random.Random
    real: RealGame
    ref: Referee
    names: tuple[str, ...]
    t: Tendencies
    stats: Stats
    check: bool

    if TYPE_CHECKING:
        # Defined by SelfPlay, TurnMoves and Answers; declared for the type checker only.
        def emit(self, event: ev.Event) -> Ruling: ...
        def probe_refusal(self, event: ev.Event) -> None: ...
        def answer_pending(self) -> None: ...
        def side_action(self) -> None: ...
        def probe(self, seat: int) -> None: ...
        def until_count(self) -> int: ...
        def play(self, seat: int, face: Card) -> None: ...
        def take_turn(self, misplay: bool = True) -> None: ...
        def make_play(self, seat: int, face: Card, count: int = 1) -> ev.Play: ...

        @property
        def next_discard(self) -> bool: ...
