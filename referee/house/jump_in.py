"""Jump-in: a card identical to the top card may be played out of turn."""

from __future__ import annotations

from collections.abc import Iterable
from types import MappingProxyType

from ..engine.basics import in_play, seat_of, top_ref
from ..engine.events import Event, JumpedIn, Play
from ..engine.messages import Key, Messages
from ..engine.options import option
from ..engine.rulebook import GOING_OUT
from ..engine.rules import RuleId, rule
from ..engine.ruling import Refusal
from ..engine.sources import EN_WIKIPEDIA, HOUSE_RULES
from ..engine.state import Game, Said
from ..engine.turn import begin_turn, check_card, put_down
from ..engine.units import HouseRule, register
from ..i18n import N_

KEY = option("jump-in", ("off", "on"), "off", "off",
             "An identical card may be played out of turn.", f"{HOUSE_RULES} (Jump-In)")
JUMP_IN = rule("jump-in", "Jump-in: a card identical in colour and rank to the top card may be "
               "played out of turn (`jump CARD`); play continues from that player. It closes "
               "UNO windows like any card put down; not while a draw is pending.",
               f"{HOUSE_RULES} (Jump-In); {EN_WIKIPEDIA}, House rules", when=((KEY, "on"),),
               unit=KEY)


class Say(Messages, namespace="jump_in"):
    pending = Key("no jump-in while a draw or a challenge is pending")
    identical = Key("only a card identical to {top} may jump in")
    prefix = Key("Jump-in: ")


def _jump(g: Game, event: JumpedIn, said: Said) -> tuple[RuleId, bool]:
    t = in_play(g)
    seat = seat_of(g, t, event.player)
    face = event.play.card
    if t.pending is not None or t.must_play is not None or t.owed is not None:
        raise Refusal(JUMP_IN, Say.pending())
    if face.color is None or face is not t.top:
        raise Refusal(JUMP_IN, Say.identical(top=top_ref(t)))
    begin_turn(g, t, seat, False, True, said)
    allowed = check_card(g, t, seat, event.play)
    said.append(Say.prefix())
    rule_id, notable = put_down(g, t, seat, event.play, said, None, allowed)
    return (rule_id if rule_id == GOING_OUT else JUMP_IN), notable


@register
class JumpIn(HouseRule):
    key = KEY
    title = N_("Jump-In")
    handlers = MappingProxyType({JumpedIn: _jump})

    def candidates(self, g: Game, seat: int) -> Iterable[Event]:
        t = g.table
        if t is None or t.top is None or t.top.color is None:
            return ()
        return (JumpedIn(t.players[seat], Play(t.top)),)
