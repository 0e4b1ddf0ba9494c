"""The real game's draw cards: what stacks on what, and accepting or challenging a draw."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.engine.cards import Card


@dataclass
class Pending:
    """A draw waiting for its victim: a Wild Draw Four, or any draw card under stacking."""

    offender: int
    victim: int
    guilty: bool
    top: Card | None
    color: str | None
    """The top card and colour before the last card of the stack."""
    face: Card
    amount: int
    wd4s: int


# What each draw card makes the next player draw (the printed number; 0: until a colour).
DRAWS = {"+2": 2, "w+4": 4, "w+2": 2, "w+c": 0, "+4": 4, "wr+4": 4, "w+6": 6, "w+10": 10}
CHALLENGEABLE = ("w+4", "w+2", "w+c")


class DrawRules:
    """Mixed into RealGame (game.py), whose state these methods share."""

    options: Mapping[str, str]
    pending: Pending | None
    hands: list[list[Card]]
    pile: list[Card]
    out: list[int]
    top: Card | None
    color: str | None
    turn: int | None
    must_play: int | None
    owed: int | None

    if TYPE_CHECKING:
        # Defined by RealGame and EditionRules; declared for the type checker only.
        def forced_draw(self, seat: int, count: int) -> None: ...
        def step(self, seat: int, times: int = 1) -> int: ...
        def owe(self, seat: int, then: int, offender: int) -> None: ...
        def end(self, seat: int) -> None: ...
        def went_out(self, seat: int) -> bool: ...

    def offends(self, face: Card, top: Card | None, color: str | None, kind: str = "w+4") -> bool:
        """Whether holding `face` makes a Wild Draw Four (or Flip's Wild Draw Two or Color)
        illegal under the table's rule."""
        if face.kind == kind:
            return False
        if self.options["wd4-legal"] == "color":
            return face.color is not None and face.color == color
        return (
            face.color is None or face.color == color or (top is not None and face.kind == top.kind)
        )

    def stackable(self, face: Card) -> bool:
        """Whether `face` may go on the pending draw under the table's stacking rule."""
        p = self.pending
        mode = self.options["stacking"]
        if p is None or mode == "off" or face.kind not in DRAWS:
            return False
        if self.went_out(p.offender):
            return False  # the offender went out: the round ends with the draw
        if mode == "higher":
            return DRAWS[face.kind] >= DRAWS[p.face.kind]
        if face.kind == p.face.kind:
            return True
        return mode == "progressive" and face.kind == "w+4" and p.face.kind == "+2"

    def resolve(self, challenge: bool) -> bool:
        """The victim accepts or challenges the pending draw; True if guilty."""
        p = self.pending
        assert p is not None
        offender, victim = p.offender, p.victim
        guilty = p.guilty and challenge
        flip = p.face.kind in ("w+2", "w+c")
        until = p.face.kind == "w+c"
        self.pending = None
        if not guilty:
            self.forced_draw(victim, p.amount + (2 if challenge else 0))
            self.turn = self.step(victim)
            if until:
                self.owe(victim, self.turn, offender)
        else:
            mode = self.options["wd4-guilty"]
            if mode != "draw":
                self.hands[offender].append(self.pile.pop())
                self.top, self.color = p.top, p.color
            self.turn = victim
            if until and mode == "draw":
                # The UNO FLIP! sheet: the offender draws until the colour instead.
                self.owe(offender, victim, offender)
            else:
                # Flip: 2 either way (the Japanese UNO FLIP! manual); digital games: 4 for every
                # Wild Draw Four in a stack (Japanese Wikipedia, コンピュータゲーム).
                self.forced_draw(offender, 2 if flip else 4 * p.wd4s)
            if mode == "retract-replay":
                self.turn = self.must_play = offender
        if self.went_out(offender) and self.owed is None:
            self.end(offender)
        return guilty
