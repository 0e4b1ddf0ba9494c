"""An edition and a house rule written outside `referee/`, as a third party would write them.

- The house rule `skip-on-skip`: a Skip may not be played on a Skip (a play the check refuses).
- The edition `drawthree`: the classic deck and four Wild Draw Threes (`w+3`), a card kind of
  its own: its player names a colour, the next player draws 3 and misses their turn.

Each unit carries everything it adds (options, rules with sources, messages, card kinds) and
the Japanese of its texts, which are in no `.po` file of the program. They are declared by
`declare()` and registered only inside `units.registered`, which takes all of it out again."""

# Japanese is written with full-width brackets and colons.
# ruff: noqa: RUF001

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from referee.engine.cards import Card, CardKind, register_kind
from referee.engine.deck import classic_family
from referee.engine.effects import draw_next
from referee.engine.events import Play
from referee.engine.messages import Key, Messages
from referee.engine.options import option
from referee.engine.rules import RuleId, rule
from referee.engine.ruling import Refusal
from referee.engine.state import Game, Kind, Said, Table
from referee.engine.units import Edition, HouseRule
from tests.selfplay.game import RealGame
from tests.selfplay.unit_models import UnitModel

SKIP_ON_SKIP = "skip-on-skip"
DRAW_THREE = "drawthree"
_HOUSE_SOURCE = "House rule of the extension test"
_DECK_SOURCE = "Deck of the extension test"
_SKIP_MEANING = "Whether a Skip may be played on a Skip (off: it may)."
_SKIP_TEXT = "A Skip may not be played on a Skip."
_SKIP_TITLE = "No Skip on a Skip"
_REFUSED = "{card} may not go on a Skip (skip-on-skip on)"
_THREE_TEXT = (
    "Wild Draw Three: its player names a colour; the next player draws 3 and misses their turn."
)
_DECK_TITLE = "UNO with Wild Draw Three (112 cards)"

W_DRAW_THREE = CardKind("w+3", "Wild Draw Three", draws=3, points=50, long_forms=("wild draw 3",))

HOUSE_JA = MappingProxyType(
    {
        (None, _SKIP_MEANING): "スキップの上にスキップを出せるかどうか（off：出せます）。",
        (None, _SKIP_TEXT): "スキップの上にスキップは出せません。",
        (None, _HOUSE_SOURCE): "拡張テストのハウスルール",
        (None, _SKIP_TITLE): "スキップにスキップなし",
        (
            f"{SKIP_ON_SKIP.replace('-', '_')}.refused",
            _REFUSED,
        ): "{card}はスキップの上に出せません（skip-on-skip on）",
    }
)
EDITION_JA = MappingProxyType(
    {
        (None, _THREE_TEXT): "ワイルドドロー3：出した人が色を指定し、次の人は3枚引いて順番を"
        "飛ばされます。",
        (None, _DECK_SOURCE): "拡張テストのデッキ",
        (None, _DECK_TITLE): "ワイルドドロー3入りUNO（112枚）",
        ("card", W_DRAW_THREE.name): "ワイルドドロー3",
    }
)


def declare_house_rule() -> type[HouseRule]:
    """The house rule's module, as a function so that a test may declare it afresh."""
    key = option(
        SKIP_ON_SKIP, ("off", "on"), "off", "off", _SKIP_MEANING, _HOUSE_SOURCE, unit=SKIP_ON_SKIP
    )
    refused_rule = rule(
        SKIP_ON_SKIP, _SKIP_TEXT, _HOUSE_SOURCE, when=((key, "on"),), unit=SKIP_ON_SKIP
    )

    class Say(Messages, namespace=SKIP_ON_SKIP.replace("-", "_")):
        refused = Key(_REFUSED)

    class SkipOnSkip(HouseRule):
        messages = (Say,)
        texts = MappingProxyType({"ja": HOUSE_JA})
        title = _SKIP_TITLE

        def check_play(self, g: Game, t: Table, seat: int, play: Play) -> None:
            if play.card.kind == "s" and t.top is not None and t.top.kind == "s":
                raise Refusal(refused_rule, Say.refused(card=play.card))

    SkipOnSkip.key = key
    return SkipOnSkip


def declare_edition() -> type[Edition]:
    """The edition's module: its card kind, deck, rule and the kind's effect."""
    register_kind(W_DRAW_THREE)  # the deck names its faces; `registered` takes it out again
    draws_three = rule("wild-draw-three", _THREE_TEXT, _DECK_SOURCE, unit=DRAW_THREE)
    deck = classic_family(
        DRAW_THREE, _DECK_TITLE, {W_DRAW_THREE.code: 4}, W_DRAW_THREE.points or 50, _DECK_SOURCE
    )
    # Turned up at the start, it goes back like a Wild Draw Four.
    deck = deck._replace(start_back=frozenset({"w+4", W_DRAW_THREE.code}))

    def effect(
        g: Game, t: Table, seat: int, play: Play, top: Card | None, color: str | None, said: Said
    ) -> tuple[RuleId, bool]:
        draw_next(g, t, seat, play, said)
        return draws_three, False

    class DrawThree(Edition):
        id = DRAW_THREE
        card_kinds = (W_DRAW_THREE,)
        texts = MappingProxyType({"ja": EDITION_JA})
        # Its draw is taken at once: a stack of it is no rule of this deck.
        refuses = tuple(("stacking", value) for value in ("same", "progressive", "higher"))

        def __init__(self, values: Mapping[str, str]) -> None:
            self.kinds = {W_DRAW_THREE.code: Kind(effect)}

    DrawThree.deck = deck
    return DrawThree


class SkipOnSkipModel(UnitModel):
    """Self-play's real game under the house rule: no Skip on a Skip."""

    def active(self, edition: str, options: Mapping[str, str]) -> bool:
        return options.get(SKIP_ON_SKIP) == "on"

    def refuses(self, real: RealGame, face: Card) -> bool:
        return face.kind == "s" and real.top is not None and real.top.kind == "s"


class DrawThreeModel(UnitModel):
    """Self-play's real game with the edition's Wild Draw Three."""

    def active(self, edition: str, options: Mapping[str, str]) -> bool:
        return edition == DRAW_THREE

    def play(self, real: RealGame, seat: int, face: Card) -> bool:
        if face.kind != W_DRAW_THREE.code:
            return False
        victim = real.step(seat)
        real.forced_draw(victim, W_DRAW_THREE.draws)
        real.turn = real.step(victim)
        return True
