"""Wild Draw Four: legality, who may challenge, showings, verdicts and the three guilty outcomes.

Legality: the Mattel sheet (colour only) and the Japanese manual (any usable card); the challenge:
the Mattel sheet, English Wikipedia, the Minecraft UNO manual's 「ワイルドドロー4を使う時」 and
Japanese Wikipedia (ルール); the options `wd4-legal`, `wd4-guilty`, `challenge`.
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
    play,
    refused,
    st,
    table,
    takes,
)

SIX_OFF_COLOUR_SAME_NUMBER = "g7 g8 b1 b2 y1 y2"
"""Ann's whole hand after a WD4 on Red 7: no red, but a 7."""


def wd4_on_red7(**kw: object):
    """Start Red 7; Ann plays a Wild Draw Four naming blue on Bob; Ann holds 6."""
    ref = table(start="r7", **kw)  # type: ignore[arg-type]
    ok(play(ref, "Ann", "w+4", "blue"), "wd4")
    return ref


# The pending draw --------------------------------------------------------------------------------


def test_wd4_waits_for_the_victim() -> None:
    """The Mattel sheet: the next player draws 4 unless they challenge; they must decide."""
    ref = wd4_on_red7()
    s = st(ref)
    assert (s["top"], s["color"], s["turn"]) == ("w+4", "blue", "Bob")
    assert s["hands"] == {"Ann": 6, "Bob": 7, "Cy": 7, "Dee": 7}
    assert s["pending"] is not None
    refused(play(ref, "Bob", "b3"), "wd4")
    refused(play(ref, "Dee", "b3"), "turn-order")


def test_the_victims_draw_is_accepting() -> None:
    """Tables say "draw" for taking the four: the victim's plain `draw` is their accept."""
    ref = wd4_on_red7()
    out = draw(ref, "Bob")
    ok(out, "wd4")
    s = st(ref)
    assert s["hands"]["Bob"] == 11 and s["turn"] == "Cy" and s["pending"] is None


def test_accept_draws_four_and_skips() -> None:
    """The Mattel sheet: the victim draws 4 and misses their turn; the colour stays."""
    ref = wd4_on_red7()
    ok(accept(ref, "Bob"), "wd4")
    s = st(ref)
    assert s["hands"] == {"Ann": 6, "Bob": 11, "Cy": 7, "Dee": 7}
    assert (s["top"], s["color"], s["turn"]) == ("w+4", "blue", "Cy")
    assert s["draw_pile"] == 79 - 4
    assert s["pending"] is None


def test_accept_is_implied_when_the_player_after_the_victim_plays() -> None:
    """`accept` is implied when the next turn action is entered without a challenge."""
    ref = wd4_on_red7()
    ok(play(ref, "Cy", "b3"))
    s = st(ref)
    assert s["hands"] == {"Ann": 6, "Bob": 11, "Cy": 6, "Dee": 7}
    assert (s["top"], s["turn"]) == ("b3", "Dee")
    refused(challenge(ref, "Bob", "guilty"), "wd4-challenge-who")


def test_accept_is_implied_when_the_player_after_the_victim_draws() -> None:
    """A draw by the next player implies the victim accepted."""
    ref = wd4_on_red7()
    ok(draw(ref, "Cy"))
    s = st(ref)
    assert s["hands"] == {"Ann": 6, "Bob": 11, "Cy": 8, "Dee": 7}
    assert s["turn"] == "Dee"


def test_only_the_victim_may_accept() -> None:
    """`accept` is the hit player's."""
    ref = wd4_on_red7()
    refused(accept(ref, "Cy"), "wd4-challenge-who")
    refused(accept(ref, "Ann"), "wd4-challenge-who")


def test_accept_without_a_wd4_is_refused() -> None:
    """There must be a Wild Draw Four to accept."""
    ref = table(start="r7")
    refused(accept(ref, "Ann"), "wd4-challenge-who")


# Who may challenge --------------------------------------------------------------------------------


@pytest.mark.parametrize("who", ["Ann", "Cy", "Dee"])
def test_only_the_next_player_may_challenge(who: str) -> None:
    """Only the next player (the Mattel sheet, the older English rules, the Minecraft UNO manual:
    次の人だけ)."""
    ref = wd4_on_red7()
    refused(challenge(ref, who, "guilty"), "wd4-challenge-who")


def test_challenge_without_a_wd4_is_refused() -> None:
    """A challenge needs a Wild Draw Four."""
    ref = table(start="r7")
    ok(play(ref, "Ann", "w", "blue"))
    refused(challenge(ref, "Bob", "guilty"), "wd4-challenge-who")


def test_challenge_after_accept_is_refused() -> None:
    """A challenge comes before the target draws: once accepted, it is too late."""
    ref = wd4_on_red7()
    ok(accept(ref, "Bob"))
    refused(challenge(ref, "Bob", "guilty"), "wd4-challenge-who")


def test_challenge_off() -> None:
    """`challenge off`: no challenges; the victim accepts."""
    ref = wd4_on_red7(challenge="off")
    refused(challenge(ref, "Bob", "guilty"), "wd4-challenge-off")
    refused(challenge(ref, "Bob", shows="r3"), "wd4-challenge-off")
    ok(accept(ref, "Bob"))
    assert hands(ref)["Bob"] == 11


@pytest.mark.parametrize("rules", ["en", "jp"])
def test_challenge_on_by_default(rules: str) -> None:
    """`challenge on` (en and jp default)."""
    ref = wd4_on_red7(rules=rules)
    ok(challenge(ref, "Bob", "innocent"), "wd4-innocent")


# Innocent (the Mattel sheet, the Minecraft UNO manual) --------------------------------------------


@pytest.mark.parametrize("rules", ["en", "jp"])
def test_innocent_challenger_draws_six_and_is_skipped(rules: str) -> None:
    """The Mattel sheet: the challenger draws 4 + 2 = 6 and loses the turn; the WD4 and
    its colour stay."""
    ref = wd4_on_red7(rules=rules)
    ok(challenge(ref, "Bob", "innocent"), "wd4-innocent")
    s = st(ref)
    assert s["hands"] == {"Ann": 6, "Bob": 13, "Cy": 7, "Dee": 7}
    assert (s["top"], s["color"], s["turn"]) == ("w+4", "blue", "Cy")
    assert s["draw_pile"] == 79 - 6
    refused(play(ref, "Bob", "b3"), "turn-order")


# Guilty outcomes (option `wd4-guilty`) ------------------------------------------------------------


def test_guilty_draw_card_and_colour_stay_challenger_plays() -> None:
    """The Mattel sheet and English Wikipedia, `wd4-guilty draw` (en default): the
    offender draws 4; the WD4 and its colour stay; the challenger takes a normal turn."""
    ref = wd4_on_red7()
    ok(challenge(ref, "Bob", "guilty"), "wd4-guilty")
    s = st(ref)
    assert s["hands"] == {"Ann": 10, "Bob": 7, "Cy": 7, "Dee": 7}
    assert (s["top"], s["color"], s["turn"]) == ("w+4", "blue", "Bob")
    assert s["draw_pile"] == 79 - 4
    refused(play(ref, "Bob", "r3"), "match")
    ok(play(ref, "Bob", "b3"))
    assert st(ref)["turn"] == "Cy"


@pytest.mark.parametrize("how", ["jp-default", "override"])
def test_guilty_retract_top_and_colour_revert_challenger_plays(how: str) -> None:
    """The Minecraft UNO manual (WD4 taken back into hand + draws 4),
    `wd4-guilty retract` (jp default): the top card and colour revert; the challenger plays."""
    kw = {"rules": "jp"} if how == "jp-default" else {"wd4_guilty": "retract"}
    ref = wd4_on_red7(**kw)
    ok(challenge(ref, "Bob", "guilty"), "wd4-guilty")
    s = st(ref)
    assert s["hands"] == {"Ann": 6 + 1 + 4, "Bob": 7, "Cy": 7, "Dee": 7}
    assert (s["top"], s["color"], s["turn"]) == ("r7", "red", "Bob")
    assert s["discard_pile"] == 1
    assert s["draw_pile"] == 79 - 4
    refused(play(ref, "Bob", "b3"), "match")
    ok(play(ref, "Bob", "r3"))


def test_guilty_retract_on_a_wild_restores_its_declared_colour() -> None:
    """The Minecraft UNO manual, `wd4-guilty retract`: the colour in force before the WD4
    (a Wild's declared colour) is back in force."""
    ref = table(start="r7", wd4_guilty="retract")
    ok(play(ref, "Ann", "w", "green"))
    ok(play(ref, "Bob", "w+4", "yellow"))
    ok(challenge(ref, "Cy", "guilty"))
    s = st(ref)
    assert (s["top"], s["color"], s["turn"]) == ("w", "green", "Cy")
    assert s["hands"]["Bob"] == 11


def test_guilty_retract_replay_offender_must_play_at_once() -> None:
    """Japanese Wikipedia (takes WD4 back, plays the legal card instead, draws 4),
    `wd4-guilty retract-replay`: the offender plays the legal card at once; it takes
    effect; drawing instead is refused."""
    ref = wd4_on_red7(wd4_guilty="retract-replay")
    ok(challenge(ref, "Bob", "guilty"), "wd4-guilty")
    s = st(ref)
    assert s["hands"] == {"Ann": 11, "Bob": 7, "Cy": 7, "Dee": 7}
    assert (s["top"], s["color"], s["turn"]) == ("r7", "red", "Ann")
    refused(draw(ref, "Ann"), "wd4-guilty")
    refused(play(ref, "Ann", "w+4", "green"), "wd4-guilty")
    refused(play(ref, "Bob", "r3"), "turn-order")
    ok(play(ref, "Ann", "r3"))
    s = st(ref)
    assert s["hands"]["Ann"] == 10
    assert (s["top"], s["turn"]) == ("r3", "Bob")


def test_guilty_retract_replay_action_card_takes_effect() -> None:
    """Japanese Wikipedia (or that card's action applies): a replayed Draw Two hits the
    challenger."""
    ref = wd4_on_red7(wd4_guilty="retract-replay")
    ok(challenge(ref, "Bob", "guilty"))
    ok(play(ref, "Ann", "r+2"))
    s = st(ref)
    assert s["hands"] == {"Ann": 10, "Bob": 9, "Cy": 7, "Dee": 7}
    assert s["turn"] == "Cy"


# Legality: judged on the colour and top card in force BEFORE the WD4 ------------------------------


@pytest.mark.parametrize("rules", ["en", "jp"])
def test_showing_a_card_of_the_colour_before_proves_guilt(rules: str) -> None:
    """Holding a card of the colour in force (red) makes it illegal under
    both `wd4-legal color` and `playable`."""
    ref = wd4_on_red7(rules=rules)
    ok(challenge(ref, "Bob", shows="r3"), "wd4-guilty")


def test_colour_rule_same_number_other_colour_is_innocent() -> None:
    """The Mattel sheet ('acceptable … if you have matching number or Action Cards'),
    `wd4-legal color` (en default): a Green 7 on Red 7 does not make it illegal."""
    ref = wd4_on_red7()
    ok(challenge(ref, "Bob", shows=SIX_OFF_COLOUR_SAME_NUMBER), "wd4-innocent")
    assert hands(ref)["Bob"] == 13


def test_playable_rule_same_number_other_colour_is_guilty() -> None:
    """The Japanese manuals and Japanese Wikipedia (any usable card), `wd4-legal playable` (jp
    default): a Green 7 on Red 7 is playable, so the WD4 was illegal."""
    ref = wd4_on_red7(rules="jp")
    ok(challenge(ref, "Bob", shows=SIX_OFF_COLOUR_SAME_NUMBER), "wd4-guilty")
    ref = wd4_on_red7(wd4_legal="playable")
    ok(challenge(ref, "Bob", shows="g7"), "wd4-guilty")


def test_colour_rule_holding_a_wild_is_innocent() -> None:
    """English Wikipedia ('or a Wild card and still play'), `wd4-legal color`."""
    ref = wd4_on_red7()
    ok(challenge(ref, "Bob", shows="w g1 g2 b1 b2 y1"), "wd4-innocent")


def test_playable_rule_holding_a_wild_is_guilty() -> None:
    """Japanese Wikipedia (…およびWildカード), `wd4-legal playable`."""
    ref = wd4_on_red7(wd4_legal="playable")
    ok(challenge(ref, "Bob", shows="w"), "wd4-guilty")


def test_colour_named_by_the_wd4_itself_does_not_count() -> None:
    """Legality is judged on the colour in force BEFORE the WD4 (red),
    not the colour it names (blue)."""
    ref = wd4_on_red7()
    ok(challenge(ref, "Bob", shows="b1 b2 b3 b4 b5 b6"), "wd4-innocent")
    ref = wd4_on_red7(wd4_legal="playable")
    ok(challenge(ref, "Bob", shows="b1 b2 b3 b4 b5 b6"), "wd4-innocent")


def test_wd4_on_a_wild_is_judged_on_the_declared_colour() -> None:
    """The colour in force is the declared colour if the top card is a Wild: after Ann's
    Wild naming green, Bob's WD4 is illegal if he holds green, not red."""
    ref = table(start="r7")
    ok(play(ref, "Ann", "w", "green"))
    ok(play(ref, "Bob", "w+4", "yellow"))
    ok(challenge(ref, "Cy", shows="g2"), "wd4-guilty")

    ref = table(start="r7")
    ok(play(ref, "Ann", "w", "green"))
    ok(play(ref, "Bob", "w+4", "yellow"))
    ok(challenge(ref, "Cy", shows="r1 r2 r3 y1 y2 b5"), "wd4-innocent")
    assert hands(ref)["Cy"] == 13 and st(ref)["turn"] == "Dee"


def test_wd4_on_a_wild_playable_rule() -> None:
    """`wd4-legal playable`: on a Wild naming green, a red card is not playable
    (innocent), another Wild is (guilty)."""
    ref = table(start="r7", wd4_legal="playable")
    ok(play(ref, "Ann", "w", "green"))
    ok(play(ref, "Bob", "w+4", "yellow"))
    ok(challenge(ref, "Cy", shows="r1 r2 r3 y1 y2 b5"), "wd4-innocent")

    ref = table(start="r7", wd4_legal="playable")
    ok(play(ref, "Ann", "w", "green"))
    ok(play(ref, "Bob", "w+4", "yellow"))
    ok(challenge(ref, "Cy", shows="r1 r2 r3 y1 y2 w"), "wd4-guilty")


def test_playable_rule_same_symbol_before_counts() -> None:
    """Japanese Wikipedia (同じ…記号カード), `wd4-legal playable`: on a Red Skip, a Blue Skip
    is playable, so the WD4 is guilty; under `color` it is not."""
    ref = table(start="r7", wd4_legal="playable")
    ok(play(ref, "Ann", "rs"))
    ok(play(ref, "Cy", "w+4", "yellow"))
    ok(challenge(ref, "Dee", shows="bs"), "wd4-guilty")

    ref = table(start="r7")
    ok(play(ref, "Ann", "rs"))
    ok(play(ref, "Cy", "w+4", "yellow"))
    ok(challenge(ref, "Dee", shows="bs g1 g2 g3 y4 y5"), "wd4-innocent")


# Showings (rule wd4-showing) ----------------------------------------------------------------------


def test_showing_that_proves_nothing_is_refused() -> None:
    """An incomplete showing that proves nothing is refused."""
    ref = wd4_on_red7()
    refused(challenge(ref, "Bob", shows="g1"), "wd4-showing")
    refused(challenge(ref, "Bob", shows="g1 g2 g3 g4 g5"), "wd4-showing")


def test_showing_more_cards_than_held_is_refused() -> None:
    """The whole hand is the 6 cards Ann holds; 7 cannot be shown."""
    ref = wd4_on_red7()
    refused(challenge(ref, "Bob", shows="g1 g2 g3 g4 g5 g6 g8"), "wd4-showing")


def test_showing_a_card_that_is_used_up_is_refused() -> None:
    """Rule conservation: Red 7 x2 and one is the start card; showing two more is
    impossible."""
    ref = wd4_on_red7()
    refused(challenge(ref, "Bob", shows="r7 r7"), "conservation")


# Witnessed verdicts ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "verdict,rule,bob,ann", [("guilty", "wd4-guilty", 7, 10), ("innocent", "wd4-innocent", 13, 6)]
)
def test_witnessed_verdicts(verdict: str, rule: str, bob: int, ann: int) -> None:
    """`challenge guilty|innocent`, the verdict as witnessed."""
    ref = wd4_on_red7()
    ok(challenge(ref, "Bob", verdict), rule)
    assert hands(ref)["Bob"] == bob and hands(ref)["Ann"] == ann


def test_witnessed_innocent_refused_when_the_offender_is_known_to_hold_the_colour() -> None:
    """rule wd4-verdict (table default): Ann's misplayed Green 3 went back into her hand; her
    WD4 on green is then known illegal and cannot be ruled innocent."""
    ref = table(start="r7")
    ok(misplay(ref, "Ann", "g3"), "misplay")  # Ann 9, known to hold g3
    ok(play(ref, "Bob", "r3"))
    ok(play(ref, "Cy", "g3"))
    ok(play(ref, "Dee", "g5"))
    ok(play(ref, "Ann", "w+4", "blue"))
    refused(challenge(ref, "Bob", "innocent"), "wd4-verdict")
    refused(challenge(ref, "Bob", shows="b1 b2 b3 b4 b5 b6 b7 b8"), "wd4-verdict")
    ok(challenge(ref, "Bob", "guilty"), "wd4-guilty")


# A final Wild Draw Four (the Mattel sheet, the Japanese manual's 「上がり方」) --------------------


def test_final_wd4_guilty_refused_as_no_other_card_was_held() -> None:
    """Rule wd4-verdict: a WD4 as the last card cannot be guilty (no other card)."""
    ref = table(start="r7", hand_size=1)
    ok(play(ref, "Ann", "w+4", "blue"), "wd4")
    s = st(ref)
    assert s["phase"] == "play" and s["winner"] is None
    refused(challenge(ref, "Bob", "guilty"), "wd4-verdict")
    refused(challenge(ref, "Bob", shows="r3"), "wd4-showing")


def test_final_wd4_challenged_then_round_over() -> None:
    """Rule going-out (a final Wild Draw Four may still be challenged):
    the innocent challenger draws 6, then the round is over."""
    ref = table(start="r7", hand_size=1)
    ok(play(ref, "Ann", "w+4", "blue"))
    ok(challenge(ref, "Bob", "innocent"), "going-out")
    s = st(ref)
    assert s["hands"] == {"Ann": 0, "Bob": 7, "Cy": 1, "Dee": 1}
    assert (s["winner"], s["phase"], s["turn"]) == ("Ann", "over", None)


def test_final_wd4_accepted_then_round_over() -> None:
    """The Japanese manual (次のプレイヤーが4枚引いてこのラウンドが終了): the next player draws 4
    and the round ends."""
    ref = table(start="r7", hand_size=1)
    ok(play(ref, "Ann", "w+4", "blue"))
    ok(accept(ref, "Bob"), "going-out")
    s = st(ref)
    assert s["hands"] == {"Ann": 0, "Bob": 5, "Cy": 1, "Dee": 1}
    assert (s["winner"], s["phase"]) == ("Ann", "over")


@pytest.mark.parametrize("action", ["play", "draw"])
def test_final_wd4_implied_accept_ends_the_round(action: str) -> None:
    """The Japanese manual (the next player draws 4 and the round ends; Japanese Wikipedia:
    play does not continue among the others): after Ann's final WD4, Cy's turn action implies
    Bob's accept; Ann has then gone out, so Cy's action cannot be applied as if play went on.
    Expected: either Cy's action is refused (and Bob's `accept` then ends the round with Ann the
    winner), or the implied accept ends the round with Ann the winner."""
    ref = table(start="r7")
    ok(gives(ref, "Ann", 6))  # Ann holds one card
    ok(play(ref, "Ann", "w+4", "blue", uno=True))
    out = play(ref, "Cy", "b3") if action == "play" else draw(ref, "Cy")
    if out.ok:
        s = st(ref)
        assert (s["winner"], s["phase"], s["hands"]["Cy"]) == ("Ann", "over", 7), (
            f"{out!r}: winner={s['winner']}, phase={s['phase']}, hands={s['hands']}"
        )
    else:
        refused(out)
        ok(accept(ref, "Bob"), "going-out")
        assert st(ref)["winner"] == "Ann"


def test_final_wd4_implied_accept_does_not_hand_the_round_to_the_next_player() -> None:
    """With hands of 1, Ann's final WD4 wins; Cy's last card right
    after it (implied accept) must not make Cy the winner."""
    ref = table(start="r7", hand_size=1)
    ok(play(ref, "Ann", "w+4", "blue"))
    out = play(ref, "Cy", "b3")
    if out.ok:
        s = st(ref)
        assert (s["winner"], s["hands"]["Cy"]) == ("Ann", 1), (
            f"{out!r}: winner={s['winner']}, hands={s['hands']}"
        )
    else:
        refused(out)


# Two players and reshuffles -----------------------------------------------------------------------


def test_two_players_innocent_challenger_skipped_play_returns() -> None:
    """The Minecraft UNO manual's 「2人遊び」: with two players the skipped challenger's turn is
    gone; the WD4's player plays again."""
    ref = table(start="r7", players=("Ann", "Bob"))
    ok(play(ref, "Ann", "w+4", "blue"))
    ok(challenge(ref, "Bob", "innocent"))
    s = st(ref)
    assert s["hands"] == {"Ann": 6, "Bob": 13} and s["turn"] == "Ann"


def test_two_players_guilty_draw_challenger_plays() -> None:
    """English Wikipedia ('play continues with the challenger'), `wd4-guilty draw`."""
    ref = table(start="r7", players=("Ann", "Bob"))
    ok(play(ref, "Ann", "w+4", "blue"))
    ok(challenge(ref, "Bob", "guilty"))
    s = st(ref)
    assert s["hands"] == {"Ann": 10, "Bob": 7} and s["turn"] == "Bob"


def test_guilty_retract_with_an_empty_draw_pile_keeps_the_card_under_the_wd4() -> None:
    """Japanese Wikipedia (keep the top card), with the retract: the reshuffle for the offender's 4
    keeps the card that is back in force (Red 3) on the discard pile; only the 3 cards below it can
    be drawn."""
    ref = table(start="r7", wd4_guilty="retract")
    ok(takes(ref, "Dee", 79))
    for who, code in (("Ann", "r5"), ("Bob", "r6"), ("Cy", "r3")):
        ok(play(ref, who, code))
    ok(play(ref, "Dee", "w+4", "blue"))
    ok(challenge(ref, "Ann", "guilty"), "wd4-guilty")
    s = st(ref)
    assert (s["top"], s["color"], s["turn"]) == ("r3", "red", "Ann")
    assert s["discard_pile"] == 1 and s["draw_pile"] == 0
    assert s["hands"]["Dee"] == 7 + 79 - 1 + 1 + 3
