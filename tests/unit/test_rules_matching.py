"""Matching, Wild colours, drawing, turn order, edition decks and card conservation.

The Mattel sheet (deck, turn, drawing) and the Japanese manual's 「罰則と反則」 (drawing); the
session notation (cards of the edition, moves).
"""

from __future__ import annotations

import pytest

from tests.unit.rules_helpers import (
    challenge,
    draw,
    hand,
    hands,
    misplay,
    ok,
    play,
    refused,
    st,
    table,
)

# Matching by colour, number or symbol (the Mattel sheet) ------------------------------------------


def test_colour_match_is_legal() -> None:
    """The Mattel sheet: match the top card by colour."""
    ref = table(start="r7")
    ok(play(ref, "Ann", "r2"), "match")
    s = st(ref)
    assert (s["top"], s["color"], s["turn"]) == ("r2", "red", "Bob")
    assert s["hands"] == {"Ann": 6, "Bob": 7, "Cy": 7, "Dee": 7}
    assert s["discard_pile"] == 2


def test_number_match_changes_the_colour() -> None:
    """The Mattel sheet: match the top card by number; the colour becomes the new card's."""
    ref = table(start="r7")
    ok(play(ref, "Ann", "g7"), "match")
    s = st(ref)
    assert (s["top"], s["color"], s["turn"]) == ("g7", "green", "Bob")
    ok(play(ref, "Bob", "g2"))
    refused(play(ref, "Cy", "r3"), "match")


def test_symbol_match_on_action_cards() -> None:
    """The Mattel sheets: a coloured action card goes on its colour or the same symbol."""
    ref = table(start="r7")
    ok(play(ref, "Ann", "rs"))  # colour
    ok(play(ref, "Cy", "bs"))  # symbol: Blue Skip on Red Skip
    s = st(ref)
    assert (s["top"], s["color"], s["turn"]) == ("bs", "blue", "Ann")


def test_no_match_is_refused() -> None:
    """The Mattel sheet: a card matching neither colour, number nor symbol is refused."""
    ref = table(start="r7")
    refused(play(ref, "Ann", "g5"), "match")
    refused(play(ref, "Ann", "g+2"), "match")
    refused(play(ref, "Ann", "bs"), "match")


def test_number_does_not_match_a_different_number_of_another_colour() -> None:
    """The Mattel sheet: Green 6 on Red 7 is no match even though both are number cards."""
    ref = table(start="r7")
    refused(play(ref, "Ann", "g6"), "match")


def test_action_symbol_does_not_match_a_number() -> None:
    """The Mattel sheet: a Blue Draw Two on a Red 2 matches nothing (a Draw Two is not a 2)."""
    ref = table(start="r2")
    refused(play(ref, "Ann", "b+2"), "match")


# Wild colour (the Mattel sheet) -------------------------------------------------------------------


@pytest.mark.parametrize("code", ["w", "w+4"])
def test_wild_needs_a_colour(code: str) -> None:
    """The Mattel sheet: whoever plays a Wild names the colour; without one the play is refused."""
    ref = table(start="r7")
    refused(play(ref, "Ann", code), "wild-color")


def test_wild_colour_is_recorded_and_then_enforced() -> None:
    """The Mattel sheet: the named colour continues play; the Wild matches anything."""
    ref = table(start="r7")
    ok(play(ref, "Ann", "w", "blue"), "wild-color")
    s = st(ref)
    assert (s["top"], s["color"], s["turn"]) == ("w", "blue", "Bob")
    refused(play(ref, "Bob", "r7"), "match")
    refused(play(ref, "Bob", "r3"), "match")
    ok(play(ref, "Bob", "b3"), "match")
    assert st(ref)["color"] == "blue"


def test_wild_may_name_the_colour_already_in_force() -> None:
    """The Mattel sheet: 'any color including the color in play'."""
    ref = table(start="r7")
    ok(play(ref, "Ann", "w", "red"))
    assert st(ref)["color"] == "red"
    ok(play(ref, "Bob", "r1"))


def test_wild_on_a_wild() -> None:
    """The Mattel sheet: a Wild may go on a Wild and name any colour."""
    ref = table(start="r7")
    ok(play(ref, "Ann", "w", "blue"))
    ok(play(ref, "Bob", "w", "green"))
    assert (st(ref)["top"], st(ref)["color"]) == ("w", "green")


def test_coloured_card_takes_no_colour() -> None:
    """The Mattel sheet: only a Wild names a colour; `r5 blue` is refused."""
    ref = table(start="r7")
    refused(play(ref, "Ann", "r5", "blue"), "wild-color")


def test_colour_outside_the_deck_is_refused() -> None:
    """The Mattel sheet: the classic deck has red, yellow, green and blue only (pink is Flip
    dark)."""
    ref = table(start="r7")
    refused(play(ref, "Ann", "w", "pink"), "wild-color")


def test_one_card_per_turn() -> None:
    """The Mattel sheet: only one card per turn (multi-play is a house rule, off by default)."""
    ref = table(start="r7")
    refused(play(ref, "Ann", "r5", extra="r5"), "match")


# Drawing (the Mattel sheet, the Japanese manual) --------------------------------------------------


def test_draw_one_and_keep_it_passes_the_turn() -> None:
    """The Mattel sheet: draw one card; if it is not played, play moves on."""
    ref = table(start="r7")
    ok(draw(ref, "Ann"), "draw-one")
    s = st(ref)
    assert s["hands"]["Ann"] == 8 and s["draw_pile"] == 79 - 1 and s["turn"] == "Bob"
    assert s["top"] == "r7"


def test_draw_then_play_the_drawn_card_if_playable() -> None:
    """The Mattel sheet; the Japanese manual's 「罰則と反則」: the drawn card may be played in the
    same turn."""
    ref = table(start="r7")
    ok(draw(ref, "Ann", code="r5"))
    s = st(ref)
    assert s["hands"]["Ann"] == 7 and s["draw_pile"] == 78
    assert (s["top"], s["turn"]) == ("r5", "Bob")


def test_drawn_wild_may_be_played() -> None:
    """The Mattel sheet: a drawn Wild is playable (it names its colour)."""
    ref = table(start="r7")
    ok(draw(ref, "Ann", code="w", color="green"))
    assert (st(ref)["top"], st(ref)["color"], st(ref)["hands"]["Ann"]) == ("w", "green", 7)


def test_drawn_card_that_is_not_playable_is_refused() -> None:
    """The Mattel sheet; the Japanese manual's 「罰則と反則」: only a playable drawn card may be put
    down."""
    ref = table(start="r7")
    refused(draw(ref, "Ann", code="g3"), ("match", "drawn-card-only"))


def test_after_drawing_no_other_card_from_hand() -> None:
    """The Mattel sheet; the Japanese manual ('…もとから持っていたカードを出すことはできません'):
    after a kept draw the turn has passed; the drawer may not then play a card from hand."""
    ref = table(start="r7")
    ok(draw(ref, "Ann"))
    refused(play(ref, "Ann", "r5"), ("turn-order", "drawn-card-only"))
    assert st(ref)["turn"] == "Bob"


@pytest.mark.parametrize("rules", ["en", "jp"])
def test_draw_is_one_card(rules: str) -> None:
    """The Mattel sheet: one card; `draw one` (en and jp default): a turn draw is one
    card."""
    ref = table(start="r7", rules=rules)
    refused(draw(ref, "Ann", 2), "draw-one")
    refused(draw(ref, "Ann", 3, code="r5"), "draw-one")


def test_draw_to_match_allows_several_cards_then_the_playable_one() -> None:
    """The Mattel sheet's House Rules (Draw to Match); `draw to-match`: draw until a playable card,
    which may be played: `Ann: draw 3 r5` is legal."""
    ref = table(start="r7", draw="to-match")
    ok(draw(ref, "Ann", 3, code="r5"))
    s = st(ref)
    assert s["hands"]["Ann"] == 7 + 3 - 1 and s["draw_pile"] == 79 - 3 and s["top"] == "r5"


# Turn order (the Mattel sheet) --------------------------------------------------------------------


def test_play_out_of_turn_is_refused() -> None:
    """The Mattel sheet: a turn action by anyone but the player to act is refused."""
    ref = table(start="r7")
    refused(play(ref, "Cy", "r5"), "turn-order")
    refused(play(ref, "Bob", "r5"), "turn-order")
    refused(draw(ref, "Dee"), "turn-order")


def test_turn_passes_clockwise_in_seating_order() -> None:
    """The Mattel sheet; the Japanese manual's 「はじめ方」: play starts left of the dealer and goes
    to the next name."""
    ref = table(start="r7")
    for who in ("Ann", "Bob", "Cy", "Dee"):
        assert st(ref)["turn"] == who
        ok(draw(ref, who))
    assert st(ref)["turn"] == "Ann"
    assert st(ref)["direction"] == "cw"


def test_unknown_player_is_refused() -> None:
    """The session notation: players come from the header."""
    ref = table(start="r7")
    refused(play(ref, "Zed", "r5"), "session")


def test_player_names_match_case_insensitively() -> None:
    """The session notation: player names are matched case-insensitively."""
    ref = table(start="r7")
    ok(play(ref, "ann", "r5"))
    assert st(ref)["turn"] == "Bob"


def test_play_before_start_is_refused() -> None:
    """The session notation: moves come after `round`, `dealer` and `start`."""
    ref = table(start=None)
    refused(play(ref, "Ann", "r5"), "session")


# Edition decks (each edition's card list) ---------------------------------------------------------


@pytest.mark.parametrize("code", ["wsh", "wsw", "wc", "cr", "r+1", "pi5", "wr+4", "r+4"])
def test_card_not_in_the_classic_deck_is_refused(code: str) -> None:
    """The Mattel sheet: the classic deck has 108 cards; others are refused."""
    ref = table(start="r7")
    color = "red" if code.startswith(("w", "cr")) else None
    refused(play(ref, "Ann", code, color), "card-in-edition")


def test_card_not_in_the_edition_refused_in_every_statement() -> None:
    """A card that the session's edition does not contain is an error at that line
    (drawn and played, misplayed, shown in a challenge, listed in a hand)."""
    ref = table(start="r7")
    refused(draw(ref, "Ann", code="wsh", color="red"), "card-in-edition")
    refused(misplay(ref, "Ann", "wsw"), "card-in-edition")
    ok(play(ref, "Ann", "w+4", "blue"))
    refused(challenge(ref, "Bob", shows="wc"), "card-in-edition")
    ref = table(start="r7", hand_size=1)
    ok(play(ref, "Ann", "r3"))
    refused(hand(ref, "Bob", "cr"), "card-in-edition")


def test_creeper_is_not_in_the_shuffle_deck_and_swap_is_not_either() -> None:
    """Each 112-card edition has its own extra Wilds."""
    ref = table(edition="shuffle", start="r7")
    refused(play(ref, "Ann", "wsw", "red"), "card-in-edition")
    refused(play(ref, "Ann", "cr", "red"), "card-in-edition")
    ref = table(edition="swap", start="r7")
    refused(play(ref, "Ann", "wsh", "red"), "card-in-edition")


# Conservation (the card lists) --------------------------------------------------------------------


def test_third_red_seven_in_the_discard_pile_is_refused() -> None:
    """The Mattel sheet: two of each 1-9 per colour; a third Red 7 cannot appear."""
    ref = table(start="r7")
    ok(play(ref, "Ann", "r7"))
    refused(play(ref, "Bob", "r7"), "conservation")
    refused(draw(ref, "Bob", code="r7"), "conservation")


def test_second_zero_is_refused() -> None:
    """The Mattel sheet: one 0 per colour."""
    ref = table(start="r0")
    refused(play(ref, "Ann", "r0"), "conservation")


def test_fifth_wild_is_refused() -> None:
    """The Mattel sheet: four Wilds."""
    ref = table(start="r7")
    for who in ("Ann", "Bob", "Cy", "Dee"):
        ok(play(ref, who, "w", "red"))
    refused(play(ref, "Ann", "w", "red"), "conservation")


def test_draw_pile_goes_down_by_one_per_draw() -> None:
    """The Mattel sheet: the draw pile is what the deal left; each draw takes one."""
    ref = table(start="r7")
    assert st(ref)["draw_pile"] == 108 - 28 - 1
    ok(draw(ref, "Ann"))
    ok(draw(ref, "Bob"))
    assert st(ref)["draw_pile"] == 77
    assert hands(ref) == {"Ann": 8, "Bob": 8, "Cy": 7, "Dee": 7}
