"""Draws until a colour (Flip's Wild Draw Color, No Mercy's Color Roulette): the table counts.

Only the table sees how many cards a draw until the colour in force took, so its victim records
them (`Bob: draw 5`) before anything else happens.
"""

from __future__ import annotations

from .basics import Say as Basics
from .basics import close_windows, end_round
from .events import CardsDrawn
from .messages import Colour, Key, Messages
from .rulebook import PILES_EMPTY
from .rules import RuleId
from .ruling import Refusal
from .state import Game, OwedDraw, Said, Table


class Say(Messages, namespace="until"):
    kept = Key("the cards drawn until {colour:a} card are kept: '{player}: draw N'")
    left = Key("only {count} {count:card is|cards are} left to draw")
    reshuffled = Key("The discard pile was shuffled into a new draw pile. ")
    drew = Key("{player} drew {drawn} until {colour:a} card and keeps {drawn:it|them}.")


def draw_until(g: Game, t: Table, seat: int, event: CardsDrawn, said: Said) -> tuple[RuleId, bool]:
    """`draw N`: the cards drawn until the colour in force, all kept."""
    owed, pending = t.owed, t.pending
    name = t.players[seat]
    colour = Colour(t.color or "")
    if event.play is not None:
        rule = owed.rule if owed is not None else pending.rule if pending is not None else None
        assert rule is not None
        raise Refusal(rule, Say.kept(colour=colour, player=name))
    for check in g.setup.hooks.check_draw:
        check(g, t, seat, event.count, None, True)
    if event.count > t.available():
        raise Refusal(PILES_EMPTY, Say.left(count=t.available()))
    if owed is None:
        assert pending is not None
        # Drawing is accepting the Wild Draw Color: no challenge after it.
        if t.catchable and not g.setup.options.next_discard:
            close_windows(t, seat, "accepted")
        owed = OwedDraw(seat, t.step(seat), pending.rule, pending.offender)
        t.pending = None
    drawn, reshuffled = t.draw(seat, event.count)
    t.owed = None
    # Somebody out of the round since the card was played is passed over.
    t.turn = owed.then if owed.then not in t.out else t.step(owed.then)
    if reshuffled:
        said.append(Say.reshuffled())
    said.append(Say.drew(player=name, drawn=drawn, colour=colour))
    if owed.winner is not None and t.went_out(owed.winner):
        return end_round(g, t, owed.winner, said), False
    said.append(Basics.next_sentence(player=t.players[t.turn]))
    return owed.rule, False
