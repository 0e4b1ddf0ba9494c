"""Self-play's turns: the player to act plays, draws or misplays; others jump in."""

from __future__ import annotations

from referee.engine import events as ev
from referee.engine.cards import Card

from .base import MoveBase
from .draws_model import CHALLENGEABLE
from .outcomes import Abandoned


class TurnMoves(MoveBase):
    """Mixed into SelfPlay (driver.py): choosing and making the turn's move."""

    def move(self) -> None:
        real, rng = self.real, self.rng
        if real.owed is not None:
            # Wild Color Roulette: the next player draws until the colour at once.
            seat = real.owed
            self.emit(ev.CardsDrawn(self.names[seat], self.until_count(), True))
            return
        if (real.catchable and rng.random() < self.t.catch) or rng.random() < self.t.side_action:
            self.side_action()
            if real.winner is not None:
                return
        if self.jump_in():
            return
        if real.pending is not None:
            self.answer_pending()
        elif real.must_play is not None:
            seat = real.must_play
            legal = [c for c in real.hands[seat] if real.matches(c) and c.kind not in CHALLENGEABLE]
            self.play(seat, rng.choice(legal))
        else:
            self.take_turn()

    def take_turn(self, misplay: bool = True) -> None:
        """The player to act plays, misplays or draws (an implied accept allows no misplay)."""
        real, rng = self.real, self.rng
        seat = real.turn
        assert seat is not None
        hand = real.hands[seat]
        # No probes after an implied accept: the engine still holds the draw until the move.
        if misplay and self.check and rng.random() < self.t.illegal_probe:
            self.probe(seat)
        legal = real.playable(hand)
        roll = rng.random()
        if legal and roll < self.t.play:
            self.play(seat, rng.choice(legal))
            return
        illegal = real.unplayable(hand) if misplay else []
        if illegal and rng.random() < self.t.misplay:
            face = rng.choice(illegal)
            if not self.next_discard:
                real.close_windows(seat)
            real.forced_draw(seat, int(real.options["misplay-penalty"]))
            real.turn = real.step(seat)
            self.emit(ev.MisplayCaught(self.names[seat], face))
            return
        self.draw_turn(seat)

    def draw_turn(self, seat: int) -> None:
        real, rng = self.real, self.rng
        to_match = self.ref.options.values["draw"] == "to-match"
        got = real.draw(seat, 1)
        # Reaching the mercy limit knocks the player out at once (the No Mercy sheet).
        limit = real.mercy or 10**9
        while to_match and got and not real.matches(got[-1]) and len(real.hands[seat]) < limit:
            more = real.draw(seat, 1)
            if not more:
                break
            got += more
        # Knocked out on the third card, the line is that knock-out's `draw 3` (the engine says
        # so); no fourth card is drawn past the limit.
        if to_match and len(got) == 3 and self.owes_record(seat) and len(real.hands[seat]) < limit:
            # Right after a forced draw, `draw 3` reads as a Creeper's three: draw one more
            # so the line stays unambiguous; with the piles empty the table could not say which.
            got += real.draw(seat, 1)
            if len(got) == 3:
                self.stats.abandoned += 1
                raise Abandoned
        count = len(got) or 1
        creeper = any(c.kind == "cr" for c in got) and self.ref.deck.id == "minecraft"
        if creeper:
            # The three more stop where a knock-out does; the line says how many were owed
            # (with the piles dry, fewer arrive).
            room = max(0, min(3, limit - len(real.hands[seat])))
            real.draw(seat, room)
            count += room
        # No Mercy: the playable card found must be played.
        must = to_match and self.ref.deck.id == "nomercy"
        if (
            got
            and not creeper
            and real.matches(got[-1])
            and len(real.hands[seat]) < limit
            and (must or rng.random() < 0.7)
        ):
            play = self.make_play(seat, got[-1])
            real.close_windows(seat)
            self.real_play(seat, play)
            self.emit(ev.CardsDrawn(self.names[seat], count, count != 1, play))
            return
        if not self.next_discard:
            real.close_windows(seat)
        real.turn = real.step(seat)
        self.emit(ev.CardsDrawn(self.names[seat], count, count != 1))

    def owes_record(self, seat: int) -> bool:
        """Whether the table first waits for `seat` to record a forced draw."""
        owing = [w.player for w in self.ref.waiting_for() if w.kind == "record"]
        return owing[:1] == [self.names[seat]]

    @property
    def next_discard(self) -> bool:
        return self.ref.options.next_discard

    def make_play(self, seat: int, face: Card, count: int = 1) -> ev.Play:
        real, rng = self.real, self.rng
        deck, options, kind = real.edition, real.options, face.kind
        color = top = top_color = None
        if face.is_wild and not real.allwild:
            held = [c.color for c in real.hands[seat] if c.color is not None]
            color = (
                rng.choice(held)
                if held and rng.random() < 0.8
                else rng.choice(deck.colors(real.side))
            )
        if kind == "f":
            # The other face of the pile's bottom card turns up (the UNO FLIP! rules).
            top = real.back(real.pile[0])
            if top.is_wild:
                top_color = rng.choice(deck.colors(1 - real.side))
        target = None
        extra = (face,) * (count - 1)
        if kind == "da":
            # Discard All takes every other card of its colour along (No Mercy).
            rest = list(real.hands[seat])
            rest.remove(face)
            extra = tuple(c for c in rest if c.color == face.color)
        left = len(real.hands[seat]) - 1 - len(extra)
        # A target for the cards that name one (the dice decide only whether a swap is made).
        if kind == "wt+2" or (
            left
            and (
                (kind == "wsw" and (options["swap-optional"] == "no" or rng.random() < 0.7))
                or kind == "wfs"
                or (kind == "7" and options["seven-o"] == "on")
            )
        ):
            target = self.names[rng.choice([s for s in real.seated() if s != seat])]
        uno = left == 1 and rng.random() < self.t.call_uno
        return ev.Play(
            face, color=color, target=target, top=top, top_color=top_color, uno=uno, extra=extra
        )

    def real_play(self, seat: int, play: ev.Play) -> None:
        target = self.names.index(play.target) if play.target else None
        # A Flip's colour is the one named for a Wild it turns up.
        color = play.top_color if play.top is not None else play.color
        self.real.play(seat, play.card, color, target, play.uno, play.extra)

    def play(self, seat: int, face: Card) -> None:
        count = 1
        if face.is_number and self.real.options["multi-play"] == "numbers":
            copies = self.real.hands[seat].count(face)
            if copies > 1 and self.rng.random() < 0.7:
                count = self.rng.randint(2, copies)
        play = self.make_play(seat, face, count)
        self.real.close_windows(seat)
        self.real_play(seat, play)
        self.emit(ev.CardPlayed(self.names[seat], play))

    def jump_in(self) -> bool:
        """Under jump-in, somebody holding the top card's twin sometimes plays it out of turn."""
        real, rng = self.real, self.rng
        top = real.top
        if (
            real.options["jump-in"] != "on"
            or real.pending is not None
            or real.must_play is not None
            or top is None
            or top.color is None
            or rng.random() > 0.5
        ):
            return False
        seats = [s for s in range(real.n) if top in real.hands[s]]
        if not seats:
            return False
        seat = rng.choice(seats)
        play = self.make_play(seat, top)
        real.close_windows(seat)
        self.real_play(seat, play)
        self.emit(ev.JumpedIn(self.names[seat], play))
        return True
