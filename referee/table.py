"""What the whole table can see during a round: hand counts, piles, top card, turn, windows."""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import COLOR_NAMES, UNSEEN, Card
from .editions import Edition


@dataclass(slots=True)
class PendingDraw:
    """A Wild Draw Four waiting for its victim to accept or challenge; under stacking, also a
    Draw Two (or a stack of draw cards) waiting for its victim to accept or stack on."""

    offender: int
    victim: int
    card: Card
    amount: int
    prev_top: Card | None
    prev_color: str | None
    """The top card and colour in force before the Wild Draw Four: what legality is judged on."""
    held: int
    """Cards the offender held right after playing it: the hand a challenge is judged on."""
    wd4s: int = 1
    """Wild Draw Fours in the stack: a guilty stacked one costs 4 for each (dossier 2.15)."""


@dataclass(slots=True)
class OwedDraw:
    """A draw only the table can count (until a colour): `seat` must record `draw N` next."""

    seat: int
    then: int
    """The seat whose turn it is once the cards are recorded."""
    rule: str
    winner: int | None = None
    """A player who went out with the card that caused the draw: the round ends after it."""


@dataclass(slots=True)
class Table:
    """Public state of one tracked round. Seats index `players`."""

    players: tuple[str, ...]
    edition: Edition
    dealer: int
    hands: list[int] = field(default_factory=list)
    turn: int | None = None
    direction: int = 1
    """+1 is clockwise (to the left: the next name in [Players]); -1 counter-clockwise."""
    top: Card | None = None
    color: str | None = None
    pile: list[Card] = field(default_factory=list)
    """The discard pile, bottom first."""
    pile_counts: dict[Card, int] = field(default_factory=dict)
    pile_back: list[Card] = field(default_factory=list)
    """Flip: the other face of each discard, where seen (UNSEEN where not), bottom first."""
    side: int = 0
    """Flip: 0 while the light side shows, 1 on the dark side."""
    owed: OwedDraw | None = None
    draw_pile: int = 0
    known: list[dict[Card, int]] = field(default_factory=list)
    """Cards the table has seen go back into a hand (a retracted Wild Draw Four, a misplay)."""
    pool: dict[Card, int] = field(default_factory=dict)
    """Seen cards still held by somebody, after a shuffle mixed the hands."""
    pending: PendingDraw | None = None
    must_play: int | None = None
    """Set after a guilty Wild Draw Four under retract-replay: the offender plays at once."""
    catchable: dict[int, int] = field(default_factory=dict)
    """Seats that can be caught for a missed UNO, each with the seat whose action closes it."""
    closed: dict[int, str] = field(default_factory=dict)
    """Seats whose UNO window closed without a catch, with what closed it."""
    creeper: int | None = None
    creeper_next: list[int] = field(default_factory=list)
    """Minecraft: further seats owed a `draw 3` by the same event, in the order they drew."""
    """Minecraft: the seat that may record three more cards for a Creeper in its last draw."""
    winner: int | None = None
    reshuffles: int = 0
    out: list[int] = field(default_factory=list)
    """Seats knocked out this round by the mercy rule, in order."""

    @property
    def size(self) -> int:
        """Players still in the round."""
        return len(self.players) - len(self.out)

    def seated(self) -> list[int]:
        """Seats still in the round, clockwise."""
        return [s for s in range(len(self.players)) if s not in self.out]

    def step(self, seat: int, times: int = 1) -> int:
        """The seat `times` places from `seat` in the direction of play (knocked-out seats are
        passed over)."""
        n = len(self.players)
        if not self.out:
            return (seat + self.direction * times) % n
        for _ in range(times):
            seat = (seat + self.direction) % n
            while seat in self.out:
                seat = (seat + self.direction) % n
        return seat

    def went_out(self, seat: int) -> bool:
        """Whether the seat has played its last card (a knocked-out seat holds none either)."""
        return self.hands[seat] == 0 and seat not in self.out

    def knock_out(self, seat: int) -> int:
        """Mercy rule (dossier 7.2): the hand goes to the bottom of the discard pile and the
        seat leaves the round. Returns the cards moved."""
        count = self.hands[seat]
        self.pile[:0] = [UNSEEN] * count
        self.pile_back[:0] = [UNSEEN] * count
        self.hands[seat] = 0
        self.known[seat].clear()
        self.catchable.pop(seat, None)
        self.closed.pop(seat, None)
        self.out.append(seat)
        return count

    def color_name(self, color: str | None = None) -> str:
        return COLOR_NAMES.get(color or self.color or "", "none")

    def until_text(self) -> str:
        """`until an orange card`: what a draw until the colour in force stops at."""
        name = self.color_name()
        return f"until {'an' if name[0] in 'aeiou' else 'a'} {name} card"

    def elsewhere(self, seat: int, face: Card, reshuffling: bool = False) -> int:
        """Copies of a face known to be outside this seat's hand: in the discard pile (only the
        top card when a reshuffle is about to happen) or known in another hand. Cards mixed by a
        shuffle may be anyone's, so they are not counted against anyone."""
        count = (1 if self.top is face else 0) if reshuffling else self.pile_counts.get(face, 0)
        for other, hand in enumerate(self.known):
            if other != seat:
                count += hand.get(face, 0)
        return count

    def discard(self, face: Card) -> None:
        self.pile.append(face)
        self.pile_back.append(UNSEEN)
        counts = self.pile_counts
        counts[face] = counts.get(face, 0) + 1

    def take_back(self, seat: int) -> Card:
        """The top card goes back into a hand the table knows."""
        face = self.pile.pop()
        self.pile_back.pop()
        self.pile_counts[face] -= 1
        hand = self.known[seat]
        hand[face] = hand.get(face, 0) + 1
        return face

    def draw(self, seat: int, count: int) -> tuple[int, bool]:
        """Move up to `count` cards from the draw pile to a hand, reshuffling when it runs out.

        Returns:
            (cards actually drawn, whether the discard pile was reshuffled).
        """
        drawn = 0
        reshuffled = False
        while drawn < count:
            if self.draw_pile == 0:
                if not self._reshuffle():
                    break
                reshuffled = True
            take = min(count - drawn, self.draw_pile)
            self.draw_pile -= take
            drawn += take
        self.hands[seat] += drawn
        if drawn:
            self.catchable.pop(seat, None)
            self.closed.pop(seat, None)
        return drawn, reshuffled

    def _reshuffle(self) -> bool:
        # The top card stays; so does the card under a challengeable Wild Draw Four, which a
        # guilty verdict under retract would bring back.
        keep = 2 if self.pending is not None and len(self.pile) >= 2 else 1
        moving = len(self.pile) - keep
        if moving <= 0:
            return False
        self.pile = self.pile[-keep:]
        self.pile_back = self.pile_back[-keep:]
        self._recount()
        self.draw_pile += moving
        self.reshuffles += 1
        return True

    def _recount(self) -> None:
        self.pile_counts = {}
        for face in self.pile:
            if face is not UNSEEN:
                self.pile_counts[face] = self.pile_counts.get(face, 0) + 1

    def available(self) -> int:
        """Cards that can still be drawn once no draw is pending: the draw pile and what a
        reshuffle would bring (all but the top card)."""
        return self.draw_pile + max(0, len(self.pile) - 1)

    def flip_over(self, top: Card, color: str | None) -> None:
        """Flip (dossier 5.3): the discard pile is turned over, the bottom card's other face on
        top; then the draw pile and every hand. Faces the table knew in hands are now hidden."""
        self.side = 1 - self.side
        self.pile, self.pile_back = self.pile_back[::-1], self.pile[::-1]
        self.pile[-1] = top
        self._recount()
        self.top, self.color = top, color or top.color
        for hand in self.known:
            hand.clear()
        self.pool.clear()

    def forget_known(self, seat: int, face: Card) -> None:
        """A played card leaves what the table knew of a hand (or of the shuffled pool)."""
        hand = self.known[seat]
        if hand.get(face):
            hand[face] -= 1
        elif self.pool.get(face):
            self.pool[face] -= 1

    def holds_known(self, seat: int, face: Card) -> bool:
        return bool(self.known[seat].get(face))
