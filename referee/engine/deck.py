"""A deck: which cards an edition holds, how many of each, and what each is worth at round end."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

from .cards import DARK_COLORS, LIGHT_COLORS, Card, card
from .frozen import Frozen, init


class Deck(Frozen):
    """One edition's cards (an edition unit carries one; see `units.Edition`)."""

    id: str
    """The edition id (`classic`, `flip`...)."""
    title: str
    cards: Mapping[Card, int]
    """Copies of each face in the deck."""
    values: Mapping[Card, int]
    """Points of each face when left in a hand at round end."""
    source: str
    sides: tuple[frozenset[Card], frozenset[Card]] | None
    """Two-sided decks: the faces of each side (a plain Wild is on both)."""
    physical: int | None
    """Cards in the box, where the faces count more (Flip: 112 cards with two faces each)."""
    start_back: frozenset[str]
    """Kinds that are sent back when turned up as the start card."""
    challengeable: frozenset[str]
    """Draw cards whose victim may challenge them."""
    wilds_name_colour: bool
    """False where a Wild names no colour (All Wild: every card matches every card)."""

    __slots__ = __match_args__ = (
        "id",
        "title",
        "cards",
        "values",
        "source",
        "sides",
        "physical",
        "start_back",
        "challengeable",
        "wilds_name_colour",
    )

    def __init__(
        self,
        id: str,  # noqa: A002 (the field's name, which `_replace` takes)
        title: str,
        cards: Mapping[Card, int],
        values: Mapping[Card, int],
        source: str,
        sides: tuple[frozenset[Card], frozenset[Card]] | None = None,
        physical: int | None = None,
        start_back: frozenset[str] = frozenset({"w+4"}),
        challengeable: frozenset[str] = frozenset({"w+4"}),
        wilds_name_colour: bool = True,
    ) -> None:
        init(self, "id", id)
        init(self, "title", title)
        init(self, "cards", cards)
        init(self, "values", values)
        init(self, "source", source)
        init(self, "sides", sides)
        init(self, "physical", physical)
        init(self, "start_back", start_back)
        init(self, "challengeable", challengeable)
        init(self, "wilds_name_colour", wilds_name_colour)

    @property
    def size(self) -> int:
        return self.physical or sum(self.cards.values())

    def colors(self, side: int = 0) -> tuple[str, ...]:
        """The colours a Wild may name on a side (0 light, 1 dark)."""
        return DARK_COLORS if side else LIGHT_COLORS

    def on_side(self, face: Card, side: int) -> bool:
        """Whether a face belongs to the side showing (always, for one-sided decks)."""
        return self.sides is None or face in self.sides[side]

    def points(self, cards: Iterable[Card]) -> int:
        return sum(self.values[c] for c in cards)

    @property
    def max_value(self) -> int:
        return max(self.values.values())


def classic_cards(extras: Mapping[str, int] | None = None) -> dict[Card, int]:
    """108 cards: per colour one 0, two each of 1-9, Skip, Reverse, Draw Two; 4 Wild, 4 Wild
    Draw Four; plus `extras` (code -> copies)."""
    deck: dict[Card, int] = {}
    for color in LIGHT_COLORS:
        deck[card(color + "0")] = 1
        for kind in ("1", "2", "3", "4", "5", "6", "7", "8", "9", "s", "r", "+2"):
            deck[card(color + kind)] = 2
    deck[card("w")] = 4
    deck[card("w+4")] = 4
    deck.update({card(code): n for code, n in (extras or {}).items()})
    return deck


def classic_values(deck: Mapping[Card, int], special_wild: int) -> dict[Card, int]:
    """Numbers at face value, actions 20, Wild and Wild Draw Four 50, other Wilds as given."""
    values: dict[Card, int] = {}
    for face in deck:
        if face.is_number:
            values[face] = int(face.kind)
        elif face.kind in ("w", "w+4"):
            values[face] = 50
        elif face.is_wild:
            values[face] = special_wild
        else:
            values[face] = 20
    return values


def classic_family(
    id_: str, title: str, extras: Mapping[str, int], special_wild: int, source: str
) -> Deck:
    """A classic deck with a few special cards added (Swap, Shuffle, Minecraft, Minimalista)."""
    cards = classic_cards(extras)
    return Deck(
        id_,
        title,
        MappingProxyType(cards),
        MappingProxyType(classic_values(cards, special_wild)),
        source,
    )
