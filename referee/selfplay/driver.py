"""Self-play: random players make moves at a real table; the engine must follow every public fact."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .. import events as ev
from ..cards import Card
from ..engine import Referee
from ..ruling import Ruling
from .game import CHALLENGEABLE, RealGame


class _Abandoned(Exception):
    """A round that cannot end: self-play starts another game."""


class Divergence(AssertionError):
    """The engine's public state differs from the real game, or it refused a legal move."""


@dataclass
class Stats:
    games: int = 0
    actions: int = 0
    refusals_checked: int = 0
    abandoned: int = 0
    stacked_challenges: int = 0
    """Challenges of a Wild Draw Four stacked on another (dossier 2.15)."""
    rules: dict[str, int] = field(default_factory=dict)


@dataclass
class Tendencies:
    """How often the random players do each thing."""

    play: float = 0.85
    call_uno: float = 0.75
    challenge: float = 0.4
    catch: float = 0.3
    misplay: float = 0.03
    side_action: float = 0.03
    illegal_probe: float = 0.05


class SelfPlay:
    """Plays whole games and feeds every move to a Referee, checking it after each one."""

    def __init__(self, seed: int, check: bool = True, tendencies: Tendencies | None = None
                 ) -> None:
        self.rng = random.Random(seed)
        self.check = check
        self.t = tendencies or Tendencies()
        self.stats = Stats()
        self.log: list[ev.Event] = []

    # Feeding the engine ----------------------------------------------------------------------

    def emit(self, event: ev.Event) -> Ruling:
        self.real.knock_outs()
        ruling = self.apply(event)
        extra, self.real.creeper_extra = self.real.creeper_extra, []
        for seat in extra:
            self.apply(ev.CardsDrawn(self.names[seat], 3, True))
        if self.check:
            self.compare(event)
        return ruling

    def apply(self, event: ev.Event) -> Ruling:
        """Feed one event without comparing (round boundaries, hands, Creeper follow-ups)."""
        ruling = self.ref.apply(event)
        self.log.append(event)
        self.stats.actions += 1
        if not ruling.ok:
            raise Divergence(f"engine refused a legal move {event}: {ruling.text} "
                             f"[{ruling.rule}]")
        if self.check:
            self.stats.rules[ruling.rule] = self.stats.rules.get(ruling.rule, 0) + 1
        return ruling

    def compare(self, event: ev.Event) -> None:
        real, table = self.real, self.ref.table
        assert table is not None
        facts = (
            ("hands", [len(h) for h in real.hands], table.hands),
            ("top", real.top, table.top), ("color", real.color, table.color),
            ("turn", real.turn, table.turn), ("direction", real.direction, table.direction),
            ("draw pile", len(real.draw_pile), table.draw_pile),
            ("discard pile", len(real.pile), len(table.pile)),
            ("pending", real.pending and real.pending.amount,
             table.pending and table.pending.amount),
            ("catchable", real.catchable, set(table.catchable)),
            ("winner", real.winner, table.winner), ("side", real.side, table.side),
        )
        for what, want, got in facts:
            if want != got:
                raise Divergence(f"after {event}: {what} is {got}, really {want}")

    def probe_refusal(self, event: ev.Event) -> None:
        """An illegal move must be refused and change nothing."""
        before = self._fingerprint()
        ruling = self.ref.apply(event)
        if ruling.ok:
            raise Divergence(f"engine accepted an illegal move {event}: {ruling.text}")
        if self._fingerprint() != before:
            raise Divergence(f"refusing {event} changed the state")
        self.stats.refusals_checked += 1

    def _fingerprint(self) -> tuple[object, ...]:
        t = self.ref.table
        assert t is not None
        return (tuple(t.hands), t.top, t.color, t.turn, t.direction, t.draw_pile, len(t.pile),
                t.pending, t.must_play, tuple(t.catchable), t.creeper)

    # A game ----------------------------------------------------------------------------------

    def play_game(self, header: ev.Header, rounds: int = 1) -> None:
        self.ref = Referee(header)
        self.names = header.players
        self.log = []
        dealer = self.rng.randrange(len(self.names))
        for number in range(1, rounds + 1):
            if self.ref.sheet.finished:
                break
            try:
                self.ref_round(number, dealer)
            except _Abandoned:
                break
            assert self.real.winner is not None
            dealer = self.next_dealer(dealer, self.real.winner)
        self.stats.games += 1

    def next_dealer(self, dealer: int, winner: int) -> int:
        if self.ref.options["dealer-rotation"] == "winner":
            return winner
        return (dealer + 1) % len(self.names)

    def ref_round(self, number: int, dealer: int) -> None:
        self.apply(ev.RoundStarted(number))
        if number == 1 or self.rng.random() < 0.5:
            self.apply(ev.DealerNamed(self.names[dealer]))
        elif self.ref.dealer != self.names[dealer]:
            raise Divergence(f"dealer is {self.ref.dealer}, really {self.names[dealer]}")
        real = self.real = RealGame(self.rng, self.ref.edition, self.ref.options, self.names,
                                    dealer)
        turned, color = real.start()
        self.emit(ev.StartTurned(tuple(turned), color))
        for _ in range(3000):
            if real.winner is not None:
                self.reveal_hands()
                return
            self.move()
        # Both piles can run dry with every card in hand (draw to match makes it likelier):
        # such a round never ends, so self-play leaves it there.
        self.stats.abandoned += 1
        raise _Abandoned

    def reveal_hands(self) -> None:
        real = self.real
        for seat, hand in enumerate(real.hands):
            if seat == real.winner or seat in real.out:
                continue
            name = self.names[seat]
            if self.rng.random() < 0.5:
                event = ev.HandRevealed(name, cards=tuple(hand))
            else:
                event = ev.HandRevealed(name, points=self.ref.edition.points(hand))
            self.apply(event)
            if self.ref.revealed.get(name) != self.ref.edition.points(hand):
                raise Divergence(f"{name}'s hand scored {self.ref.revealed.get(name)}")

    # Choosing moves --------------------------------------------------------------------------

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
            legal = [c for c in real.hands[seat]
                     if real.matches(c) and c.kind not in CHALLENGEABLE]
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
        legal = [c for c in hand if real.matches(c)]
        roll = rng.random()
        if legal and roll < self.t.play:
            self.play(seat, rng.choice(legal))
            return
        illegal = [c for c in hand if not real.matches(c)]
        if misplay and illegal and rng.random() < self.t.misplay:
            face = rng.choice(illegal)
            if not self.next_discard:
                real.close_windows(seat)
            real.forced_draw(seat, int(self.ref.options["misplay-penalty"]))
            real.turn = real.step(seat)
            self.emit(ev.MisplayCaught(self.names[seat], face))
            return
        self.draw_turn(seat)

    def draw_turn(self, seat: int) -> None:
        real, rng = self.real, self.rng
        to_match = self.ref.options["draw"] == "to-match"
        got = real.draw(seat, 1)
        # Reaching the mercy limit knocks the player out at once (dossier 7.2).
        limit = real.mercy or 10**9
        while to_match and got and not real.matches(got[-1]) and len(real.hands[seat]) < limit:
            more = real.draw(seat, 1)
            if not more:
                break
            got += more
        table = self.ref.table
        if to_match and len(got) == 3 and table is not None and table.creeper == seat:
            # Right after a forced draw, `draw 3` reads as a Creeper's three: draw one more
            # so the line stays unambiguous; with the piles empty the table could not say which.
            got += real.draw(seat, 1)
            if len(got) == 3:
                self.stats.abandoned += 1
                raise _Abandoned
        count = len(got) or 1
        creeper = any(c.kind == "cr" for c in got) and self.ref.edition.id == "minecraft"
        if creeper:
            real.draw(seat, 3)
            count += 3
        # No Mercy: the playable card found must be played.
        must = to_match and self.ref.edition.id == "nomercy"
        if (got and not creeper and real.matches(got[-1]) and len(real.hands[seat]) < limit
                and (must or rng.random() < 0.7)):
            play = self.make_play(seat, got[-1])
            real.close_windows(seat)
            self.real_play(seat, play)
            self.emit(ev.CardsDrawn(self.names[seat], count, count != 1, play))
            return
        if not self.next_discard:
            real.close_windows(seat)
        real.turn = real.step(seat)
        self.emit(ev.CardsDrawn(self.names[seat], count, count != 1))

    @property
    def next_discard(self) -> bool:
        return self.ref.next_discard_window

    def make_play(self, seat: int, face: Card, count: int = 1) -> ev.Play:
        real, rng = self.real, self.rng
        color = top = top_color = None
        colors = self.ref.edition.colors(real.side)
        if face.is_wild and self.ref.edition.id != "allwild":
            held = [c.color for c in real.hands[seat] if c.color is not None]
            color = rng.choice(held) if held and rng.random() < 0.8 else rng.choice(colors)
        if face.kind == "f":
            # The other face of the pile's bottom card turns up (dossier 5.3).
            top = real.back(real.pile[0])
            if top.is_wild:
                top_color = rng.choice(self.ref.edition.colors(1 - real.side))
        target = None
        extra = (face,) * (count - 1)
        if face.kind == "da":
            # Discard All takes every other card of its colour along (dossier 7.2).
            rest = list(real.hands[seat])
            rest.remove(face)
            extra = tuple(c for c in rest if c.color == face.color)
        left = len(real.hands[seat]) - 1 - len(extra)
        others = [s for s in real.seated() if s != seat]
        if face.kind == "wsw" and left:
            if self.ref.options["swap-optional"] == "no" or rng.random() < 0.7:
                target = self.names[rng.choice(others)]
        if face.kind == "wt+2" or (face.kind == "wfs" and left):
            target = self.names[rng.choice(others)]
        if face.kind == "7" and left and self.ref.options["seven-o"] == "on":
            target = self.names[rng.choice(others)]
        uno = left == 1 and rng.random() < self.t.call_uno
        return ev.Play(face, color=color, target=target, top=top, top_color=top_color, uno=uno,
                       extra=extra)

    def real_play(self, seat: int, play: ev.Play) -> None:
        target = self.names.index(play.target) if play.target else None
        # A Flip's colour is the one named for a Wild it turns up.
        color = play.top_color if play.top is not None else play.color
        self.real.play(seat, play.card, color, target, play.uno, play.extra)

    def play(self, seat: int, face: Card) -> None:
        count = 1
        if face.is_number and self.ref.options["multi-play"] == "numbers":
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
        if (self.ref.options["jump-in"] != "on" or real.pending is not None
                or real.must_play is not None or top is None or top.color is None
                or rng.random() > 0.5):
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

    def answer_pending(self) -> None:
        real, rng = self.real, self.rng
        pending = real.pending
        assert pending is not None
        victim = pending.victim
        higher = self.ref.options["stacking"] == "higher"
        stacks = [c for c in real.hands[victim]
                  if real.stackable(c) and (higher or real.matches(c))]
        if stacks and rng.random() < 0.6:
            self.play(victim, rng.choice(stacks))
            return
        if self.check and rng.random() < self.t.illegal_probe:
            wrong = [c for c in real.hands[victim] if not real.stackable(c)]
            if wrong:
                self.probe_refusal(ev.CardPlayed(self.names[victim],
                                                 self.make_play(victim, rng.choice(wrong))))
        challenge = (pending.face.kind in CHALLENGEABLE and self.ref.options["challenge"] == "on"
                     and rng.random() < self.t.challenge)
        if not self.next_discard:
            real.close_windows(victim)
        if not challenge:
            real.resolve(False)
            if real.owed is not None:
                # A Wild Draw Color is accepted by recording the cards drawn.
                self.emit(ev.CardsDrawn(self.names[victim], self.until_count(), True))
            # Minecraft always accepts aloud: a Creeper in the four needs its own `draw 3` line.
            elif (real.winner is None and self.ref.edition.id != "minecraft"
                  and rng.random() < 0.5):
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
            raise _Abandoned
        return count

    def challenge_event(self, victim: int, offender: int, guilty: bool) -> ev.ChallengeMade:
        real, rng = self.real, self.rng
        name = self.names[victim]
        hand = list(real.held_at_wd4)
        style = rng.random()
        if style < 0.4:
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
                if self.ref.options["late-uno"] == "allowed":
                    real.catchable.discard(target)
                self.emit(ev.UnoCalled(names[target]))
                return
            catcher = rng.choice([s for s in real.seated() if s != target])
            real.catchable.discard(target)
            real.forced_draw(target, int(self.ref.options["uno-penalty"]))
            self.emit(ev.PlayerCaught(names[catcher], names[target]))
            return
        roll = rng.random()
        seat = rng.choice(real.seated())
        if roll < 0.5:
            target = rng.choice([s for s in real.seated() if s != seat])
            if target not in real.catchable:
                if not (target in real.missed and len(real.hands[target]) == 1):
                    real.forced_draw(seat, int(self.ref.options["false-catch-penalty"]))
                self.emit(ev.PlayerCaught(names[seat], names[target]))
        else:
            real.forced_draw(seat, int(self.ref.options["coaching-penalty"]))
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
