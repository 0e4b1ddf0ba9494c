"""Show 'Em No Mercy's checks: Discard All, drawing until a card that must be played, and the
mercy rule that knocks out a player holding too many cards (also `mercy N` on any edition)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from . import events as ev
from .ruling import Refusal, Ruling
from .table import Table

if TYPE_CHECKING:
    from .engine import Referee


class NoMercyMixin:
    def _check_discard_all(self: Referee, table: Table, seat: int, play: ev.Play, drawn: int
                           ) -> int:
        """Discard All (dossier 7.2): the other cards of its colour go down with it, written
        after it (`rda r5 rs`). Returns how many cards the play puts down."""
        face = play.card
        count = 1 + len(play.extra)
        if any(other.color != face.color for other in play.extra):
            raise Refusal("discard-all", f"{face.name} discards the cards of its colour only")
        if table.hands[seat] + drawn < count:
            raise Refusal("discard-all", f"{table.players[seat]} has only "
                                         f"{table.hands[seat] + drawn} cards")
        deck = self.edition.deck
        for other in set(play.extra) - {face}:
            n = play.extra.count(other)
            seen = table.elsewhere(seat, other, table.draw_pile < drawn)
            if not table.known[seat].get(other) and seen + n > deck[other]:
                raise Refusal("conservation", f"the deck has only {deck[other]} {other.name}, "
                                              f"and {seen} are already in sight")
        return count

    def _check_must_play(self: Referee, table: Table, seat: int, event: ev.CardsDrawn) -> None:
        """No Mercy: a player draws until a card they can play and must play it (dossier 7.2);
        keeping the cards is only for a draw that emptied both piles or knocked them out."""
        if (self.edition.id != "nomercy" or self.options["draw"] != "to-match"
                or event.play is not None):
            return
        # An implied accept draws the pending cards first.
        before = table.pending.amount if table.pending is not None else 0
        if event.count >= table.available() - before or (
                self.mercy and table.hands[seat] + event.count >= self.mercy):
            return
        raise Refusal("nomercy-draw", f"in No Mercy the card drawn that can be played must be "
                                      f"played: `{table.players[seat]}: draw {event.count} CARD`")

    def _check_mercy_draw(self: Referee, table: Table, seat: int, event: ev.CardsDrawn) -> None:
        """A player reaching the mercy limit while drawing is out at once: no more cards, and
        no card played (dossier 7.2: "knocked out immediately")."""
        limit = self.mercy
        if not limit:
            return
        held = table.hands[seat] + event.count
        if held > limit or (held == limit and event.play is not None):
            name = table.players[seat]
            raise Refusal("mercy", f"{name} reaches {limit} cards after "
                                   f"{limit - table.hands[seat]} and is knocked out: "
                                   f"`{name}: draw {limit - table.hands[seat]}`")

    def _mercy(self: Referee, ruling: Ruling) -> Ruling:
        """Knock out every player holding the mercy limit or more, after any event."""
        table = self.table
        assert table is not None
        if max(table.hands) < self.mercy:
            return ruling
        over = [s for s in table.seated() if table.hands[s] >= self.mercy]
        if not over or self.phase != "play":
            return ruling
        # The turn is said once, after the knock-outs.
        text = re.sub(r"[;.]? [^;.]* plays next\.$", ".", ruling.text)
        for seat in over:
            text += self._knock_out(table, seat)
        left = table.seated()
        if len(left) == 1:
            # A draw still waiting is moot: its victim is out, or the winner's hand scores 0.
            table.pending = table.owed = None
            self._end_round(left[0])
            return Ruling(True, "mercy", text + f" {self.winner} is the last player left and "
                                                f"wins round {self.round_no}.", True)
        pending, owed = table.pending, table.owed
        if pending is not None and pending.victim in table.out:
            table.pending = None
            table.turn = pending.victim
        if owed is not None and owed.seat in table.out:
            table.owed = None
            table.turn = owed.then
            if owed.winner is not None and table.went_out(owed.winner):
                return Ruling(True, "mercy", text + self._end_round(owed.winner), True)
        if table.must_play in table.out:
            table.must_play = None
        if table.turn in table.out:
            table.turn = table.step(table.turn)
        if table.turn is not None:
            text += f" {table.players[table.turn]} plays next."
        return Ruling(True, "mercy", text, True)

    def _knock_out(self: Referee, table: Table, seat: int) -> str:
        """One knock-out (dossier 7.2); UNO windows another seat's move would have closed now
        close on the next seat in."""
        moved = table.knock_out(seat)
        self.knocked.append(table.players[seat])
        for other, closer in list(table.catchable.items()):
            if closer in table.out:
                table.catchable[other] = table.step(closer)
        return (f" {table.players[seat]} holds {moved} cards and is knocked out (mercy "
                f"rule): the cards go to the bottom of the discard pile.")

    def _implied_knock_out(self: Referee, table: Table, victim: int, amount: int) -> int:
        """The cards an accept of `amount` would knock out of the victim's hand (0: none)."""
        held = table.hands[victim] + min(amount, table.available())
        return held if self.mercy and held >= self.mercy else 0

    def _check_implied_knock_out(self: Referee, table: Table, victim: int, amount: int
                                 ) -> None:
        """An accept that knocks out the second-last player ends the round, so nobody may move
        on after it: the accept is entered on its own."""
        if len(table.seated()) == 2 and self._implied_knock_out(table, victim, amount):
            name = table.players[victim]
            raise Refusal("mercy", f"{name} drawing {amount} reaches {self.mercy} cards: the "
                                   f"knock-out ends the round (`{name}: accept`)")

    def _knock_out_victim(self: Referee, table: Table, victim: int) -> str:
        """An implied accept knocks its drawer out before the next player's move."""
        if not self.mercy or table.hands[victim] < self.mercy:
            return ""
        return self._knock_out(table, victim)
