"""A player leaving the game (`leave NAME`): their hand set aside, the others playing on."""

from __future__ import annotations

from . import at_time
from .basics import after_leaving, end_round, name_of, record_result
from .events import PlayerLeft
from .messages import Key, Messages
from .rounds import decided, left_of, missing_hands
from .rulebook import LEAVE
from .rules import RuleId
from .ruling import Refusal
from .state import Game, Said


class Say(Messages, namespace="leaving"):
    leaves = Key("{player} leaves the game; their hand is set aside.")
    gone = Key("{player} has left the game already")
    eliminated = Key("{player} is out of the game already")
    two_left = Key("{player} cannot leave: a game needs two players, and only {count} would stay")
    deals = Key(" {player} deals round {round} instead.")


def on_leave(g: Game, event: PlayerLeft, said: Said) -> tuple[RuleId, bool]:
    name = name_of(g.setup, event.player)
    sheet = g.sheet
    if sheet.finished:
        raise Refusal(LEAVE, decided(g))
    if name in g.gone:
        raise Refusal(LEAVE, Say.gone(player=name))
    if name in sheet.eliminated:
        raise Refusal(LEAVE, Say.eliminated(player=name))
    staying = [
        p for p in g.setup.players if p not in g.gone and p not in sheet.eliminated and p != name
    ]
    if len(staying) < 2:
        raise Refusal(LEAVE, Say.two_left(player=name, count=len(staying)))
    g.gone = (*g.gone, name)
    said.append(Say.leaves(player=name))
    if g.phase == "setup":
        _unseat(g, name, said)
    elif g.phase == "play" and g.table is not None:
        t = g.table
        seat = g.seats[name]
        g.penalty_due = g.penalty_due - {name}
        if seat not in t.out:
            # Set aside: the cards go neither to a pile nor to anyone (not counted again).
            t.leave(seat, LEAVE)
            seated = t.seated()
            if len(seated) == 1:
                t.pending = t.owed = None
                end_round(g, t, seated[0], said)
            else:
                after_leaving(g, t, said)
    elif g.phase == "over":
        # A hand entered already stands; one not entered yet is no longer needed.
        if g.at_time and g.winner is None and not missing_hands(g):
            at_time.settle(g, said)
        record_result(g)
    return LEAVE, True


def _unseat(g: Game, name: str, said: Said) -> None:
    """Between rounds (before the start card): the round's seats without the player; the deal
    passes on if they were to deal."""
    active = tuple(p for p in g.seats if p != name)
    g.seats = {p: i for i, p in enumerate(active)}
    if g.dealer == name:
        g.dealer = left_of(g, name, active)
        said.append(Say.deals(player=g.dealer, round=g.round_no))
