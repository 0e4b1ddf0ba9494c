"""Multi-play: identical number cards played together (`r7 r7`)."""

from __future__ import annotations

from ..engine.events import Play
from ..engine.messages import Key, Messages
from ..engine.options import option
from ..engine.rulebook import DRAWN_CARD_ONLY
from ..engine.rules import rule
from ..engine.ruling import Refusal
from ..engine.sources import JA_WIKIPEDIA, JUA_RULES
from ..engine.state import Game, Table
from ..engine.units import HouseRule, register
from ..i18n import N_

KEY = option(
    "multi-play",
    ("off", "numbers"),
    "off",
    "off",
    "Identical number cards played together.",
    JUA_RULES,
)
MULTI_PLAY = rule(
    "multi-play",
    "Multi-play: two or more identical number cards (same colour "
    "and number) may be played together ('r7 r7'); action cards and Wilds one at "
    "a time.",
    f"{JUA_RULES}; {JA_WIKIPEDIA}, ハウスルール",
    when=((KEY, "numbers"),),
    unit=KEY,
)


class Say(Messages, namespace="multi_play"):
    drawn_only = Key("after drawing, only the drawn card may be played")
    identical = Key("only identical number cards (same colour and number) may be played together")
    only = Key("{player} has only {count} {count:card|cards}")


@register
class MultiPlay(HouseRule):
    key = KEY
    title = N_("Multi-play")

    def extra_cards(self, g: Game, t: Table, seat: int, play: Play, drawn: bool) -> int | None:
        face = play.card
        if drawn:
            raise Refusal(DRAWN_CARD_ONLY, Say.drawn_only())
        if not face.is_number or any(other is not face for other in play.extra):
            raise Refusal(MULTI_PLAY, Say.identical())
        count = 1 + len(play.extra)
        if t.hands[seat] < count:
            raise Refusal(MULTI_PLAY, Say.only(player=t.players[seat], count=t.hands[seat]))
        return count
