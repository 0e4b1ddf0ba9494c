"""Jump-in: a card identical to the top card may be played out of turn."""

from __future__ import annotations

from collections.abc import Iterable
from types import MappingProxyType

from ..engine.basics import in_play, seat_of, top_ref
from ..engine.cards import Card
from ..engine.events import Event, JumpedIn, Play
from ..engine.messages import Key, Message, Messages
from ..engine.options import option
from ..engine.rulebook import GOING_OUT
from ..engine.rules import RuleId, rule
from ..engine.ruling import Refusal
from ..engine.sources import EN_WIKIPEDIA, HOUSE_RULES, JA_WIKIPEDIA
from ..engine.state import Game, PendingDraw, Said, Table
from ..engine.turn import begin_turn, check_card, put_down
from ..engine.units import HouseRule, register
from ..i18n import N_

_DIGITAL = f"{JA_WIKIPEDIA}, コンピュータゲーム"

KEY = option(
    "jump-in",
    ("off", "on", "digital"),
    "off",
    "off",
    "An identical card may be played out of turn: as UNO House Rules has it (on), or as "
    "the digital games play it (digital: the jumped card's effect is cancelled, and a "
    "draw card may be jumped while its draw waits).",
    f"{HOUSE_RULES} (Jump-In) (on); {_DIGITAL} (digital)",
)
JUMP_IN = rule(
    "jump-in",
    "Jump-in: a card identical in colour and rank to the top card may be "
    "played out of turn ('jump CARD'); play continues from that player. It closes "
    "UNO windows like any card put down.",
    f"{HOUSE_RULES} (Jump-In); {EN_WIKIPEDIA}, House rules",
    when=((KEY, "on"),),
    unit=KEY,
)
rule(
    "jump-in",
    "Jump-in as the digital games play it: a card identical to the top card (colour "
    "and rank; a Wild of the same kind, naming a colour) may be played out of turn "
    "('jump CARD'), and the jumped card's effect is cancelled (a jumped Reverse no longer "
    "turns play); play continues from the jumper. On a draw that waits, a jumped draw card "
    "adds to it under stacking; without stacking the first card's draw is cancelled. It closes "
    "UNO windows like any card put down.",
    _DIGITAL,
    when=((KEY, "digital"),),
    unit=KEY,
)
JUMP_IN_DRAW = rule(
    "jump-in-draw",
    "No jump-in while a draw waits for its victim (a stack, a "
    "Wild Draw Four to challenge, cards drawn until a colour): the table takes "
    "the draw first.",
    f"Table default: {HOUSE_RULES} (Jump-In) and {EN_WIKIPEDIA} say nothing of a draw left waiting",
    table_default=True,
    when=((KEY, "on"),),
    unit=KEY,
)
rule(
    "jump-in-draw",
    "A draw card can be jumped only while its draw waits: once drawn (without "
    "stacking a Draw Two is drawn as it goes down), or while cards are drawn until a colour, "
    "its draw can no longer be cancelled.",
    f"Table default: {_DIGITAL} cancels the jumped card's effect, which a table cannot do to "
    "cards already drawn",
    table_default=True,
    when=((KEY, "digital"),),
    unit=KEY,
)

_UNTIL_KINDS = frozenset({"w+c", "wcr"})
"""Draw cards whose victim draws until a colour (Flip's Wild Draw Color, No Mercy's Wild Color
Roulette): they draw nothing fixed, yet their draw is taken as they go down."""


class Say(Messages, namespace="jump_in"):
    pending = Key("no jump-in while a draw or a challenge is pending")
    identical = Key("only a card identical to {top} may jump in")
    prefix = Key("Jump-in: ")
    drawn = Key("the {card}'s draw is taken: it can no longer be cancelled by a jump-in")
    until = Key("no jump-in while cards are drawn until a colour")
    cancels = Key("Jump-in, cancelling the {card}'s effect: ")
    cancels_draw = Key("Jump-in, cancelling {victim}'s draw from the {card}: ")
    adds = Key("Jump-in on the waiting draw: ")


def _jump(g: Game, event: JumpedIn, said: Said) -> tuple[RuleId, bool]:
    t = in_play(g)
    seat = seat_of(g, t, event.player)
    face = event.play.card
    digital = g.setup.options.values[KEY] == "digital"
    pending = t.pending
    if t.must_play is not None:
        raise Refusal(JUMP_IN, Say.pending())
    if pending is not None and not digital:
        raise Refusal(JUMP_IN_DRAW, Say.pending())
    if t.owed is not None or (pending is not None and pending.until):
        raise Refusal(JUMP_IN_DRAW, Say.until() if digital else Say.pending())
    if face is not t.top or (face.color is None and not digital):
        raise Refusal(JUMP_IN, Say.identical(top=top_ref(t)))
    if digital and pending is None and (face.draws or face.kind in _UNTIL_KINDS):
        raise Refusal(JUMP_IN_DRAW, Say.drawn(card=face))
    if pending is not None and t.went_out(pending.offender):
        raise Refusal(GOING_OUT, Say.pending())
    begin_turn(g, t, seat, False, True, said)
    allowed = check_card(g, t, seat, event.play)
    said.append(_cancel_first(g, t, face, pending) if digital else Say.prefix())
    rule_id, notable = put_down(g, t, seat, event.play, said, None, allowed)
    return (rule_id if rule_id == GOING_OUT else JUMP_IN), notable


def _cancel_first(g: Game, t: Table, face: Card, pending: PendingDraw | None) -> Message:
    """The digital games: the jumped card's effect is cancelled, save a waiting draw under
    stacking, which the jumper's card adds to (`put_down` stacks on `t.pending`)."""
    if pending is not None:
        if g.setup.draws_wait is not None:
            return Say.adds()
        t.pending = None
        return Say.cancels_draw(victim=t.players[pending.victim], card=pending.card)
    if face.is_number:
        return Say.prefix()
    if face.kind == "r" and not (t.size == 2 and g.setup.options.two_player_reverse_skips):
        # The first Reverse turned play; cancelled, play turns back before the jumper's.
        t.direction = -t.direction
    return Say.cancels(card=face)


@register
class JumpIn(HouseRule):
    key = KEY
    title = N_("Jump-In")
    handlers = MappingProxyType({JumpedIn: _jump})

    def candidates(self, g: Game, seat: int) -> Iterable[Event]:
        t = g.table
        if t is None or t.top is None:
            return ()
        top = t.top
        if top.color is not None:
            return (JumpedIn(t.players[seat], Play(top)),)
        if g.setup.options.values[KEY] != "digital":
            return ()
        return (
            JumpedIn(t.players[seat], Play(top, color)) for color in g.setup.deck.colors(t.side)
        )
