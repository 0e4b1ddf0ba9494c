"""UNO All Wild: every card a Wild, no colours, targeted cards (dossier 8; options.md)."""

from __future__ import annotations

import pytest
from rules_helpers import catch, deck_of, draw, hands, header, ok, play, refused, st, table, turn_up

from referee.engine import Referee, SetupError
from referee.engine.cards import card
from referee.engine.setup import resolve


def test_deck_is_112_wild_cards_of_eight_kinds() -> None:
    """dossier 8: 112 cards, all Wild (counts per kind UNCONFIRMED: 14 each, table default)."""
    deck = deck_of("allwild").cards
    assert deck_of("allwild").size == 112 and all(face.is_wild for face in deck)
    assert len(deck) == 8


def test_any_card_goes_on_any_card_without_a_colour() -> None:
    """dossier 8: 'you don't need to match numbers or colors'."""
    ref = table("allwild", start="w")
    ok(play(ref, "Ann", "w"), "allwild")
    ok(play(ref, "Bob", "ws"), "skip")
    assert st(ref)["turn"] == "Dee"
    refused(play(ref, "Dee", "w", "red"), "allwild")


def test_start_card_action_is_ignored_and_a_wild_draw_four_stays() -> None:
    """dossier 8: 'if the flipped card is a Wild Action Card, its action is ignored'."""
    ref = table("allwild", start=None)
    ok(turn_up(ref, "w+4"), "allwild")
    assert st(ref)["turn"] == "Ann" and hands(ref)["Ann"] == 7
    refused(turn_up(table("allwild", start=None), "w+4 w"), "start-card")


def test_wild_draw_four_is_drawn_at_once_with_no_challenge() -> None:
    """dossier 8, 13 row 1 (All Wild: no restriction); options.md: no challenge."""
    ref = table("allwild", start="w")
    ok(play(ref, "Ann", "w+4"), "wild-draw")
    s = st(ref)
    assert s["hands"]["Bob"] == 11 and s["turn"] == "Cy" and s["pending"] is None
    assert resolve("en", "allwild")["challenge"] == "off"


def test_skip_two_skips_the_next_two_players() -> None:
    """dossier 8: Wild Skip Two ('Double Skip')."""
    ref = table("allwild", start="w")
    ok(play(ref, "Ann", "ws2"), "skip-two")
    assert st(ref)["turn"] == "Dee"


def test_targeted_draw_two_does_not_cost_the_turn() -> None:
    """dossier 8: the chosen player draws 2 and does not lose their turn."""
    ref = table("allwild", start="w")
    refused(play(ref, "Ann", "wt+2"), "targeted-draw")
    ok(play(ref, "Ann", "wt+2", target="Bob"), "targeted-draw")
    s = st(ref)
    assert s["hands"]["Bob"] == 9 and s["turn"] == "Bob"


def test_forced_swap_must_swap_and_one_card_must_call_uno() -> None:
    """dossier 8: Forced Swap must swap; a player left with 1 card must say UNO (gamerules.com);
    options.md: `uno-on-passive` is `yes` for All Wild."""
    ref = table("allwild", start="w", hand_size=2)
    refused(play(ref, "Ann", "wfs"), "forced-swap")
    ok(play(ref, "Ann", "wfs", target="Cy"), "forced-swap")
    assert hands(ref) == {"Ann": 2, "Bob": 2, "Cy": 1, "Dee": 2}
    assert st(ref)["catchable"] == ["Cy"]
    ok(catch(ref, "Dee", "Cy"), "uno-catch")


def test_forced_swap_as_last_card_goes_out() -> None:
    """dossier 8 with 3: as the last card there is nothing to swap (product ruling)."""
    ref = table("allwild", start="w", hand_size=1)
    refused(play(ref, "Ann", "wfs", target="Bob"), "forced-swap")
    ok(play(ref, "Ann", "wfs"), "going-out")


@pytest.mark.parametrize(("key", "value"), [("go-out-on-action", "forbidden"),
                                            ("start-card", "number-only"), ("stacking", "same")])
def test_options_that_cannot_work_with_all_wild_are_refused(key: str, value: str) -> None:
    """options.md: every All Wild card is a Wild, so these would never end or start a round."""
    with pytest.raises(SetupError, match="does not work with the allwild edition"):
        Referee(header("allwild", **{key.replace("-", "_"): value}))


def test_values_plain_wild_20_action_wilds_50() -> None:
    """dossier 11 (All Wild: UNCONFIRMED; the product's ruling from the garbled copy)."""
    values = deck_of("allwild").values
    assert values[card("w")] == 20 and values[card("wfs")] == 50


def test_drawing_is_still_allowed() -> None:
    """dossier 2.5: a player may draw instead of playing."""
    ok(draw(table("allwild", start="w"), "Ann"), "draw-one")


def test_move_box_hints_name_no_colour() -> None:
    """dossier 8: every card is playable and none takes a colour."""
    from referee.service.hints import completions, playable
    ref = table("allwild", start="w")
    assert len(playable(ref)) == 8
    assert "Ann: w" in completions(ref) and "Ann: w red" not in completions(ref)
