"""Seven-O: a 7 swaps hands with a chosen player; a 0 passes every hand on."""

from __future__ import annotations

from types import MappingProxyType

from ..engine.basics import passive_uno, seat_of
from ..engine.cards import Card
from ..engine.effects import plain, swap_hands
from ..engine.events import Play
from ..engine.messages import Key, Messages
from ..engine.options import option
from ..engine.rules import RuleId, rule
from ..engine.ruling import Refusal
from ..engine.sources import HOUSE_RULES, WIKIBOOKS
from ..engine.state import Game, Kind, Said, Table
from ..engine.units import HouseRule, register
from ..i18n import N_

KEY = option(
    "seven-o",
    ("off", "on"),
    "off",
    "off",
    "A 7 swaps hands; a 0 passes all hands.",
    f"{HOUSE_RULES} (Seven-O)",
)
SEVEN_O = rule(
    "seven-o",
    "Seven-O: a 7 swaps hands with a chosen player ('@NAME'); a 0 passes "
    "every hand to the next player in the direction of play; as the last card "
    "neither swaps. A player handed a one-card hand must call UNO.",
    f"{HOUSE_RULES} (Seven-O); {WIKIBOOKS} (7-0)",
    when=((KEY, "on"),),
    unit=KEY,
)


class Say(Messages, namespace="seven_o"):
    last = Key("the 7 is the last card: there is nothing to swap")
    needs_target = Key("Seven-O: a 7 swaps hands with a chosen player: 'r7 @Bob'")
    another = Key("swap hands with another player")
    passes = Key("; every hand passes to the next player")


def _check_seven(g: Game, t: Table, seat: int, play: Play, left: int) -> None:
    """Refuse a target the house rule does not allow, before anything changes."""
    if left == 0:
        if play.target is not None:
            raise Refusal(SEVEN_O, Say.last())
    elif play.target is None:
        raise Refusal(SEVEN_O, Say.needs_target())
    elif seat_of(g, t, play.target) == seat:
        raise Refusal(SEVEN_O, Say.another())


def _seven(
    g: Game, t: Table, seat: int, play: Play, top: Card | None, color: str | None, said: Said
) -> tuple[RuleId, bool]:
    """The 7's player swaps hands with the chosen player (none when going out)."""
    if play.target is None:
        return plain(g, t, seat, play, top, color, said)
    t.turn = t.step(seat)
    swap_hands(g, t, seat, seat_of(g, t, play.target), said)
    return SEVEN_O, True


def _zero(
    g: Game, t: Table, seat: int, play: Play, top: Card | None, color: str | None, said: Said
) -> tuple[RuleId, bool]:
    """Every hand passes to the next player in the direction of play."""
    if t.hands[seat] == 0:
        return plain(g, t, seat, play, top, color, said)
    seats = t.seated()
    hands, known = list(t.hands), list(t.known)
    moved = list(t.known)
    for s in seats:
        t.hands[t.step(s)] = hands[s]
        moved[t.step(s)] = known[s]
    t.known = tuple(moved)
    # A missed UNO belongs to the hand's old holder: the passing ends every window.
    t.clear_windows()
    t.turn = t.step(seat)
    passive_uno(g, t, seats)
    said.append(Say.passes())
    return SEVEN_O, True


@register
class SevenO(HouseRule):
    key = KEY
    title = N_("Seven-O")
    # Wikibooks (7-0): a player who receives a one-card hand must still call UNO.
    implies = MappingProxyType({"uno-on-passive": "yes"})
    kinds = MappingProxyType({"7": Kind(_seven, _check_seven), "0": Kind(_zero)})
