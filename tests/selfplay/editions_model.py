"""The real game's Flip and No Mercy mechanics: a two-sided deck, draws until a colour, and
knock-outs by the mercy rule."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from referee.engine.cards import Card, card
from referee.engine.deck import Deck

if TYPE_CHECKING:
    from .draws_model import Pending


def flip_pairing(rng: random.Random, edition: Deck) -> tuple[dict[Card, Card], dict[Card, Card]]:
    """A Flip deck's other faces: light to dark, and dark to light. Each face's copies share one
    other face: a real deck's pairing is not published and the engine must not rely on
    any."""
    assert edition.sides is not None
    light, dark = (
        [f for f in sorted(side, key=lambda f: f.code) if edition.cards[f] == 2]
        for side in edition.sides
    )
    rng.shuffle(dark)
    back = dict(zip(light, dark, strict=True))
    others = ["w", "w+c"]
    rng.shuffle(others)
    back.update({card(a): card(b) for a, b in zip(("w", "w+2"), others, strict=True)})
    return back, {b: a for a, b in back.items()}


class EditionRules:
    """Mixed into RealGame (game.py), whose state these methods share."""

    hands: list[list[Card]]
    pile: list[Card]
    draw_pile: list[Card]
    side: int
    backs: tuple[dict[Card, Card], dict[Card, Card]]
    out: list[int]
    mercy: int
    owed: int | None
    owed_then: int
    owed_winner: int | None
    top: Card | None
    color: str | None
    turn: int | None
    winner: int | None
    pending: Pending | None
    must_play: int | None
    held_at_wd4: list[Card]
    catchable: set[int]
    missed: set[int]

    if TYPE_CHECKING:
        # Defined by RealGame; declared for the type checker only.
        def draw(self, seat: int, count: int) -> list[Card]: ...
        def end(self, seat: int) -> None: ...
        def seated(self) -> list[int]: ...
        def step(self, seat: int, times: int = 1) -> int: ...

    def went_out(self, seat: int) -> bool:
        """Whether the seat has played its last card (a knocked-out seat holds none either)."""
        return not self.hands[seat] and seat not in self.out

    def owe(self, seat: int, then: int, offender: int) -> None:
        """`seat` must now draw until the colour in force; then `then` plays."""
        self.owed, self.owed_then = seat, then
        self.owed_winner = offender if not self.hands[offender] else None
        self.turn = seat

    def draw_until(self) -> int:
        """The owed draw: cards until one of the colour in force (a Wild does not count)."""
        seat = self.owed
        assert seat is not None
        count = 0
        while not self.mercy or len(self.hands[seat]) < self.mercy:
            got = self.draw(seat, 1)
            count += len(got)
            if not got or got[0].color == self.color:
                break
        self.owed = None
        then = self.owed_then
        self.turn = then if then not in self.out else self.step(then)
        if self.owed_winner is not None and self.went_out(self.owed_winner):
            self.end(self.owed_winner)
        return count

    def knock_outs(self) -> None:
        """Mercy rule (the No Mercy sheet): a hand at the limit goes under the discard pile and its
        player leaves the round; the last one in wins it."""
        if not self.mercy or self.winner is not None:
            return
        over = [s for s in self.seated() if len(self.hands[s]) >= self.mercy]
        for seat in over:
            self.pile[:0] = self.hands[seat]
            self.hands[seat] = []
            self.out.append(seat)
            self.catchable.discard(seat)
            self.missed.discard(seat)
        if not over:
            return
        left = self.seated()
        if len(left) == 1:
            self.end(left[0])
            return
        if self.owed in self.out:
            self.owed = None
            self.turn = self.owed_then
            if self.owed_winner is not None and self.went_out(self.owed_winner):
                self.end(self.owed_winner)
                return
        p = self.pending
        if p is not None and p.victim in self.out:
            self.pending = None
            self.turn = self.step(p.victim)
        if self.must_play in self.out:
            self.must_play = None
        if self.turn in self.out:
            self.turn = self.step(self.turn)

    def flip(self, color: str | None) -> None:
        """Flip (the UNO FLIP! rules): the pile, the draw pile and every hand turn over."""
        back = self.backs[self.side]
        self.side = 1 - self.side
        self.pile = [back[c] for c in reversed(self.pile)]
        self.draw_pile = [back[c] for c in reversed(self.draw_pile)]
        self.hands = [[back[c] for c in hand] for hand in self.hands]
        self.held_at_wd4 = []
        top = self.top = self.pile[-1]
        self.color = color if top.is_wild else top.color
