"""Wild Customizable (UNO 2016 and 2017 decks): the rule the table wrote on it applies."""

from __future__ import annotations

from ..engine.cards import Card
from ..engine.events import Play
from ..engine.messages import Key, Messages
from ..engine.rules import RuleId, rule
from ..engine.sources import JP_MANUAL
from ..engine.state import Game, Kind, Said, Table

_TEXT = (
    "Wild Customizable: the written rule applies; the player names the colour and the turn passes."
)
_SOURCE = f"{JP_MANUAL}, 「白いワイルド」"
CUSTOMIZABLE = rule("customizable", _TEXT, _SOURCE, unit="swap")
rule("customizable", _TEXT, _SOURCE, unit="shuffle")


class Say(Messages, namespace="customizable"):
    written = Key(" (rule: {text})")


def customizable(
    g: Game, t: Table, seat: int, play: Play, top: Card | None, color: str | None, said: Said
) -> tuple[RuleId, bool]:
    t.turn = t.step(seat)
    written = g.setup.customs.get(play.custom or 0)
    if written:
        said.append(Say.written(text=written))
    return CUSTOMIZABLE, False


KIND = Kind(customizable)
