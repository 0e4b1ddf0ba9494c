"""Rules `at-time` (`time`: the round ends where it stands, the lowest hand wins) and `leave`
(`leave NAME`: a player leaves the game, their hand set aside, the others play on)."""

from __future__ import annotations

import pytest

from referee.engine import Referee
from referee.engine import events as ev
from referee.engine.waiting import waiting_for
from referee.render import render
from tests.unit.rules_helpers import (
    Outcome,
    accept,
    apply,
    dealer,
    draw,
    hand,
    hands,
    new_round,
    ok,
    play,
    refused,
    st,
    table,
    went_out,
)


def time(ref: Referee) -> Outcome:
    return apply(ref, ev.TimeCalled())


def leave(ref: Referee, who: str) -> Outcome:
    return apply(ref, ev.PlayerLeft(who))


def _played_a_little(scoring: str = "rounds 3") -> Referee:
    ref = table(scoring=scoring)  # Ann plays first (Dee deals), r7 up
    ok(play(ref, "Ann", "r5"))
    ok(draw(ref, "Bob"))
    ok(play(ref, "Cy", "r2"))
    return ref


# at-time ---------------------------------------------------------------------------------------


def test_time_ends_the_round_and_asks_every_hand() -> None:
    ref = _played_a_little()
    outcome = ok(time(ref), "at-time")
    assert ref.state.phase == "over"
    assert st(ref)["turn"] is None
    assert "Ann, Bob, Cy, Dee" in outcome.text
    waits = waiting_for(ref.state)
    assert [w.kind for w in waits] == ["hands"]
    assert "ended at time" in render([waits[0].message])


def test_the_lowest_hand_wins_and_its_own_points_are_not_counted() -> None:
    ref = _played_a_little()
    ok(time(ref))
    ok(hand(ref, "Ann", points=40))
    ok(hand(ref, "Bob", points=25))
    ok(hand(ref, "Cy", "r1 g2 b3 y4 r5 r6"), "round-hands")  # Cy holds 6 cards: 21 points
    last = ok(hand(ref, "Dee", points=9), "at-time")
    assert "Dee holds the lowest hand (9) and wins round 1" in last.text
    sheet = ref.state.sheet
    # `rounds N`: the winner scores the others' hands, each other loses their own.
    assert dict(sheet.totals) == {"Ann": -40, "Bob": -25, "Cy": -21, "Dee": 86}
    assert sheet.round_winners == ("Dee",)
    assert sheet.round_at_time == (True,)
    assert ref.state.results[-1].hands.get("Dee", 0) == 0


def test_a_tie_for_the_lowest_hand_wins_nobody_the_round() -> None:
    ref = _played_a_little()
    ok(time(ref))
    for who, points in (("Ann", 10), ("Bob", 10), ("Cy", 30), ("Dee", 12)):
        last = ok(hand(ref, who, points=points))
    assert "Ann, Bob tie for the lowest hand (10): nobody wins round 1" in last.text
    sheet = ref.state.sheet
    assert dict(sheet.totals) == {"Ann": -10, "Bob": -10, "Cy": -30, "Dee": -12}
    assert sheet.round_winners == (None,)
    # The next round's dealer: nobody won, so the deal passes left as usual.
    ok(new_round(ref, 2))
    assert ref.state.dealer == "Ann"


@pytest.mark.parametrize(
    ("scoring", "totals"),
    [
        ("target 500", {"Ann": 0, "Bob": 0, "Cy": 0, "Dee": 0}),
        ("additive 3", {"Ann": 0, "Bob": 0, "Cy": 0, "Dee": 0}),
        ("lowest 500", {"Ann": 10, "Bob": 10, "Cy": 30, "Dee": 12}),
    ],
)
def test_a_tie_at_time_under_each_scoring(scoring: str, totals: dict[str, int]) -> None:
    ref = _played_a_little(scoring)
    ok(time(ref))
    for who, points in (("Ann", 10), ("Bob", 10), ("Cy", 30), ("Dee", 12)):
        ok(hand(ref, who, points=points))
    assert dict(ref.state.sheet.totals) == totals


def test_a_hand_at_time_is_checked_against_the_tracked_count() -> None:
    ref = _played_a_little()
    ok(time(ref))
    assert hands(ref)["Bob"] == 8
    refused(hand(ref, "Bob", "r1 r2"), "round-hands")
    refused(hand(ref, "Ann", points=301), "round-hands")  # 6 cards hold 300 points at most


def test_one_round_game_at_time_needs_the_hands_to_decide() -> None:
    ref = _played_a_little("none")
    ok(time(ref))
    assert not ref.state.sheet.finished
    for who, points in (("Ann", 30), ("Bob", 25), ("Cy", 21)):
        ok(hand(ref, who, points=points))
    assert not ref.state.sheet.finished
    ok(hand(ref, "Dee", points=50))
    sheet = ref.state.sheet
    assert sheet.finished and sheet.winner == "Cy"


def test_time_waits_until_the_turn_is_finished() -> None:
    ref = table(scoring="rounds 3")
    ok(play(ref, "Ann", "w+4", "blue"))
    outcome = refused(time(ref), "at-time")  # Bob may still challenge the Wild Draw Four
    assert "Bob still has a draw to take or answer" in outcome.text
    ok(accept(ref, "Bob"))
    ok(time(ref))
    assert hands(ref)["Bob"] == 11


def test_a_play_after_time_is_told_to_enter_the_hands() -> None:
    ref = _played_a_little()
    ok(time(ref))
    outcome = refused(play(ref, "Dee", "r3"), "at-time")
    assert "round 1 ended at time: enter the hands left" in outcome.text


def test_time_only_in_a_round_in_play() -> None:
    ref = table(scoring="rounds 3", start=None)
    refused(time(ref), "at-time")
    ref = table(scoring="rounds 3")
    ok(time(ref))
    refused(time(ref), "at-time")
    scorekeeping = table(scoring="rounds 3", start=None)
    ok(went_out(scorekeeping, "Ann"))
    refused(time(scorekeeping), "at-time")


def test_time_closes_a_missed_uno_window() -> None:
    ref = table(scoring="rounds 3", hand_size=2)
    ok(play(ref, "Ann", "r5"))  # Ann is left with one card and did not call UNO
    assert st(ref)["catchable"] == ["Ann"]
    ok(time(ref))
    assert st(ref)["catchable"] == []


# leave -----------------------------------------------------------------------------------------


def test_a_player_leaves_mid_round_and_the_others_play_on() -> None:
    ref = _played_a_little()
    outcome = ok(leave(ref, "Dee"), "leave")  # Dee is to play: the turn passes to Ann
    assert "Dee leaves the game; their hand is set aside" in outcome.text
    assert st(ref)["turn"] == "Ann"
    ok(play(ref, "Ann", "r9"))
    ok(draw(ref, "Bob"))
    ok(play(ref, "Cy", "r1"))
    assert st(ref)["turn"] == "Ann"  # Dee's seat is passed over
    refused(play(ref, "Dee", "r3"))


def test_the_leavers_hand_is_not_scored_and_their_totals_stay() -> None:
    ref = table(scoring="rounds 3", hand_size=1)
    ok(play(ref, "Ann", "r5"))  # Ann goes out with her only card
    ok(hand(ref, "Bob", points=10))
    ok(hand(ref, "Cy", points=20))
    ok(hand(ref, "Dee", points=30))
    assert dict(ref.state.sheet.totals) == {"Ann": 60, "Bob": -10, "Cy": -20, "Dee": -30}
    ok(leave(ref, "Cy"))
    ok(new_round(ref, 2))
    assert list(ref.state.seats) == ["Ann", "Bob", "Dee"]
    ok(dealer(ref, "Dee"))
    refused(dealer(ref, "Cy"))
    assert ref.state.sheet.totals["Cy"] == -20


def test_a_leave_after_going_out_drops_the_hand_not_yet_needed() -> None:
    ref = table(scoring="rounds 3", hand_size=1)
    ok(play(ref, "Ann", "r5"))
    ok(hand(ref, "Bob", points=10))
    ok(leave(ref, "Cy"))  # Cy's hand is set aside: only Dee's is still needed
    last = ok(hand(ref, "Dee", points=30))
    assert last.ok
    assert dict(ref.state.sheet.totals) == {"Ann": 40, "Bob": -10, "Cy": 0, "Dee": -30}
    refused(hand(ref, "Cy", points=5), "leave")


def test_leaving_before_the_deal_passes_the_deal_on() -> None:
    ref = table(scoring="rounds 3", start=None)  # Dee deals
    outcome = ok(leave(ref, "Dee"))
    assert "Ann deals round 1 instead" in outcome.text
    assert list(ref.state.seats) == ["Ann", "Bob", "Cy"]


def test_a_game_keeps_two_players() -> None:
    ref = table(scoring="rounds 3", players=("Ann", "Bob", "Cy"))
    ok(leave(ref, "Cy"))
    refused(leave(ref, "Cy"), "leave")
    outcome = refused(leave(ref, "Bob"), "leave")
    assert "a game needs two players" in outcome.text


def test_two_leave_in_a_row_and_the_other_two_play_on() -> None:
    # Two leave in a row at a table of four: two play on; a third leave is refused.
    ref = _played_a_little()
    ok(leave(ref, "Bob"))
    ok(leave(ref, "Cy"))
    assert ref.state.phase == "play"
    refused(leave(ref, "Ann"), "leave")


def test_time_after_a_leave_asks_only_the_hands_of_those_left() -> None:
    ref = _played_a_little()
    ok(leave(ref, "Bob"))
    ok(time(ref))
    ok(hand(ref, "Ann", points=30))
    ok(hand(ref, "Cy", points=5))
    last = ok(hand(ref, "Dee", points=9))
    assert "Cy holds the lowest hand (5)" in last.text
    assert dict(ref.state.sheet.totals) == {"Ann": -30, "Bob": 0, "Cy": 39, "Dee": -9}


def test_leaving_when_the_hands_left_after_time_decide_it() -> None:
    ref = _played_a_little()
    ok(time(ref))
    ok(hand(ref, "Ann", points=30))
    ok(hand(ref, "Cy", points=5))
    ok(hand(ref, "Dee", points=9))
    last = ok(leave(ref, "Bob"))  # the last hand missing was Bob's: the round is decided
    assert "Cy holds the lowest hand (5)" in last.text
    assert ref.state.sheet.round_winners == ("Cy",)
