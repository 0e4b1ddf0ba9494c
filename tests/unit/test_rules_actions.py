"""Skip, Reverse, Draw Two, direction, and the two-player rules.

The Mattel sheet and the Japanese manuals; two players: the Minecraft UNO manual's 「2人遊び」;
no stacking: the official UNO posts (2019, 2020); the option `two-player-reverse`.
"""

from __future__ import annotations

import pytest

from tests.unit.rules_helpers import accept, draw, hands, ok, play, refused, st, table

TWO = ("Ann", "Bob")
THREE = ("Ann", "Bob", "Cy")


# Skip -------------------------------------------------------------------------------------------


def test_skip_skips_the_next_player() -> None:
    """The Mattel sheet; the Japanese manual's 「スキップ」: the next player misses their turn."""
    ref = table(start="r7")
    ok(play(ref, "Ann", "rs"), "skip")
    s = st(ref)
    assert (s["turn"], s["direction"], s["top"]) == ("Cy", "cw", "rs")
    assert s["hands"] == {"Ann": 6, "Bob": 7, "Cy": 7, "Dee": 7}
    refused(play(ref, "Bob", "r3"), "turn-order")


def test_skip_follows_the_direction_of_play() -> None:
    """The Mattel sheet: after a Reverse, a Skip skips the next player counter-clockwise."""
    ref = table(start="r7")
    ok(play(ref, "Ann", "rr"))  # now Dee, counter-clockwise
    ok(play(ref, "Dee", "rs"))  # Cy is skipped
    assert st(ref)["turn"] == "Bob"


def test_skip_wraps_round_the_table() -> None:
    """The Mattel sheet: Dee's Skip skips Ann (next in seating order) and Bob plays."""
    ref = table(start="r7")
    for who in ("Ann", "Bob", "Cy"):
        ok(draw(ref, who))
    ok(play(ref, "Dee", "rs"))
    assert st(ref)["turn"] == "Bob"


# Reverse ----------------------------------------------------------------------------------------


def test_reverse_changes_direction() -> None:
    """The Mattel sheet: Reverse, play changes direction (the player to the right plays next)."""
    ref = table(start="r7")
    ok(play(ref, "Ann", "rr"), "reverse")
    s = st(ref)
    assert (s["turn"], s["direction"]) == ("Dee", "ccw")
    ok(play(ref, "Dee", "r3"))
    assert st(ref)["turn"] == "Cy"
    refused(play(ref, "Ann", "r4"), "turn-order")


def test_second_reverse_restores_clockwise() -> None:
    """The Mattel sheet: a Reverse on a Reverse (symbol match) turns play back."""
    ref = table(start="r7")
    ok(play(ref, "Ann", "rr"))
    ok(play(ref, "Dee", "gr"))
    s = st(ref)
    assert (s["turn"], s["direction"], s["color"]) == ("Ann", "cw", "green")


def test_reverse_with_three_players() -> None:
    """The Mattel sheet: with three players a Reverse is a real reverse, not a Skip."""
    ref = table(start="r7", players=THREE)
    ok(play(ref, "Ann", "rr"), "reverse")
    assert (st(ref)["turn"], st(ref)["direction"]) == ("Cy", "ccw")


# Draw Two ---------------------------------------------------------------------------------------


def test_draw_two_next_player_draws_two_and_is_skipped() -> None:
    """The Mattel sheet: the next player draws 2 and misses their turn."""
    ref = table(start="r7")
    ok(play(ref, "Ann", "r+2"), "draw-two")
    s = st(ref)
    assert s["hands"] == {"Ann": 6, "Bob": 9, "Cy": 7, "Dee": 7}
    assert s["draw_pile"] == 79 - 2
    assert s["turn"] == "Cy"


def test_draw_two_cannot_be_stacked_by_the_victim() -> None:
    """The official UNO posts (4 May 2019, 8 Oct 2020): no stacking; the victim's turn is gone."""
    ref = table(start="r7")
    ok(play(ref, "Ann", "r+2"))
    refused(play(ref, "Bob", "b+2"), "turn-order")


def test_draw_two_cannot_be_deflected_with_skip_or_reverse() -> None:
    """The Mattel sheet: the target must draw 2 and miss their turn; no deflection."""
    ref = table(start="r7")
    ok(play(ref, "Ann", "r+2"))
    refused(play(ref, "Bob", "rs"), "turn-order")
    refused(play(ref, "Bob", "rr"), "turn-order")
    assert hands(ref)["Bob"] == 9


def test_draw_two_on_draw_two_by_the_next_player_in_turn() -> None:
    """The Mattel sheet: a Draw Two matches a Draw Two by symbol; it hits the player after."""
    ref = table(start="r7")
    ok(play(ref, "Ann", "r+2"))
    ok(play(ref, "Cy", "g+2"))
    s = st(ref)
    assert s["hands"] == {"Ann": 6, "Bob": 9, "Cy": 6, "Dee": 9}
    assert (s["turn"], s["color"]) == ("Ann", "green")


def test_draw_two_counter_clockwise_hits_the_right_neighbour() -> None:
    """The Mattel sheet: the 'next player' follows the direction of play."""
    ref = table(start="r7")
    ok(play(ref, "Ann", "rr"))
    ok(play(ref, "Dee", "r+2"))
    s = st(ref)
    assert s["hands"]["Cy"] == 9 and s["turn"] == "Bob"


# Two players (the Minecraft UNO manual's 「2人遊び」) ---------------------------------------------


def test_two_players_skip_plays_again() -> None:
    """The Minecraft UNO manual (item 2), the older English rules: after a Skip the player plays
    again at once."""
    ref = table(start="r7", players=TWO)
    ok(play(ref, "Ann", "rs"), "two-player-skip")
    assert st(ref)["turn"] == "Ann"
    refused(play(ref, "Bob", "r3"), "turn-order")
    ok(play(ref, "Ann", "r3"))
    assert st(ref)["turn"] == "Bob"


@pytest.mark.parametrize("rules", ["en", "jp"])
def test_two_players_reverse_acts_as_skip_by_default(rules: str) -> None:
    """The Minecraft UNO manual (item 1); `two-player-reverse skip` (en and jp default):
    with two players a Reverse acts like a Skip: the player plays again."""
    ref = table(start="r7", players=TWO, rules=rules)
    ok(play(ref, "Ann", "rr"), "two-player-reverse")
    assert st(ref)["turn"] == "Ann"
    refused(play(ref, "Bob", "r3"), "turn-order")


def test_two_players_reverse_only_reverses_under_reverse_option() -> None:
    """Table default `two-player-reverse reverse` (the Mattel sheet has no two-player rule):
    the direction changes and so the other player plays next."""
    ref = table(start="r7", players=TWO, two_player_reverse="reverse")
    ok(play(ref, "Ann", "rr"), "two-player-reverse")
    s = st(ref)
    assert (s["turn"], s["direction"]) == ("Bob", "ccw")
    refused(play(ref, "Ann", "r3"), "turn-order")


def test_two_players_draw_two_returns_play_to_the_player() -> None:
    """The Minecraft UNO manual (item 3): after Draw Two the opponent draws 2 and play returns to
    you."""
    ref = table(start="r7", players=TWO)
    ok(play(ref, "Ann", "r+2"))
    s = st(ref)
    assert s["hands"] == {"Ann": 6, "Bob": 9}
    assert s["turn"] == "Ann"
    assert s["draw_pile"] == 108 - 14 - 1 - 2


def test_two_players_wild_draw_four_returns_play_to_the_player() -> None:
    """The Minecraft UNO manual (item 3, 'WD4 works the same'): once the opponent has drawn 4,
    you play again."""
    ref = table(start="r7", players=TWO)
    ok(play(ref, "Ann", "w+4", "blue"))
    ok(accept(ref, "Bob"))
    s = st(ref)
    assert s["hands"] == {"Ann": 6, "Bob": 11}
    assert s["turn"] == "Ann"


def test_two_players_plain_card_passes_the_turn() -> None:
    """The Mattel sheet: with two players an ordinary card passes the turn to the opponent."""
    ref = table(start="r7", players=TWO)
    ok(play(ref, "Ann", "r3"))
    assert st(ref)["turn"] == "Bob"
