"""Skip, Reverse, Draw Two, direction, and the two-player rules.

dossier 2.4, 2.11, 2.14, 12 rows 1, 10 and 13, 13 rows 14 and 21; options.md `two-player-reverse`.
"""

from __future__ import annotations

import pytest
from rules_helpers import accept, draw, hands, ok, play, refused, st, table

TWO = ("Ann", "Bob")
THREE = ("Ann", "Bob", "Cy")


# Skip -------------------------------------------------------------------------------------------


def test_skip_skips_the_next_player() -> None:
    """dossier 2.4 / 2.3: Skip, the next player misses their turn."""
    ref = table(start="r7")
    ok(play(ref, "Ann", "rs"), "skip")
    s = st(ref)
    assert (s["turn"], s["direction"], s["top"]) == ("Cy", "cw", "rs")
    assert s["hands"] == {"Ann": 6, "Bob": 7, "Cy": 7, "Dee": 7}
    refused(play(ref, "Bob", "r3"), "turn-order")


def test_skip_follows_the_direction_of_play() -> None:
    """dossier 2.4: after a Reverse, a Skip skips the next player counter-clockwise."""
    ref = table(start="r7")
    ok(play(ref, "Ann", "rr"))  # now Dee, counter-clockwise
    ok(play(ref, "Dee", "rs"))  # Cy is skipped
    assert st(ref)["turn"] == "Bob"


def test_skip_wraps_round_the_table() -> None:
    """dossier 2.4: Dee's Skip skips Ann (next in seating order) and Bob plays."""
    ref = table(start="r7")
    for who in ("Ann", "Bob", "Cy"):
        ok(draw(ref, who))
    ok(play(ref, "Dee", "rs"))
    assert st(ref)["turn"] == "Bob"


# Reverse ----------------------------------------------------------------------------------------


def test_reverse_changes_direction() -> None:
    """dossier 2.4: Reverse, play changes direction (the player to the right plays next)."""
    ref = table(start="r7")
    ok(play(ref, "Ann", "rr"), "reverse")
    s = st(ref)
    assert (s["turn"], s["direction"]) == ("Dee", "ccw")
    ok(play(ref, "Dee", "r3"))
    assert st(ref)["turn"] == "Cy"
    refused(play(ref, "Ann", "r4"), "turn-order")


def test_second_reverse_restores_clockwise() -> None:
    """dossier 2.4: a Reverse on a Reverse (symbol match) turns play back."""
    ref = table(start="r7")
    ok(play(ref, "Ann", "rr"))
    ok(play(ref, "Dee", "gr"))
    s = st(ref)
    assert (s["turn"], s["direction"], s["color"]) == ("Ann", "cw", "green")


def test_reverse_with_three_players() -> None:
    """dossier 2.4 / 2.11: with three players a Reverse is a real reverse, not a Skip."""
    ref = table(start="r7", players=THREE)
    ok(play(ref, "Ann", "rr"), "reverse")
    assert (st(ref)["turn"], st(ref)["direction"]) == ("Cy", "ccw")


# Draw Two ---------------------------------------------------------------------------------------


def test_draw_two_next_player_draws_two_and_is_skipped() -> None:
    """dossier 2.4 / 2.14 / 13 row 21: the next player draws 2 and misses their turn."""
    ref = table(start="r7")
    ok(play(ref, "Ann", "r+2"), "draw-two")
    s = st(ref)
    assert s["hands"] == {"Ann": 6, "Bob": 9, "Cy": 7, "Dee": 7}
    assert s["draw_pile"] == 79 - 2
    assert s["turn"] == "Cy"


def test_draw_two_cannot_be_stacked_by_the_victim() -> None:
    """dossier 2.14 / 12 row 1 / 13 row 21 (TW19, TW20): no stacking; the victim's turn is gone."""
    ref = table(start="r7")
    ok(play(ref, "Ann", "r+2"))
    refused(play(ref, "Bob", "b+2"), "turn-order")


def test_draw_two_cannot_be_deflected_with_skip_or_reverse() -> None:
    """dossier 12 row 10: the target must draw 2 and miss their turn; no deflection."""
    ref = table(start="r7")
    ok(play(ref, "Ann", "r+2"))
    refused(play(ref, "Bob", "rs"), "turn-order")
    refused(play(ref, "Bob", "rr"), "turn-order")
    assert hands(ref)["Bob"] == 9


def test_draw_two_on_draw_two_by_the_next_player_in_turn() -> None:
    """dossier 2.4: a Draw Two matches a Draw Two by symbol; it hits the player after."""
    ref = table(start="r7")
    ok(play(ref, "Ann", "r+2"))
    ok(play(ref, "Cy", "g+2"))
    s = st(ref)
    assert s["hands"] == {"Ann": 6, "Bob": 9, "Cy": 6, "Dee": 9}
    assert (s["turn"], s["color"]) == ("Ann", "green")


def test_draw_two_counter_clockwise_hits_the_right_neighbour() -> None:
    """dossier 2.4: the 'next player' follows the direction of play."""
    ref = table(start="r7")
    ok(play(ref, "Ann", "rr"))
    ok(play(ref, "Dee", "r+2"))
    s = st(ref)
    assert s["hands"]["Cy"] == 9 and s["turn"] == "Bob"


# Two players (dossier 2.11, 13 row 14) ----------------------------------------------------------


def test_two_players_skip_plays_again() -> None:
    """dossier 2.11 (ENold, JPmc): after a Skip the player plays again at once."""
    ref = table(start="r7", players=TWO)
    ok(play(ref, "Ann", "rs"), "two-player-skip")
    assert st(ref)["turn"] == "Ann"
    refused(play(ref, "Bob", "r3"), "turn-order")
    ok(play(ref, "Ann", "r3"))
    assert st(ref)["turn"] == "Bob"


@pytest.mark.parametrize("rules", ["en", "jp"])
def test_two_players_reverse_acts_as_skip_by_default(rules: str) -> None:
    """dossier 2.11 / 13 row 14 / options.md `two-player-reverse skip` (en and jp default):
    with two players a Reverse acts like a Skip: the player plays again."""
    ref = table(start="r7", players=TWO, rules=rules)
    ok(play(ref, "Ann", "rr"), "two-player-reverse")
    assert st(ref)["turn"] == "Ann"
    refused(play(ref, "Bob", "r3"), "turn-order")


def test_two_players_reverse_only_reverses_under_reverse_option() -> None:
    """dossier 2.11 ('literal reading: a no-op') / options.md `two-player-reverse reverse`:
    the direction changes and so the other player plays next."""
    ref = table(start="r7", players=TWO, two_player_reverse="reverse")
    ok(play(ref, "Ann", "rr"), "two-player-reverse")
    s = st(ref)
    assert (s["turn"], s["direction"]) == ("Bob", "ccw")
    refused(play(ref, "Ann", "r3"), "turn-order")


def test_two_players_draw_two_returns_play_to_the_player() -> None:
    """dossier 2.11 (JPmc item 3): after Draw Two the opponent draws 2 and play returns to you."""
    ref = table(start="r7", players=TWO)
    ok(play(ref, "Ann", "r+2"))
    s = st(ref)
    assert s["hands"] == {"Ann": 6, "Bob": 9}
    assert s["turn"] == "Ann"
    assert s["draw_pile"] == 108 - 14 - 1 - 2


def test_two_players_wild_draw_four_returns_play_to_the_player() -> None:
    """dossier 2.11 (JPmc: 'WD4 works the same'): once the opponent has drawn 4, you play again."""
    ref = table(start="r7", players=TWO)
    ok(play(ref, "Ann", "w+4", "blue"))
    ok(accept(ref, "Bob"))
    s = st(ref)
    assert s["hands"] == {"Ann": 6, "Bob": 11}
    assert s["turn"] == "Ann"


def test_two_players_plain_card_passes_the_turn() -> None:
    """dossier 2.4: with two players an ordinary card passes the turn to the opponent."""
    ref = table(start="r7", players=TWO)
    ok(play(ref, "Ann", "r3"))
    assert st(ref)["turn"] == "Bob"
