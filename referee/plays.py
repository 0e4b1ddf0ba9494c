"""Turn actions: playing a card, drawing, and what each card does to the table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as ev
from .cards import Card
from .effects import (
    CHALLENGEABLE,
    EFFECTS,
    PASSIVE_KINDS,
    check_seven,
    check_swap,
    check_target,
    pending_rule,
    plain,
    wild,
)
from .flip import UNTIL_COLOR
from .flip_nomercy_effects import EDITION_EFFECTS
from .ruling import Refusal, Ruling
from .table import Table

if TYPE_CHECKING:
    from .engine import Referee


_EFFECTS = {**EFFECTS, **EDITION_EFFECTS}


def matches(face: Card, top: Card, color: str | None) -> bool:
    """Colour, number or symbol match, or a Wild (dossier 2.4)."""
    return face.color is None or face.color == color or face.kind == top.kind


class PlaysMixin:
    def _table(self: Referee) -> Table:
        if self.phase != "play" or self.table is None:
            if self.phase == "over":
                raise Refusal("going-out", f"round {self.round_no} is over: enter the hands left"
                                           f" or start round {self.round_no + 1}")
            raise Refusal("session", "no round is being played: start one with `round`, "
                                     "`dealer` and `start`")
        return self.table

    def _seat(self: Referee, table: Table, player: str) -> int:
        name = self.name(player)
        seat = self.seats.get(name)
        if seat is None:
            raise Refusal("session", f"{name} is out of the game")
        if seat in table.out:
            raise Refusal("mercy", f"{name} was knocked out of this round")
        return seat

    def _check_turn(self: Referee, table: Table, seat: int) -> bool:
        """Refuse a turn action out of turn; True when it implies accepting a Wild Draw Four."""
        self._refuse_while_owed(table, seat)
        pending = table.pending
        names = table.players
        if pending is not None:
            challengeable = pending.card.kind in CHALLENGEABLE
            answers = (" or challenge" if challengeable and self.options["challenge"] == "on"
                       else "")
            if pending.card.kind in UNTIL_COLOR:
                victim = names[pending.victim]
                raise Refusal(pending_rule(pending.card),
                              f"{victim} first records the cards drawn "
                              f"{table.until_text()} (`{victim}: draw N`){answers}")
            if seat == pending.victim:
                raise Refusal(pending_rule(pending.card),
                              f"{names[seat]} must first accept the {pending.card.name} "
                              f"(draw {pending.amount}){answers}")
            if table.went_out(pending.offender):
                raise Refusal("going-out", f"{names[pending.offender]} went out with the "
                                           f"{pending.card.name}: {names[pending.victim]} accepts "
                                           "or challenges, and the round ends")
            if seat != table.step(pending.victim):
                raise Refusal("turn-order", f"it is {names[pending.victim]}'s turn to accept or "
                                            f"challenge the {pending.card.name}")
            self._check_implied_knock_out(table, pending.victim, pending.amount)
            return True
        if seat != table.turn:
            turn = table.turn
            raise Refusal("turn-order", f"it is {names[turn]}'s turn, not {names[seat]}'s"
                          if turn is not None else "nobody is to play")
        return False

    def _begin_turn(self: Referee, table: Table, seat: int, implied: bool, discard: bool
                    ) -> str:
        """Apply what a valid turn action sets off before it: an implied accept, closed windows."""
        text = ""
        if implied:
            pending = table.pending
            assert pending is not None
            if table.catchable and not self.next_discard_window:
                self._close_windows(table, pending.victim, "accepted")
            text = self._accept(table) + self._knock_out_victim(table, pending.victim) + " "
        if table.catchable and (discard or not self.next_discard_window):
            self._close_windows(table, seat, "played" if discard else "acted")
        return text

    def _close_windows(self: Referee, table: Table, seat: int, verb: str) -> None:
        for other in [s for s in table.catchable if s != seat]:
            del table.catchable[other]
            table.closed[other] = f"the window closed when {table.players[seat]} {verb}"

    def _check_card(self: Referee, table: Table, seat: int, play: ev.Play, drawn: int = 0
                    ) -> None:
        """Refuse a card that cannot be played now; `drawn` cards are drawn just before it."""
        face = play.card
        deck = self.edition.deck
        self._check_side(face, table.side)
        count = self._check_multi(table, seat, play, drawn)
        before = table.pending.amount if table.pending is not None else 0
        # A draw just before the card (an implied accept, the player's own) may reshuffle.
        self._check_flip(table, seat, play, table.draw_pile < drawn + before)
        top = table.top
        assert top is not None
        allwild = self.edition.id == "allwild"
        if allwild:
            # Every card matches and none has a colour (dossier 8).
            if play.color is not None:
                raise Refusal("allwild", "All Wild cards take no colour")
        elif face.color is not None:
            if play.color is not None:
                raise Refusal("wild-color", f"{face.name} is not a Wild: it takes no colour")
            # Stacking by value needs no colour match (dossier 7.2, c4gaming).
            stacked = (table.pending is not None and table.pending.victim == seat
                       and self.options["stacking"] == "higher")
            if face.color != table.color and face.kind != top.kind and not stacked:
                raise Refusal("match", f"{face.name} can't go on {self._top_text(table)}: "
                                       "match colour, number or symbol")
        elif play.color is None:
            raise Refusal("wild-color", f"{face.name} needs a colour: `{face.code} red`")
        elif play.color not in self.edition.colors(table.side):
            raise Refusal("wild-color", "that colour is not in this deck"
                          if self.edition.sides is None else
                          "that colour is not on the side showing")
        if face.kind == "wsw":
            check_swap(self, table, seat, play.target, table.hands[seat] + drawn - 1)
        elif face.kind in ("wt+2", "wfs"):
            check_target(self, table, seat, play, table.hands[seat] + drawn - 1)
        else:
            check_seven(self, table, seat, play, table.hands[seat] + drawn - count)
        if table.hands[seat] + drawn < 1:
            raise Refusal("turn-order", f"{table.players[seat]} has no cards")
        same = 1 + play.extra.count(face)
        if table.known[seat].get(face, 0) >= same:
            return
        # A draw that empties the draw pile reshuffles the discard pile first.
        seen = table.elsewhere(seat, face, bool(drawn) and table.draw_pile < drawn + before)
        if seen + same > deck[face]:
            raise Refusal("conservation", f"the deck has only {deck[face]} {face.name}, and "
                                          f"{seen} are already in sight")

    def _top_text(self: Referee, table: Table) -> str:
        top = table.top
        assert top is not None
        if top.color is None:
            return f"{top.name} ({table.color_name()})"
        return top.name

    # Events ----------------------------------------------------------------------------------

    def _on_play(self: Referee, event: ev.CardPlayed) -> Ruling:
        table = self._table()
        seat = self._seat(table, event.player)
        pending = table.pending
        if (pending is not None and seat == pending.victim
                and self.options["stacking"] != "off"):
            self._check_stack(table, pending, event.play.card)
            implied = False
        else:
            try:
                implied = self._check_turn(table, seat)
            except Refusal as refusal:
                raise self._stack_hint(table, refusal, event.play.card) from None
        self._check_card(table, seat, event.play)
        if table.must_play == seat and event.play.card.kind in CHALLENGEABLE:
            raise Refusal("wd4-guilty", "after a guilty challenge its player plays a card that "
                                        f"was legal, not a {event.play.card.name}")
        text = self._begin_turn(table, seat, implied, True)
        return self._play(table, seat, event.play, text)

    def _on_draw(self: Referee, event: ev.CardsDrawn) -> Ruling:
        creeper = self.edition.id == "minecraft"
        if creeper and event.count == 3 and event.play is None and self.table is not None \
                and self.seats.get(self.name(event.player)) in self._creepers_owed():
            # Also after the round's last forced draw: those cards count at the end.
            return self._creeper_extra(self.table, self.seats[self.name(event.player)])
        table = self._table()
        seat = self._seat(table, event.player)
        if self._owes_count(table, seat):
            return self._on_draw_until(table, seat, event)
        implied = self._check_turn(table, seat)
        if table.must_play == seat:
            raise Refusal("wd4-guilty", "after a guilty challenge its player plays a legal card "
                                        "they held; they do not draw")
        to_match = self.options["draw"] == "to-match"
        allowed = (1, 4) if creeper else (1,)
        if not to_match and event.count not in allowed:
            raise Refusal("creeper" if creeper else "draw-one",
                          "a turn draw is 1 card, or 4 when a Creeper was drawn" if creeper
                          else "a player draws one card (draw-to-match is not this table's rule)")
        if event.play is not None:
            self._check_card(table, seat, event.play, event.count)
        self._check_must_play(table, seat, event)
        self._check_mercy_draw(table, seat, event)
        text = self._begin_turn(table, seat, implied, event.play is not None)
        drawn, reshuffled = table.draw(seat, event.count)
        if reshuffled:
            text += "The discard pile was shuffled into a new draw pile. "
        if event.play is not None:
            return self._play(table, seat, event.play, text, drawn)
        table.turn = table.step(seat)
        who = table.players[seat]
        rule = "draw-one"
        if creeper and event.count == 4:
            rule, text = "creeper", text + "Creeper: "
        return Ruling(True, rule, f"{text}{who} drew {drawn} and keeps "
                                  f"{'it' if drawn == 1 else 'them'}; "
                                  f"{table.players[table.turn]} plays next.")

    # Card effects ----------------------------------------------------------------------------

    def _play(self: Referee, table: Table, seat: int, play: ev.Play, text: str,
              drawn: int | None = None) -> Ruling:
        face = play.card
        names = table.players
        prev_top, prev_color = table.top, table.color
        table.must_play = None
        # Further cards (multi-play, Discard All) go down first: the played card is on top.
        for one in (*play.extra, face):
            table.hands[seat] -= 1
            if table.known[seat] or table.pool:
                table.forget_known(seat, one)
            table.discard(one)
        table.top = face
        table.color = play.color or face.color
        text += f"{names[seat]} {'' if drawn is None else f'drew {drawn} and '}played {face.name}"
        if play.extra and face.kind == "da":
            text += f" with {' '.join(c.code for c in play.extra)}"
        elif play.extra:
            text += f" x{1 + len(play.extra)}"
        if face.color is None and table.color is not None:
            text += f", naming {table.color_name()}"
        effect = _EFFECTS.get(face.kind, plain if face.color is not None else wild)
        rule, more = effect(self, table, seat, play, prev_top, prev_color)
        # After a swap or a pass the hand is someone else's: no UNO check on the play.
        passive = (rule == "seven-o" or (face.kind in PASSIVE_KINDS
                                         and not (face.kind in ("wsw", "wfs")
                                                  and play.target is None)))
        text += more + self._no_going_out(table, seat, face)
        left = table.hands[seat]
        if not passive:
            text += self._uno_after_play(table, seat, play.uno)
        if left == 0 and table.pending is None and table.owed is None:
            return Ruling(True, "going-out", text + "." + self._end_round(seat))
        if table.turn is not None and table.pending is None and table.owed is None:
            text += f"; {names[table.turn]} plays next"
        return Ruling(True, rule, text + ".")

    def window_text(self: Referee, closer: int) -> str:
        """Until when a missed UNO can be caught, in words (dossier 2.8)."""
        assert self.table is not None
        if self.next_discard_window:
            return "catchable until another player puts a card down"
        return f"catchable until {self.table.players[closer]} acts"

    def _uno_after_play(self: Referee, table: Table, seat: int, called: bool) -> str:
        if table.hands[seat] == 1:
            table.closed.pop(seat, None)
            if called:
                return "; UNO called"
            closer = table.turn if table.turn is not None else table.step(seat)
            table.catchable[seat] = closer
            return f"; {table.players[seat]} did not call UNO: {self.window_text(closer)}"
        return ""
