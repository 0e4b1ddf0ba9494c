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

PASSIVE_KINDS = ("wsh", "wsw", "wfs")
"""Cards after which the player's hand size comes from others: no UNO check on the play."""


def plain(ref: Referee, table: Table, seat: int, play: Play, top: Card | None,
          color: str | None) -> tuple[str, str]:
    table.turn = table.step(seat)
    return "match", ""


def wild(ref: Referee, table: Table, seat: int, play: Play, top: Card | None,
         color: str | None) -> tuple[str, str]:
    table.turn = table.step(seat)
    # All Wild's plain Wild names no colour (dossier 8).
    return ("allwild" if ref.edition.id == "allwild" else "wild-color"), ""


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
    rule = ("wild-draw" if play.card.is_wild
            else "draw-two" if play.card.kind == "+2" else "draw-card")
    return rule, f"; {table.players[victim]} draws {drawn} and is skipped"


def challengeable_draw(ref: Referee, table: Table, seat: int, play: Play, top: Card | None,
                       color: str | None) -> tuple[str, str]:
    """The next player must accept the draw or challenge it (Wild Draw Four); under stacking
    the draw adds to the one pending, and a Draw Two waits too (dossier 2.15)."""
    face = play.card
    stacking = ref.options["stacking"] != "off"
    # All Wild has no challenge: its Wild Draw Four is drawn at once (dossier 8, 13 row 1).
    if (face.kind not in CHALLENGEABLE and not stacking) or ref.edition.id == "allwild":
        return draw_next(ref, table, seat, play, top, color)
    old = table.pending
    victim = table.step(seat)
    amount = face.draws + (old.amount if old is not None else 0)
    wd4s = (old.wd4s if old is not None else 0) + (face.kind == "w+4")
    table.pending = PendingDraw(seat, victim, face, amount, top, color, table.hands[seat], wd4s)
    table.turn = victim
    answers = []
    if stacking:
        answers.append("stacks")
    challengeable = face.kind in CHALLENGEABLE
    if challengeable and ref.options["challenge"] == "on":
        answers.append("challenges")
    amount_text = f"{amount}" if face.draws else table.until_text()
    text = f"; {table.players[victim]} draws {amount_text}"
    if answers:
        text += f" or {' or '.join(answers)}"
    if challengeable:
        text += f" (colour before it: {table.color_name(color)})"
    return pending_rule(face), text


CHALLENGEABLE = ("w+4", "w+2", "w+c")
"""Wild draw cards whose victim may challenge them (dossier 2.7; Flip 5.4)."""


def pending_rule(face: Card) -> str:
    """The rule a pending draw card rests on."""
    if face.kind == "w+4":
        return "wd4"
    return "flip-wild-draw" if face.kind in CHALLENGEABLE else "stacking"


def seven_o_on(ref: Referee, face: Card) -> bool:
    return face.kind in ("7", "0") and ref.options["seven-o"] == "on"


def check_seven(ref: Referee, table: Table, seat: int, play: Play, left: int) -> None:
    """Refuse a Seven-O target the house rule does not allow, before anything changes."""
    if not seven_o_on(ref, play.card) or play.card.kind == "0":
        if play.target is not None:
            raise Refusal("swap-hands", f"{play.card.name} takes no target")
        return
    if left == 0:
        if play.target is not None:
            raise Refusal("seven-o", "the 7 is the last card: there is nothing to swap")
    elif play.target is None:
        raise Refusal("seven-o", "Seven-O: a 7 swaps hands with a chosen player: `r7 @Bob`")
    elif ref._seat(table, play.target) == seat:
        raise Refusal("seven-o", "swap hands with another player")


def seven(ref: Referee, table: Table, seat: int, play: Play, top: Card | None,
          color: str | None) -> tuple[str, str]:
    """Seven-O: the 7's player swaps hands with the chosen player (none when going out)."""
    if not seven_o_on(ref, play.card) or play.target is None:
        return plain(ref, table, seat, play, top, color)
    return "seven-o", swap_hands(ref, table, seat, play, top, color)[1]


def zero(ref: Referee, table: Table, seat: int, play: Play, top: Card | None,
         color: str | None) -> tuple[str, str]:
    """Seven-O: every hand passes to the next player in the direction of play."""
    if not seven_o_on(ref, play.card) or table.hands[seat] == 0:
        return plain(ref, table, seat, play, top, color)
    seats = table.seated()
    hands, known = list(table.hands), list(table.known)
    for s in seats:
        table.hands[table.step(s)] = hands[s]
        table.known[table.step(s)] = known[s]
    # A missed UNO belongs to the hand's old holder: the passing ends every window.
    table.catchable.clear()
    table.closed.clear()
    passive_uno(ref, table, seats)
    table.turn = table.step(seat)
    return "seven-o", "; every hand passes to the next player"


def shuffle_hands(ref: Referee, table: Table, seat: int, play: Play, top: Card | None,
                  color: str | None) -> tuple[str, str]:
    """Gather every hand and deal them all out one at a time from the player's left
    (dossier 4, JP17); with `shuffle-last-card wins` a last Shuffle Hands goes out instead."""
    last = table.hands[seat] == 0
    if last and ref.options["shuffle-last-card"] == "wins":
        return wild(ref, table, seat, play, top, color)
    total = sum(table.hands)
    seats = table.seated()
    n = len(seats)
    base, extra = divmod(total, n)
    # Dealing goes round the physical table (clockwise) whatever the direction of play.
    me = seats.index(seat)
    for i in range(1, n + 1):
        table.hands[seats[(me + i) % n]] = base + (1 if i <= extra else 0)
    for hand in table.known:
        for face, k in hand.items():
            table.pool[face] = table.pool.get(face, 0) + k
        hand.clear()
    table.catchable.clear()
    table.closed.clear()
    passive_uno(ref, table, seats)
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


def skip_two(ref: Referee, table: Table, seat: int, play: Play, top: Card | None,
             color: str | None) -> tuple[str, str]:
    """All Wild's Wild Skip Two: the next two turns are skipped (dossier 8)."""
    table.turn = table.step(seat, 3)
    return "skip-two", "; the next two turns are skipped"


def check_target(ref: Referee, table: Table, seat: int, play: Play, left: int) -> None:
    """Refuse a target All Wild's targeted cards do not allow, before anything changes."""
    if play.card.kind == "wfs" and left == 0:
        if play.target is not None:
            raise Refusal("forced-swap", "Wild Forced Swap is the last card: there is nothing "
                                         "to swap")
        return
    if play.target is None:
        raise Refusal("forced-swap" if play.card.kind == "wfs" else "targeted-draw",
                      f"{play.card.name} needs a target: `{play.card.code} @Bob`")
    if ref._seat(table, play.target) == seat:
        raise Refusal("forced-swap" if play.card.kind == "wfs" else "targeted-draw",
                      "choose another player")


def targeted_draw(ref: Referee, table: Table, seat: int, play: Play, top: Card | None,
                  color: str | None) -> tuple[str, str]:
    """Wild Targeted Draw Two: the chosen player draws 2 and keeps their turn (dossier 8)."""
    assert play.target is not None
    victim = ref._seat(table, play.target)
    drawn, _ = table.draw(victim, 2)
    table.turn = table.step(seat)
    return "targeted-draw", f"; {table.players[victim]} draws {drawn}"


def forced_swap(ref: Referee, table: Table, seat: int, play: Play, top: Card | None,
                color: str | None) -> tuple[str, str]:
    """Wild Forced Swap: the player must swap hands with the chosen player (dossier 8)."""
    if play.target is None:
        table.turn = table.step(seat)
        return "forced-swap", ""
    return "forced-swap", swap_hands(ref, table, seat, play, top, color)[1]


def passive_uno(ref: Referee, table: Table, seats: list[int] | tuple[int, ...]) -> None:
    """Under `uno-on-passive yes`, a hand left at one card by others must call UNO too."""
    if ref.options["uno-on-passive"] == "yes":
        for s in seats:
            if table.hands[s] == 1:
                table.catchable[s] = table.step(s)


EFFECTS: dict[str, Effect] = {
    "s": skip, "r": reverse, "+2": challengeable_draw, "w+4": challengeable_draw,
    "7": seven, "0": zero,
    "w+2": challengeable_draw, "w+c": challengeable_draw,
    "wr": reverse, "ws": skip, "ws2": skip_two, "wt+2": targeted_draw,
    "wfs": forced_swap,
    "wsh": shuffle_hands, "wsw": swap_hands, "wc": customizable,
}
