"""Out-of-turn actions: UNO calls and catches, misplays, penalties, Creepers, table overrides."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as ev
from .ruling import Refusal, Ruling
from .table import Table

if TYPE_CHECKING:
    from .engine import Referee


class CallsMixin:
    def _on_uno(self: Referee, event: ev.UnoCalled) -> Ruling:
        table = self._table()
        seat = self._seat(table, event.player)
        name = table.players[seat]
        if seat in table.catchable:
            if self.options["late-uno"] == "allowed":
                del table.catchable[seat]
                return Ruling(True, "uno-late", f"{name} called UNO late, before anyone caught "
                                                "them: safe.")
            return Ruling(True, "uno-late", f"{name} called UNO too late to count: they can "
                                            "still be caught.")
        held = table.hands[seat]
        if held == 1:
            why = table.closed.get(seat, "already safe")
            return Ruling(True, "uno-call", f"{name} called UNO; nothing changes ({why}).")
        if held == 2 and table.turn == seat:
            raise Refusal("uno-call", "UNO is called with the next-to-last card: "
                                      f"write it with the card, e.g. `{name}: r5 uno`")
        raise Refusal("uno-call", f"{name} holds {held} cards: there is no UNO to call")

    def _on_catch(self: Referee, event: ev.PlayerCaught) -> Ruling:
        table = self._table()
        seat = self._seat(table, event.player)
        target = self._seat(table, event.target)
        names = table.players
        if seat == target:
            raise Refusal("uno-catch", f"{names[seat]} cannot catch themselves: call `uno`")
        if target in table.catchable:
            del table.catchable[target]
            drawn, _ = table.draw(target, self.uno_penalty)
            self._creeper_after_draw(target)
            if self.scoring.kind == "penalty":
                self.penalty_due.add(names[target])
            return Ruling(True, "uno-catch", f"{names[seat]} caught {names[target]} not calling "
                                             f"UNO: {names[target]} draws {drawn}.", True)
        held = table.hands[target]
        if held == 1 and target in table.closed:
            return Ruling(True, "uno-late-catch", f"Too late: {table.closed[target]}. "
                                              "No penalty for anyone.")
        why = f"{names[target]} holds {held} cards" if held != 1 else f"{names[target]} called UNO"
        penalty = self.false_catch_penalty
        text = f"False catch: {why}."
        if penalty:
            drawn, _ = table.draw(seat, penalty)
            self._creeper_after_draw(seat)
            text += f" {names[seat]} draws {drawn}."
        else:
            text += " No penalty."
        return Ruling(True, "uno-false-catch", text, bool(penalty))

    def _on_misplay(self: Referee, event: ev.MisplayCaught) -> Ruling:
        table = self._table()
        seat = self._seat(table, event.player)
        face = event.card
        deck = self.edition.deck
        names = table.players
        self._check_side(face, table.side)
        in_turn = seat == table.turn and table.pending is None and table.owed is None
        top = table.top
        assert top is not None
        if in_turn and (face.color is None or face.color == table.color
                        or face.kind == top.kind):
            raise Refusal("misplay", f"{face.name} could go on {self._top_text(table)}: "
                                     "not a misplay")
        if not table.holds_known(seat, face) and table.elsewhere(seat, face) + 1 > deck[face]:
            raise Refusal("conservation", f"the deck has only {deck[face]} {face.name}")
        if in_turn and table.catchable and not self.next_discard_window:
            self._close_windows(table, seat, "acted")
        known = table.known[seat]
        if not known.get(face):
            known[face] = 1
        drawn, _ = table.draw(seat, int(self.options["misplay-penalty"]))
        self._creeper_after_draw(seat)
        text = f"Misplay: {face.name} goes back to {names[seat]}, who draws {drawn}"
        if in_turn:
            table.must_play = None
            table.turn = table.step(seat)
            text += f"; {names[table.turn]} plays next"
        return Ruling(True, "misplay", text + ".", True)

    def _on_penalty(self: Referee, event: ev.PenaltyGiven) -> Ruling:
        table = self._table()
        seat = self._seat(table, event.player)
        if event.coaching:
            count, rule, why = int(self.options["coaching-penalty"]), "coaching", "coaching"
        else:
            count, rule, why = event.count or 0, "table-penalty", event.reason or "table ruling"
        drawn, _ = table.draw(seat, count)
        self._creeper_after_draw(seat)
        return Ruling(True, rule, f"Penalty ({why}): {table.players[seat]} draws {drawn}.", True)

    def _on_turn_override(self: Referee, event: ev.TurnOverridden) -> Ruling:
        table = self._table()
        seat = self._seat(table, event.player)
        table.turn = seat
        table.pending = None
        table.owed = None
        table.must_play = None
        return Ruling(True, "table-override", f"Table override: it is {table.players[seat]}'s "
                                              "turn.", True)

    def _on_adjust(self: Referee, event: ev.HandAdjusted) -> Ruling:
        table = self._table()
        seat = self._seat(table, event.player)
        name = table.players[seat]
        why = f" ({event.reason})" if event.reason else ""
        if event.delta >= 0:
            drawn, _ = table.draw(seat, event.delta)
            return Ruling(True, "table-override", f"Table override{why}: {name} takes {drawn} "
                                                  "from the draw pile.", True)
        give = -event.delta
        if give >= table.hands[seat]:
            raise Refusal("table-override", f"{name} holds {table.hands[seat]} cards and cannot "
                                            f"give {give}: a player goes out by playing")
        table.hands[seat] -= give
        # Given cards go under the draw pile: no face is seen.
        table.draw_pile += give
        return Ruling(True, "table-override", f"Table override{why}: {name} gives {give} to "
                                              "the bottom of the draw pile.", True)

    # Minecraft -------------------------------------------------------------------------------

    def _creeper_after_draw(self: Referee, seat: int) -> None:
        """After a forced draw, allow `draw 3` for a Creeper found in it (options.md)."""
        if self.edition.id == "minecraft" and self.options["creeper-trigger"] == "every-draw":
            table = self.table
            assert table is not None
            # Two forced draws in one event (a last Draw Two under go-out-on-action forbidden):
            # each Creeper is recorded in turn.
            if table.creeper is None:
                table.creeper = seat
            else:
                table.creeper_next.append(seat)

    def _creepers_owed(self: Referee) -> list[int]:
        """Seats the last event left owing a `draw 3`, in order (the first may have none)."""
        first = [] if self.creeper_prev is None else [self.creeper_prev]
        return first + self.creeper_prev_next

    def _creeper_extra(self: Referee, table: Table, seat: int) -> Ruling:
        drawn, _ = table.draw(seat, 3)
        owed = self._creepers_owed()
        later = owed[owed.index(seat) + 1:]
        if later:
            table.creeper, table.creeper_next = later[0], later[1:]
        if self.phase == "over":
            self._record_result()
        return Ruling(True, "creeper", f"Creeper: {table.players[seat]} draws {drawn} more.")
