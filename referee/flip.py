"""UNO Flip's checks: the side showing, the card a Flip turns up, and draws until a colour."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as ev
from .cards import COLOR_NAMES, UNSEEN, Card
from .ruling import Refusal, Ruling
from .table import OwedDraw, Table

if TYPE_CHECKING:
    from .engine import Referee

SIDES = ("light", "dark")
UNTIL_COLOR = ("w+c",)
"""Pending draws whose victim draws until the named colour, so the table counts the cards."""


class FlipMixin:
    def _check_side(self: Referee, face: Card, side: int | None) -> None:
        """Refuse a face the deck lacks, or (Flip) one on the side that is not showing."""
        deck = self.edition
        if face not in deck.deck:
            raise Refusal("card-in-edition", f"{face.name} is not in the {deck.id} deck")
        if side is not None and not deck.on_side(face, side):
            raise Refusal("flip-side", f"{face.name} is on the {SIDES[1 - side]} side of the "
                                       f"cards, and the {SIDES[side]} side is showing")

    def _check_flip(self: Referee, table: Table, seat: int, play: ev.Play, reshuffling: bool
                    ) -> None:
        """A Flip names the card then on top of the turned-over pile; no other card does.
        `reshuffling`: a draw before the Flip leaves only the top card in the pile."""
        if play.card.kind != "f":
            if play.top is not None:
                raise Refusal("match", "`top` follows a Flip card only")
            return
        top, new = play.top, 1 - table.side
        name = table.players[seat]
        if top is None:
            raise Refusal("flip", f"a Flip turns the discard pile over: name the card that "
                                  f"shows on top, e.g. `{play.card.code} top "
                                  f"{self.edition.colors(new)[0]}5`")
        self._check_side(top, new)
        if top.is_wild and play.top_color is None:
            raise Refusal("flip-exposed", f"the {top.name} turned up takes a colour, named by "
                                          f"{name}: `{play.card.code} top {top.code} "
                                          f"{COLOR_NAMES[self.edition.colors(new)[0]]}`")
        if not top.is_wild and play.top_color is not None:
            raise Refusal("flip-exposed", f"{top.name} takes no colour")
        if play.top_color is not None and play.top_color not in self.edition.colors(new):
            raise Refusal("wild-color", f"that colour is not on the {SIDES[new]} side")
        backs = table.pile_back[-1:] if reshuffling else table.pile_back
        pending = table.pending
        if pending is not None and seat != pending.victim:
            # An implied accept that knocks its drawer out puts unseen cards under the pile,
            # unless the Flip player's own draw then reshuffles them away.
            ko = self._implied_knock_out(table, pending.victim, pending.amount)
            if ko and not (reshuffling and table.draw_pile >= pending.amount):
                backs = [UNSEEN] * ko + backs
        seen = backs[0]
        if seen is not UNSEEN and seen is not top:
            raise Refusal("flip", f"the card that turns up is {seen.name}: the table saw that "
                                  "face before")
        copies = self.edition.deck[top]
        if seen is UNSEEN and backs[1:].count(top) + 1 > copies:
            raise Refusal("conservation", f"the deck has only {copies} {top.name} on its "
                                          f"{SIDES[new]} side, and all are in the discard pile")

    # Draws until a colour (Wild Draw Color) ------------------------------------------------------

    def _owes_count(self: Referee, table: Table, seat: int) -> bool:
        """Whether `seat` must now record how many cards a draw until a colour took."""
        owed, pending = table.owed, table.pending
        return ((owed is not None and owed.seat == seat)
                or (pending is not None and pending.victim == seat
                    and pending.card.kind in UNTIL_COLOR))

    def _refuse_while_owed(self: Referee, table: Table, seat: int) -> None:
        """Nothing else happens at the table until a draw until a colour is recorded."""
        owed = table.owed
        if owed is not None:
            who = table.players[owed.seat]
            raise Refusal(owed.rule, f"{who} first records the cards drawn "
                                     f"{table.until_text()}: `{who}: draw N`")

    def _on_draw_until(self: Referee, table: Table, seat: int, event: ev.CardsDrawn) -> Ruling:
        """`draw N`: the cards drawn until the named colour, all kept (dossier 5.3, 7.2)."""
        pending, owed = table.pending, table.owed
        name = table.players[seat]
        if event.play is not None:
            raise Refusal(owed.rule if owed else "flip-wild-draw",
                          f"the cards drawn {table.until_text()} are kept: `{name}: draw N`")
        self._check_mercy_draw(table, seat, event)
        if event.count > table.available():
            raise Refusal("piles-empty", f"only {table.available()} cards are left to draw")
        if owed is None:
            assert pending is not None
            # Drawing is accepting the Wild Draw Color (dossier 5.4: no challenge after).
            if table.catchable and not self.next_discard_window:
                self._close_windows(table, seat, "accepted")
            owed = OwedDraw(seat, table.step(seat), "flip-wild-draw", pending.offender)
            table.pending = None
        out = owed.winner
        until = table.until_text()
        drawn, reshuffled = table.draw(seat, event.count)
        table.owed = None
        # A knock-out since the card was played may have emptied the seat.
        table.turn = owed.then if owed.then not in table.out else table.step(owed.then)
        text = "The discard pile was shuffled into a new draw pile. " if reshuffled else ""
        text += f"{name} drew {drawn} {until} and keeps {'it' if drawn == 1 else 'them'}."
        if out is not None and table.went_out(out):
            return Ruling(True, "going-out", text + self._end_round(out))
        return Ruling(True, owed.rule, text + f" {table.players[table.turn]} plays next.")
