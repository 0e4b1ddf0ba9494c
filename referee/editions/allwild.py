"""UNO All Wild: 112 Wild cards; every card matches every card and no colour is named."""

from __future__ import annotations

from types import MappingProxyType

from ..engine.basics import seat_of
from ..engine.cards import Card, card
from ..engine.deck import Deck
from ..engine.effects import drawing, passing, reverse, skip, swap_hands
from ..engine.events import Play
from ..engine.messages import Key, Messages
from ..engine.rules import RuleId, rule
from ..engine.ruling import Refusal
from ..engine.sources import ALL_WILD, JA_WIKIPEDIA
from ..engine.state import Game, Kind, Said, Table
from ..engine.units import Edition, register
from ..i18n import N_

ALLWILD = rule(
    "allwild",
    "All Wild: every card is a Wild, so any card may be played on any "
    "card and no colour is named; a start card's action is ignored.",
    ALL_WILD,
    unit="allwild",
)
WILD_DRAW = rule(
    "wild-draw",
    "Wild Draw Two and Wild Draw Four: the next player draws 2 or 4 "
    "and misses their turn; there is no challenge.",
    ALL_WILD,
    unit="allwild",
)
SKIP_TWO = rule(
    "skip-two",
    "Wild Skip Two: the next two players are skipped.",
    f"{ALL_WILD}; {JA_WIKIPEDIA}, 関連商品",
    unit="allwild",
)
TARGETED_DRAW = rule(
    "targeted-draw",
    "Wild Targeted Draw Two: the chosen player ('@NAME') draws "
    "2 and does not lose their turn; play passes to the next player.",
    ALL_WILD,
    unit="allwild",
)
FORCED_SWAP = rule(
    "forced-swap",
    "Wild Forced Swap: the player must swap hands with a chosen "
    "player ('@NAME'); as the last card there is nothing to swap. A player left "
    "on one card by the swap must call UNO.",
    f"{ALL_WILD}; as the last card: table default",
    unit="allwild",
)


class Say(Messages, namespace="allwild"):
    no_colour = Key("All Wild cards take no colour")
    starts = Key("{card} starts, its action ignored; {player} plays first.")
    skip_two = Key("; the next two turns are skipped")
    swap_last = Key("Wild Forced Swap is the last card: there is nothing to swap")
    needs_target = Key("{card} needs a target: '{code} @Bob'")
    another = Key("choose another player")
    draws = Key("; {player} draws {drawn}")


# No challenge: a Wild Draw Two or Four is drawn at once.
_DRAW = drawing(WILD_DRAW)


def _skip_two(
    g: Game, t: Table, seat: int, play: Play, top: Card | None, color: str | None, said: Said
) -> tuple[RuleId, bool]:
    t.turn = t.step(seat, 3)
    said.append(Say.skip_two())
    return SKIP_TWO, False


def _check_target(g: Game, t: Table, seat: int, play: Play, left: int) -> None:
    """Refuse a target the targeted cards do not allow, before anything changes."""
    face = play.card
    rule_id = FORCED_SWAP if face.kind == "wfs" else TARGETED_DRAW
    if face.kind == "wfs" and left == 0:
        if play.target is not None:
            raise Refusal(FORCED_SWAP, Say.swap_last())
        return
    if play.target is None:
        raise Refusal(rule_id, Say.needs_target(card=face, code=face.code))
    if seat_of(g, t, play.target) == seat:
        raise Refusal(rule_id, Say.another())


def _targeted(
    g: Game, t: Table, seat: int, play: Play, top: Card | None, color: str | None, said: Said
) -> tuple[RuleId, bool]:
    """The chosen player draws 2 and keeps their turn."""
    assert play.target is not None
    victim = seat_of(g, t, play.target)
    drawn, _ = t.draw(victim, 2)
    t.turn = t.step(seat)
    said.append(Say.draws(player=t.players[victim], drawn=drawn))
    return TARGETED_DRAW, False


def _forced_swap(
    g: Game, t: Table, seat: int, play: Play, top: Card | None, color: str | None, said: Said
) -> tuple[RuleId, bool]:
    """The player must swap hands with the chosen player (none as the last card)."""
    t.turn = t.step(seat)
    if play.target is None or t.hands[seat] == 0:
        return FORCED_SWAP, False
    swap_hands(g, t, seat, seat_of(g, t, play.target), said)
    return FORCED_SWAP, True


_KINDS = ("w", "wr", "ws", "ws2", "w+2", "w+4", "wt+2", "wfs")
# No published list of the counts or points was found: the table default is 14 of each of the
# eight kinds (112 in all), a plain Wild 20 and an action Wild 50.
_CARDS = MappingProxyType({card(kind): 14 for kind in _KINDS})


@register
class AllWild(Edition):
    id = "allwild"
    deck = Deck(
        "allwild",
        N_("UNO All Wild (112 Wild cards)"),
        _CARDS,
        MappingProxyType({face: 20 if face.kind == "w" else 50 for face in _CARDS}),
        f"{ALL_WILD}; counts and points: table default",
        start_back=frozenset(),
        challengeable=frozenset(),
        wilds_name_colour=False,
    )
    # No challenge, and a hand left at one card by a Forced Swap must call UNO.
    defaults = MappingProxyType(
        {rules: {"challenge": "off", "uno-on-passive": "yes"} for rules in ("en", "jp")}
    )
    # Every card is a Wild: a round could never end with go-out-on-action forbidden, nor start
    # with number-only or with a Wild start card sent back; stacking Wild draw cards is not
    # refereed.
    refuses = (
        ("go-out-on-action", "forbidden"),
        ("start-card", "number-only"),
        ("start-wild", "reshuffle"),
        ("stacking", "same"),
        ("stacking", "progressive"),
        ("stacking", "higher"),
    )
    kinds = MappingProxyType(
        {
            "w": Kind(passing(ALLWILD)),
            "wr": Kind(reverse),
            "ws": Kind(skip),
            "ws2": Kind(_skip_two),
            "w+2": Kind(_DRAW),
            "w+4": Kind(_DRAW),
            "wt+2": Kind(_targeted, _check_target),
            "wfs": Kind(_forced_swap, _check_target),
        }
    )

    def check_play(self, g: Game, t: Table, seat: int, play: Play) -> None:
        if play.color is not None:
            raise Refusal(ALLWILD, Say.no_colour())

    def start(self, g: Game, t: Table, first: Card, said: Said) -> RuleId | None:
        """A start card's action is ignored and no colour is named."""
        if t.color is not None:
            raise Refusal(ALLWILD, Say.no_colour())
        t.turn = t.step(t.dealer)
        said.append(Say.starts(card=first, player=t.players[t.turn]))
        return ALLWILD
