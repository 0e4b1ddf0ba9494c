"""Edition cards: Wild Shuffle Hands, Wild Swap Hands, Wild Customizable, Creeper.

Wild Swap Hands (2016; Japanese Wikipedia, カードの種類), Wild Shuffle Hands and Wild Customizable
(the Mattel Japan manual, B7696, with the dealing arithmetic it implies), the Creeper (the Minecraft
UNO manual); the options `shuffle-last-card`, `swap-optional`, `uno-on-passive`, `creeper-trigger`
(edition default).
"""

from __future__ import annotations

import pytest

from tests.unit.rules_helpers import (
    accept,
    catch,
    challenge,
    draw,
    hands,
    ok,
    penalty,
    play,
    refused,
    st,
    table,
)

# Wild Shuffle Hands (the Japanese manual's 「シャッフルワイルド」) --------------------------------


def test_shuffle_hands_redeal_from_the_players_left_player_last() -> None:
    """The Japanese manual (dealing arithmetic): N=29 cards, P=4: the first 29 mod 4 = 1 recipient
    from Ann's left (Bob) gets 8, the others 7; Ann is dealt last. The colour is named and the
    turn passes."""
    ref = table(edition="shuffle", start="r7")
    ok(play(ref, "Ann", "r5"))
    for who in ("Bob", "Cy", "Dee"):
        ok(draw(ref, who))
    assert hands(ref) == {"Ann": 6, "Bob": 8, "Cy": 8, "Dee": 8}
    ok(play(ref, "Ann", "wsh", "red"), "shuffle-hands")
    s = st(ref)
    assert s["hands"] == {"Ann": 7, "Bob": 8, "Cy": 7, "Dee": 7}
    assert sum(s["hands"].values()) == 29
    assert (s["top"], s["color"], s["turn"]) == ("wsh", "red", "Bob")


def test_shuffle_hands_dealing_starts_left_of_whoever_plays_it() -> None:
    """Cy plays it; N = 8+8+6+7 = 29: Dee (Cy's left) gets 8, Ann, Bob and Cy 7."""
    ref = table(edition="shuffle", start="r7")
    ok(draw(ref, "Ann"))
    ok(draw(ref, "Bob"))
    ok(play(ref, "Cy", "wsh", "green"), "shuffle-hands")
    s = st(ref)
    assert s["hands"] == {"Ann": 7, "Bob": 7, "Cy": 7, "Dee": 8}
    assert (s["color"], s["turn"]) == ("green", "Dee")


def test_shuffle_hands_three_players() -> None:
    """N = 6+7+7 = 20, P = 3: Bob and Cy get 7, Ann (dealt last) gets 6."""
    ref = table(edition="shuffle", start="r7", players=("Ann", "Bob", "Cy"))
    ok(play(ref, "Ann", "wsh", "yellow"))
    assert hands(ref) == {"Ann": 6, "Bob": 7, "Cy": 7}


def test_shuffle_hands_does_not_touch_the_piles() -> None:
    """The played Shuffle card is on the discard pile and is not dealt."""
    ref = table(edition="shuffle", start="r7")
    ok(play(ref, "Ann", "wsh", "blue"))
    s = st(ref)
    assert s["draw_pile"] == 112 - 28 - 1
    assert s["discard_pile"] == 2


def _ann_plays_last_shuffle(**kw: object):
    """Hands of 2; Ann goes to one card (calling UNO), the others draw to 3; Ann's last card is
    the Wild Shuffle Hands: N = 0+3+3+3 = 9 cards."""
    ref = table(edition="shuffle", start="r7", hand_size=2, **kw)  # type: ignore[arg-type]
    ok(play(ref, "Ann", "r5", uno=True))
    for who in ("Bob", "Cy", "Dee"):
        ok(draw(ref, who))
    return ref, play(ref, "Ann", "wsh", "blue")


@pytest.mark.parametrize("rules", ["en", "jp"])
def test_shuffle_hands_as_last_card_redeals_by_default(rules: str) -> None:
    """The reported official post ('deal back out, including [themselves]');
    `shuffle-last-card redeal` (en and jp default): N=9, P=4: Bob 3, Cy 2, Dee 2, Ann 2; Ann does
    not go out; the turn passes."""
    ref, out = _ann_plays_last_shuffle(rules=rules)
    ok(out)
    s = st(ref)
    assert s["hands"] == {"Ann": 2, "Bob": 3, "Cy": 2, "Dee": 2}
    assert (s["phase"], s["winner"], s["turn"], s["color"]) == ("play", None, "Bob", "blue")


def test_shuffle_hands_as_last_card_cites_the_last_card_rule() -> None:
    """The reported official post; rule `shuffle-last-card` ('Wild Shuffle Hands as the last card
    re-deals, the player included: they do not go out'): the ruling rests on that rule."""
    _ref, out = _ann_plays_last_shuffle()
    ok(out, "shuffle-last-card")


def test_shuffle_hands_as_last_card_wins_under_wins() -> None:
    """A contrary secondary claim (tipsfolder.com: treat it like any Wild and win);
    `shuffle-last-card wins`."""
    ref, out = _ann_plays_last_shuffle(shuffle_last_card="wins")
    ok(out, "going-out")
    s = st(ref)
    assert (s["winner"], s["phase"]) == ("Ann", "over")
    assert s["hands"] == {"Ann": 0, "Bob": 3, "Cy": 3, "Dee": 3}


def test_shuffle_hands_needs_a_colour() -> None:
    """The Japanese manual (好きな色を宣言): the player declares a colour."""
    ref = table(edition="shuffle", start="r7")
    refused(play(ref, "Ann", "wsh"), "wild-color")


def test_shuffle_hands_only_one_in_the_deck() -> None:
    """The Japanese manual: 1 Wild Shuffle Hands."""
    ref = table(edition="shuffle", start="r7")
    ok(play(ref, "Ann", "wsh", "red"))
    refused(play(ref, "Bob", "wsh", "red"), "conservation")


# Passive one-card hands (table default `uno-on-passive`) ------------------------------------------


def _ann_reaches_one_by_shuffle(**kw: object):
    """Hands of 2: Ann and Bob call UNO on their next-to-last card; Cy and Dee draw; Ann's last
    card is the Shuffle: N = 0+1+3+3 = 7 -> Bob 2, Cy 2, Dee 2, Ann 1 (by the re-deal)."""
    ref = table(edition="shuffle", start="r7", hand_size=2, **kw)  # type: ignore[arg-type]
    ok(play(ref, "Ann", "r5", uno=True))
    ok(play(ref, "Bob", "r3", uno=True))
    ok(draw(ref, "Cy"))
    ok(draw(ref, "Dee"))
    ok(play(ref, "Ann", "wsh", "green"))
    assert hands(ref) == {"Ann": 1, "Bob": 2, "Cy": 2, "Dee": 2}
    return ref


@pytest.mark.parametrize("rules", ["en", "jp"])
def test_passive_one_card_by_shuffle_need_not_call_by_default(rules: str) -> None:
    """The Mattel sheet ties UNO to playing the next-to-last card; table default
    `uno-on-passive no` (en and jp default)."""
    ref = _ann_reaches_one_by_shuffle(rules=rules)
    assert st(ref)["catchable"] == []
    # A false catch, for the real reason: she was handed that hand (issue 25).
    out = ok(catch(ref, "Cy", "Ann"), "uno-passive")
    assert out.text == (
        "False catch: Ann was handed that hand by the Wild Shuffle Hands, and a "
        "player handed a one-card hand need not call UNO. No penalty."
    )
    assert hands(ref)["Ann"] == 1


def test_passive_one_card_by_shuffle_must_call_under_yes() -> None:
    """As the No Mercy sheet has it ('The moment you only have 1 card'):
    `uno-on-passive yes`."""
    ref = _ann_reaches_one_by_shuffle(uno_on_passive="yes")
    assert st(ref)["catchable"] == ["Ann"]
    ok(catch(ref, "Cy", "Ann"), "uno-catch")
    assert hands(ref)["Ann"] == 3


def _cy_reaches_one_by_swap(**kw: object):
    """Swap edition, hands of 2: Ann draws; Bob plays Swap Hands with Cy: Bob's 1 card <-> Cy's 2,
    so Cy holds one card without having played."""
    ref = table(edition="swap", start="r7", hand_size=2, **kw)  # type: ignore[arg-type]
    ok(draw(ref, "Ann"))
    ok(play(ref, "Bob", "wsw", "red", target="Cy"), "swap-hands")
    assert hands(ref) == {"Ann": 3, "Bob": 2, "Cy": 1, "Dee": 2}
    return ref


def test_passive_one_card_by_swap_need_not_call_by_default() -> None:
    """Table default `uno-on-passive no`."""
    ref = _cy_reaches_one_by_swap()
    out = ok(catch(ref, "Dee", "Cy"), "uno-passive")
    assert "Cy was handed that hand by the Wild Swap Hands" in out.text
    assert hands(ref)["Cy"] == 1


def test_passive_one_card_by_swap_must_call_under_yes() -> None:
    """As All Wild after a Forced Swap and Wikibooks' 7-0 have it: `uno-on-passive
    yes`."""
    ref = _cy_reaches_one_by_swap(uno_on_passive="yes")
    ok(catch(ref, "Dee", "Cy"), "uno-catch")
    assert hands(ref)["Cy"] == 3


# Wild Swap Hands (Japanese Wikipedia, カードの種類) -----------------------------------------------


def test_swap_hands_with_a_target() -> None:
    """The card's text as quoted online ('choose any opponent and swap all the cards … you
    choose the color'): hands are exchanged; the turn passes."""
    ref = table(edition="swap", start="r7")
    ok(draw(ref, "Ann"))
    ok(draw(ref, "Bob"))
    ok(play(ref, "Cy", "wsw", "red", target="Ann"), "swap-hands")
    s = st(ref)
    assert s["hands"] == {"Ann": 6, "Bob": 8, "Cy": 8, "Dee": 7}
    assert (s["top"], s["color"], s["turn"]) == ("wsw", "red", "Dee")


@pytest.mark.parametrize("rules", ["en", "jp"])
def test_swap_hands_without_target_under_optional_yes(rules: str) -> None:
    """'may choose … and swap'; Japanese Wikipedia: 交換できる; `swap-optional yes`
    (en and jp default): the player may keep their hand."""
    ref = table(edition="swap", start="r7", rules=rules)
    ok(play(ref, "Ann", "wsw", "green"), "swap-hands")
    s = st(ref)
    assert s["hands"] == {"Ann": 6, "Bob": 7, "Cy": 7, "Dee": 7}
    assert (s["color"], s["turn"]) == ("green", "Bob")


def test_swap_hands_without_target_under_optional_no() -> None:
    """Table option `swap-optional no` (one FAQ reads 'the player must swap')."""
    ref = table(edition="swap", start="r7", swap_optional="no")
    refused(play(ref, "Ann", "wsw", "green"), "swap-hands")
    ok(play(ref, "Ann", "wsw", "green", target="Dee"), "swap-hands")
    assert hands(ref) == {"Ann": 7, "Bob": 7, "Cy": 7, "Dee": 6}


def test_swap_hands_with_yourself_is_refused() -> None:
    """The card's text: 'any opponent'."""
    ref = table(edition="swap", start="r7")
    refused(play(ref, "Ann", "wsw", "green", target="Ann"), "swap-hands")


@pytest.mark.parametrize("optional", ["yes", "no"])
def test_swap_hands_as_last_card_goes_out(optional: str) -> None:
    """carvadia.com's FAQ ('So you can win by playing that card'; no official text, so a
    table default): with nothing left to swap, the player goes out."""
    ref = table(edition="swap", start="r7", hand_size=1, swap_optional=optional)
    ok(play(ref, "Ann", "wsw", "red"), "going-out")
    assert (st(ref)["winner"], st(ref)["phase"]) == ("Ann", "over")


def test_swap_hands_as_last_card_with_a_target_is_refused() -> None:
    """rule swap-last-card: the last card leaves nothing to swap."""
    ref = table(edition="swap", start="r7", hand_size=1)
    refused(play(ref, "Ann", "wsw", "red", target="Bob"), "swap-last-card")


def test_swap_hands_next_to_last_without_swap_needs_uno() -> None:
    """The Mattel sheet ('When you play your next-to-last card, you must yell UNO'):
    Ann plays Swap Hands from two cards and keeps her hand: she reached one card by playing,
    not passively, so she must call UNO and can be caught (draws 2)."""
    ref = table(edition="swap", start="r7", hand_size=2)
    ok(play(ref, "Ann", "wsw", "red"), "swap-hands")
    assert hands(ref)["Ann"] == 1
    assert st(ref)["catchable"] == ["Ann"]
    ok(catch(ref, "Bob", "Ann"), "uno-catch")
    assert hands(ref)["Ann"] == 3


def test_target_only_on_swap_hands() -> None:
    """The session notation: `@TARGET` is for Swap Hands (and Seven-O, targeted cards)."""
    ref = table(edition="swap", start="r7")
    refused(play(ref, "Ann", "r5", target="Bob"), "target")


# Wild Customizable (the Japanese manual's 「白いワイルド」) ---------------------------------------


@pytest.mark.parametrize("edition", ["swap", "shuffle"])
def test_customizable_is_a_wild_showing_its_written_rule(edition: str) -> None:
    """The Japanese manual (whoever plays it follows the written rule, declares a colour, and
    the turn passes); the session header's `[Custom "n" "text"]`."""
    ref = table(edition=edition, start="r7", customs=((2, "everyone passes a card left"),))
    out = ok(play(ref, "Ann", "wc2", "blue"), "customizable")
    assert "everyone passes a card left" in out.text
    s = st(ref)
    assert (s["top"], s["color"], s["turn"]) == ("wc", "blue", "Bob")
    assert s["hands"]["Ann"] == 6


def test_customizable_needs_a_colour_and_there_are_three() -> None:
    """3 Wild Customizable cards; each is a Wild."""
    ref = table(edition="swap", start="r7")
    refused(play(ref, "Ann", "wc"), "wild-color")
    for who in ("Ann", "Bob", "Cy"):
        ok(play(ref, who, "wc", "red"))
    refused(play(ref, "Dee", "wc", "red"), "conservation")


def test_customizable_is_not_in_the_classic_deck() -> None:
    """The Mattel sheet: 108 cards, no blanks."""
    ref = table(start="r7")
    refused(play(ref, "Ann", "wc1", "red"), "card-in-edition")


# Creeper (the Minecraft UNO manual's 「マイクラフトUNOオリジナルルール」) -------------------------


def test_creeper_turn_draw_is_draw_four() -> None:
    """The Minecraft UNO manual: drawing a Creeper obliges you to draw 3 more; `draw N`
    records the whole chain: `Bob: draw 4`."""
    ref = table(edition="minecraft", start="r7")
    ok(draw(ref, "Ann", 4))
    s = st(ref)
    assert s["hands"]["Ann"] == 11 and s["draw_pile"] == 112 - 28 - 1 - 4 and s["turn"] == "Bob"


def test_creeper_turn_draw_four_then_play_the_last() -> None:
    """The session notation's `draw N CARD`: drew N, playing the last (playable) card."""
    ref = table(edition="minecraft", start="r7")
    ok(draw(ref, "Ann", 4, code="r5"))
    s = st(ref)
    assert s["hands"]["Ann"] == 10 and s["top"] == "r5" and s["turn"] == "Bob"


@pytest.mark.parametrize("n", [2, 3, 5])
def test_creeper_other_turn_draw_counts_refused(n: int) -> None:
    """A Minecraft turn draw is 1, or 4 for a Creeper and its three."""
    ref = table(edition="minecraft", start="r7")
    refused(draw(ref, "Ann", n), "creeper")


def test_creeper_draw_three_right_after_a_forced_draw() -> None:
    """Table default `creeper-trigger every-draw`: a Creeper found in a Draw Two's
    cards makes the victim draw 3 more, recorded as `draw 3` right after."""
    ref = table(edition="minecraft", start="r7")
    ok(play(ref, "Ann", "r+2"))
    ok(draw(ref, "Bob", 3), "creeper")
    s = st(ref)
    assert s["hands"]["Bob"] == 7 + 2 + 3
    assert s["turn"] == "Cy"
    assert s["draw_pile"] == 112 - 28 - 1 - 5


@pytest.mark.parametrize("forced", ["accept", "innocent", "penalty", "catch"])
def test_creeper_draw_three_after_other_forced_draws(forced: str) -> None:
    """Table default: the trigger applies to every draw from the draw pile."""
    ref = table(edition="minecraft", start="r7", hand_size=2)
    if forced == "accept":
        ok(play(ref, "Ann", "w+4", "blue", uno=True))
        ok(accept(ref, "Bob"))
        who, before = "Bob", 6
    elif forced == "innocent":
        ok(play(ref, "Ann", "w+4", "blue", uno=True))
        ok(challenge(ref, "Bob", "innocent"))
        who, before = "Bob", 8
    elif forced == "penalty":
        ok(penalty(ref, "Cy", 2, "slow"))
        who, before = "Cy", 4
    else:
        ok(play(ref, "Ann", "r5"))
        ok(catch(ref, "Dee", "Ann"))
        who, before = "Ann", 3
    ok(draw(ref, who, 3), "creeper")
    assert hands(ref)[who] == before + 3


def test_creeper_draw_three_after_a_start_draw_two() -> None:
    """Table default (every draw): the start Draw Two's 2 cards are a draw from
    the pile too; the first player may record `draw 3` right after `start`."""
    ref = table(edition="minecraft", start="r+2")
    ok(draw(ref, "Ann", 3), "creeper")
    s = st(ref)
    assert s["hands"]["Ann"] == 12 and s["turn"] == "Bob"


def test_creeper_draw_three_only_right_after() -> None:
    """The `draw 3` must come right after the draw that found the Creeper."""
    ref = table(edition="minecraft", start="r7")
    ok(play(ref, "Ann", "r+2"))
    ok(play(ref, "Cy", "r3"))
    refused(draw(ref, "Bob", 3), ("creeper", "turn-order"))


def test_creeper_draw_three_refused_without_a_forced_draw() -> None:
    """On a turn, `draw 3` is neither a draw of 1 nor a chain of 4."""
    ref = table(edition="minecraft", start="r7")
    refused(draw(ref, "Ann", 3), "creeper")


def test_creeper_turn_draw_trigger_refuses_draw_three_after_a_forced_draw() -> None:
    """`[Rule "creeper-trigger" "turn-draw"]`: only turn draws trigger."""
    ref = table(edition="minecraft", start="r7", creeper_trigger="turn-draw")
    ok(play(ref, "Ann", "r+2"))
    refused(draw(ref, "Bob", 3), ("creeper", "turn-order"))
    ok(draw(ref, "Cy", 4))
    assert hands(ref)["Cy"] == 11


def test_creeper_plays_as_a_wild() -> None:
    """The Minecraft UNO manual: 通常のワイルドカードとして使うことができます."""
    ref = table(edition="minecraft", start="r7")
    refused(play(ref, "Ann", "cr"), "wild-color")
    ok(play(ref, "Ann", "cr", "green"))
    s = st(ref)
    assert (s["top"], s["color"], s["turn"]) == ("cr", "green", "Bob")


def test_creeper_not_in_other_editions() -> None:
    """Creepers are Minecraft cards."""
    ref = table(edition="classic", start="r7")
    refused(draw(ref, "Ann", 4), "draw-one")
    refused(play(ref, "Ann", "cr", "red"), "card-in-edition")
