"""UNO 2017 (112 cards): Wild Shuffle Hands and three Wild Customizable."""

from __future__ import annotations

from collections.abc import Mapping

from ..engine.basics import passive_uno
from ..engine.cards import Card
from ..engine.deck import classic_family
from ..engine.effects import wild
from ..engine.events import Play
from ..engine.messages import Key, Messages
from ..engine.options import option
from ..engine.rules import RuleId, rule
from ..engine.sources import JA_WIKIPEDIA, JP_MANUAL, UNO_TWITTER
from ..engine.state import NO_KNOWN, Game, Kind, Said, Table
from ..engine.units import Edition, register
from ..i18n import N_
from . import customizable

_TWEET = f"{UNO_TWITTER}, as reported by dailygame.net"

SHUFFLE_LAST_CARD_OPTION = option(
    "shuffle-last-card",
    ("redeal", "wins"),
    "redeal",
    "redeal",
    "Wild Shuffle Hands as the last card re-deals, the player included, or wins.",
    _TWEET,
    unit="shuffle",
)
SHUFFLE_HANDS = rule(
    "shuffle-hands",
    "Wild Shuffle Hands: all hands are gathered, shuffled and "
    "dealt one at a time from the player's left, the player last; counts may "
    "change; the player names the colour and the turn passes.",
    f"{JP_MANUAL}, 「シャッフルワイルド」",
    unit="shuffle",
)
SHUFFLE_LAST_CARD = rule(
    "shuffle-last-card",
    "Wild Shuffle Hands as the last card re-deals, the player included: they do not go out.",
    _TWEET,
    when=((SHUFFLE_LAST_CARD_OPTION, "redeal"),),
    unit="shuffle",
)
rule(
    "shuffle-last-card",
    "Wild Shuffle Hands as the last card goes out like any Wild.",
    "tipsfolder.com, a secondary page contrary to the reported post",
    when=((SHUFFLE_LAST_CARD_OPTION, "wins"),),
    unit="shuffle",
)


class Say(Messages, namespace="shuffle"):
    redealt = Key("; all {total} {total:card|cards} re-dealt, {player} gets {count}")


@register
class Shuffle(Edition):
    id = "shuffle"
    deck = classic_family(
        "shuffle",
        N_("UNO 2017 (112: Wild Shuffle Hands, 3 Wild Customizable)"),
        {"wsh": 1, "wc": 3},
        40,
        f"{JP_MANUAL}, 「カードの説明と枚数」; points: {JA_WIKIPEDIA}, 点数",
    )

    def __init__(self, values: Mapping[str, str]) -> None:
        self.last_wins = values[SHUFFLE_LAST_CARD_OPTION] == "wins"
        self.kinds = {"wsh": Kind(self.shuffle_hands), "wc": customizable.KIND}

    def shuffle_hands(
        self,
        g: Game,
        t: Table,
        seat: int,
        play: Play,
        top: Card | None,
        color: str | None,
        said: Said,
    ) -> tuple[RuleId, bool]:
        """Gather every hand and deal them all out one at a time from the player's left; with
        `shuffle-last-card wins` a last Shuffle Hands goes out instead."""
        last = t.hands[seat] == 0
        if last and self.last_wins:
            return wild(g, t, seat, play, top, color, said)[0], True
        total = sum(t.hands)
        seats = t.seated()
        n = len(seats)
        base, extra = divmod(total, n)
        # Dealing goes round the physical table (clockwise) whatever the direction of play.
        me = seats.index(seat)
        for i in range(1, n + 1):
            t.hands[seats[(me + i) % n]] = base + (1 if i <= extra else 0)
        pool = dict(t.pool)
        for hand in t.known:
            for face, k in hand.items():
                pool[face] = pool.get(face, 0) + k
        t.pool = pool
        t.known = (NO_KNOWN,) * len(t.known)
        t.clear_windows()
        t.turn = t.step(seat)
        passive_uno(g, t, seats)
        said.append(Say.redealt(total=total, player=t.players[seat], count=t.hands[seat]))
        return (SHUFFLE_LAST_CARD if last else SHUFFLE_HANDS), True
