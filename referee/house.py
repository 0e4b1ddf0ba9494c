"""House rules the turn flow consults: stacking, jump-in, multi-play, going out on an action."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as ev
from .cards import Card
from .ruling import Refusal, Ruling
from .table import PendingDraw, Table

if TYPE_CHECKING:
    from .engine import Referee


def can_stack(mode: str, face: Card, pending: Card) -> bool:
    """Whether `face` may go on a pending draw card under a stacking mode (dossier 2.15, 7)."""
    if not face.draws:
        return False
    if mode == "same":
        return face.kind == pending.kind
    if mode == "progressive":
        # Wikibooks: a Wild Draw Four may go on a Draw Two, not the reverse.
        return face.kind == pending.kind or (face.kind == "w+4" and pending.kind == "+2")
    return mode == "higher" and face.draws >= pending.draws


class HouseMixin:
    def _check_stack(self: Referee, table: Table, pending: PendingDraw, face: Card) -> None:
        """Refuse a card the pending draw's victim may not stack on it."""
        names = table.players
        mode = self.options["stacking"]
        if table.went_out(pending.offender):
            raise Refusal("going-out", f"{names[pending.offender]} went out with the "
                                       f"{pending.card.name}: {names[pending.victim]} draws "
                                       f"{pending.amount}, and the round ends")
        if not can_stack(mode, face, pending.card):
            raise Refusal("stacking", f"{face.name} can't be stacked on the {pending.card.name} "
                                      f"({mode} stacking): play a draw card that stacks, or "
                                      f"accept the {pending.amount}")

    def _check_multi(self: Referee, table: Table, seat: int, play: ev.Play, drawn: int) -> int:
        """How many cards the play puts down; Refusal for a multi-play the table does not allow."""
        face = play.card
        if face.kind == "da":
            return self._check_discard_all(table, seat, play, drawn)
        if not play.extra:
            return 1
        if drawn:
            raise Refusal("drawn-card-only", "after drawing, only the drawn card may be played")
        if self.options["multi-play"] != "numbers":
            raise Refusal("match", "one card per turn: playing several at once is the "
                                   "multi-play house rule, which this table has not turned on")
        if not face.is_number or any(other is not face for other in play.extra):
            raise Refusal("multi-play", "only identical number cards (same colour and number) "
                                        "may be played together")
        count = 1 + len(play.extra)
        if table.hands[seat] + drawn < count:
            raise Refusal("multi-play", f"{table.players[seat]} has only "
                                        f"{table.hands[seat] + drawn} cards")
        return count

    def _stack_hint(self: Referee, table: Table, refusal: Refusal, face: Card) -> Refusal:
        """A Draw card on a Draw card without stacking is out of turn; the ruling says why."""
        top = table.top
        if (refusal.rule == "turn-order" and self.options["stacking"] == "off" and face.draws
                and top is not None and top.draws):
            return Refusal("turn-order", refusal.text + ": stacking draw cards is a house rule "
                                                        "this table has not turned on")
        return refusal

    def _no_going_out(self: Referee, table: Table, seat: int, face: Card) -> str:
        """Under `go-out-on-action forbidden`, a last action card or Wild costs 2 cards."""
        if (table.hands[seat] or face.is_number
                or self.options["go-out-on-action"] != "forbidden"):
            return ""
        drawn, _ = table.draw(seat, 2)
        self._creeper_after_draw(seat)
        return (f"; {table.players[seat]} may not go out on {face.name} and draws {drawn} "
                "(go-out-on-action forbidden)")

    def _on_jump(self: Referee, event: ev.JumpedIn) -> Ruling:
        table = self._table()
        if self.options["jump-in"] != "on":
            raise Refusal("turn-order", "jump-in is a house rule this table has not turned on")
        seat = self._seat(table, event.player)
        face = event.play.card
        if table.pending is not None or table.must_play is not None or table.owed is not None:
            raise Refusal("jump-in", "no jump-in while a draw or a challenge is pending")
        if face.color is None or face is not table.top:
            raise Refusal("jump-in", f"only a card identical to {self._top_text(table)} may "
                                     "jump in")
        self._check_card(table, seat, event.play)
        text = self._begin_turn(table, seat, False, True)
        ruling = self._play(table, seat, event.play, text + "Jump-in: ")
        if ruling.rule == "going-out":
            return ruling
        return Ruling(True, "jump-in", ruling.text)
