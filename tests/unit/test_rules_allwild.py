"""UNO All Wild: every card a Wild, no colours, targeted cards (All Wild as gamerules.com and
unogamerules.com give it; table defaults where they are silent)."""

from __future__ import annotations

from typing import Any

import pytest

from referee.engine import Referee, SetupError
from referee.engine.cards import card
from referee.engine.setup import resolve
from tests.unit.rules_helpers import (
    catch,
    deck_of,
    draw,
    hands,
    header,
    ok,
    play,
    refused,
    st,
    table,
    turn_up,
)


def test_deck_is_112_wild_cards_of_eight_kinds() -> None:
    """112 cards, all Wild (no published count per kind: 14 each, table default)."""
    deck = deck_of("allwild").cards
    assert deck_of("allwild").size == 112 and all(face.is_wild for face in deck)
    assert len(deck) == 8


def test_any_card_goes_on_any_card_without_a_colour() -> None:
    """unogamerules.com: 'you don't need to match numbers or colors'."""
    ref = table("allwild", start="w")
    ok(play(ref, "Ann", "w"), "allwild")
    ok(play(ref, "Bob", "ws"), "skip")
    assert st(ref)["turn"] == "Dee"
    refused(play(ref, "Dee", "w", "red"), "allwild")


def test_start_card_action_is_ignored_and_a_wild_draw_four_stays() -> None:
    """gamerules.com: 'if the flipped card is a Wild Action Card, its action is ignored'."""
    ref = table("allwild", start=None)
    ok(turn_up(ref, "w+4"), "allwild")
    assert st(ref)["turn"] == "Ann" and hands(ref)["Ann"] == 7
    refused(turn_up(table("allwild", start=None), "w+4 w"), "start-card")


def test_wild_draw_four_is_drawn_at_once_with_no_challenge() -> None:
    """All Wild puts no restriction on its draw cards: no challenge."""
    ref = table("allwild", start="w")
    ok(play(ref, "Ann", "w+4"), "wild-draw")
    s = st(ref)
    assert s["hands"]["Bob"] == 11 and s["turn"] == "Cy" and s["pending"] is None
    assert resolve("en", "allwild")["challenge"] == "off"


def test_skip_two_skips_the_next_two_players() -> None:
    """Wild Skip Two ('Double Skip'): the next two players are skipped."""
    ref = table("allwild", start="w")
    ok(play(ref, "Ann", "ws2"), "skip-two")
    assert st(ref)["turn"] == "Dee"


def test_targeted_draw_two_does_not_cost_the_turn() -> None:
    """Wild Targeted Draw Two: the chosen player draws 2 and does not lose their turn."""
    ref = table("allwild", start="w")
    refused(play(ref, "Ann", "wt+2"), "targeted-draw")
    ok(play(ref, "Ann", "wt+2", target="Bob"), "targeted-draw")
    s = st(ref)
    assert s["hands"]["Bob"] == 9 and s["turn"] == "Bob"


def test_forced_swap_must_swap_and_one_card_must_call_uno() -> None:
    """Forced Swap must swap; a player left with 1 card must say UNO (gamerules.com), so
    `uno-on-passive` is `yes` for All Wild."""
    ref = table("allwild", start="w", hand_size=2)
    refused(play(ref, "Ann", "wfs"), "forced-swap")
    ok(play(ref, "Ann", "wfs", target="Cy"), "forced-swap")
    assert hands(ref) == {"Ann": 2, "Bob": 2, "Cy": 1, "Dee": 2}
    assert st(ref)["catchable"] == ["Cy"]
    ok(catch(ref, "Dee", "Cy"), "uno-catch")


def test_forced_swap_as_last_card_goes_out() -> None:
    """As the last card there is nothing to swap (table default, as for Wild Swap Hands)."""
    ref = table("allwild", start="w", hand_size=1)
    refused(play(ref, "Ann", "wfs", target="Bob"), "forced-swap")
    ok(play(ref, "Ann", "wfs"), "going-out")


@pytest.mark.parametrize(
    ("key", "value"),
    [("go-out-on-action", "forbidden"), ("start-card", "number-only"), ("stacking", "same")],
)
def test_options_that_cannot_work_with_all_wild_are_refused(key: str, value: str) -> None:
    """Every All Wild card is a Wild, so these would never end or start a round."""
    with pytest.raises(SetupError, match="does not work with the allwild edition"):
        overrides: dict[str, Any] = {key.replace("-", "_"): value}
        Referee(header("allwild", **overrides))


def test_values_plain_wild_20_action_wilds_50() -> None:
    """Points: no published list; the table default, after a garbled copy of a secondary page."""
    values = deck_of("allwild").values
    assert values[card("w")] == 20 and values[card("wfs")] == 50


def test_drawing_is_still_allowed() -> None:
    """The Mattel sheet: a player may draw instead of playing."""
    ok(draw(table("allwild", start="w"), "Ann"), "draw-one")


def test_move_box_hints_name_no_colour() -> None:
    """Every card is playable and none takes a colour."""
    from referee.suggest import completions, playable

    ref = table("allwild", start="w")
    assert len(playable(ref)) == 8
    assert "Ann: w" in completions(ref) and "Ann: w red" not in completions(ref)
