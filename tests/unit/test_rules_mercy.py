"""The mercy rule: knocked out at N cards (No Mercy 25; `mercy N` elsewhere), as the No
Mercy sheet has it."""

from __future__ import annotations

import pytest

from referee.engine import Referee, SetupError
from referee.engine import events as ev
from referee.engine.setup import resolve, rules_in_force
from tests.unit.rules_helpers import (
    accept,
    apply,
    c,
    catch,
    challenge,
    dealer,
    draw,
    hand,
    hands,
    header,
    make_play,
    new_round,
    ok,
    play,
    refused,
    st,
    table,
    takes,
    turn_up,
    uno,
)

THREE = ("Ann", "Bob", "Cy")


# Setting it up (option `mercy`) -------------------------------------------------------------------


def test_mercy_is_off_in_classic_and_can_be_turned_off_in_no_mercy() -> None:
    """Option `mercy` (`off` / integer; `nomercy`: 25)."""
    for ref in (table(start="r5"), table("nomercy", start="r5", mercy="off")):
        ok(takes(ref, "Bob", 30), "table-override")
        assert hands(ref)["Bob"] == 37


@pytest.mark.parametrize("limit", [7, 5, "abc", "-3"])
def test_the_limit_must_be_a_number_above_the_hand_size(limit: object) -> None:
    """Option `mercy`: a player holding the limit is knocked out, so a deal may not do it."""
    with pytest.raises(SetupError):
        Referee(header(mercy=limit))
    Referee(header(mercy=8))


def test_a_zero_limit_is_refused() -> None:
    """Option `mercy` (`off` / integer): 0 is below any hand size."""
    with pytest.raises(SetupError):
        Referee(header(mercy=0))


def test_the_mercy_rule_is_in_the_rulebook_when_on() -> None:
    """Option `mercy`: each rule a ruling cites is in `uno-referee rules`."""
    assert "mercy" in {
        r.id for r in rules_in_force(resolve("en", "classic", (("mercy", "15"),)), "classic")
    }


# Knocked out (the No Mercy sheet's Mercy Rule) ----------------------------------------------------


def test_reaching_the_limit_knocks_out_and_the_cards_go_under_the_discard_pile() -> None:
    """c4gamingstudio.com: 'Add their cards to the bottom of the discard pile'."""
    ref = table(start="r5", mercy=15)
    ok(takes(ref, "Bob", 7), "table-override")  # 14: one short
    out = ok(takes(ref, "Bob", 1), "mercy")
    assert out.notable and "knocked out" in out.text
    s = st(ref)
    assert s["hands"] == {"Ann": 7, "Bob": 0, "Cy": 7, "Dee": 7}
    assert s["top"] == "r5" and s["discard_pile"] == 16 and s["turn"] == "Ann"


def test_knocked_out_on_their_own_turn_the_turn_moves_on() -> None:
    """The No Mercy sheet ('knocked out immediately'): the next player still in plays."""
    ref = table(start="r5", mercy=15)
    ok(takes(ref, "Ann", 8), "mercy")
    assert st(ref)["turn"] == "Bob"


def test_a_knocked_out_seat_is_passed_over() -> None:
    """The No Mercy sheet (out of the game for the round): plays, Skips and Draw Twos pass them
    by."""
    ref = table(start="r5", mercy=15)
    ok(takes(ref, "Cy", 8))
    ok(play(ref, "Ann", "r3"))
    ok(play(ref, "Bob", "r4"))
    assert st(ref)["turn"] == "Dee"
    ok(play(ref, "Dee", "rs"))  # Ann is skipped
    assert st(ref)["turn"] == "Bob"
    ok(play(ref, "Bob", "r+2"))  # Dee draws 2
    s = st(ref)
    assert s["hands"]["Dee"] == 8 and s["turn"] == "Ann"


def test_a_knocked_out_player_takes_no_part() -> None:
    """The No Mercy sheet: knocked out of the round (no plays, draws, calls, catches, nor 7
    swaps)."""
    ref = table(start="r5", mercy=15, seven_o="on")
    ok(takes(ref, "Cy", 8))
    refused(draw(ref, "Cy"), "mercy")
    refused(catch(ref, "Cy", "Ann"), "mercy")
    refused(uno(ref, "Cy"), "mercy")
    refused(play(ref, "Ann", "r7", target="Cy"), "mercy")


def test_zero_passes_hands_over_a_knocked_out_seat() -> None:
    """The No Mercy sheet (0s Pass) with the Mercy Rule: the hands go to the next player still
    in."""
    ref = table(start="r5", mercy=15, seven_o="on")
    ok(takes(ref, "Cy", 8))
    ok(play(ref, "Ann", "r+2"))  # Bob 9
    ok(play(ref, "Dee", "r0"))  # Dee 6, then Ann's 6 to Bob, Bob's 9 to Dee, Dee's 6 to Ann
    assert hands(ref) == {"Ann": 6, "Bob": 6, "Cy": 0, "Dee": 9}
    assert st(ref)["turn"] == "Ann"


def test_with_two_left_a_reverse_acts_as_a_skip() -> None:
    """Two players still in play as a two-player game."""
    ref = table(start="r5", mercy=15)
    ok(takes(ref, "Bob", 8))
    ok(takes(ref, "Cy", 8))
    ok(play(ref, "Ann", "rr"), "two-player-reverse")
    assert st(ref)["turn"] == "Ann"


# Interactions --------------------------------------------------------------------------------


def test_accepting_a_stack_knocks_out_and_the_next_player_still_in_plays() -> None:
    """Stacking with the Mercy Rule."""
    ref = table(start="r5", mercy=12, stacking="same")
    ok(play(ref, "Ann", "r+2"))
    ok(play(ref, "Bob", "g+2"))
    ok(play(ref, "Cy", "y+2"))
    ok(accept(ref, "Dee"), "mercy")
    s = st(ref)
    assert s["hands"] == {"Ann": 6, "Bob": 6, "Cy": 6, "Dee": 0}
    assert s["turn"] == "Ann" and s["pending"] is None and s["discard_pile"] == 4 + 13


def test_an_implied_accept_knocks_out_before_the_next_move() -> None:
    """Under stacking the next player's move accepts for the victim; the Mercy Rule ('knocked out
    immediately'): Dee draws to the limit and is out before Ann plays, so the turn after Ann passes
    Dee by."""
    ref = table(start="r5", mercy=12, stacking="same")
    ok(play(ref, "Ann", "r+2"))
    ok(play(ref, "Bob", "g+2"))
    ok(play(ref, "Cy", "y+2"))
    out = ok(play(ref, "Ann", "y3"))
    assert "Dee holds 13 cards and is knocked out" in out.text
    s = st(ref)
    assert s["hands"] == {"Ann": 5, "Bob": 6, "Cy": 6, "Dee": 0}
    assert s["turn"] == "Bob" and s["pending"] is None


def test_an_implied_accept_that_ends_the_round_is_refused() -> None:
    """The No Mercy sheet ('Last one standing wins'): when the accept leaves one player in, the
    round is over before anyone else can move, so the accept is entered on its own."""
    ref = table(start="r5", players=("Ann", "Bob"), mercy=9, stacking="same")
    ok(play(ref, "Ann", "r+2"))
    refused(play(ref, "Ann", "r3"), "mercy")
    assert st(ref)["pending"] is not None
    ok(accept(ref, "Bob"), "mercy")
    assert ref.winner == "Ann"


def test_a_knocked_out_offender_has_not_gone_out() -> None:
    """A player knocked out while their draw card waits did not go out, so the
    victim may still stack on it or the next player may move for them."""
    ref = table(start="r5", mercy=12, stacking="same")
    ok(play(ref, "Ann", "r+2"))
    ok(takes(ref, "Ann", 6), "mercy")  # 6 + 6: Ann is out, her Draw Two still waits on Bob
    assert st(ref)["hands"]["Ann"] == 0 and ref.winner is None
    ok(play(ref, "Bob", "g+2"))
    ok(play(ref, "Dee", "g3"))  # Cy drew 4; Dee's move accepts for Cy
    s = st(ref)
    assert s["hands"]["Cy"] == 11 and s["turn"] == "Bob" and ref.winner is None


def test_a_knocked_out_wild_draw_color_player_does_not_win() -> None:
    """UNO FLIP! (the next player draws until the colour) with the Mercy Rule: Bob, knocked out
    before Cy records the draw, holds no cards but has not gone out."""
    ref = table("flip", start="r5", mercy=10)
    move = make_play("rf")._replace(top=c("pu5"))  # the dark side turns up
    ok(apply(ref, ev.CardPlayed("Ann", move)), "flip")
    ok(play(ref, "Bob", "w+c", "orange"), "flip-wild-draw")
    ok(takes(ref, "Bob", 4), "mercy")
    ok(draw(ref, "Cy", 2, counted=True), "flip-wild-draw")
    s = st(ref)
    assert ref.winner is None and s["turn"] == "Dee" and s["hands"]["Cy"] == 9


def test_a_knock_out_that_ends_the_round_leaves_no_draw_waiting() -> None:
    """The No Mercy sheet ('Last one standing wins'): a Wild Draw Four still waiting on the winner
    is moot once everyone else is out."""
    ref = table(start="r5", players=THREE, mercy=9)
    ok(play(ref, "Ann", "w+4", "blue"))
    ok(takes(ref, "Cy", 2), "mercy")
    out = ok(takes(ref, "Ann", 3), "mercy")
    assert "Bob is the last player left" in out.text
    assert ref.winner == "Bob" and st(ref)["pending"] is None


def test_an_innocent_challenger_drawing_six_is_knocked_out() -> None:
    """Innocent: the challenger draws 6 and loses the turn; with the Mercy Rule."""
    ref = table(start="r5", mercy=15)
    ok(takes(ref, "Bob", 4))  # Bob 11
    ok(play(ref, "Ann", "w+4", "blue"))
    ok(challenge(ref, "Bob", "innocent"), "mercy")
    s = st(ref)
    assert s["hands"]["Bob"] == 0 and s["turn"] == "Cy" and s["color"] == "blue"


def test_a_guilty_offender_drawing_four_is_knocked_out() -> None:
    """Guilty: the offender draws 4; with the Mercy Rule the challenger plays next."""
    ref = table(start="r5", mercy=12)
    ok(takes(ref, "Ann", 4))  # Ann 11, holding red
    ok(play(ref, "Ann", "w+4", "blue"))
    ok(challenge(ref, "Bob", "guilty"), "mercy")
    s = st(ref)
    assert s["hands"]["Ann"] == 0 and s["turn"] == "Bob"


def test_a_missed_uno_penalty_can_knock_out() -> None:
    """A caught missed UNO draws 2, with the Mercy Rule."""
    ref = table(start="r5", mercy=3, hand_size=2)
    ok(play(ref, "Ann", "r3"))
    ok(catch(ref, "Bob", "Ann"), "mercy")
    s = st(ref)
    assert s["hands"]["Ann"] == 0 and s["turn"] == "Bob" and s["catchable"] == []


# Round end and scoring ----------------------------------------------------------------------------


def test_last_player_in_wins_and_knocked_out_players_give_no_hand() -> None:
    """The No Mercy sheet ('Last one standing wins'); `ko-bonus` is 0 outside No Mercy."""
    ref = table(start="r5", mercy=10, players=("Ann", "Bob"))
    ok(play(ref, "Ann", "w+4", "red"))
    ok(accept(ref, "Bob"), "mercy")
    assert st(ref)["winner"] == "Ann" and ref.missing_hands() == []
    assert dict(ref.sheet.totals) == {"Ann": 0, "Bob": 0}


def test_a_ko_bonus_override_scores_per_knock_out() -> None:
    """Option `ko-bonus` (No Mercy's +250 per knock-out as open-source implementations give it)."""
    ref = table(start="r5", mercy=15, players=THREE, ko_bonus=100)
    ok(takes(ref, "Bob", 8))
    ok(takes(ref, "Cy", 8), "mercy")
    assert st(ref)["winner"] == "Ann"
    assert dict(ref.sheet.totals) == {"Ann": 200, "Bob": 0, "Cy": 0}


def test_knocked_out_players_are_back_in_the_next_round() -> None:
    """The No Mercy sheet: knocked out of the round, not of the game."""
    ref = table(start="r5", mercy=15, players=THREE)
    ok(takes(ref, "Bob", 8))
    ok(takes(ref, "Cy", 8))
    ok(new_round(ref, 2))
    ok(dealer(ref, "Ann"))
    ok(turn_up(ref, "r5"))
    s = st(ref)
    assert s["hands"] == {"Ann": 7, "Bob": 7, "Cy": 7} and s["turn"] == "Bob"


# Mercy in No Mercy (the No Mercy sheet) -----------------------------------------------------------


def test_accepting_a_big_stack_knocks_the_victim_out() -> None:
    """The No Mercy sheet (stacking; Mercy Rule 25): the victim's cards go to the bottom
    of the discard pile, and the turn goes to the next player still in."""
    ref = table("nomercy", start="r5")
    ok(takes(ref, "Cy", 5))  # Cy 12
    ok(play(ref, "Ann", "w+6", "red"))
    ok(play(ref, "Bob", "w+10", "red"))
    out = ok(accept(ref, "Cy"), "mercy")
    assert out.notable
    s = st(ref)
    assert s["hands"] == {"Ann": 6, "Bob": 6, "Cy": 0, "Dee": 7}
    assert s["turn"] == "Dee" and s["top"] == "w+10" and s["discard_pile"] == 3 + 28
    ok(play(ref, "Dee", "r3"))
    assert st(ref)["turn"] == "Ann"


def test_a_roulette_draw_can_knock_out() -> None:
    """Roulette keeps all the cards drawn; Mercy Rule: the turn passes on."""
    ref = table("nomercy", start="r5")
    ok(takes(ref, "Bob", 13))  # Bob 20
    ok(play(ref, "Ann", "wcr", "green"))
    ok(draw(ref, "Bob", 5), "mercy")
    assert hands(ref)["Bob"] == 0 and st(ref)["turn"] == "Cy"


def test_last_player_standing_wins_and_scores_the_knock_out_bonus() -> None:
    """The No Mercy sheet ('knock out all other players ... until you are the only one left');
    target 1000 and +250 per knock-out as implementations give them; knocked-out players give no
    hand."""
    ref = table("nomercy", players=THREE, scoring="target 1000", start="r5")
    ok(takes(ref, "Bob", 18), "mercy")
    ok(play(ref, "Ann", "r3"))
    out = ok(takes(ref, "Ann", 19), "mercy")
    assert "Cy" in out.text
    s = st(ref)
    assert s["winner"] == "Cy" and s["turn"] is None
    assert ref.missing_hands() == []
    refused(hand(ref, "Ann", "r1"), "round-hands")
    assert dict(ref.sheet.totals) == {"Ann": 0, "Bob": 0, "Cy": 500}


def test_going_out_after_a_knock_out_scores_hands_plus_bonus() -> None:
    """The No Mercy sheet (play your final card); +250 per knock-out as implementations give it."""
    ref = table("nomercy", players=THREE, scoring="target 1000", start="r5", hand_size=2)
    ok(takes(ref, "Bob", 23), "mercy")
    ok(play(ref, "Ann", "r3", uno=True))
    ok(play(ref, "Cy", "r4", uno=True))
    ok(play(ref, "Ann", "r6"), "going-out")
    assert ref.missing_hands() == ["Cy"]
    ok(hand(ref, "Cy", "g+2"))
    assert dict(ref.sheet.totals) == {"Ann": 20 + 250, "Bob": 0, "Cy": 0}


# Creepers (UNO Minecraft) under a knock-out limit -------------------------------------------------


def test_a_turn_draw_finding_a_creeper_stops_at_the_limit() -> None:
    """A Creeper's three more stop where the knock-out does (issue 16: a self-play game with
    mercy 15 diverged): Ann at 13 draws a Creeper and one more, reaching 15."""
    ref = table("minecraft", start="r5", mercy=15)
    ok(takes(ref, "Ann", 6))
    refused(draw(ref, "Ann", 3), "creeper")  # 16: past the limit, not where the draw stops
    out = ok(draw(ref, "Ann", 2), "mercy")
    assert "knocked out" in out.text and hands(ref)["Ann"] == 0


def test_a_creepers_three_after_a_forced_draw_stop_at_the_limit() -> None:
    ref = table("minecraft", start="r5", mercy=15)
    ok(takes(ref, "Bob", 6))  # 13
    ok(play(ref, "Ann", "r+2"))  # Bob draws 2 (say a Creeper among them): 15, knocked out
    assert hands(ref)["Bob"] == 0
    ref = table("minecraft", start="r5", mercy=15)
    ok(takes(ref, "Bob", 5))  # 12
    ok(play(ref, "Ann", "r+2"))  # 14, a Creeper among them: three more are owed
    refused(draw(ref, "Bob", 2))  # 16 is past the limit
    out = ok(draw(ref, "Bob", 1, counted=True), "mercy")
    assert "knocked out" in out.text and hands(ref)["Bob"] == 0


def test_a_player_knocked_out_by_a_forced_draw_owes_no_creepers_three() -> None:
    """Issue 25: Bob at 13 takes Ann's Draw Two, reaches the limit and is knocked out; a Creeper
    among those two cards does not bring him back: the table is not offered his `draw 3`, and
    a `Bob: draw 3` is refused (he is out of this round)."""
    ref = table("minecraft", start="r5", mercy=15)
    ok(takes(ref, "Bob", 6))  # 13
    ok(play(ref, "Ann", "r+2"), "mercy")  # 15: knocked out
    assert [w.kind for w in ref.waiting_for()] == ["turn"]
    out = refused(draw(ref, "Bob", 3, counted=True), "mercy")
    assert out.text == "Bob is out of this round"
    assert hands(ref)["Bob"] == 0
    ok(draw(ref, "Cy"))
