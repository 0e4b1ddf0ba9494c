"""Going out, the hands left, points, rounds and game end, and the draw pile running out.

The Mattel sheet (going out, the draw pile running out, card points, first to 500), the Japanese
manuals (「上がり方」, 「得点の計算」), Japanese Wikipedia (ルール: the pile's top card stays); the
session notation's round end.
"""

from __future__ import annotations

import pytest

from referee.engine import Referee
from referee.engine.scoring import scoring_name
from referee.notation import format_session, parse_session
from tests.unit.rules_helpers import (
    catch,
    draw,
    hand,
    hands,
    new_round,
    ok,
    play,
    refused,
    st,
    table,
    takes,
    turn_up,
    went_out,
)


def ann_goes_out(**kw: object):
    """Hands of 1; Ann plays Red 3 on Red 7 and goes out."""
    ref = table(start="r7", hand_size=1, **kw)  # type: ignore[arg-type]
    ok(play(ref, "Ann", "r3"), "going-out")
    return ref


# Going out (the Mattel sheet, the Japanese manual's 「上がり方」) ---------------------------------


def test_going_out_ends_the_round() -> None:
    """The Mattel sheet: the round ends when a player has no cards."""
    ref = ann_goes_out()
    s = st(ref)
    assert (s["winner"], s["phase"], s["turn"]) == ("Ann", "over", None)
    assert s["hands"] == {"Ann": 0, "Bob": 1, "Cy": 1, "Dee": 1}


def test_going_out_needs_no_uno_call() -> None:
    """No published rule asks for 'UNO out' on the last card; nobody is catchable."""
    ref = ann_goes_out()
    assert st(ref)["catchable"] == []


def test_no_more_moves_after_going_out() -> None:
    """Japanese Wikipedia: play does not continue among the remaining players."""
    ref = ann_goes_out()
    refused(play(ref, "Bob", "r5"), "going-out")
    refused(draw(ref, "Bob"), "going-out")


def test_final_draw_two_still_makes_the_next_player_draw() -> None:
    """The Mattel sheet: 'the next player must draw the 2 or 4 cards… These cards are
    counted'."""
    ref = table(start="r7", hand_size=1)
    ok(play(ref, "Ann", "r+2"), "going-out")
    s = st(ref)
    assert s["hands"] == {"Ann": 0, "Bob": 3, "Cy": 1, "Dee": 1}
    assert (s["winner"], s["phase"]) == ("Ann", "over")
    refused(hand(ref, "Bob", "r5"), "round-hands")
    ok(hand(ref, "Bob", "r5 g+2 b+2"))


@pytest.mark.parametrize("code,color", [("rs", None), ("rr", None), ("w", "blue")])
def test_going_out_on_an_action_card_or_wild(code: str, color: str | None) -> None:
    """The Mattel sheet (going out on an action card or Wild); Japanese Wikipedia (any card)."""
    ref = table(start="r7", hand_size=1)
    ok(play(ref, "Ann", code, color), "going-out")
    assert st(ref)["winner"] == "Ann"


def test_going_out_on_a_drawn_card() -> None:
    """The Mattel sheet: a drawn card played is a play like any other; going out on it ends the
    round."""
    ref = table(start="r7", hand_size=1)
    ok(draw(ref, "Ann"))  # Ann 2
    ok(play(ref, "Bob", "r2"), "going-out")
    assert st(ref)["winner"] == "Bob"


# The hands left (rule round-hands) ----------------------------------------------------------------


def test_hand_cards_must_match_the_tracked_count() -> None:
    """Their number must equal the tracked hand count."""
    ref = ann_goes_out()
    refused(hand(ref, "Bob", "r5 g5"), "round-hands")
    refused(hand(ref, "Bob", ""), "round-hands")
    ok(hand(ref, "Bob", "g5"), "round-hands")


def test_hand_cards_cannot_exceed_the_deck_copies() -> None:
    """No card may exceed its copies (one Green 0 in the deck)."""
    ref = ann_goes_out()
    ok(hand(ref, "Bob", "g0"))
    refused(hand(ref, "Cy", "g0"), "conservation")


def test_hand_cards_count_the_discard_pile() -> None:
    """Both Red 7s are in the discard pile (start card and Ann's last card)."""
    ref = table(start="r7", hand_size=1)
    ok(play(ref, "Ann", "r7"), "going-out")
    refused(hand(ref, "Bob", "r7"), "conservation")


def test_winner_holds_no_cards() -> None:
    """The player who went out has no cards."""
    ref = ann_goes_out()
    refused(hand(ref, "Ann", "r5"), "round-hands")


def test_hand_entered_twice_is_refused() -> None:
    """One `hand` line per player."""
    ref = ann_goes_out()
    ok(hand(ref, "Bob", "g5"))
    refused(hand(ref, "Bob", "g6"), "round-hands")


def test_hands_are_entered_when_the_round_is_over() -> None:
    """`hand` lines come after the round ends."""
    ref = table(start="r7")
    refused(hand(ref, "Bob", points=10), "round-hands")


@pytest.mark.parametrize(
    "codes,points",
    [
        ("r5", 5),
        ("g0", 0),
        ("b9", 9),
        ("rs", 20),
        ("gr", 20),
        ("y+2", 20),
        ("w", 50),
        ("w+4", 50),
    ],
)
def test_classic_card_points(codes: str, points: int) -> None:
    """The Mattel sheet: numbers face value; Draw Two, Reverse, Skip 20; Wild, WD4 50."""
    ref = ann_goes_out()
    ok(hand(ref, "Bob", codes))
    ok(hand(ref, "Cy", points=0))
    ok(hand(ref, "Dee", points=0))
    assert ref.sheet.totals["Ann"] == points


@pytest.mark.parametrize(
    "edition,code,points",
    [
        ("swap", "wsw", 40),
        ("swap", "wc", 40),
        ("shuffle", "wsh", 40),
        ("shuffle", "wc", 40),
        ("minecraft", "cr", 50),
    ],
)
def test_edition_card_points(edition: str, code: str, points: int) -> None:
    """Japanese Wikipedia (点数): Swap, Shuffle and Customizable 40; Creeper 50 (table default)."""
    ref = ann_goes_out(edition=edition)
    ok(hand(ref, "Bob", code))
    ok(hand(ref, "Cy", "r5"))
    ok(hand(ref, "Dee", points=0))
    assert ref.sheet.totals["Ann"] == points + 5


def test_hand_as_a_points_total() -> None:
    """`hand Dave: 27`, a points total."""
    ref = table(start="r7", hand_size=1)
    ok(play(ref, "Ann", "r+2"))  # Bob holds 3
    ok(hand(ref, "Bob", points=27))
    ok(hand(ref, "Cy", points=50))
    ok(hand(ref, "Dee", points=9))
    assert ref.sheet.totals["Ann"] == 86


def test_winner_points_must_be_zero() -> None:
    """The player who went out holds nothing."""
    ref = ann_goes_out()
    refused(hand(ref, "Ann", points=5), "round-hands")


def test_penalty_scoring_records_the_caught_players_hand() -> None:
    """The Minecraft UNO manual's 罰点方式 (each caught missed UNO records the offender's hand
    total), `penalty N` (a `hand NAME: …` line right after the ruling)."""
    ref = table(start="r7", hand_size=2, scoring="penalty 500")
    ok(play(ref, "Ann", "r5"))
    ok(catch(ref, "Bob", "Ann"))
    refused(hand(ref, "Bob", "r1 r2"), "round-hands")
    refused(hand(ref, "Ann", "r1 r2"), "round-hands")  # Ann holds 3
    ok(hand(ref, "Ann", "r1 r2 w"), "scoring")
    assert ref.penalties == [("Ann", 53)]
    assert st(ref)["pending"] is None


def test_hand_points_beyond_what_the_cards_can_hold_are_refused() -> None:
    """The Mattel sheet: one card is worth at most 50 in the classic deck."""
    ref = ann_goes_out()
    refused(hand(ref, "Bob", points=51), "round-hands")
    refused(hand(ref, "Bob", points=-1), "round-hands")
    ok(hand(ref, "Bob", points=50))


# Rounds and game end (the Mattel sheet, the Japanese manual's 「得点の計算」) ---------------------


def test_next_round_refused_until_all_hands_are_entered() -> None:
    """Rule round-hands: each loser's hand is entered before the next round."""
    ref = ann_goes_out()
    refused(new_round(ref, 2), "round-hands")
    ok(hand(ref, "Bob", points=5))
    ok(hand(ref, "Cy", points=5))
    refused(new_round(ref, 2), "round-hands")
    ok(hand(ref, "Dee", points=5))
    ok(new_round(ref, 2))
    assert st(ref)["round"] == 2


def test_next_round_refused_while_playing() -> None:
    """A round is over when someone has gone out."""
    ref = table(start="r7")
    refused(new_round(ref, 2), "going-out")


def test_target_scoring_game_decided_refuses_another_round() -> None:
    """The Mattel sheet ('The WINNER is the first player to reach 500 points'); lines after the
    game is decided are an error: with `target 50`, 50 + 5 + 5 decides it."""
    ref = ann_goes_out(scoring="target 50")
    ok(hand(ref, "Bob", "w"))
    ok(hand(ref, "Cy", "r5"))
    ok(hand(ref, "Dee", "g5"))
    assert ref.sheet.finished and ref.sheet.winner == "Ann"
    refused(new_round(ref, 2), "scoring")


def test_target_scoring_not_yet_decided() -> None:
    """The Mattel sheet: below the target the game goes on."""
    ref = ann_goes_out(scoring="target 500")
    for who in ("Bob", "Cy", "Dee"):
        ok(hand(ref, who, "w"))
    assert ref.sheet.totals["Ann"] == 150 and not ref.sheet.finished
    ok(new_round(ref, 2))


def test_scoring_none_is_one_round() -> None:
    """`none`: one round; going out wins; no hands are needed."""
    ref = ann_goes_out(scoring="none")
    assert ref.sheet.finished and ref.sheet.winner == "Ann"
    refused(new_round(ref, 2), "scoring")


def test_rounds_scoring_japanese_zero_sum() -> None:
    """The Japanese manual's 【5回戦の場合】 (winner +Σ, losers -own): `rounds N`."""
    ref = ann_goes_out(scoring="rounds 2", rules="jp")
    ok(hand(ref, "Bob", points=40))
    ok(hand(ref, "Cy", points=50))
    ok(hand(ref, "Dee", points=8))
    assert dict(ref.sheet.totals) == {"Ann": 98, "Bob": -40, "Cy": -50, "Dee": -8}
    assert not ref.sheet.finished
    ok(new_round(ref, 2))


ADDITIVE = """\
[Edition "classic"]
[Rules "jp"]
[Scoring "additive 5"]
[Players "A, B, C, D"]
round 1
out B
hand A: 40
hand C: 70
hand D: 8
round 2
out C
hand A: 9
hand B: 28
hand D: 36
round 3
out B
hand A: 30
hand C: 15
hand D: 33
round 4
out C
hand A: 9
hand B: 21
hand D: 11
round 5
out B
hand A: 33
hand C: 10
hand D: 28
"""


def test_additive_scoring_only_the_winner_scores_five_rounds() -> None:
    """The Japanese how-to article's 「勝敗の決まり方」 ("あがったプレイヤーは他のプレイヤーの手札の
    合計ポイントが得点になります… 全5ラウンド行い、得点の高い人から1位、2位"), `[Scoring
    "additive 5"]` (issue 25): the Minecraft manual's five rounds scored so, losers keep 0."""
    session = parse_session(ADDITIVE, "additive.uno")
    ref = Referee(session.header)
    for event in session.events:
        ok_ruling = ref.apply(event)
        assert ok_ruling.ok, ok_ruling.parts
    sheet = ref.sheet
    assert dict(sheet.round_points[0]) == {"A": 0, "B": 118, "C": 0, "D": 0}
    assert dict(sheet.totals) == {"A": 0, "B": 118 + 78 + 71, "C": 73 + 41, "D": 0}
    assert sheet.finished and sheet.finished_after == 5 and sheet.winner == "B"
    assert dict(sheet.ranks) == {"B": 1, "C": 2, "A": 3, "D": 3}
    refused(new_round(ref, 6), "scoring")
    written = format_session(session)
    assert '[Scoring "additive 5"]' in written
    again = parse_session(written, "again.uno")
    assert (again.header, again.events) == (session.header, session.events)
    assert scoring_name("additive 5") == "5 rounds, winners' points only"


def test_additive_scoring_is_not_decided_before_its_rounds() -> None:
    ref = ann_goes_out(scoring="additive 2")
    ok(hand(ref, "Bob", points=40))
    ok(hand(ref, "Cy", points=50))
    ok(hand(ref, "Dee", points=8))
    assert dict(ref.sheet.totals) == {"Ann": 98, "Bob": 0, "Cy": 0, "Dee": 0}
    assert not ref.sheet.finished
    ok(new_round(ref, 2))


def test_scorekeeping_only_round() -> None:
    """A round with no `start` and no moves: `out NAME` and `hand` lines only."""
    ref = table(start=None)
    ok(went_out(ref, "Cy"), "going-out")
    ok(hand(ref, "Ann", points=10))
    ok(hand(ref, "Bob", points=20))
    ok(hand(ref, "Dee", points=30))
    assert ref.sheet.totals["Cy"] == 60
    ok(new_round(ref, 2))


def test_out_is_refused_in_a_tracked_round() -> None:
    """In a tracked round a player goes out with their last card."""
    ref = table(start="r7")
    refused(went_out(ref, "Ann"), "session")


# Draw pile runs out (the Mattel sheet, Japanese Wikipedia) ----------------------------------------


def test_reshuffle_keeps_the_top_card() -> None:
    """Japanese Wikipedia (ルール) and the UNO FLIP! sheet's Spanish text: leave the top card;
    reshuffle the rest."""
    ref = table(start="r7")
    ok(takes(ref, "Dee", 79))
    assert st(ref)["draw_pile"] == 0
    ok(play(ref, "Ann", "r5"))
    ok(play(ref, "Bob", "r6"))
    ok(draw(ref, "Cy"))
    s = st(ref)
    assert s["hands"]["Cy"] == 8
    assert (s["top"], s["color"]) == ("r6", "red")
    assert s["discard_pile"] == 1
    assert s["draw_pile"] == 2 - 1  # r7 and r5 went back; Cy drew one


def test_reshuffle_for_a_draw_two() -> None:
    """A Draw Two's cards come from the reshuffled pile; the Draw Two
    stays on top."""
    ref = table(start="r7")
    ok(play(ref, "Ann", "r5"))
    ok(play(ref, "Bob", "r6"))
    ok(takes(ref, "Dee", 79))
    ok(play(ref, "Cy", "r+2"))
    s = st(ref)
    assert s["hands"]["Dee"] == 7 + 79 + 2
    assert s["top"] == "r+2" and s["discard_pile"] == 1
    assert s["draw_pile"] == 3 - 2
    assert s["turn"] == "Ann"


def test_reshuffled_cards_can_be_played_again() -> None:
    """The reshuffled cards are back in play: both Red 7s went back into the draw
    pile, so Red 7 may be played again."""
    ref = table(start="r7")
    ok(play(ref, "Ann", "r7"))
    ok(takes(ref, "Dee", 79))
    ok(play(ref, "Bob", "r5"))
    ok(draw(ref, "Cy"))  # reshuffle: r7 r7 back, Red 5 stays on top
    ok(play(ref, "Dee", "r7"))
    assert st(ref)["top"] == "r7"


def test_drawn_card_from_a_reshuffled_pile_may_be_an_earlier_discard() -> None:
    """Rule conservation: with the draw pile empty, Cy's draw reshuffles both Red
    7s back, so `draw r7` is legal."""
    ref = table(start="r7")
    ok(play(ref, "Ann", "r7"))
    ok(takes(ref, "Dee", 79))
    ok(play(ref, "Bob", "r5"))
    ok(draw(ref, "Cy", code="r7"))
    s = st(ref)
    assert (s["top"], s["hands"]["Cy"], s["draw_pile"]) == ("r7", 7, 1)


def test_both_piles_exhausted_draw_is_not_made() -> None:
    """Both piles exhausted: no published rule; rule piles-empty (table default): a draw that cannot
    be made is not made; the turn still passes."""
    ref = table(start="r7")
    ok(takes(ref, "Dee", 79))
    ok(draw(ref, "Ann"))
    s = st(ref)
    assert s["hands"]["Ann"] == 7 and s["draw_pile"] == 0 and s["turn"] == "Bob"


def test_round_two_starts_fresh() -> None:
    """The Mattel sheet: every round is dealt afresh: hands back to 7, a full draw pile."""
    ref = ann_goes_out()
    for who in ("Bob", "Cy", "Dee"):
        ok(hand(ref, who, points=1))
    ok(new_round(ref, 2))
    ok(turn_up(ref, "g5"))
    s = st(ref)
    assert s["hands"] == {"Ann": 1, "Bob": 1, "Cy": 1, "Dee": 1}
    assert s["draw_pile"] == 108 - 4 - 1
    assert (s["round"], s["winner"], s["phase"]) == (2, None, "play")
    assert hands(ref)["Ann"] == 1
