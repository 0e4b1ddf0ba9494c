"""UNO Minimalista: classic rules with 8 plain Wilds and no special Wilds (as Japanese
Wikipedia gives the deck)."""

from __future__ import annotations

from referee.engine.cards import card
from tests.unit.rules_helpers import deck_of, draw, ok, play, refused, st, table


def test_deck_has_eight_wilds_and_112_cards() -> None:
    """Japanese Wikipedia: 4 more Wilds instead of Shuffle/Customizable; 112 implied."""
    deck = deck_of("minimalista").cards
    assert deck_of("minimalista").size == 112
    assert deck[card("w")] == 8 and deck[card("w+4")] == 4
    assert card("wsh") not in deck and card("wc") not in deck


def test_values_are_classic() -> None:
    """Classic points (face, 20, Wild 50, WD4 50): no Minimalista sheet says otherwise."""
    values = deck_of("minimalista").values
    assert (values[card("r7")], values[card("gs")], values[card("w")], values[card("w+4")]) == (
        7,
        20,
        50,
        50,
    )


def test_a_fifth_wild_is_playable_and_a_ninth_is_refused() -> None:
    """Conservation counts 8 Wilds in this deck."""
    ref = table("minimalista", start="r7", hand_size=10)
    for who, colour in zip(["Ann", "Bob", "Cy", "Dee"] * 2, ["red", "blue"] * 4, strict=True):
        ok(play(ref, who, "w", colour), "wild-color")
    assert st(ref)["discard_pile"] == 9
    refused(play(ref, "Ann", "w", "red"), "conservation")
    refused(play(ref, "Ann", "wsh", "red"), "card-in-edition")
    ok(draw(ref, "Ann"))
