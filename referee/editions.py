"""Editions: which cards each deck holds, how many of each, and what each is worth at round end."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from .cards import DARK_COLORS, LIGHT_COLORS, Card, card


@dataclass(frozen=True)
class Edition:
    """One deck and its card values (dossier sections 2.1, 3, 4, 6 and 11)."""

    id: str
    title: str
    deck: Mapping[Card, int]
    """Copies of each face in the deck."""
    values: Mapping[Card, int]
    """Points of each face when left in a hand at round end."""
    source: str
    sides: tuple[frozenset[Card], frozenset[Card]] | None = None
    """Flip: the faces of the light side and of the dark side (a plain Wild is on both)."""
    physical: int | None = None
    """Cards in the box, where the faces count more (Flip: 112 cards with two faces each)."""
    start_back: frozenset[str] = frozenset({"w+4"})
    """Kinds that are sent back when turned up as the start card."""

    @property
    def size(self) -> int:
        return self.physical or sum(self.deck.values())

    def colors(self, side: int = 0) -> tuple[str, ...]:
        """The colours a Wild may name on a side (0 light, 1 dark)."""
        return DARK_COLORS if side else LIGHT_COLORS

    def on_side(self, face: Card, side: int) -> bool:
        """Whether a face belongs to the side showing (always, for one-sided decks)."""
        return self.sides is None or face in self.sides[side]

    def points(self, cards: tuple[Card, ...] | list[Card]) -> int:
        return sum(self.values[c] for c in cards)

    @property
    def max_value(self) -> int:
        return max(self.values.values())


def _classic_deck() -> dict[Card, int]:
    """108 cards: per colour one 0, two each of 1-9, Skip, Reverse, Draw Two; 4 Wild, 4 WD4."""
    deck: dict[Card, int] = {}
    for color in LIGHT_COLORS:
        deck[card(color + "0")] = 1
        for kind in ("1", "2", "3", "4", "5", "6", "7", "8", "9", "s", "r", "+2"):
            deck[card(color + kind)] = 2
    deck[card("w")] = 4
    deck[card("w+4")] = 4
    return deck


def _classic_values(deck: Mapping[Card, int], wild_extras: int) -> dict[Card, int]:
    values: dict[Card, int] = {}
    for face in deck:
        if face.is_number:
            values[face] = int(face.kind)
        elif face.kind in ("w", "w+4"):
            values[face] = 50
        elif face.is_wild:
            values[face] = wild_extras
        else:
            values[face] = 20
    return values


def _make(id_: str, title: str, extras: dict[str, int], extra_value: int, source: str) -> Edition:
    deck = _classic_deck()
    deck.update({card(code): n for code, n in extras.items()})
    return Edition(id_, title, MappingProxyType(deck),
                   MappingProxyType(_classic_values(deck, extra_value)), source)


# All Wild (dossier 8): 112 cards, every one a Wild. The counts and values are UNCONFIRMED: the
# product's ruling is 14 of each of the eight kinds; a plain Wild 20, an action Wild 50 (the
# garbled geekyhobbies copy: "50 points for any other card... 20 points for each Wild").
_ALLWILD_KINDS = ("w", "wr", "ws", "ws2", "w+2", "w+4", "wt+2", "wfs")
_ALLWILD = MappingProxyType({card(kind): 14 for kind in _ALLWILD_KINDS})

def _flip() -> Edition:
    """UNO Flip (dossier 5.1, 5.5): 112 two-sided cards; each side a full deck of its own."""
    deck: dict[Card, int] = {}
    values: dict[Card, int] = {}
    for colors, actions in ((LIGHT_COLORS, {"+1": 10, "r": 20, "s": 20, "f": 20}),
                            (DARK_COLORS, {"+5": 20, "r": 20, "se": 30, "f": 20})):
        for color in colors:
            for kind in "123456789":
                deck[card(color + kind)] = 2
                values[card(color + kind)] = int(kind)
            for kind, points in actions.items():
                deck[card(color + kind)] = 2
                values[card(color + kind)] = points
    for code, points in (("w", 40), ("w+2", 50), ("w+c", 60)):
        deck[card(code)] = 4
        values[card(code)] = points
    light = frozenset(f for f in deck if f.color in LIGHT_COLORS or f.kind in ("w", "w+2"))
    dark = frozenset(f for f in deck if f.color in DARK_COLORS or f.kind in ("w", "w+c"))
    # A Flip as the start card is a table default: sent back like a Wild Draw Two (options.md).
    return Edition("flip", "UNO Flip! (112 two-sided cards)", MappingProxyType(deck),
                   MappingProxyType(values), "dossier 5; seed 004", (light, dark), 112,
                   frozenset({"w+2", "f"}))


def _nomercy() -> Edition:
    """Show 'Em No Mercy (dossier 7.1, 11): 168 cards; the composition is UNCONFIRMED."""
    deck: dict[Card, int] = {}
    for color in LIGHT_COLORS:
        for kind in "0123456789":
            deck[card(color + kind)] = 2
        for kind, copies in (("s", 3), ("r", 3), ("+2", 3), ("da", 3), ("+4", 2), ("se", 2)):
            deck[card(color + kind)] = copies
    deck.update({card("wr+4"): 8, card("w+6"): 4, card("w+10"): 4, card("wcr"): 8})
    values = {f: int(f.kind) if f.is_number else 50 if f.is_wild else 20 for f in deck}
    # NMsheet: an action card turned up at the start is ignored and another turned.
    back = frozenset(f.kind for f in deck if not f.is_number)
    return Edition("nomercy", "UNO Show 'Em No Mercy (168 cards)", MappingProxyType(deck),
                   MappingProxyType(values), "dossier 7, 11", start_back=back)


EDITIONS: dict[str, Edition] = {
    "classic": _make("classic", "UNO (108 cards)", {}, 50, "dossier 2.1, 2.12"),
    "swap": _make("swap", "UNO 2016 (112: Wild Swap Hands, 3 Wild Customizable)",
                  {"wsw": 1, "wc": 3}, 40, "dossier 3"),
    "shuffle": _make("shuffle", "UNO 2017 (112: Wild Shuffle Hands, 3 Wild Customizable)",
                     {"wsh": 1, "wc": 3}, 40, "dossier 4; seed 000"),
    # The Creeper count (4) and value (50) are not in the JP manual: table defaults (dossier 6).
    "minecraft": _make("minecraft", "Minecraft UNO (108 + 4 Creeper)", {"cr": 4}, 50,
                       "dossier 6; seed 003"),
    # JPwiki: no special Wilds, 4 more plain Wilds instead (8, 112 cards); values as classic.
    # The composition is UNCONFIRMED against an official sheet (dossier 8).
    "minimalista": _make("minimalista", "UNO Minimalista (108 + 4 Wild)", {"w": 8}, 50,
                         "dossier 8, 11"),
    "allwild": Edition("allwild", "UNO All Wild (112 Wild cards)", _ALLWILD,
                       MappingProxyType({face: 20 if face.kind == "w" else 50
                                         for face in _ALLWILD}), "dossier 8, 11",
                       start_back=frozenset()),
    "flip": _flip(),
    "nomercy": _nomercy(),
}
# Editions the notation names but this version does not referee yet.
PLANNED_EDITIONS: tuple[str, ...] = ()


def edition(id_: str) -> Edition:
    """The edition for an id; KeyError if unknown."""
    return EDITIONS[id_]
