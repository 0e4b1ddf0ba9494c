"""Self-play's model of penalty-point scoring (罰点方式): who is out, the last two, the winner."""

from __future__ import annotations

import random

from referee.engine import Referee
from referee.engine import events as ev
from referee.engine.ruling import Ruling
from referee.render import render

from .draws_model import CHALLENGEABLE, Pending
from .driver import SelfPlay
from .outcomes import Abandoned, Divergence, Tendencies

# The Minecraft UNO manual's 罰点方式 (「罰点方式のUNO」): each caught missed UNO and each Wild
# Draw Four caught illegal records the offender's hand total at that moment; whoever reaches the
# limit is removed from the game; of the last two, the first to reach it loses. A round's end adds
# nothing: the hands left then are not penalty points.


class PenaltyScore:
    """The game's penalty points and who is out of it, kept apart from the engine's scoring."""

    def __init__(self, players: tuple[str, ...], limit: int) -> None:
        self.players = players
        self.limit = limit
        self.totals = dict.fromkeys(players, 0)
        self.out: dict[str, int] = {}
        """Player -> the round in which they reached the limit."""
        self.winner: str | None = None
        self.finished = False

    def in_game(self) -> tuple[str, ...]:
        """The players still in the game, in the header's order (the next round's seats)."""
        return tuple(p for p in self.players if p not in self.out)

    def add(self, name: str, points: int, round_no: int) -> bool:
        """Record a penalty; True if it puts the player out of the game."""
        self.totals[name] += points
        if self.totals[name] < self.limit:
            return False
        self.out[name] = round_no
        left = self.in_game()
        if len(left) == 1:
            self.finished, self.winner = True, left[0]
        return True


class PenaltySelfPlay(SelfPlay):
    """SelfPlay under `penalty N`: the table records each offender's hand as penalty points
    (mostly: sometimes it forgets), players out of the game leave the round at once, and the
    engine must agree after every move on who is out of the round, who is out of the game and
    whether the game is over and who won it."""

    def __init__(self, seed: int, tendencies: Tendencies | None = None) -> None:
        # More catches and challenges than plain self-play: they are what scores here.
        super().__init__(
            seed, True, tendencies or Tendencies(call_uno=0.5, catch=0.6, challenge=0.6)
        )
        self.score = PenaltyScore((), 1)
        self.owing: list[int] = []
        """Seats whose hand the table may record as penalty points, in order."""
        self.seen_catchable: set[int] = set()
        self.seen_pending: Pending | None = None
        self.counts = {
            "penalties": 0,
            "out of game": 0,
            "last left": 0,
            "game over": 0,
            "departed draw": 0,
        }

    # A game ----------------------------------------------------------------------------------

    def play_game(self, header: ev.Header, rounds: int = 1) -> None:
        self.ref = Referee(header)
        everyone = header.players
        self.score = PenaltyScore(everyone, self.ref.scoring.limit or 1)
        self.new_log()
        dealer = self.rng.choice(everyone)
        for number in range(1, rounds + 1):
            if self.score.finished:
                break
            # Players out of the game are dealt no cards: the round's seats are those left.
            self.names = self.score.in_game()
            self.owing = []
            try:
                self.ref_round(number, self.names.index(dealer))
            except Abandoned:
                break
            assert self.real.winner is not None
            dealer = self.next_dealer_name(dealer, self.names[self.real.winner])
        if self.score.finished:
            self.counts["game over"] += 1
            # Lines after the decided game are an error, and the engine says why.
            ruling = self.ref.check(ev.RoundStarted(self.ref.round_no + 1))
            if ruling.ok or ruling.rule != "scoring":
                raise Divergence(f"a round after the decided game: {render(ruling.parts)}")
        self.stats.games += 1

    def next_dealer_name(self, dealer: str, winner: str) -> str:
        """The next round's dealer: the winner under `dealer-rotation winner`, else the next
        player to the left still in the game (the one who dealt may be out of it by now)."""
        left = self.score.in_game()
        if self.ref.options.values["dealer-rotation"] == "winner" and winner in left:
            return winner
        everyone = self.score.players
        i = everyone.index(dealer)
        return next(
            p
            for step in range(1, len(everyone) + 1)
            if (p := everyone[(i + step) % len(everyone)]) in left
        )

    # Moves -----------------------------------------------------------------------------------

    def move(self) -> None:
        real = self.real
        # The table records an offender's hand before the next move (not during a draw until
        # a colour: that comes first, it is the same ruling's follow-up).
        while self.owing and real.owed is None:
            seat = self.owing.pop(0)
            if seat in real.out:
                continue  # knocked out since: no hand left to record
            if self.rng.random() < 0.15:
                continue  # the table forgot: no points, and the chance is gone for good
            self.record_penalty(seat)
            return
        super().move()

    def side_action(self) -> None:
        super().side_action()
        # A caught player's hand is mostly recorded at once ("right after the penalty ruling"),
        # so that a Wild Draw Four still waiting can lose its player before it is answered.
        real = self.real
        if self.owing and real.winner is None and real.owed is None and self.rng.random() < 0.7:
            seat = self.owing.pop(0)
            if seat not in real.out:
                self.record_penalty(seat)

    def record_penalty(self, seat: int) -> None:
        real, rng = self.real, self.rng
        name, hand = self.names[seat], list(real.hands[seat])
        points = self.ref.deck.points(hand)
        event = (
            ev.HandRevealed(name, cards=tuple(hand))
            if rng.random() < 0.5
            else ev.HandRevealed(name, points=points)
        )
        self.counts["penalties"] += 1
        out = self.score.add(name, points, self.ref.round_no)
        if out:
            self.leave(seat)
        said = render(self.emit(event).parts)
        # Only the end of the game is announced as such (a round won by the last player seated
        # is not: players knocked out of it are still in the game).
        if ("wins the game" in said) != (out and self.score.finished):
            raise Divergence(
                f"after {event}: {said!r}, but the game is "
                f"{'over' if self.score.finished else 'not over'}"
            )
        if out and hand:
            # Whatever the round's state, the player out of the game may not move again.
            self.probe_refusal(ev.CardPlayed(name, ev.Play(rng.choice(hand))))
        if self.score.finished:
            ruling = self.ref.check(ev.DrawAccepted(self.names[real.seated()[0]]))
            if ruling.ok or ruling.rule != "scoring":
                raise Divergence(f"a move after the decided game: {render(ruling.parts)}")

    def leave(self, seat: int) -> None:
        """The real table: the hand goes under the draw pile and the seat leaves the round; of
        the last two in the game, or with one player left seated, the round is over."""
        real = self.real
        self.counts["out of game"] += 1
        real.draw_pile[:0] = real.hands[seat]
        real.hands[seat] = []
        real.out.append(seat)
        real.catchable.discard(seat)
        real.missed.discard(seat)
        seated = real.seated()
        if self.score.finished or len(seated) == 1:
            if not self.score.finished:
                self.counts["last left"] += 1
            real.end(seated[0])
            return
        # As a knock-out (editions_model.knock_outs): a draw owed or waiting on the seat is
        # void, and the turn passes the seat by.
        if real.owed == seat:
            real.owed = None
            real.turn = real.owed_then
            if real.owed_winner is not None and real.went_out(real.owed_winner):
                real.end(real.owed_winner)
                return
        p = real.pending
        if p is not None and p.victim == seat:
            real.pending = None
            real.turn = real.step(p.victim)
        if real.must_play == seat:
            real.must_play = None
        if real.turn == seat:
            real.turn = real.step(seat)

    def answer_pending(self) -> None:
        real = self.real
        p = real.pending
        if p is None or p.offender not in real.out:
            super().answer_pending()
            return
        # Its player is out of the game: the draw stands, and a challenge is refused.
        self.counts["departed draw"] += 1
        if p.face.kind in CHALLENGEABLE:
            self.probe_refusal(ev.ChallengeMade(self.names[p.victim], verdict="guilty"))
        challenge, self.t.challenge = self.t.challenge, 0.0
        try:
            super().answer_pending()
        finally:
            self.t.challenge = challenge

    # Feeding and checking the engine ---------------------------------------------------------

    def emit(self, event: ev.Event) -> Ruling:
        # What made the offender owe points is read off the real table as it was before the
        # move: a catch inside the window, or a challenge of a card really illegal.
        owes = None
        if isinstance(event, ev.PlayerCaught):
            seat = self.names.index(event.target)
            if seat in self.seen_catchable:
                owes = seat
        elif (
            isinstance(event, ev.ChallengeMade)
            and self.seen_pending is not None
            and self.seen_pending.guilty
        ):
            owes = self.seen_pending.offender
        ruling = super().emit(event)
        real = self.real
        if owes is not None and owes not in self.owing and real.winner is None:
            self.owing.append(owes)
        self.seen_catchable, self.seen_pending = set(real.catchable), real.pending
        return ruling

    def compare(self, event: ev.Event) -> None:
        super().compare(event)
        real, ref, score = self.real, self.ref, self.score
        table = ref.table
        assert table is not None
        sheet = ref.sheet
        # Out of the game: those the sheet counts, and those who left this round for it (the
        # sheet scores a round once it is over).
        engine_out = set(sheet.eliminated) | {
            table.players[s] for s, why in table.left.items() if why == "penalty-out"
        }
        facts = (
            ("out of the round", sorted(real.out), sorted(table.out)),
            ("out of the game", sorted(score.out), sorted(engine_out)),
            ("finished", score.finished, sheet.finished),
            ("game winner", score.winner, sheet.winner),
        )
        for what, want, got in facts:
            if want != got:
                raise Divergence(f"after {event}: {what} is {got}, really {want}")
        if real.winner is not None and not score.finished and sheet.finished:
            raise Divergence(f"after {event}: the engine ended the game")


def penalty_header(rng: random.Random, header: ev.Header) -> ev.Header:
    """The header under `penalty N`, N small enough that players often reach it (1: any
    points at all)."""
    limit = rng.choice((1, 25, 50, 100, 200))
    return header._replace(scoring=f"penalty {limit}")
