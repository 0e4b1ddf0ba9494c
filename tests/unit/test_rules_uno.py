"""The UNO call: who must call, the catch window, late calls, false catches.

The Mattel sheet, the older English rules and the Japanese manual's 「罰則と反則」; the options
`uno-window`, `uno-penalty`, `late-uno`, `false-catch-penalty`; the moves `uno` and `catch NAME`.

Tables here deal hands of 2 (`hand-size 2`), so one play leaves a player on one card.
"""

from __future__ import annotations

from typing import Any

import pytest

from referee.render import render
from tests.unit.rules_helpers import (
    accept,
    catch,
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
    uno,
)


def ann_on_one_card(called: bool = False, **kw: object):
    """Hands of 2; Ann plays Red 5 on Red 7 and is left with one card."""
    ref = table(start="r7", hand_size=2, **kw)  # type: ignore[arg-type]
    ok(play(ref, "Ann", "r5", uno=called))
    assert hands(ref)["Ann"] == 1
    return ref


# Calling and catching inside the window -----------------------------------------------------------


def test_uno_called_with_the_card_cannot_be_caught() -> None:
    """The Mattel sheet: 'When you play your next-to-last card, you must yell UNO'; done, so
    safe."""
    ref = ann_on_one_card(called=True)
    assert st(ref)["catchable"] == []
    ok(catch(ref, "Bob", "Ann"), "uno-false-catch")
    assert hands(ref) == {"Ann": 1, "Bob": 2, "Cy": 2, "Dee": 2}


def test_missed_uno_is_catchable() -> None:
    """The window opens when the next-to-last card is played (the Japanese manual)."""
    ref = ann_on_one_card()
    assert st(ref)["catchable"] == ["Ann"]


@pytest.mark.parametrize("catcher", ["Bob", "Cy", "Dee"])
def test_caught_inside_the_window_draws_two(catcher: str) -> None:
    """The Mattel sheet and the Japanese manual, `uno-penalty 2`: any other player may catch; the
    offender draws 2."""
    ref = ann_on_one_card()
    ok(catch(ref, catcher, "Ann"), "uno-catch")
    s = st(ref)
    assert s["hands"]["Ann"] == 3
    assert s["hands"][catcher] == 2
    assert s["catchable"] == []
    assert s["draw_pile"] == 108 - 8 - 1 - 2
    assert s["turn"] == "Bob"


@pytest.mark.parametrize("penalty", [0, 4])
def test_uno_penalty_override(penalty: int) -> None:
    """Option `uno-penalty` (integer): a table may set its own penalty."""
    ref = ann_on_one_card(uno_penalty=penalty)
    ok(catch(ref, "Cy", "Ann"), "uno-catch")
    assert hands(ref)["Ann"] == 1 + penalty


def test_caught_twice_is_a_false_catch() -> None:
    """Once caught (and now holding 3), Ann cannot be caught again."""
    ref = ann_on_one_card()
    ok(catch(ref, "Cy", "Ann"), "uno-catch")
    ok(catch(ref, "Dee", "Ann"), "uno-false-catch")
    assert hands(ref)["Ann"] == 3


def test_catch_yourself_is_refused() -> None:
    """`catch NAME` is another player's; the offender calls `uno`."""
    ref = ann_on_one_card()
    refused(catch(ref, "Ann", "Ann"), "uno-catch")


def test_catch_unknown_player_is_refused() -> None:
    """Players come from the header."""
    ref = ann_on_one_card()
    refused(catch(ref, "Bob", "Zed"), "session")


# The window: next-action vs next-discard ----------------------------------------------------------


@pytest.mark.parametrize("rules", ["en", "override"])
def test_next_action_window_closed_by_the_next_players_draw(rules: str) -> None:
    """The Mattel sheet ('before the next player begins their turn'; the older English rules:
    beginning a turn is drawing a card), `uno-window next-action` (en default): Bob's draw
    closes the window; a later catch costs Ann nothing."""
    kw: dict[str, Any] = {} if rules == "en" else {"rules": "jp", "uno_window": "next-action"}
    ref = ann_on_one_card(**kw)
    ok(draw(ref, "Bob"))
    assert st(ref)["catchable"] == []
    ok(catch(ref, "Cy", "Ann"), "uno-window")
    assert hands(ref)["Ann"] == 1


def test_next_action_window_closed_by_the_next_players_play() -> None:
    """`uno-window next-action`: a play closes it too."""
    ref = ann_on_one_card()
    ok(play(ref, "Bob", "r3"))
    ok(catch(ref, "Cy", "Ann"), "uno-window")
    assert hands(ref)["Ann"] == 1


@pytest.mark.parametrize("rules", ["jp", "override"])
def test_next_discard_window_stays_open_after_a_draw(rules: str) -> None:
    """The Japanese manual (次の人がカードを捨てる瞬間まで, until the next player discards),
    `uno-window next-discard` (jp default): Bob's draw does not close the
    window."""
    kw: dict[str, Any] = {"rules": "jp"} if rules == "jp" else {"uno_window": "next-discard"}
    ref = ann_on_one_card(**kw)
    ok(draw(ref, "Bob"))
    assert st(ref)["catchable"] == ["Ann"]
    ok(catch(ref, "Cy", "Ann"), "uno-catch")
    assert hands(ref)["Ann"] == 3


def test_next_discard_window_closed_by_the_next_discard() -> None:
    """The Japanese manual, `uno-window next-discard`: Bob draws, Cy discards:
    closed."""
    ref = ann_on_one_card(uno_window="next-discard")
    ok(draw(ref, "Bob"))
    ok(play(ref, "Cy", "r3", uno=True))
    assert st(ref)["catchable"] == []
    ok(catch(ref, "Dee", "Ann"), "uno-window")
    assert hands(ref)["Ann"] == 1


def test_next_discard_window_closed_by_a_drawn_card_played() -> None:
    """`uno-window next-discard`: `draw CARD` puts a card down, which closes it."""
    ref = ann_on_one_card(uno_window="next-discard")
    ok(draw(ref, "Bob", code="r3"))
    ok(catch(ref, "Cy", "Ann"), "uno-window")
    assert hands(ref)["Ann"] == 1


def test_window_after_a_draw_two_stays_open_until_the_player_after_the_victim_acts() -> None:
    """`uno-window next-action`: the Draw Two victim's forced draw is not
    typed and is not a turn action; Bob, who was skipped, may still catch Ann."""
    ref = table(start="r7", hand_size=2)
    ok(play(ref, "Ann", "r+2"))
    assert st(ref)["catchable"] == ["Ann"]
    ok(catch(ref, "Bob", "Ann"), "uno-catch")
    assert hands(ref) == {"Ann": 3, "Bob": 4, "Cy": 2, "Dee": 2}


def test_window_after_a_draw_two_closed_by_the_next_turn_action() -> None:
    """`uno-window next-action`: Cy (next to act after the skipped Bob) draws: closed."""
    ref = table(start="r7", hand_size=2)
    ok(play(ref, "Ann", "r+2"))
    ok(draw(ref, "Cy"))
    ok(catch(ref, "Bob", "Ann"), "uno-window")
    assert hands(ref)["Ann"] == 1


def test_next_action_window_closed_by_accepting_a_wd4() -> None:
    """`uno-window next-action` (a play, a draw, accept or challenge)."""
    ref = table(start="r7", hand_size=2)
    ok(play(ref, "Ann", "w+4", "blue"))
    ok(accept(ref, "Bob"))
    ok(catch(ref, "Cy", "Ann"), "uno-window")
    assert hands(ref)["Ann"] == 1


def test_next_action_window_closed_by_a_challenge() -> None:
    """`uno-window next-action`: a challenge is a turn action and closes the window."""
    ref = table(start="r7", hand_size=2)
    ok(play(ref, "Ann", "w+4", "blue"))
    ok(challenge(ref, "Bob", "innocent"))
    ok(catch(ref, "Cy", "Ann"), "uno-window")
    assert hands(ref) == {"Ann": 1, "Bob": 8, "Cy": 2, "Dee": 2}


def test_next_discard_window_survives_accepting_a_wd4() -> None:
    """`uno-window next-discard`: accepting is not a discard; the window stays open."""
    ref = table(start="r7", hand_size=2, uno_window="next-discard")
    ok(play(ref, "Ann", "w+4", "blue"))
    ok(accept(ref, "Bob"))
    ok(catch(ref, "Cy", "Ann"), "uno-catch")
    assert hands(ref)["Ann"] == 3


def test_next_action_window_closed_by_the_next_players_misplay() -> None:
    """The older English rules ('drawing a card from your hand to play' begins the turn),
    `uno-window next-action`: Bob's misplay is a turn action."""
    ref = ann_on_one_card()
    ok(misplay(ref, "Bob", "g3"))
    ok(catch(ref, "Cy", "Ann"), "uno-window")
    assert hands(ref)["Ann"] == 1


def test_missed_uno_not_caught_in_time_player_goes_out() -> None:
    """Caught after the window, no penalty: Ann, who never called, goes out."""
    ref = table(start="r7", hand_size=2, players=("Ann", "Bob", "Cy"))
    ok(play(ref, "Ann", "r5"))  # Ann on one card, catchable
    ok(play(ref, "Bob", "r+2"))  # Cy draws 2
    ok(play(ref, "Ann", "r1", uno=False), "going-out")
    assert st(ref)["winner"] == "Ann"


# Late UNO (table default `late-uno`) --------------------------------------------------------------


@pytest.mark.parametrize("rules", ["en", "jp"])
def test_late_uno_allowed_protects(rules: str) -> None:
    """The older English rules ('you catch yourself before any other player catches you, you
    are safe'), `late-uno allowed` (en and jp default)."""
    ref = ann_on_one_card(rules=rules)
    ok(uno(ref, "Ann"), "uno-late")
    assert st(ref)["catchable"] == []
    ok(catch(ref, "Bob", "Ann"), "uno-false-catch")
    assert hands(ref)["Ann"] == 1


def test_late_uno_no_does_not_protect() -> None:
    """`late-uno no`: calling after the card is down does not protect."""
    ref = ann_on_one_card(late_uno="no")
    ok(uno(ref, "Ann"), "uno-late")
    assert st(ref)["catchable"] == ["Ann"]
    ok(catch(ref, "Bob", "Ann"), "uno-catch")
    assert hands(ref)["Ann"] == 3


def test_late_uno_after_being_caught_changes_nothing() -> None:
    """A late call only protects 'before any other player catches you'."""
    ref = ann_on_one_card()
    ok(catch(ref, "Bob", "Ann"))
    refused(uno(ref, "Ann"), "uno-call")  # Ann now holds 3: no UNO to call
    assert hands(ref)["Ann"] == 3


def test_uno_by_a_player_with_many_cards_is_refused() -> None:
    """UNO is for the next-to-last card; holding 7 there is nothing to call."""
    ref = table(start="r7")
    refused(uno(ref, "Cy"), "uno-call")


def test_uno_before_playing_the_next_to_last_card_is_refused() -> None:
    """UNO goes with the card (`Ann: r5 uno`); a bare call holding 2 is refused."""
    ref = table(start="r7", hand_size=2)
    refused(uno(ref, "Ann"), "uno-call")


# False catch (table default `false-catch-penalty`) ------------------------------------------------


@pytest.mark.parametrize("rules", ["en", "jp"])
def test_false_catch_penalty_zero_by_default(rules: str) -> None:
    """No published penalty: `false-catch-penalty 0`."""
    ref = table(start="r7", rules=rules)
    ok(catch(ref, "Bob", "Cy"), "uno-false-catch")
    assert hands(ref) == {"Ann": 7, "Bob": 7, "Cy": 7, "Dee": 7}
    assert st(ref)["draw_pile"] == 79


def test_false_catch_penalty_two() -> None:
    """`false-catch-penalty 2`: the catcher of a player holding several cards draws 2."""
    ref = table(start="r7", false_catch_penalty=2)
    ok(catch(ref, "Bob", "Cy"), "uno-false-catch")
    assert hands(ref) == {"Ann": 7, "Bob": 9, "Cy": 7, "Dee": 7}
    assert st(ref)["turn"] == "Ann"


def test_late_catch_after_the_window_is_not_a_false_catch() -> None:
    """`false-catch-penalty 2`: Ann never called UNO; Bob's
    draw closed the window; Cy's late catch costs nobody anything."""
    ref = ann_on_one_card(false_catch_penalty=2)
    ok(draw(ref, "Bob"))
    ok(catch(ref, "Cy", "Ann"))
    assert hands(ref) == {"Ann": 1, "Bob": 3, "Cy": 2, "Dee": 2}


def test_false_catch_of_a_player_who_called() -> None:
    """A false catch (the target said UNO), `false-catch-penalty 2`."""
    ref = ann_on_one_card(called=True, false_catch_penalty=2)
    ok(catch(ref, "Cy", "Ann"), "uno-false-catch")
    assert hands(ref) == {"Ann": 1, "Bob": 2, "Cy": 4, "Dee": 2}


def test_catch_does_not_change_the_turn() -> None:
    """A catch is not a turn action."""
    ref = ann_on_one_card()
    ok(catch(ref, "Dee", "Ann"))
    assert st(ref)["turn"] == "Bob"


# A swap or shuffle by the player's own next-to-last card (issue 25) ----------------------------
#
# The Mattel sheet: "When you play your next-to-last card, you must yell UNO"; the Japanese
# manual's 「罰則と反則」: "手持ちのカードが2枚になってそのうちの1枚を捨てるとき".
# `uno-on-passive` is about the player *handed* a one-card hand, never the one whose card it
# was.


def ann_two_cards_bob_one(edition: str = "classic", **kw: object):
    """Two players, hands of 2: Ann draws (3); Bob goes down to one card, calling UNO; Ann plays
    a Skip (2 left), which with two players gives her the turn again."""
    ref = table(edition, players=("Ann", "Bob"), start="r7", hand_size=2, **kw)  # type: ignore[arg-type]
    ok(draw(ref, "Ann"))
    ok(play(ref, "Bob", "r2", uno=True))
    ok(play(ref, "Ann", "rs"))
    assert hands(ref) == {"Ann": 2, "Bob": 1} and st(ref)["turn"] == "Ann"
    return ref


def next_to_last(edition: str, called: bool, **kw: object):
    """Ann plays her next-to-last card, which leaves her a one-card hand: a Wild Swap Hands or a
    Seven-O 7 with Bob (one card each way), or a Wild Shuffle Hands (2 cards: 1 each)."""
    ref = ann_two_cards_bob_one(edition, **kw)
    if edition == "swap":
        ok(play(ref, "Ann", "wsw", "red", target="Bob", uno=called), "swap-hands")
    elif edition == "shuffle":
        ok(play(ref, "Ann", "wsh", "red", uno=called), "shuffle-hands")
    else:
        ok(play(ref, "Ann", "r7", target="Bob", uno=called), "seven-o")
    assert hands(ref) == {"Ann": 1, "Bob": 1}
    return ref


CARDS = pytest.mark.parametrize(
    ("edition", "kw"),
    [
        ("swap", {}),
        ("shuffle", {}),
        ("classic", {"seven_o": "on", "uno_on_passive": "no"}),
        ("classic", {"seven_o": "on"}),
        ("swap", {"uno_on_passive": "yes"}),
    ],
    ids=["swap", "shuffle", "seven-o-passive-no", "seven-o", "swap-passive-yes"],
)


@CARDS
def test_next_to_last_card_that_swaps_must_still_call_uno(edition: str, kw: dict) -> None:
    """Her own next-to-last card left her one card: she must have called, whatever
    `uno-on-passive` says of Bob, who was handed his hand; Bob catches her."""
    ref = next_to_last(edition, called=False, **kw)
    assert "Ann" in st(ref)["catchable"]
    out = ok(catch(ref, "Bob", "Ann"), "uno-catch")
    assert out.text == "Bob caught Ann not calling UNO: Ann draws 2."
    assert hands(ref)["Ann"] == 3


@CARDS
def test_next_to_last_card_that_swaps_called_with_the_card_is_safe(edition: str, kw: dict) -> None:
    """`uno` with the card counts, as for any next-to-last card (under `uno-on-passive yes`
    she was caught although she had called)."""
    ref = next_to_last(edition, called=True, **kw)
    assert "Ann" not in st(ref)["catchable"]
    out = ok(catch(ref, "Bob", "Ann"), "uno-false-catch")
    assert out.text == "False catch: Ann called UNO. No penalty."
    assert hands(ref)["Ann"] == 1


@pytest.mark.parametrize("edition", ["swap", "shuffle"])
def test_a_false_catch_of_a_player_handed_one_card_says_so(edition: str) -> None:
    """Table default `uno-on-passive no`: Bob, handed his one card, need not call; a catch is
    false, for that reason and under that rule (not "Bob called UNO"), and still costs the
    catcher the false-catch penalty."""
    ref = next_to_last(edition, called=True, false_catch_penalty=1)
    card = "Wild Swap Hands" if edition == "swap" else "Wild Shuffle Hands"
    out = ok(catch(ref, "Ann", "Bob"), "uno-passive")
    assert out.text == (
        f"False catch: Bob was handed that hand by the {card}, and a player "
        "handed a one-card hand need not call UNO. Ann draws 1."
    )
    assert hands(ref) == {"Ann": 2, "Bob": 1}


def test_a_handed_hand_that_changes_is_no_longer_handed() -> None:
    """Bob, handed one card, draws: a catch of him then is false because he holds 2."""
    ref = next_to_last("swap", called=True)
    ok(draw(ref, "Bob"))
    out = ok(catch(ref, "Ann", "Bob"), "uno-false-catch")
    assert out.text == "False catch: Bob holds 2 cards. No penalty."


def test_the_passive_window_names_the_next_player_to_act() -> None:
    """`seven-o on` (so `uno-on-passive yes`): Dee's 0 passes Bob's one card to Cy; the turn
    is Ann's, so Ann's action closes Cy's window, not Dee's (the seat after Cy)."""
    ref = table(start="r7", seven_o="on", hand_size=2)
    ok(draw(ref, "Ann"))
    ok(play(ref, "Bob", "r2", uno=True))
    ok(draw(ref, "Cy"))
    ok(play(ref, "Dee", "r0"))
    assert hands(ref) == {"Ann": 1, "Bob": 3, "Cy": 1, "Dee": 3}
    assert st(ref)["turn"] == "Ann"
    catches = {w.player: render((w.message,)) for w in ref.waiting_for() if w.kind == "catch"}
    assert catches["Cy"] == "Cy has one card and did not call UNO: catchable until Ann acts"
    assert catches["Ann"] == "Ann has one card and did not call UNO: catchable until Bob acts"
    ok(draw(ref, "Ann"))  # closes Cy's window; Ann's own hand changed
    assert st(ref)["catchable"] == []


def test_a_player_who_plays_again_is_not_her_own_closer() -> None:
    """Two players: Ann's next-to-last Skip gives her the turn again; Bob's action is what
    closes her window."""
    ref = table(players=("Ann", "Bob"), start="r7", hand_size=2)
    out = ok(play(ref, "Ann", "rs"))
    assert out.text == (
        "Ann played Red Skip; Bob is skipped; Ann did not call UNO: catchable "
        "until Bob acts; Ann plays next."
    )


# Plurals --------------------------------------------------------------------------------------


def test_one_card_is_one_card() -> None:
    """ "holds 1 cards" (issue 25): a count of one reads in the singular."""
    ref = ann_on_one_card()
    out = refused(gives(ref, "Ann", 1), "table-override")
    assert out.text == ("Ann holds 1 card and cannot give 1: a player goes out by playing")
    ok(draw(ref, "Bob"))
    out = refused(uno(ref, "Bob"), "uno-call")
    assert out.text == "Bob holds 3 cards: there is no UNO to call"
