"""Self-play's answers and asides: accepting, stacking or challenging a draw card, UNO
catches, penalties, and probes of moves the engine must refuse."""

from __future__ import annotations

from referee.engine import events as ev

from .base import MoveBase
from .draws_model import CHALLENGEABLE, DRAWS
from .outcomes import Abandoned


class Answers(MoveBase):
    """Mixed into SelfPlay (driver.py): moves that answer the table rather than take a turn."""

    def answer_pending(self) -> None:
        real, rng = self.real, self.rng
        pending = real.pending
        assert pending is not None
        victim = pending.victim
        higher = self.ref.options.values["stacking"] == "higher"
        stacks = [
            c for c in real.hands[victim] if real.stackable(c) and (higher or real.matches(c))
        ]
        if stacks and rng.random() < 0.6:
            self.play(victim, rng.choice(stacks))
            return
        if self.check and rng.random() < self.t.illegal_probe:
            wrong = [c for c in real.hands[victim] if not real.stackable(c)]
            if wrong:
                self.probe_refusal(
                    ev.CardPlayed(self.names[victim], self.make_play(victim, rng.choice(wrong)))
                )
        options = self.ref.options.values
        # Japanese Wikipedia's house rule: a Wild Draw Four played into a stack cannot be
        # challenged.
        stacked = pending.amount > DRAWS.get(pending.face.kind, 0)
        # A player knocked out of the round (mercy) cannot show a hand: no challenge.
        challenge = (
            pending.face.kind in CHALLENGEABLE
            and options["challenge"] == "on"
            and pending.offender not in real.out
            and not (stacked and options["stack-challenge"] == "off")
            and rng.random() < self.t.challenge
        )
        if not self.next_discard:
            real.close_windows(victim)
        if not challenge:
            real.resolve(False)
            # The drawn cards can knock the victim out, ending the round before anyone moves.
            real.knock_outs()
            if real.owed is not None:
                # A Wild Draw Color is accepted by recording the cards drawn.
                self.emit(ev.CardsDrawn(self.names[victim], self.until_count(), True))
            # Minecraft always accepts aloud: a Creeper in the four needs its own `draw 3` line.
            elif real.winner is None and self.ref.deck.id != "minecraft" and rng.random() < 0.5:
                self.take_turn(misplay=False)
            else:
                self.emit(ev.DrawAccepted(self.names[victim]))
            return
        if pending.wd4s > 1:
            self.stats.stacked_challenges += 1
        event = self.challenge_event(victim, pending.offender, pending.guilty)
        real.resolve(True)
        self.emit(event)
        if real.owed is not None:
            seat = real.owed
            self.emit(ev.CardsDrawn(self.names[seat], self.until_count(), True))

    def until_count(self) -> int:
        """Draw until the colour; a draw that finds no card at all ends self-play's game."""
        count = self.real.draw_until()
        if not count:
            self.stats.abandoned += 1
            raise Abandoned
        return count

    def challenge_event(self, victim: int, offender: int, guilty: bool) -> ev.ChallengeMade:
        real, rng = self.real, self.rng
        name = self.names[victim]
        hand = list(real.held_at_wd4)
        style = rng.random()
        # A Wild Draw Four played as the last card leaves no hand to show.
        if style < 0.4 or not hand:
            return ev.ChallengeMade(name, verdict="guilty" if guilty else "innocent")
        if guilty and style < 0.7:
            assert real.pending is not None
            p = real.pending
            bad = [c for c in hand if real.offends(c, p.top, p.color, p.face.kind)]
            return ev.ChallengeMade(name, shown=(rng.choice(bad),))
        rng.shuffle(hand)
        return ev.ChallengeMade(name, shown=tuple(hand))

    def side_action(self) -> None:
        real, rng = self.real, self.rng
        names = self.names
        if real.catchable and rng.random() < 0.8:
            target = rng.choice(sorted(real.catchable))
            if rng.random() < 0.3:
                if self.ref.options.values["late-uno"] == "allowed":
                    real.catchable.discard(target)
                self.emit(ev.UnoCalled(names[target]))
                return
            catcher = rng.choice([s for s in real.seated() if s != target])
            real.catchable.discard(target)
            real.forced_draw(target, int(self.ref.options.values["uno-penalty"]))
            self.emit(ev.PlayerCaught(names[catcher], names[target]))
            return
        roll = rng.random()
        seat = rng.choice(real.seated())
        if roll < 0.5:
            target = rng.choice([s for s in real.seated() if s != seat])
            if target not in real.catchable:
                if not (target in real.missed and len(real.hands[target]) == 1):
                    real.forced_draw(seat, int(self.ref.options.values["false-catch-penalty"]))
                self.emit(ev.PlayerCaught(names[seat], names[target]))
        else:
            real.forced_draw(seat, int(self.ref.options.values["coaching-penalty"]))
            self.emit(ev.PenaltyGiven(names[seat], coaching=True))

    def probe(self, seat: int) -> None:
        """Try moves the engine must refuse: out of turn, or a card that does not match."""
        real, rng = self.real, self.rng
        other = rng.choice([s for s in real.seated() if s != seat])
        if real.hands[other]:
            face = rng.choice(real.hands[other])
            self.probe_refusal(ev.CardPlayed(self.names[other], self.make_play(other, face)))
        illegal = [c for c in real.hands[seat] if not real.matches(c)]
        if illegal:
            self.probe_refusal(ev.CardPlayed(self.names[seat], ev.Play(rng.choice(illegal))))
