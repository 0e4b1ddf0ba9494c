"""Go out on an action: forbidden, a last action card or Wild costs 2 cards and play goes on."""

from __future__ import annotations

from ..engine.cards import Card
from ..engine.effects import forced_draw
from ..engine.messages import Key, Messages
from ..engine.options import option
from ..engine.rules import RuleId, rule
from ..engine.sources import JA_WIKIPEDIA
from ..engine.state import Game, Said, Table
from ..engine.units import HouseRule, register
from ..i18n import N_

_SOURCE = f"{JA_WIKIPEDIA}, ハウスルール"

KEY = option(
    "go-out-on-action",
    ("allowed", "forbidden"),
    "allowed",
    "allowed",
    "Whether the last card may be an action card or a Wild.",
    _SOURCE,
)
GO_OUT_ON_ACTION = rule(
    "go-out-on-action",
    "A player may not go out on an action card or a Wild: whoever plays one "
    "as their last card draws 2 after its effect, and play goes on.",
    _SOURCE,
    when=((KEY, "forbidden"),),
    unit=KEY,
)


class Say(Messages, namespace="go_out_on_action"):
    draws = Key(
        "; {player} may not go out on {card} and draws {drawn} (go-out-on-action forbidden)"
    )


@register
class GoOutOnAction(HouseRule):
    key = KEY
    title = N_("Go out on an action")
    off = "allowed"

    def after_play(self, g: Game, t: Table, seat: int, face: Card, said: Said) -> RuleId | None:
        if t.hands[seat] or face.is_number:
            return None
        drawn = forced_draw(g, t, seat, 2)
        said.append(Say.draws(player=t.players[seat], card=face, drawn=drawn))
        return GO_OUT_ON_ACTION
