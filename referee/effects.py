"""What each card does once it is down: one function per effect, looked up by the card's kind.

A new edition adds its kinds here (Flip's Draw One is `draw_next`, Skip Everyone a new entry),
so the turn flow in `plays.py` does not change.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .cards import Card
from .events import Play
from .ruling import Refusal
from .table import PendingDraw, Table

if TYPE_CHECKING:
    from .engine import Referee

Effect = Callable[["Referee", Table, int, Play, "Card | None", "str | None"], tuple[str, str]]
"""(referee, table, seat, play, top before, colour before) -> (rule id, words for the ruling)."""

PASSIVE_KINDS = ("wsh", "wsw")
"""Cards after which the player's hand size comes from others: no UNO check on the play."""


def plain(ref: Referee, table: Table, seat: int, play: Play, top: Card | None,
          color: str | None) -> tuple[str, str]:
    table.turn = table.step(seat)
    return "match", ""


def wild(ref: Referee, table: Table, seat: int, play: Play, top: Card | None,
         color: str | None) -> tuple[str, str]:
    table.turn = table.step(seat)
    return "wild-color", ""


def skip(ref: Referee, table: Table, seat: int, play: Play, top: Card | None,
         color: str | None) -> tuple[str, str]:
    skipped = table.players[table.step(seat)]
    table.turn = table.step(seat, 2)
    return ("skip" if table.size > 2 else "two-player-skip"), f"; {skipped} is skipped"


def reverse(ref: Referee, table: Table, seat: int, play: Play, top: Card | None,
            color: str | None) -> tuple[str, str]:
    if table.size == 2 and ref.options["two-player-reverse"] == "skip":
        table.turn = seat
        return "two-player-reverse", "; with two players it acts as a Skip"
    table.direction = -table.direction
    table.turn = table.step(seat)
    return ("reverse" if table.size > 2 else "two-player-reverse"), "; play changes direction"


def draw_next(ref: Referee, table: Table, seat: int, play: Play, top: Card | None,
              color: str | None) -> tuple[str, str]:
    """The next player draws the card's amount and misses their turn."""
    victim = table.step(seat)
    drawn, _ = table.draw(victim, play.card.draws)
    ref._creeper_after_draw(victim)
    table.turn = table.step(victim)
    return "draw-two", f"; {table.players[victim]} draws {drawn} and is skipped"


def challengeable_draw(ref: Referee, table: Table, seat: int, play: Play, top: Card | None,
                       color: str | None) -> tuple[str, str]:
    """The next player must accept the draw or challenge it (Wild Draw Four)."""
    victim = table.step(seat)
    face = play.card
    table.pending = PendingDraw(seat, victim, face, face.draws, top, color, table.hands[seat])
    table.turn = victim
    return "wd4", (f"; {table.players[victim]} draws {face.draws} or challenges (colour before "
                   f"it: {table.color_name(color)})")


def shuffle_hands(ref: Referee, table: Table, seat: int, play: Play, top: Card | None,
                  color: str | None) -> tuple[str, str]:
    """Gather every hand and deal them all out one at a time from the player's left
    (dossier 4, JP17); with `shuffle-last-card wins` a last Shuffle Hands goes out instead."""
    last = table.hands[seat] == 0
    if last and ref.options["shuffle-last-card"] == "wins":
        return wild(ref, table, seat, play, top, color)
    total = sum(table.hands)
    n = table.size
    base, extra = divmod(total, n)
    # Dealing goes round the physical table (clockwise) whatever the direction of play.
    for i in range(1, n + 1):
        table.hands[(seat + i) % n] = base + (1 if i <= extra else 0)
    for hand in table.known:
        for face, k in hand.items():
            table.pool[face] = table.pool.get(face, 0) + k
        hand.clear()
    table.catchable.clear()
    table.closed.clear()
    passive_uno(ref, table, range(n))
    table.turn = table.step(seat)
    rule = "shuffle-last-card" if last else "shuffle-hands"
    return rule, (f"; all {total} cards re-dealt, {table.players[seat]} gets "
                  f"{table.hands[seat]}")


def check_swap(ref: Referee, table: Table, seat: int, target: str | None, left: int) -> None:
    """Refuse a Swap Hands target the rules do not allow, before anything changes."""
    if left == 0:
        if target is not None:
            raise Refusal("swap-last-card", "Wild Swap Hands is the last card: "
                                            "there is nothing to swap")
    elif target is None:
        if ref.options["swap-optional"] == "no":
            raise Refusal("swap-hands", "Wild Swap Hands needs a target: `wsw red @Bob`")
    elif ref._seat(table, target) == seat:
        raise Refusal("swap-hands", "swap hands with another player")


def swap_hands(ref: Referee, table: Table, seat: int, play: Play, top: Card | None,
               color: str | None) -> tuple[str, str]:
    table.turn = table.step(seat)
    if table.hands[seat] == 0:
        return "swap-last-card", ""
    if play.target is None:
        return "swap-hands", "; no swap"
    other = ref._seat(table, play.target)
    table.hands[seat], table.hands[other] = table.hands[other], table.hands[seat]
    table.known[seat], table.known[other] = table.known[other], table.known[seat]
    table.catchable.pop(other, None)
    table.closed.pop(other, None)
    table.closed.pop(seat, None)
    passive_uno(ref, table, (seat, other))
    return "swap-hands", f"; {table.players[seat]} swaps hands with {table.players[other]}"


def customizable(ref: Referee, table: Table, seat: int, play: Play, top: Card | None,
                 color: str | None) -> tuple[str, str]:
    table.turn = table.step(seat)
    written = ref.customs.get(play.custom or 0)
    return "customizable", f" (rule: {written})" if written else ""


def passive_uno(ref: Referee, table: Table, seats: range | tuple[int, ...]) -> None:
    """Under `uno-on-passive yes`, a hand left at one card by others must call UNO too."""
    if ref.options["uno-on-passive"] == "yes":
        for s in seats:
            if table.hands[s] == 1:
                table.catchable[s] = table.step(s)


EFFECTS: dict[str, Effect] = {
    "s": skip, "r": reverse, "+2": draw_next, "w+4": challengeable_draw,
    "wsh": shuffle_hands, "wsw": swap_hands, "wc": customizable,
}
