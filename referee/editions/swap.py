"""UNO 2016 (112 cards): Wild Swap Hands and three Wild Customizable."""

from __future__ import annotations

from collections.abc import Mapping

from ..engine.basics import seat_of
from ..engine.cards import Card
from ..engine.deck import classic_family
from ..engine.effects import swap_hands
from ..engine.events import Play
from ..engine.messages import Key, Messages
from ..engine.options import option
from ..engine.rules import RuleId, rule
from ..engine.ruling import Refusal
from ..engine.sources import JA_WIKIPEDIA
from ..engine.state import Game, Kind, Said, Table
from ..engine.units import Edition, register
from ..i18n import N_
from . import customizable

_CARD = f"{JA_WIKIPEDIA}, カードの種類 (とりかえっこワイルド)"

SWAP_OPTIONAL = option(
    "swap-optional",
    ("yes", "no"),
    "yes",
    "yes",
    "Whether Wild Swap Hands may be played without swapping.",
    f"Table default: {_CARD} says the player may swap (交換できる)",
    table_default=True,
    unit="swap",
)
SWAP_HANDS = rule(
    "swap-hands",
    "Wild Swap Hands: the player may swap hands with any opponent "
    "and names the colour; the turn passes.",
    _CARD,
    when=((SWAP_OPTIONAL, "yes"),),
    unit="swap",
)
rule(
    "swap-hands",
    "Wild Swap Hands: the player must swap hands with an opponent and names the "
    "colour; the turn passes.",
    "Table default: the published wording says the player may swap",
    table_default=True,
    when=((SWAP_OPTIONAL, "no"),),
    unit="swap",
)
SWAP_LAST_CARD = rule(
    "swap-last-card",
    "Wild Swap Hands as the last card goes out; there is nothing to swap.",
    "Table default: as carvadia.com, a secondary page, reads the card",
    table_default=True,
    unit="swap",
)


class Say(Messages, namespace="swap"):
    last_card = Key("Wild Swap Hands is the last card: there is nothing to swap")
    needs_target = Key("Wild Swap Hands needs a target: 'wsw red @Bob'")
    another = Key("swap hands with another player")
    no_swap = Key("; no swap")


@register
class Swap(Edition):
    id = "swap"
    deck = classic_family(
        "swap",
        N_("UNO 2016 (112: Wild Swap Hands, 3 Wild Customizable)"),
        {"wsw": 1, "wc": 3},
        40,
        f"{JA_WIKIPEDIA}, カードの種類, 点数",
    )

    def __init__(self, values: Mapping[str, str]) -> None:
        self.optional = values[SWAP_OPTIONAL] == "yes"
        self.kinds = {"wsw": Kind(self.swap, self.check_swap), "wc": customizable.KIND}

    def check_swap(self, g: Game, t: Table, seat: int, play: Play, left: int) -> None:
        """Refuse a target the rules do not allow, before anything changes."""
        target = play.target
        if left == 0:
            if target is not None:
                raise Refusal(SWAP_LAST_CARD, Say.last_card())
        elif target is None:
            if not self.optional:
                raise Refusal(SWAP_HANDS, Say.needs_target())
        elif seat_of(g, t, target) == seat:
            raise Refusal(SWAP_HANDS, Say.another())

    def swap(
        self,
        g: Game,
        t: Table,
        seat: int,
        play: Play,
        top: Card | None,
        color: str | None,
        said: Said,
    ) -> tuple[RuleId, bool]:
        t.turn = t.step(seat)
        if t.hands[seat] == 0:
            return SWAP_LAST_CARD, False
        if play.target is None:
            said.append(Say.no_swap())
            return SWAP_HANDS, False
        swap_hands(g, t, seat, seat_of(g, t, play.target), said)
        return SWAP_HANDS, True
