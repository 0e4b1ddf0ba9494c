"""The real game behind self-play: a shuffled deck, the actual hands, and every card's effect."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

from referee.engine.cards import LIGHT_COLORS, Card
from referee.engine.deck import Deck

from .draws_model import CHALLENGEABLE, DRAWS, DrawRules, Pending
from .editions_model import EditionRules, flip_pairing
from .unit_models import MODELS


class RealGame(EditionRules, DrawRules):
    """One round played with real cards. It is written apart from the engine on purpose: the
    self-play test compares what the engine derives from the moves with what really happened."""

    def __init__(
        self,
        rng: random.Random,
        edition: Deck,
        options: Mapping[str, str],
        players: tuple[str, ...],
        dealer: int,
    ) -> None:
        self.rng = rng
        self.edition = edition
        self.options = options
        self.players = players
        self.n = len(players)
        self.dealer = dealer
        light = edition.sides[0] if edition.sides is not None else edition.cards
        deck = [
            face for face, copies in edition.cards.items() if face in light for _ in range(copies)
        ]
        rng.shuffle(deck)
        size = int(options["hand-size"])
        self.hands: list[list[Card]] = [[deck.pop() for _ in range(size)] for _ in players]
        self.draw_pile = deck
        self.pile: list[Card] = []
        self.top: Card | None = None
        self.color: str | None = None
        self.turn: int | None = None
        self.direction = 1
        self.pending: Pending | None = None
        self.held_at_wd4: list[Card] = []
        """The offender's hand right after the Wild Draw Four: what a challenge shows."""
        self.must_play: int | None = None
        self.catchable: set[int] = set()
        self.missed: set[int] = set()
        """Seats still on one card whose UNO window closed without a call or a catch."""
        self.winner: int | None = None
        self.creeper_extra: list[int] = []
        """Seats that drew a Creeper in a forced draw: each owes a `draw 3` line."""
        self.allwild = edition.id == "allwild"
        self.minecraft_every = (
            edition.id == "minecraft" and options["creeper-trigger"] == "every-draw"
        )
        self.side = 0
        self.backs = flip_pairing(rng, edition) if edition.sides is not None else ({}, {})
        self.out: list[int] = []
        """Seats knocked out by the mercy rule."""
        mercy = options["mercy"]
        self.mercy = 0 if mercy == "off" else int(mercy)
        self.owed: int | None = None
        """A seat that must now draw until the colour in force (Wild Draw Color)."""
        self.models = [model for model in MODELS.values() if model.active(edition.id, options)]
        """Models of the units registered from elsewhere that play at this table."""

    # Mechanics --------------------------------------------------------------------------------

    def step(self, seat: int, times: int = 1) -> int:
        for _ in range(times):
            seat = (seat + self.direction) % self.n
            while seat in self.out:
                seat = (seat + self.direction) % self.n
        return seat

    def seated(self) -> list[int]:
        return [s for s in range(self.n) if s not in self.out]

    def draw(self, seat: int, count: int) -> list[Card]:
        got: list[Card] = []
        for _ in range(count):
            if not self.draw_pile:
                keep = 2 if self.pending is not None and len(self.pile) >= 2 else 1
                if len(self.pile) <= keep:
                    break
                self.draw_pile = self.pile[:-keep]
                self.pile = self.pile[-keep:]
                self.rng.shuffle(self.draw_pile)
            got.append(self.draw_pile.pop())
        self.hands[seat].extend(got)
        if got:
            self.catchable.discard(seat)
            self.missed.discard(seat)
        return got

    def forced_draw(self, seat: int, count: int) -> None:
        got = self.draw(seat, count)
        if self.minecraft_every and any(face.kind == "cr" for face in got):
            # The 3 more come with their own `draw 3` line after the move, so they are drawn
            # after every other draw the move causes (it matters only when the piles run dry).
            self.creeper_extra.append(seat)

    def back(self, face: Card) -> Card:
        """The other face of a card on the side showing."""
        return self.backs[self.side][face]

    def playable(self, hand: list[Card]) -> list[Card]:
        """The cards of `hand` that match the top card (`matches`, for a whole hand at once)."""
        if self.allwild:
            return list(hand)
        if self.models:  # a unit from outside may refuse a card that matches
            return [c for c in hand if self.matches(c)]
        top, color = self.top, self.color
        assert top is not None
        kind = top.kind
        return [c for c in hand if c.color is None or c.color == color or c.kind == kind]

    def unplayable(self, hand: list[Card]) -> list[Card]:
        """The cards of `hand` that do not match the top card."""
        if self.allwild:
            return []
        if self.models:
            return [c for c in hand if not self.matches(c)]
        top, color = self.top, self.color
        assert top is not None
        kind = top.kind
        return [c for c in hand if c.color is not None and c.color != color and c.kind != kind]

    def matches(self, face: Card) -> bool:
        if self.allwild:
            return True
        top = self.top
        assert top is not None
        if any(model.refuses(self, face) for model in self.models):
            return False
        return face.color is None or face.color == self.color or face.kind == top.kind

    def discard(self, face: Card, color: str | None) -> None:
        self.pile.append(face)
        self.top = face
        self.color = color or face.color

    def start(self) -> tuple[list[Card], str | None]:
        """Turn up the start card, sending back what the rules send back; apply its effect."""
        number_only = self.options["start-card"] == "number-only"
        wild_back = self.options["start-wild"] == "reshuffle"
        turned: list[Card] = []
        while True:
            face = self.draw_pile.pop()
            turned.append(face)
            # All Wild ignores the start card's action, so nothing goes back.
            if (
                face.kind in self.edition.start_back
                or (number_only and not face.is_number)
                or (wild_back and face.is_wild)
            ):
                self.draw_pile.insert(self.rng.randrange(len(self.draw_pile) + 1), face)
                continue
            break
        color = self.rng.choice(LIGHT_COLORS) if face.is_wild and not self.allwild else None
        self.discard(face, color)
        left = self.step(self.dealer)
        kind = face.kind
        if number_only or face.is_number or face.is_wild:
            self.turn = left
        elif face.draws:
            self.forced_draw(left, face.draws)
            self.turn = self.step(left)
        elif kind == "r" and self.options["start-reverse"] == "right":
            # As if the dealer had played it (with two players, a Skip where Reverse is one).
            if self.n == 2 and self.options["two-player-reverse"] == "skip":
                self.turn = self.dealer
            else:
                self.direction = -1
                self.turn = self.step(self.dealer)
        elif kind == "r":
            self.direction = -1
            self.turn = self.dealer
        elif kind == "s":
            self.turn = self.step(left)
        return turned, color

    def play(
        self,
        seat: int,
        face: Card,
        color: str | None,
        target: int | None,
        uno: bool,
        extra: tuple[Card, ...] = (),
    ) -> None:
        """Put the card down (after `extra` cards: multi-play, Discard All); apply it once."""
        hand = self.hands[seat]
        for one in extra:
            hand.remove(one)
            self.pile.append(one)
        hand.remove(face)
        down = len(hand)
        prev_top, prev_color = self.top, self.color
        self.must_play = None
        self.discard(face, color)
        kind = face.kind
        nxt = self.step(seat)
        seven_o = self.options["seven-o"] == "on" and kind in ("7", "0") and bool(hand)
        stacking = self.options["stacking"] != "off"
        passive = False
        if any(model.play(self, seat, face) for model in self.models):
            pass
        elif self.allwild and kind in ("w+2", "w+4"):
            self.forced_draw(nxt, 2 if kind == "w+2" else 4)
            self.turn = self.step(nxt)
        elif kind == "f":
            self.flip(color)
            self.turn = nxt
        elif kind == "se":
            self.turn = seat
        elif kind in ("+1", "+5"):
            self.forced_draw(nxt, face.draws)
            self.turn = self.step(nxt)
        elif kind == "ws2":
            self.turn = self.step(seat, 3)
        elif kind == "wt+2":
            assert target is not None
            self.forced_draw(target, 2)
            self.turn = nxt
        elif kind in ("s", "ws"):
            self.turn = self.step(seat, 2)
        elif kind in ("r", "wr"):
            if len(self.seated()) == 2 and self.options["two-player-reverse"] == "skip":
                self.turn = seat
            else:
                self.direction = -self.direction
                self.turn = self.step(seat)
        elif kind == "wcr":
            self.owe(nxt, self.step(nxt), seat)
        elif (
            kind == "wr+4"
            and self.pending is None
            and len(self.seated()) == 2
            and self.options["two-player-reverse-draw"] == "self"
        ):
            # Japanese Wikipedia: with two players the Wild Reverse Draw 4's own player draws the 4.
            self.direction = -self.direction
            if hand:
                self.forced_draw(seat, 4)
            self.turn = self.step(seat)
        elif kind in DRAWS and not stacking and kind not in CHALLENGEABLE:
            if kind == "wr+4":
                self.direction = -self.direction
                nxt = self.step(seat)
            self.forced_draw(nxt, DRAWS[kind])
            self.turn = self.step(nxt)
        elif kind in DRAWS:
            if kind == "wr+4":
                self.direction = -self.direction
                nxt = self.step(seat)
            old = self.pending
            guilty = kind in CHALLENGEABLE and any(
                self.offends(c, prev_top, prev_color, kind) for c in hand
            )
            self.pending = Pending(
                seat,
                nxt,
                guilty,
                prev_top,
                prev_color,
                face,
                DRAWS[kind] + (old.amount if old else 0),
                (old.wd4s if old else 0) + (kind == "w+4"),
            )
            self.held_at_wd4 = list(hand)
            self.turn = nxt
        elif kind == "wsh" and (hand or self.options["shuffle-last-card"] == "redeal"):
            self._shuffle_hands(seat)
            self.turn = nxt
            passive = True
        elif kind in ("wsw", "7", "wfs") and target is not None and hand:
            self.hands[seat], self.hands[target] = self.hands[target], self.hands[seat]
            self.catchable.discard(target)
            self.missed -= {seat, target}
            self._passive((seat, target))
            self.turn = nxt
            passive = True
        elif kind == "0" and seven_o:
            before = list(self.hands)
            for s in self.seated():
                self.hands[self.step(s)] = before[s]
            self.catchable.clear()
            self.missed.clear()
            self._passive(self.seated())
            self.turn = nxt
            passive = True
        else:
            self.turn = nxt
        if (
            not self.hands[seat]
            and not face.is_number
            and self.options["go-out-on-action"] == "forbidden"
        ):
            self.forced_draw(seat, 2)
        # Her own next-to-last card must be called, even when it handed her another hand.
        if len(self.hands[seat]) == 1 and (not passive or down == 1):
            self.missed.discard(seat)
            if uno:
                self.catchable.discard(seat)
            else:
                self.catchable.add(seat)
        if not self.hands[seat] and self.pending is None and self.owed is None:
            self.end(seat)

    def _shuffle_hands(self, seat: int) -> None:
        cards = [face for hand in self.hands for face in hand]
        self.rng.shuffle(cards)
        self.hands = [[] for _ in self.players]
        seats = self.seated()
        me = seats.index(seat)
        for i, face in enumerate(cards):
            self.hands[seats[(me + 1 + i) % len(seats)]].append(face)
        self.catchable.clear()
        self.missed.clear()
        self._passive(seats)

    def _passive(self, seats: Iterable[int]) -> None:
        if self.options["uno-on-passive"] == "yes":
            self.catchable.update(s for s in seats if len(self.hands[s]) == 1)

    def close_windows(self, actor: int) -> None:
        self.missed |= self.catchable - {actor}
        self.catchable &= {actor}

    def end(self, seat: int) -> None:
        self.winner = seat
        self.turn = self.owed = self.pending = None
        self.catchable.clear()
        self.must_play = None
