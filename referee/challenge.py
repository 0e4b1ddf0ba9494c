"""Wild Draw Four: accepting the draw, and challenges judged on the colour and card before it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as ev
from .cards import Card, card
from .effects import CHALLENGEABLE, pending_rule
from .flip import UNTIL_COLOR
from .ruling import Refusal, Ruling
from .table import OwedDraw, PendingDraw, Table

_QUIET = ("wd4", "stacking", "flip-wild-draw")
"""Rulings on an accepted draw: not notable on the score sheet."""

if TYPE_CHECKING:
    from .engine import Referee


def offends(face: Card, pending: PendingDraw, rule: str) -> bool:
    """Whether holding `face` made the Wild Draw Four illegal (dossier 2.6, 13 row 1)."""
    if face.kind == pending.card.kind:
        return False
    if rule == "color":
        return face.color is not None and face.color == pending.prev_color
    top = pending.prev_top
    return (face.color is None or face.color == pending.prev_color
            or (top is not None and face.kind == top.kind))


class ChallengeMixin:
    def _challengeable(self: Referee) -> str:
        """The cards this edition lets a player challenge, by name."""
        faces = [card(kind) for kind in CHALLENGEABLE]
        return " or ".join(f.name for f in faces if f in self.edition.deck) or "draw card"

    def _pending(self: Referee, table: Table, seat: int, verb: str) -> PendingDraw:
        pending = table.pending
        if pending is None:
            what = "draw card" if verb == "accept" else self._challengeable()
            raise Refusal("wd4-challenge-who", f"there is no {what} to {verb}")
        if seat != pending.victim:
            raise Refusal("wd4-challenge-who", f"only {table.players[pending.victim]}, the "
                                               f"player the {pending.card.name} was played on, "
                                               f"may {verb} it")
        return pending

    def _on_accept(self: Referee, event: ev.DrawAccepted) -> Ruling:
        table = self._table()
        seat = self._seat(table, event.player)
        kind = self._pending(table, seat, "accept").card.kind
        if kind in UNTIL_COLOR:
            raise Refusal("flip-wild-draw", f"record the cards drawn {table.until_text()}: "
                                            f"`{table.players[seat]}: draw N`")
        if table.catchable and not self.next_discard_window:
            self._close_windows(table, seat, "accepted")
        pending = table.pending
        assert pending is not None
        text = self._accept(table)
        return self._after_challenge(table, pending.offender, pending_rule(pending.card), text)

    def _accept(self: Referee, table: Table) -> str:
        pending = table.pending
        assert pending is not None
        table.pending = None
        victim = pending.victim
        drawn, _ = table.draw(victim, pending.amount)
        self._creeper_after_draw(victim)
        table.turn = table.step(victim)
        return f"{table.players[victim]} accepted the {pending.card.name} and drew {drawn}."

    def _after_challenge(self: Referee, table: Table, offender: int, rule: str, text: str
                         ) -> Ruling:
        if table.went_out(offender) and table.owed is None:
            return Ruling(True, "going-out", text + self._end_round(offender),
                          rule not in _QUIET)
        if table.owed is not None:
            who = table.players[table.owed.seat]
            text += f" {who} now draws {table.until_text()}: `{who}: draw N`."
        elif table.turn is not None:
            text += f" {table.players[table.turn]} plays next."
        return Ruling(True, rule, text, rule not in _QUIET)

    def _on_challenge(self: Referee, event: ev.ChallengeMade) -> Ruling:
        table = self._table()
        seat = self._seat(table, event.player)
        if self.options["challenge"] == "off":
            raise Refusal("wd4-challenge-off", f"this table plays without challenges of a "
                                               f"{self._challengeable()}: accept the draw")
        pending = self._pending(table, seat, "challenge")
        if pending.card.kind not in CHALLENGEABLE:
            raise Refusal("stacking", f"only a {self._challengeable()} can be challenged: "
                                      f"accept the {pending.amount} or stack")
        if pending.card.kind != "w+4":
            return self._flip_challenge(table, seat, pending, self._verdict(table, pending, event),
                                        event)
        guilty = self._verdict(table, pending, event)
        self._challenged(table, seat, pending, event)
        names = table.players
        offender, victim = names[pending.offender], names[seat]
        table.pending = None
        if not guilty:
            drawn, _ = table.draw(seat, pending.amount + 2)
            self._creeper_after_draw(seat)
            table.turn = table.step(seat)
            return self._after_challenge(table, pending.offender, "wd4-innocent",
                                         f"Innocent: {offender}'s {pending.card.name} was legal; "
                                         f"{victim} draws {drawn} and is skipped.")
        mode = self.options["wd4-guilty"]
        # A guilty stacked Wild Draw Four costs 4 for each one in the stack (dossier 2.15).
        penalty = pending.card.draws * pending.wd4s
        why = self._guilt_reason(table, pending)
        if self.scoring.kind == "penalty":
            self.penalty_due.add(offender)
        if mode == "draw":
            drawn, _ = table.draw(pending.offender, penalty)
            self._creeper_after_draw(pending.offender)
            table.turn = seat
            text = (f"Guilty: {why}. {offender} draws {drawn}; the {pending.card.name} and "
                    f"{table.color_name()} stay.")
        else:
            self._retract(table, pending)
            drawn, _ = table.draw(pending.offender, penalty)
            self._creeper_after_draw(pending.offender)
            back = f"{self._top_text(table)} is back in force"
            if mode == "retract":
                table.turn = seat
                text = (f"Guilty: {why}. {offender} takes the {pending.card.name} back and "
                        f"draws {drawn}; {back}.")
            else:
                table.turn = table.must_play = pending.offender
                text = (f"Guilty: {why}. {offender} takes the {pending.card.name} back, draws "
                        f"{drawn} and must play the legal card now; {back}.")
        return Ruling(True, "wd4-guilty", text + f" {names[table.turn]} plays next.", True)

    def _retract(self: Referee, table: Table, pending: PendingDraw) -> None:
        """A guilty card goes back to its player's hand; the top card and colour before it
        are in force again."""
        table.take_back(pending.offender)
        table.hands[pending.offender] += 1
        table.top, table.color = pending.prev_top, pending.prev_color

    def _challenged(self: Referee, table: Table, seat: int, pending: PendingDraw,
                    event: ev.ChallengeMade) -> None:
        """What every challenge sets off: shown cards become known, windows close."""
        known = table.known[pending.offender]
        for face in set(event.shown):
            # The challenger saw them, and they stay in the hand: the table now knows them.
            known[face] = max(known.get(face, 0), event.shown.count(face))
        if table.catchable and not self.next_discard_window:
            self._close_windows(table, seat, "challenged")

    def _flip_challenge(self: Referee, table: Table, seat: int, pending: PendingDraw,
                        guilty: bool, event: ev.ChallengeMade) -> Ruling:
        """Wild Draw Two and Wild Draw Color (dossier 5.4): guilty under `wd4-guilty draw` the
        offender draws what the victim would have (2, or until the colour); under retract the
        card goes back and the offender draws 2. Innocent: the challenger draws that plus 2."""
        self._challenged(table, seat, pending, event)
        names = table.players
        offender, victim = names[pending.offender], names[seat]
        card = pending.card.name
        table.pending = None
        until = pending.card.kind in UNTIL_COLOR
        if not guilty:
            drawn, _ = table.draw(seat, pending.amount + 2)
            table.turn = table.step(seat)
            text = f"Innocent: {offender}'s {card} was legal; {victim} draws {drawn}"
            if until:
                table.owed = OwedDraw(seat, table.turn, "flip-innocent", pending.offender)
                table.turn = seat
                return self._after_challenge(table, pending.offender, "flip-innocent",
                                             text + ".")
            return self._after_challenge(table, pending.offender, "flip-innocent",
                                         text + " and is skipped.")
        why = self._guilt_reason(table, pending)
        mode = self.options["wd4-guilty"]
        table.turn = seat
        if self.scoring.kind == "penalty":
            self.penalty_due.add(offender)
        if mode == "draw":
            if until:
                table.owed = OwedDraw(pending.offender, seat, "flip-guilty")
                table.turn = pending.offender
                return Ruling(True, "flip-guilty", f"Guilty: {why}. {offender} draws "
                                                   f"{table.until_text()} instead: "
                                                   f"`{offender}: draw N`.", True)
            drawn, _ = table.draw(pending.offender, 2)
            text = f"Guilty: {why}. {offender} draws {drawn}; the {card} and colour stay."
        else:
            self._retract(table, pending)
            drawn, _ = table.draw(pending.offender, 2)
            text = (f"Guilty: {why}. {offender} takes the {card} back and draws {drawn}; "
                    f"{self._top_text(table)} is back in force.")
            if mode == "retract-replay":
                table.turn = table.must_play = pending.offender
                text = text[:-1] + f"; {offender} must play the legal card now."
        return Ruling(True, "flip-guilty", text + f" {names[table.turn]} plays next.", True)

    def _guilt_reason(self: Referee, table: Table, pending: PendingDraw) -> str:
        who = table.players[pending.offender]
        color = table.color_name(pending.prev_color)
        if self.options["wd4-legal"] == "color":
            return f"{who} held a card of the colour in force before it ({color})"
        return f"{who} held another card that could go on it ({color} in force)"

    def _verdict(self: Referee, table: Table, pending: PendingDraw, event: ev.ChallengeMade
                 ) -> bool:
        """Guilty or not, from the witnessed verdict or the cards shown; Refusal if unproven."""
        rule = self.options["wd4-legal"]
        held = pending.held
        name = table.players[pending.offender]
        known = table.known[pending.offender]
        known_guilty = any(offends(face, pending, rule) for face, n in known.items() if n)
        if event.verdict == "guilty":
            if held == 0:
                raise Refusal("wd4-verdict", f"{name} held no other card: the "
                                             f"{pending.card.name} was the last card, so it "
                                             "cannot be guilty")
            return True
        if event.verdict == "innocent":
            if known_guilty:
                raise Refusal("wd4-verdict", f"{name} is known to hold a card that made the "
                                             f"{pending.card.name} illegal: it cannot be "
                                             "innocent")
            return False
        shown = event.shown
        if len(shown) > held:
            raise Refusal("wd4-showing", f"{name} held {held} cards when playing the "
                                         f"{pending.card.name}; {len(shown)} were shown")
        tally: dict[Card, int] = {}
        for face in shown:
            tally[face] = tally.get(face, 0) + 1
        deck = self.edition.deck
        for face, n in tally.items():
            self._check_side(face, table.side)
            others = table.elsewhere(pending.offender, face)
            if others + max(n, known.get(face, 0)) > deck[face]:
                raise Refusal("conservation", f"the deck has only {deck[face]} {face.name}")
        if any(offends(face, pending, rule) for face in shown):
            return True
        if len(shown) == held:
            missing = [f.name for f, n in known.items() if n > tally.get(f, 0)]
            if missing:
                raise Refusal("wd4-verdict", f"{name} is known to hold {', '.join(missing)}, "
                                             "which the showing leaves out")
            return known_guilty
        raise Refusal("wd4-showing", f"the showing proves nothing: {len(shown)} of {name}'s "
                                     f"{held} cards, none of which made the "
                                     f"{pending.card.name} illegal; show the whole hand or "
                                     "the offending card")
