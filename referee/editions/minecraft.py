"""Minecraft UNO: four Creepers, played as Wilds; a player who draws one draws 3 more.

A Creeper found in a turn draw is recorded with the draw (`Bob: draw 4`); one found in a forced
draw (a Draw Two, a penalty) is recorded right after it as `Bob: draw 3`, which is only read as
the Creeper's three there.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

from ..engine.basics import name_of, record_result
from ..engine.deck import classic_family
from ..engine.events import CardsDrawn, Event
from ..engine.messages import Key, Messages
from ..engine.options import option
from ..engine.rules import RuleId, rule
from ..engine.ruling import Refusal
from ..engine.sources import MINECRAFT_MANUAL
from ..engine.state import Game, Said, Table
from ..engine.units import Edition, register
from ..engine.waiting import Wait
from ..i18n import N_

TRIGGER = option(
    "creeper-trigger",
    ("every-draw", "turn-draw"),
    "every-draw",
    "every-draw",
    "Minecraft: which draws from the pile make a drawn Creeper draw three more.",
    "Table default: the Minecraft UNO manual does not say which draws count",
    table_default=True,
    unit="minecraft",
)
CREEPER = rule(
    "creeper",
    "Creeper: a player who draws a Creeper draws 3 more (a Creeper among "
    "those 3 is kept); Creepers are played as Wilds. Record the chain as 'draw 4', or "
    "'draw 3' right after a forced draw (a 'draw 3' there always reads as the "
    "Creeper's three).",
    f"{MINECRAFT_MANUAL}, 「マイクラフトUNOオリジナルルール」",
    unit="minecraft",
)

_OWED, _FOUND = "creeper-owed", "creeper"
"""`Table.extra` keys: seats owing a `draw 3` now (found by the last event), and seats found
owing one by the event being refereed."""


class Say(Messages, namespace="minecraft"):
    turn_draw = Key("a turn draw is 1 card, or 4 when a Creeper was drawn")
    more = Key("Creeper: {player} draws {drawn} more.")
    may_record = Key("{player} may record 3 more cards for the Creeper: type 'draw 3'")


@register
class Minecraft(Edition):
    id = "minecraft"
    # The Japanese manual gives neither the Creeper count nor its points: 4 (112 cards in all, as
    # English rules sites give the box) and 50 (a Creeper plays as a Wild) are table defaults.
    deck = classic_family(
        "minecraft",
        N_("Minecraft UNO (108 + 4 Creeper)"),
        {"cr": 4},
        50,
        f"{MINECRAFT_MANUAL}; Creeper count and points: table default",
    )
    defaults = MappingProxyType({"jp": {"coaching-penalty": "4"}})
    """The Minecraft Japanese manual has coaching at 4."""

    def __init__(self, values: Mapping[str, str]) -> None:
        self.every_draw = values[TRIGGER] == "every-draw"
        self.handlers = {CardsDrawn: self.creeper_three}

    def begin_event(self, g: Game, t: Table) -> None:
        # What the last event found is owed now, and only by the next event.
        extra = t.extra
        if extra.get(_FOUND) or extra.get(_OWED):
            t.extra = {**extra, _OWED: extra.get(_FOUND, ()), _FOUND: ()}

    def after_forced_draw(self, g: Game, t: Table, seat: int) -> None:
        if self.every_draw:
            # Two forced draws in one event (a last Draw Two under go-out-on-action forbidden):
            # each Creeper is recorded in turn.
            t.extra = {**t.extra, _FOUND: (*t.extra.get(_FOUND, ()), seat)}

    def turn_draw(self, g: Game, t: Table, seat: int, count: int) -> RuleId | None:
        if count == 4 or (1 < count < 4 and _stopped(g, t, seat, count)):
            return CREEPER
        raise Refusal(CREEPER, Say.turn_draw())

    def creeper_three(self, g: Game, event: CardsDrawn, said: Said) -> tuple[RuleId, bool] | None:
        """`draw 3` by a seat the last event left owing one: the Creeper's three more (also
        after the round's last forced draw: those cards count at the end); fewer where they
        reach the hand limit of a knock-out rule."""
        t = g.table
        if t is None or not 0 < event.count <= 3 or event.play is not None:
            return None
        owed: tuple[int, ...] = t.extra.get(_OWED, ())
        seat = g.seats.get(name_of(g.setup, event.player))
        if seat is None or seat not in owed or seat in t.out:
            # A seat knocked out since (the mercy rule) owes nothing: the core refuses it.
            return None
        if event.count < 3 and not _stopped(g, t, seat, event.count):
            return None
        drawn, _ = t.draw(seat, event.count)
        later = owed[owed.index(seat) + 1 :]
        if later:
            t.extra = {**t.extra, _FOUND: (*later, *t.extra.get(_FOUND, ()))}
        if g.phase == "over":
            record_result(g)
        said.append(Say.more(player=t.players[seat], drawn=drawn))
        return CREEPER, False

    def waiting(self, g: Game) -> Iterable[Wait]:
        t = g.table
        if t is None:
            return ()
        # A seat the draw knocked out of the round (the mercy rule) draws no more.
        found = [s for s in t.extra.get(_FOUND, ()) if s not in t.out]
        if not found:
            return ()
        who = t.players[found[0]]
        return (Wait("record", Say.may_record(player=who), who),)

    def candidates(self, g: Game, seat: int) -> Iterable[Event]:
        t = g.table
        assert t is not None
        name = t.players[seat]
        return (CardsDrawn(name, 4, True), CardsDrawn(name, 3, True))


def _stopped(g: Game, t: Table, seat: int, count: int) -> bool:
    """Whether `count` cards bring the seat exactly to the hand limit (a house rule's
    knock-out, such as mercy): there the Creeper's three more stop."""
    limit = g.setup.hand_limit
    return limit is not None and t.hands[seat] + count == limit
