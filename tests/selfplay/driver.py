"""Self-play: random players move at a real table; the engine must follow every public fact."""

from __future__ import annotations

import random

from referee.engine import Referee
from referee.engine import events as ev
from referee.engine.ruling import Ruling, changes_nothing
from referee.engine.state import Game
from referee.render import render

from .answers import Answers
from .game import RealGame
from .outcomes import Abandoned, Divergence, Stats, Tendencies
from .turns import TurnMoves


def agree(asked: Ruling, ruled: Ruling, event: ev.Event) -> None:
    """`check` and `apply` gave the same ruling: verdict, rule, words, and whether notable."""
    if (asked.ok, asked.rule, asked.parts, asked.notable) != (
        ruled.ok,
        ruled.rule,
        ruled.parts,
        ruled.notable,
    ):
        raise Divergence(
            f"check and apply disagree on {event}: {render(asked.parts)} "
            f"[{asked.rule}] vs {render(ruled.parts)} [{ruled.rule}]"
        )


class SelfPlay(TurnMoves, Answers):
    """Plays whole games and feeds every move to a Referee, checking it after each one."""

    def __init__(self, seed: int, check: bool = True, tendencies: Tendencies | None = None) -> None:
        self.rng = random.Random(seed)
        self.check = check
        self.t = tendencies or Tendencies()
        self.stats = Stats()
        self.log: list[ev.Event] = []
        self._steps: list[tuple[Game, Ruling]] = []
        """The state before each event of the log and its ruling: `recorded` is worked out
        from them only when a test asks (most never do)."""

    @property
    def recorded(self) -> list[ev.Event]:
        """The log less the events that change nothing (a useless UNO call, a catch that
        comes too late): what a table stores, as the session service declines those."""
        return [
            event
            for event, (before, ruling) in zip(self.log, self._steps, strict=True)
            if not changes_nothing(before, ruling)
        ]

    def new_log(self) -> None:
        self.log, self._steps = [], []

    # Feeding the engine ----------------------------------------------------------------------

    def emit(self, event: ev.Event) -> Ruling:
        self.real.knock_outs()
        ruling = self.apply(event)
        extra, self.real.creeper_extra = self.real.creeper_extra, []
        real = self.real
        for seat in extra:
            # The move's own draws may have knocked the seat out (mercy) or ended the round:
            # then no `draw 3` follows. Otherwise it draws up to 3, stopping at the limit.
            real.knock_outs()
            if seat in real.out or real.winner is not None:
                continue
            room = 3 if not real.mercy else min(3, real.mercy - len(real.hands[seat]))
            # The line says how many were owed, as before: with the piles dry fewer arrive.
            real.draw(seat, room)
            self.apply(ev.CardsDrawn(self.names[seat], room, True))
            real.knock_outs()
        if self.check:
            self.compare(event)
        return ruling

    def apply(self, event: ev.Event) -> Ruling:
        """Feed one event without comparing (round boundaries, hands, Creeper follow-ups).
        When checking, `check` is asked first: it must change nothing and give the very ruling
        `apply` then gives."""
        asked = self.ask(event) if self.check else None
        before = self.ref.state
        ruling = self.ref.apply(event)
        if asked is not None:
            agree(asked, ruling, event)
            self.stats.checks_agreed += 1
        self.log.append(event)
        self._steps.append((before, ruling))
        self.stats.actions += 1
        if not ruling.ok:
            raise Divergence(
                f"engine refused a legal move {event}: {render(ruling.parts)} [{ruling.rule}]"
            )
        if self.check:
            self.stats.rules[ruling.rule] = self.stats.rules.get(ruling.rule, 0) + 1
        return ruling

    FACTS = (
        "hands",
        "top",
        "color",
        "turn",
        "direction",
        "draw pile",
        "discard pile",
        "pending",
        "catchable",
        "winner",
        "side",
    )
    """What `compare` holds the engine's table to after every move, in the order compared."""

    def compare(self, event: ev.Event) -> None:
        real, table = self.real, self.ref.table
        assert table is not None
        pending = real.pending
        want = (
            [len(h) for h in real.hands],
            real.top,
            real.color,
            real.turn,
            real.direction,
            len(real.draw_pile),
            len(real.pile),
            pending and pending.amount,
            real.catchable,
            real.winner,
            real.side,
        )
        got = (
            table.hands,
            table.top,
            table.color,
            table.turn,
            table.direction,
            table.draw_pile,
            len(table.pile),
            table.pending and table.pending.amount,
            set(table.catchable),
            table.winner,
            table.side,
        )
        # One comparison of the whole tuple on every move; fact by fact only to say which.
        if want != got:
            what, really, found = next(
                fact for fact in zip(self.FACTS, want, got, strict=True) if fact[1] != fact[2]
            )
            raise Divergence(f"after {event}: {what} is {found}, really {really}")

    def ask(self, event: ev.Event, before: tuple[object, ...] | None = None) -> Ruling:
        """`check` the event; a Divergence if asking changed anything (`before`: the state's
        fingerprint, if the caller has just taken it)."""
        state = self.ref.state
        if before is None and self.ref.table is not None:
            before = self._fingerprint()
        asked = self.ref.check(event)
        after = self._fingerprint() if self.ref.table is not None else None
        if self.ref.state is not state or after != before:
            raise Divergence(f"check({event}) changed the state")
        return asked

    def probe_refusal(self, event: ev.Event) -> None:
        """An illegal move must be refused and change nothing."""
        before = self._fingerprint()
        asked = self.ask(event, before)
        ruling = self.ref.apply(event)
        agree(asked, ruling, event)
        if ruling.ok:
            raise Divergence(f"engine accepted an illegal move {event}: {render(ruling.parts)}")
        if self._fingerprint() != before:
            raise Divergence(f"refusing {event} changed the state")
        self.stats.refusals_checked += 1

    def _fingerprint(self) -> tuple[object, ...]:
        t = self.ref.table
        assert t is not None
        return (
            tuple(t.hands),
            t.top,
            t.color,
            t.turn,
            t.direction,
            t.draw_pile,
            len(t.pile),
            t.pending,
            t.must_play,
            tuple(t.catchable),
            t.extra,
        )

    # A game ----------------------------------------------------------------------------------

    def play_game(self, header: ev.Header, rounds: int = 1) -> None:
        self.ref = Referee(header)
        self.names = header.players
        self.new_log()
        dealer = self.rng.randrange(len(self.names))
        for number in range(1, rounds + 1):
            if self.ref.sheet.finished:
                break
            try:
                self.ref_round(number, dealer)
            except Abandoned:
                break
            assert self.real.winner is not None
            dealer = self.next_dealer(dealer, self.real.winner)
        self.stats.games += 1

    def next_dealer(self, dealer: int, winner: int) -> int:
        if self.ref.options.values["dealer-rotation"] == "winner":
            return winner
        return (dealer + 1) % len(self.names)

    def ref_round(self, number: int, dealer: int) -> None:
        self.apply(ev.RoundStarted(number))
        if number == 1 or self.rng.random() < 0.5:
            self.apply(ev.DealerNamed(self.names[dealer]))
        elif self.ref.dealer != self.names[dealer]:
            raise Divergence(f"dealer is {self.ref.dealer}, really {self.names[dealer]}")
        real = self.real = RealGame(
            self.rng, self.ref.deck, self.ref.options.values, self.names, dealer
        )
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
        raise Abandoned

    def reveal_hands(self) -> None:
        real = self.real
        for seat, hand in enumerate(real.hands):
            if seat == real.winner or seat in real.out:
                continue
            name = self.names[seat]
            if self.rng.random() < 0.5:
                event = ev.HandRevealed(name, cards=tuple(hand))
            else:
                event = ev.HandRevealed(name, points=self.ref.deck.points(hand))
            self.apply(event)
            if self.ref.revealed.get(name) != self.ref.deck.points(hand):
                raise Divergence(f"{name}'s hand scored {self.ref.revealed.get(name)}")
