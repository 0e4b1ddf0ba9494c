"""Misplays, coaching, table penalties and table overrides.

The Japanese manuals' 「罰則と反則」 (the Mattel Japan manual, the UNO FLIP! and Minecraft UNO
manuals; Minecraft coaching 4); the options `misplay-penalty`, `coaching-penalty`; the session
notation's moves (`misplay`, `penalty`, `turn`, `takes`, `gives`).
"""

from __future__ import annotations

import pytest

from tests.unit.rules_helpers import (
    accept,
    challenge,
    draw,
    gives,
    hands,
    misplay,
    ok,
    penalty,
    play,
    refused,
    st,
    table,
    takes,
    turn_override,
)

# Misplay (the Japanese manuals' 「罰則と反則」) ---------------------------------------------------


@pytest.mark.parametrize("rules", ["en", "jp"])
def test_misplay_card_back_draw_two_turn_passes(rules: str) -> None:
    """The Mattel Japan and UNO FLIP! manuals: take the card back, draw 2, turn passes;
    `misplay-penalty 2` (en and jp default)."""
    ref = table(start="r7", rules=rules)
    ok(misplay(ref, "Ann", "g3"), "misplay")
    s = st(ref)
    assert s["hands"] == {"Ann": 9, "Bob": 7, "Cy": 7, "Dee": 7}
    assert (s["top"], s["color"], s["turn"]) == ("r7", "red", "Bob")
    assert s["discard_pile"] == 1
    assert s["draw_pile"] == 79 - 2


@pytest.mark.parametrize("n", [0, 1, 4])
def test_misplay_penalty_override(n: int) -> None:
    """Option `misplay-penalty` (integer)."""
    ref = table(start="r7", misplay_penalty=n)
    ok(misplay(ref, "Ann", "g3"), "misplay")
    assert hands(ref)["Ann"] == 7 + n
    assert st(ref)["turn"] == "Bob"


@pytest.mark.parametrize("code", ["r3", "g7", "w", "w+4"])
def test_a_legal_card_is_not_a_misplay(code: str) -> None:
    """The manuals' misplay; the engine checks that the card really was illegal: Red 3
    (colour), Green 7 (number) and Wilds could go on Red 7."""
    ref = table(start="r7")
    refused(misplay(ref, "Ann", code), "misplay")


def test_misplay_of_an_action_card_that_does_not_match() -> None:
    """The Japanese manual: a Blue Skip on Red 7 is illegal; no Skip effect; the turn passes."""
    ref = table(start="r7")
    ok(misplay(ref, "Ann", "bs"), "misplay")
    s = st(ref)
    assert (s["turn"], s["top"]) == ("Bob", "r7")
    assert s["hands"]["Bob"] == 7


def test_misplay_on_a_wild_is_judged_on_the_declared_colour() -> None:
    """The Japanese manual: after a Wild naming blue, a red card is a misplay."""
    ref = table(start="r7")
    ok(play(ref, "Ann", "w", "blue"))
    ok(misplay(ref, "Bob", "r3"), "misplay")
    refused(misplay(ref, "Cy", "b3"), "misplay")


def test_misplay_of_a_used_up_card_is_refused() -> None:
    """rule conservation: the only Red 0 is in the discard pile; it cannot be misplayed."""
    ref = table(start="r7")
    ok(play(ref, "Ann", "r0"))
    ok(play(ref, "Bob", "w", "blue"))
    refused(misplay(ref, "Cy", "r0"), "conservation")


def test_misplay_out_of_turn_card_back_penalty_turn_unchanged() -> None:
    """The Japanese manual: Cy puts a card down out of turn: it goes back, Cy draws 2; it is still
    Ann's turn (there is no turn of Cy's to pass)."""
    ref = table(start="r7")
    ok(misplay(ref, "Cy", "r3"), "misplay")
    s = st(ref)
    assert s["hands"] == {"Ann": 7, "Bob": 7, "Cy": 9, "Dee": 7}
    assert (s["turn"], s["top"]) == ("Ann", "r7")


def test_legal_card_is_not_a_misplay_for_the_retract_replay_offender() -> None:
    """`misplay CARD`: the engine checks that CARD really was illegal; Japanese Wikipedia's
    `wd4-guilty retract-replay`: Red 3 on the restored Red 7 is the
    legal card Ann must play, not a misplay."""
    ref = table(start="r7", wd4_guilty="retract-replay")
    ok(play(ref, "Ann", "w+4", "blue"))
    ok(challenge(ref, "Bob", "guilty"))
    refused(misplay(ref, "Ann", "r3"), "misplay")


def test_misplayed_card_is_known_to_be_in_hand() -> None:
    """The Japanese manual: the card goes back to the hand, so the player may play it later."""
    ref = table(start="r7")
    ok(misplay(ref, "Ann", "g3"))
    ok(play(ref, "Bob", "r3"))
    ok(play(ref, "Cy", "g3"))
    ok(draw(ref, "Dee"))
    ok(play(ref, "Ann", "g3"))  # the second Green 3: the one she took back
    refused(play(ref, "Bob", "g3"), "conservation")


# Coaching (the Japanese manuals' 「罰則と反則」) --------------------------------------------------


@pytest.mark.parametrize(
    "edition,rules,n",
    [
        ("classic", "en", 2),  # en default 2 (the Mattel sheet is silent)
        ("classic", "jp", 2),  # the Mattel Japan manual: 2
        ("shuffle", "jp", 2),  # the Mattel Japan manual: 2
        ("minecraft", "jp", 4),  # the Minecraft UNO manual: 4
        ("minecraft", "en", 2),  # the en default stays 2
    ],
)
def test_coaching_penalty_defaults(edition: str, rules: str, n: int) -> None:
    """The Mattel Japan and UNO FLIP! manuals: the coach draws 2; the Minecraft UNO manual: 4;
    option `coaching-penalty`."""
    ref = table(edition=edition, rules=rules, start="r7")
    ok(penalty(ref, "Cy", coaching=True), "coaching")
    s = st(ref)
    assert s["hands"]["Cy"] == 7 + n
    assert s["turn"] == "Ann"


def test_coaching_penalty_override() -> None:
    """Option `coaching-penalty` (integer)."""
    ref = table(start="r7", coaching_penalty=3)
    ok(penalty(ref, "Dee", coaching=True), "coaching")
    assert hands(ref)["Dee"] == 10


# Table penalties and overrides (the session notation) ---------------------------------------------


def test_penalty_n_draws_n_and_keeps_the_turn() -> None:
    """`penalty N "reason"`: a penalty draw ruled at the table; not a turn action."""
    ref = table(start="r7")
    ok(penalty(ref, "Cy", 3, "slow play"), "table-penalty")
    s = st(ref)
    assert s["hands"]["Cy"] == 10 and s["draw_pile"] == 76 and s["turn"] == "Ann"


def test_turn_override_sets_whose_turn() -> None:
    """`turn NAME`: the table says whose turn it is now."""
    ref = table(start="r7")
    ok(turn_override(ref, "Cy"), "table-override")
    assert st(ref)["turn"] == "Cy"
    refused(play(ref, "Ann", "r3"), "turn-order")
    ok(play(ref, "Cy", "r3"))
    assert st(ref)["turn"] == "Dee"


def test_turn_override_over_a_pending_wd4() -> None:
    """`turn NAME`: the table decides; the pending Wild Draw Four is dropped."""
    ref = table(start="r7")
    ok(play(ref, "Ann", "w+4", "blue"))
    ok(turn_override(ref, "Dee"))
    s = st(ref)
    assert s["turn"] == "Dee" and s["pending"] is None
    refused(accept(ref, "Bob"), "wd4-challenge-who")


def test_takes_n_draws_from_the_draw_pile() -> None:
    """`NAME: takes N`: hand count up, draw pile down."""
    ref = table(start="r7")
    ok(takes(ref, "Bob", 2, "custom rule"), "table-override")
    s = st(ref)
    assert s["hands"]["Bob"] == 9 and s["draw_pile"] == 77 and s["turn"] == "Ann"


def test_gives_n_to_the_bottom_of_the_draw_pile() -> None:
    """`NAME: gives N`: hand count down, draw pile up."""
    ref = table(start="r7")
    ok(gives(ref, "Bob", 2), "table-override")
    s = st(ref)
    assert s["hands"]["Bob"] == 5 and s["draw_pile"] == 81


def test_gives_whole_hand_is_refused() -> None:
    """rule table-override: a player goes out by playing, not by giving cards away."""
    ref = table(start="r7")
    refused(gives(ref, "Bob", 7), "table-override")
    refused(gives(ref, "Bob", 8), "table-override")
