"""Penalty-point scoring (罰点方式): elimination mid-round, the last two, and the game's end."""

from __future__ import annotations

from typing import Any

from referee.engine import Referee
from referee.notation import parse_session
from referee.render import render
from tests.unit.rules_helpers import (
    accept,
    catch,
    challenge,
    dealer,
    draw,
    hand,
    hands,
    new_round,
    ok,
    penalty,
    play,
    refused,
    st,
    table,
    turn_up,
)

# The Minecraft UNO manual, 「罰点方式のUNO」: "ゲームから外されます";
# "最後の1対1で先に罰点が500点になった方が負け".

EXAMPLE = """\
[Edition "classic"]
[Rules "jp"]
[Scoring "penalty 100"]
[Players "Alice, Bob"]
round 1
dealer Bob
start r7
Alice: w+4 blue
Bob: challenge shows r3
hand Alice: w+4 w+4 w w r+2 rs rr b9 b8 g7 r3
Bob: r5
"""
P3 = ("Ann", "Bob", "Cy")


def test_the_issue_example_is_decided_at_the_penalty_and_refuses_the_next_move() -> None:
    """The guilty Wild Draw Four costs Alice 287 points: with two players she loses at once;
    Bob's later card is refused under `scoring`, never an internal error."""
    session = parse_session(EXAMPLE, "example.uno")
    ref = Referee(session.header)
    rulings = [ref.apply(event) for event in session.events]
    assert all(r.ok for r in rulings[:-1]), [render(r.parts) for r in rulings]
    assert rulings[-2].rule == "scoring"
    # The real total (287), not the limit she passed (issue 25: "reaches 100").
    assert render(rulings[-2].parts).endswith(
        "With 287 penalty points in all (the limit is "
        "100), Alice is out of the game. Bob wins the "
        "game."
    )
    last = rulings[-1]
    assert not last.ok and last.rule == "scoring"
    assert render(last.parts) == "the game is decided after round 1 (Bob wins): no more moves"
    sheet = ref.sheet
    assert sheet.finished and sheet.winner == "Bob" and dict(sheet.eliminated) == {"Alice": 1}
    assert sheet.totals["Alice"] == 287


def two_player_guilty() -> Referee:
    ref = table(rules="jp", players=("Ann", "Bob"), scoring="penalty 100", hand_size=7)
    ok(play(ref, "Ann", "w+4", "blue"))
    ok(challenge(ref, "Bob", "guilty"), "wd4-guilty")
    return ref


def test_two_players_a_guilty_challenge_over_the_limit_ends_the_game() -> None:
    """The first of the last two to reach N loses; she leaves the round, which Bob wins."""
    ref = two_player_guilty()
    assert ref.penalty_due == {"Ann"}
    ok(hand(ref, "Ann", "w+4 w+4 w w r+2 rs rr b9 b8 g7 r3"), "scoring")
    assert st(ref)["phase"] == "over"
    assert ref.winner == "Bob" and ref.table is not None and ref.table.out == (0,)
    assert ref.sheet.finished and ref.sheet.winner == "Bob"
    refused(play(ref, "Bob", "r5"), "scoring")
    refused(new_round(ref, 2), "scoring")


def test_two_players_under_the_limit_play_on() -> None:
    """Below N the offender keeps playing; the round is not over."""
    ref = two_player_guilty()
    ok(hand(ref, "Ann", points=99), "scoring")
    assert st(ref)["phase"] == "play" and not ref.sheet.finished
    assert ref.table is not None and ref.table.out == ()
    ok(play(ref, "Bob", "r5"))


def eliminate_ann(
    players: tuple[str, ...] = ("Ann", "Bob", "Cy", "Dee"), **options: Any
) -> Referee:
    """Ann goes down to one card without UNO, is caught, and her hand costs 150 of 50."""
    ref = table(players=players, scoring="penalty 50", hand_size=2, **options)
    ok(play(ref, "Ann", "r5"))
    ok(catch(ref, "Bob", "Ann"))
    return ref


def test_three_or_more_a_player_out_of_the_game_leaves_the_round_at_once() -> None:
    """Her cards go to the bottom of the draw pile and play passes her by; the others finish
    the round and the game goes on without her."""
    ref = eliminate_ann()
    pile = st(ref)["draw_pile"]
    outcome = ok(hand(ref, "Ann", "w w w"), "scoring")
    assert "Their cards go to the bottom of the draw pile. Bob plays next." in outcome.text
    assert st(ref)["draw_pile"] == pile + 3 and hands(ref)["Ann"] == 0
    refused(play(ref, "Ann", "r3"), "penalty-out")
    ok(play(ref, "Bob", "r1"))
    ok(play(ref, "Cy", "r2"))
    ok(draw(ref, "Dee"))
    ok(play(ref, "Bob", "r3"))
    assert ref.winner == "Bob"
    assert not ref.sheet.finished and dict(ref.sheet.eliminated) == {"Ann": 1}
    ok(new_round(ref, 2))
    refused(dealer(ref, "Ann"), "session")
    ok(dealer(ref, "Dee"))
    ok(turn_up(ref, "b5"))
    assert set(hands(ref)) == {"Bob", "Cy", "Dee"} and st(ref)["turn"] == "Bob"


def test_the_last_two_of_the_game_end_it_with_more_seats_at_the_start() -> None:
    """Cy is out after round 1; in round 2 Ann's elimination leaves Bob alone in the game."""
    ref = eliminate_ann(players=P3)
    ok(hand(ref, "Ann", points=49))
    ok(play(ref, "Bob", "r1", uno=True))
    ok(play(ref, "Cy", "r2"))
    ok(catch(ref, "Ann", "Cy"))
    ok(hand(ref, "Cy", "w w w"), "scoring")  # 150 of 50: Cy is out
    ok(play(ref, "Ann", "r3"))
    ok(play(ref, "Bob", "r4"))
    assert ref.winner == "Bob" and not ref.sheet.finished
    ok(new_round(ref, 2))
    ok(dealer(ref, "Bob"))
    ok(turn_up(ref, "r7"))
    ok(play(ref, "Ann", "r5"))  # Ann holds 1 of 2: a missed UNO
    ok(catch(ref, "Bob", "Ann"))
    outcome = ok(hand(ref, "Ann", "r1 r2 r3"), "scoring")
    assert outcome.text.endswith(
        "With 55 penalty points in all (the limit is 50), Ann is out "
        "of the game. Bob wins the game."
    )
    sheet = ref.sheet
    assert sheet.finished and sheet.winner == "Bob" and sheet.finished_after == 2
    assert dict(sheet.eliminated) == {"Cy": 1, "Ann": 2}
    assert sheet.ranks["Bob"] == 1 and sheet.ranks["Ann"] == 2 and sheet.ranks["Cy"] == 3


def test_knocked_out_of_the_round_is_not_out_of_the_game() -> None:
    """Mercy knocked Cy out of this round: Ann's elimination leaves Bob the last player seated,
    who wins the round, but Cy is still in the game, so it goes on."""
    ref = table(players=P3, scoring="penalty 50", hand_size=2, mercy=15)
    ok(penalty(ref, "Cy", 14), "mercy")
    ok(play(ref, "Ann", "r5"))
    ok(catch(ref, "Bob", "Ann"))
    outcome = ok(hand(ref, "Ann", "w w w"), "scoring")
    assert outcome.text.endswith(
        "With 150 penalty points in all (the limit is 50), Ann is out "
        "of the game. Bob is the last player left and wins round 1."
    )
    assert ref.winner == "Bob" and not ref.sheet.finished
    refused(play(ref, "Bob", "r1"), "going-out")
    ok(new_round(ref, 2))
    ok(dealer(ref, "Bob"))
    ok(turn_up(ref, "r7"))
    assert set(hands(ref)) == {"Bob", "Cy"}


def test_no_challenge_of_a_draw_whose_player_is_out_of_the_game() -> None:
    """Ann's Wild Draw Four waits on Bob when her penalty points put her out: nobody can show
    her hand any more, so Bob accepts the draw."""
    ref = table(players=("Ann", "Bob", "Cy", "Dee"), scoring="penalty 50", hand_size=2)
    ok(play(ref, "Ann", "w+4", "blue"))
    ok(catch(ref, "Bob", "Ann"))
    ok(hand(ref, "Ann", "w w w"), "scoring")
    assert [type(e).__name__ for e in ref.legal_moves("Bob")] == ["DrawAccepted"]
    outcome = refused(challenge(ref, "Bob", "guilty"), "penalty-out")
    assert outcome.text.startswith("Ann has left the round")
    ok(accept(ref, "Bob"))
    assert hands(ref)["Bob"] == 6 and st(ref)["turn"] == "Cy"


def test_no_challenge_of_a_draw_whose_player_was_knocked_out() -> None:
    """The same under the mercy house rule, without penalty scoring."""
    ref = table(players=P3, hand_size=7, mercy=15)
    ok(play(ref, "Ann", "w+4", "blue"))
    ok(penalty(ref, "Ann", 9), "mercy")
    refused(challenge(ref, "Bob", "innocent"), "mercy")
    ok(accept(ref, "Bob"))


def test_a_decided_game_refuses_moves_under_scoring_for_any_system() -> None:
    """`none`: the round decides the game, so the next move is refused for that reason."""
    ref = table(players=("Ann", "Bob"), scoring="none", hand_size=1)
    ok(play(ref, "Ann", "r5"))
    assert ref.sheet.finished
    outcome = refused(play(ref, "Bob", "r3"), "scoring")
    assert outcome.text == "the game is decided after round 1 (Ann wins): no more moves"


def test_a_player_out_of_the_game_is_told_so_not_out_of_this_round() -> None:
    """Issue 25: eliminated by penalty points mid-round, Ann is out of the game (the Minecraft
    manual's 「ゲームから外されます」), not only out of this round as a knock-out is."""
    ref = eliminate_ann()
    ok(hand(ref, "Ann", "w w w"), "scoring")
    out = refused(play(ref, "Ann", "r3"), "penalty-out")
    assert out.text == "Ann is out of the game"
    ref = table(players=P3, scoring="penalty 50", hand_size=2, mercy=15)
    ok(penalty(ref, "Cy", 14), "mercy")
    assert refused(draw(ref, "Cy"), "mercy").text == "Cy is out of this round"
