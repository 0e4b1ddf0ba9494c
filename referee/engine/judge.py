"""Refereeing one event: on a fork of the state, by the units' handlers or the core's."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from . import at_time, calls, challenge, changes, leaving, rounds, turn
from . import events as ev
from .events import Event
from .messages import Key, Messages
from .rulebook import TURN_ORDER
from .ruling import Refusal, Ruling
from .state import Game, Said

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    from typing import Any

_ruling = tuple.__new__
"""Makes a Ruling without the NamedTuple's Python-level constructor (one for every move)."""


class Say(Messages, namespace="judge"):
    jump_off = Key("jump-in is a house rule this table has not turned on")


CORE: Mapping[type, Callable[[Game, Any, Said], Any]] = {
    ev.RoundStarted: rounds.on_round,
    ev.DealerNamed: rounds.on_dealer,
    ev.StartTurned: rounds.on_start,
    ev.PlayerWentOut: rounds.on_out,
    ev.HandRevealed: rounds.on_hand,
    ev.TurnOverridden: calls.on_turn_override,
    ev.TimeCalled: at_time.on_time,
    ev.PlayerLeft: leaving.on_leave,
    ev.HeaderChanged: changes.on_change,
    ev.CardPlayed: turn.on_play,
    ev.CardsDrawn: turn.on_draw,
    ev.DrawAccepted: challenge.on_accept,
    ev.ChallengeMade: challenge.on_challenge,
    ev.UnoCalled: calls.on_uno,
    ev.PlayerCaught: calls.on_catch,
    ev.MisplayCaught: calls.on_misplay,
    ev.PenaltyGiven: calls.on_penalty,
    ev.HandAdjusted: calls.on_adjust,
}
"""The core's handler of each event type; `jump` is a house rule's (`Setup.handlers`)."""


def referee_event(game: Game, event: Event) -> Ruling:
    """The ruling on one event after `game`, refereed on a fork of it: the fork is the state
    an accepted event leaves; a refused event's fork is dropped."""
    g = game.fork()
    setup = g.setup
    said = Said()
    t = g.table
    try:
        if t is not None:
            for hook in setup.hooks.begin_event:
                hook(g, t)
        result = None
        for handler in setup.handlers.get(type(event), ()):
            result = handler(g, event, said)
            if result is not None:
                break
        if result is None:
            core = CORE.get(type(event))
            if core is None:
                raise Refusal(TURN_ORDER, Say.jump_off())
            result = core(g, event, said)
        rule, notable = result
        t = g.table
        if t is not None and g.phase == "play":
            for settle in setup.hooks.settle:
                settled = settle(g, t, said, False)
                if settled is not None:
                    rule, notable = settled, True
    except Refusal as refusal:
        return _ruling(Ruling, (False, refusal.rule, (refusal.message,), False, game, ()))
    return _ruling(Ruling, (True, rule, said, notable, g, tuple(getattr(said, "facts", ()))))
