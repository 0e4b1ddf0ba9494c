"""Dealer, deal and the start card.

The Mattel sheet and the Japanese manuals (「はじめ方」, and each card's start-card rule in
「カードの説明と枚数」); the session notation's round heading; the options `start-card`,
`dealer-rotation`, `hand-size`.
"""

from __future__ import annotations

import pytest

from referee.engine import Referee, SetupError
from referee.engine.setup import resolve, rules_in_force
from tests.unit.rules_helpers import (
    dealer,
    draw,
    hand,
    header,
    new_round,
    ok,
    play,
    refused,
    st,
    table,
    turn_up,
)

BOTH = pytest.mark.parametrize("rules", ["en", "jp"])


# Start card (the Mattel sheet; the Japanese manuals' 「カードの説明と枚数」) ----------------------


@BOTH
def test_start_number_left_of_dealer_plays_clockwise(rules: str) -> None:
    """The Mattel sheet and the Japanese manual (a number): the player left of the dealer starts,
    clockwise."""
    ref = table(start="r7", rules=rules)
    s = st(ref)
    assert (s["turn"], s["direction"], s["top"], s["color"]) == ("Ann", "cw", "r7", "red")
    assert s["hands"] == {"Ann": 7, "Bob": 7, "Cy": 7, "Dee": 7}


@BOTH
def test_start_number_with_another_dealer(rules: str) -> None:
    """A number start card: with Bob dealing, Cy (left of Bob) starts."""
    ref = table(start="r7", rules=rules, dealer="Bob")
    assert st(ref)["turn"] == "Cy"


@BOTH
def test_start_draw_two_first_player_draws_two_and_misses_turn(rules: str) -> None:
    """A Draw Two start card (the Mattel sheet: 'first player draws 2 and misses turn'; the
    Japanese manual: the dealer's left neighbour draws 2; the turn passes on)."""
    ref = table(start="r+2", rules=rules)
    s = st(ref)
    assert s["hands"] == {"Ann": 9, "Bob": 7, "Cy": 7, "Dee": 7}
    assert s["turn"] == "Bob"
    assert s["draw_pile"] == 108 - 28 - 1 - 2
    assert (s["top"], s["color"]) == ("r+2", "red")


@BOTH
def test_start_reverse_dealer_plays_first_to_the_right(rules: str) -> None:
    """A Reverse start card (the Mattel sheet: 'the dealer goes first, then play moves to the
    right'; the Japanese manual: 親が最初にプレイ, counter-clockwise)."""
    ref = table(start="rr", rules=rules)
    s = st(ref)
    assert (s["turn"], s["direction"]) == ("Dee", "ccw")
    ok(play(ref, "Dee", "r3"))
    assert st(ref)["turn"] == "Cy"


@BOTH
def test_start_reverse_as_if_the_dealer_played_it(rules: str) -> None:
    """The how-to article's 「ディーラーの役目」 ("リバースだったら逆回りで、ディーラーの右隣の
    プレイヤーからスタートします"), `start-reverse right` (issue 25): Cy, right of the dealer
    Dee, plays first, and play goes on to the right."""
    ref = table(start="rr", rules=rules, start_reverse="right")
    s = st(ref)
    assert (s["turn"], s["direction"]) == ("Cy", "ccw")
    assert s["hands"] == {"Ann": 7, "Bob": 7, "Cy": 7, "Dee": 7}
    ok(play(ref, "Cy", "r3"))
    assert st(ref)["turn"] == "Bob"
    refused(play(ref, "Dee", "r4"), "turn-order")


def test_start_reverse_options_and_their_rule() -> None:
    """`start-reverse` (`dealer`, the default of both rulebooks, or `right`); each ruling cites
    the rule `start-reverse`, which `uno-referee rules` shows with its source."""
    assert resolve("en", "classic")["start-reverse"] == "dealer"
    assert resolve("jp", "classic")["start-reverse"] == "dealer"
    ref = table(start=None, start_reverse="right")
    out = ok(turn_up(ref, "rr"), "start-reverse")
    assert out.text == (
        "Red Reverse starts as if the dealer had played it: Cy, right of the "
        "dealer, plays first and play goes to the right."
    )
    shown = {
        str(r.id): r
        for r in rules_in_force(resolve("en", "classic", (("start-reverse", "right"),)), "classic")
    }
    assert "「ディーラーの役目」" in shown["start-reverse"].source
    default = {str(r.id): r for r in rules_in_force(resolve("en", "classic"), "classic")}
    assert "「リバース」" in default["start-reverse"].source


def test_start_reverse_right_with_two_players_acts_as_a_skip() -> None:
    """As if the dealer had played it: with two players a Reverse is a Skip
    (`two-player-reverse skip`), so the dealer plays first; under `reverse` the other player."""
    ref = table(start="rr", players=("Ann", "Bob"), start_reverse="right")
    assert st(ref)["turn"] == "Bob"
    ref = table(
        start="rr", players=("Ann", "Bob"), start_reverse="right", two_player_reverse="reverse"
    )
    assert (st(ref)["turn"], st(ref)["direction"]) == ("Ann", "ccw")


@BOTH
def test_start_skip_left_of_dealer_is_skipped(rules: str) -> None:
    """The Mattel sheet and the Japanese manual (a Skip): the player left of the dealer is
    skipped."""
    ref = table(start="rs", rules=rules)
    s = st(ref)
    assert (s["turn"], s["direction"]) == ("Bob", "cw")
    assert s["hands"] == {"Ann": 7, "Bob": 7, "Cy": 7, "Dee": 7}
    refused(play(ref, "Ann", "r3"), "turn-order")


def test_start_skip_with_two_players_dealer_plays_first() -> None:
    """A Skip start card with two players: the non-dealer is skipped, so the dealer starts."""
    ref = table(start="rs", players=("Ann", "Bob"))
    assert st(ref)["turn"] == "Bob"


def test_start_draw_two_with_two_players_dealer_plays_first() -> None:
    """A Draw Two start card with two players: the non-dealer draws 2 and misses the turn."""
    ref = table(start="r+2", players=("Ann", "Bob"))
    assert (st(ref)["turn"], st(ref)["hands"]["Ann"]) == ("Bob", 9)


@BOTH
def test_start_wild_left_of_dealer_names_colour_and_plays(rules: str) -> None:
    """A Wild start card (the Mattel sheet: 'the person to the left of the dealer chooses the
    color'; the Japanese manuals: the left neighbour declares a colour and discards a card)."""
    ref = table(start="w", color="blue", rules=rules)
    s = st(ref)
    assert (s["turn"], s["top"], s["color"]) == ("Ann", "w", "blue")
    refused(play(ref, "Ann", "r3"), "match")
    ok(play(ref, "Ann", "b3"))


@BOTH
def test_start_wild_reshuffled(rules: str) -> None:
    """The how-to article's 「ディーラーの役目」 ("特殊カードが出たときのみ、山札をシャッフルして
    やり直します"), `start-wild reshuffle` (issue 25): a Wild goes back like a Wild Draw Four
    (`start w r7`), and so does any card without a colour of its own."""
    ref = table(start=None, rules=rules, start_wild="reshuffle")
    out = refused(turn_up(ref, "w", "red"), "start-wild")
    assert out.text == (
        "Wild goes back and the deck is shuffled: turn another card, e.g. 'start w r7'"
    )
    ok(turn_up(ref, "w w+4 r7"), "start-card")
    s = st(ref)
    assert (s["top"], s["turn"], s["draw_pile"], s["discard_pile"]) == ("r7", "Ann", 79, 1)
    ref = table("shuffle", start=None, rules=rules, start_wild="reshuffle")
    refused(turn_up(ref, "wsh", "red"), "start-wild")
    ok(turn_up(ref, "wsh wc rs"), "start-card")
    assert st(ref)["turn"] == "Bob"


def test_start_wild_options_and_their_rule() -> None:
    """`start-wild` (`name`, the default of both rulebooks, or `reshuffle`): a Wild that starts
    cites the rule `start-wild`; an action card still acts under `reshuffle`."""
    assert resolve("jp", "classic")["start-wild"] == "name"
    ok(turn_up(table(start=None), "w", "red"), "start-wild")
    refused(turn_up(table(start=None), "w r7"), "start-card")
    ref = table(start="rs", start_wild="reshuffle")
    assert st(ref)["turn"] == "Bob"
    with pytest.raises(SetupError):
        Referee(header("allwild", start_wild="reshuffle"))


@BOTH
def test_start_wild_without_colour_is_refused(rules: str) -> None:
    """A Wild start card: `start w red`; the colour is required."""
    ref = table(start=None, rules=rules)
    refused(turn_up(ref, "w"), "wild-color")


def test_start_number_takes_no_colour() -> None:
    """A colour is given only when the start card needs one."""
    ref = table(start=None)
    refused(turn_up(ref, "r7", "blue"), "wild-color")


@BOTH
def test_start_wild_draw_four_is_returned_and_the_next_card_starts(rules: str) -> None:
    """A Wild Draw Four start card (the Mattel sheet: 'return this card to the deck and pick another
    card'; the Japanese manual: put back in the draw pile): `start w+4 r7`; the WD4 is back in the
    draw pile."""
    ref = table(start="w+4 r7", rules=rules)
    s = st(ref)
    assert (s["top"], s["color"], s["turn"]) == ("r7", "red", "Ann")
    assert s["draw_pile"] == 108 - 28 - 1
    assert s["discard_pile"] == 1
    assert s["hands"] == {"Ann": 7, "Bob": 7, "Cy": 7, "Dee": 7}


def test_start_two_wild_draw_fours_returned() -> None:
    """Each WD4 turned up is returned."""
    ref = table(start="w+4 w+4 g+2")
    s = st(ref)
    assert (s["top"], s["turn"]) == ("g+2", "Bob")
    assert s["hands"]["Ann"] == 9


@BOTH
def test_start_wild_draw_four_alone_is_refused(rules: str) -> None:
    """A WD4 never starts play."""
    ref = table(start=None, rules=rules)
    refused(turn_up(ref, "w+4"), "start-card")
    refused(turn_up(ref, "r7 w+4"), "start-card")


def test_start_other_cards_are_not_returned_under_edition_rules() -> None:
    """The Mattel sheet and the Japanese manual: only the WD4 is returned; a Skip or Wild starts
    play."""
    ref = table(start=None)
    refused(turn_up(ref, "rs r7"), "start-card")
    refused(turn_up(ref, "w r7"), "start-card")


def test_start_card_not_in_the_edition_is_refused() -> None:
    """A card the edition does not contain is an error."""
    ref = table(start=None)
    refused(turn_up(ref, "wsh", "red"), "card-in-edition")


@BOTH
def test_start_number_only_turns_until_a_number(rules: str) -> None:
    """Japanese Wikipedia's house rule (start with number cards only), `start-card
    number-only`: action cards and Wilds are returned until a number card."""
    ref = table(start="rs r+2 w w+4 rr r7", rules=rules, start_card="number-only")
    s = st(ref)
    assert (s["top"], s["turn"], s["direction"]) == ("r7", "Ann", "cw")
    assert s["hands"] == {"Ann": 7, "Bob": 7, "Cy": 7, "Dee": 7}
    assert s["draw_pile"] == 108 - 28 - 1
    assert s["discard_pile"] == 1


@pytest.mark.parametrize("start", ["rs", "r+2", "rr"])
def test_start_number_only_refuses_an_action_start_card(start: str) -> None:
    """`start-card number-only`: an action card is sent back, not started on."""
    ref = table(start=None, start_card="number-only")
    refused(turn_up(ref, start), "start-card")


def test_start_number_only_refuses_a_wild_start_card() -> None:
    """`start-card number-only`: a Wild is sent back too."""
    ref = table(start=None, start_card="number-only")
    refused(turn_up(ref, "w", "red"), "start-card")


def test_start_comes_once_per_round() -> None:
    """`start` comes once, at the beginning of a round."""
    ref = table(start="r7")
    refused(turn_up(ref, "g5"), "session")


# Special Wilds as the start card (the Japanese manual) --------------------------------------------


def test_start_shuffle_hands_acts_as_a_wild() -> None:
    """The Japanese manual's 「シャッフルワイルド」: as the start card, the dealer's left neighbour
    declares a colour and discards; hands are not re-dealt."""
    ref = table(edition="shuffle", rules="jp", start="wsh", color="green")
    s = st(ref)
    assert (s["turn"], s["color"]) == ("Ann", "green")
    assert s["hands"] == {"Ann": 7, "Bob": 7, "Cy": 7, "Dee": 7}


def test_start_customizable_acts_as_a_wild() -> None:
    """The Japanese manual's 「白いワイルド」: start card: the left neighbour declares a colour and
    plays."""
    ref = table(edition="swap", start="wc", color="yellow")
    assert (st(ref)["turn"], st(ref)["color"]) == ("Ann", "yellow")


# Dealer (the Mattel sheet, the Japanese manual's 「はじめ方」) ------------------------------------


def test_dealer_is_required_in_round_one() -> None:
    """`dealer` is required in round 1 (someone deals)."""
    ref = Referee(header())
    ok(new_round(ref, 1))
    refused(turn_up(ref, "r7"), "session")
    ok(dealer(ref, "Bob"))
    ok(turn_up(ref, "r7"))
    assert st(ref)["turn"] == "Cy"


def test_dealer_must_be_a_player() -> None:
    """Players come from the header."""
    ref = Referee(header())
    ok(new_round(ref, 1))
    refused(dealer(ref, "Zed"), "session")


def test_dealer_after_start_is_refused() -> None:
    """The dealer is named before `start`."""
    ref = table(start="r7")
    refused(dealer(ref, "Bob"), "session")


def test_rounds_come_in_order() -> None:
    """Rounds are numbered in order."""
    ref = Referee(header())
    refused(new_round(ref, 2), "session")


def _bob_wins_round_one(**kw: object) -> Referee:
    """Dee deals round 1, hands of 1: Ann draws, Bob goes out; the three hands are entered."""
    ref = table(start="r7", hand_size=1, **kw)  # type: ignore[arg-type]
    ok(draw(ref, "Ann"))
    ok(play(ref, "Bob", "r3"), "going-out")
    assert st(ref)["winner"] == "Bob"
    ok(hand(ref, "Ann", points=10))
    ok(hand(ref, "Cy", points=5))
    ok(hand(ref, "Dee", points=5))
    return ref


def test_dealer_rotation_left() -> None:
    """The Mattel sheet, `dealer-rotation left` (en default): the player left of the
    dealer deals the next round, whoever won; the player left of the new dealer starts."""
    ref = _bob_wins_round_one()
    ok(new_round(ref, 2))
    assert st(ref)["dealer"] == "Ann"
    ok(turn_up(ref, "g5"))
    assert st(ref)["turn"] == "Bob"


@pytest.mark.parametrize("how", ["jp-default", "override"])
def test_dealer_rotation_winner(how: str) -> None:
    """The Japanese manual's 「上がり方」 (上がった人が次の回の親), `dealer-rotation winner` (jp
    default): the round's winner deals the next round."""
    kw = {"rules": "jp"} if how == "jp-default" else {"dealer_rotation": "winner"}
    ref = _bob_wins_round_one(**kw)
    ok(new_round(ref, 2))
    assert st(ref)["dealer"] == "Bob"
    ok(turn_up(ref, "g5"))
    assert st(ref)["turn"] == "Cy"


def test_dealer_may_be_named_in_a_later_round() -> None:
    """Later rounds follow the rotation unless a dealer is given."""
    ref = _bob_wins_round_one()
    ok(new_round(ref, 2))
    ok(dealer(ref, "Cy"))
    ok(turn_up(ref, "g5"))
    assert st(ref)["turn"] == "Dee"


def test_dealer_rotation_wraps_round_the_table() -> None:
    """Left of the last seat is the first seat."""
    ref = table(start="r7", hand_size=1, dealer="Cy")  # Dee starts
    ok(play(ref, "Dee", "r3"))
    for who in ("Ann", "Bob", "Cy"):
        ok(hand(ref, who, points=1))
    ok(new_round(ref, 2))
    assert st(ref)["dealer"] == "Dee"
    ok(turn_up(ref, "g5"))
    assert st(ref)["turn"] == "Ann"


# The deal (the Mattel sheet, the Japanese manual's 「はじめ方」) ----------------------------------


@pytest.mark.parametrize("players", range(2, 11))
def test_draw_pile_after_the_deal_classic(players: int) -> None:
    """The Mattel sheet: 108 cards, 7 to each player, one turned up: the rest is the draw pile."""
    names = tuple(f"P{i}" for i in range(players))
    ref = table(start="r7", players=names)
    s = st(ref)
    assert s["draw_pile"] == 108 - 7 * players - 1
    assert set(s["hands"].values()) == {7}


@pytest.mark.parametrize("edition", ["swap", "shuffle", "minecraft"])
def test_draw_pile_after_the_deal_112_card_editions(edition: str) -> None:
    """The 112-card decks (108 + 4)."""
    ref = table(edition=edition, start="r7")
    assert st(ref)["draw_pile"] == 112 - 28 - 1


def test_draw_pile_after_a_start_draw_two_counts_the_two_drawn() -> None:
    """The start Draw Two's two cards come off the draw pile."""
    ref = table(start="w+4 b+2", players=("Ann", "Bob", "Cy"))
    assert st(ref)["draw_pile"] == 108 - 21 - 1 - 2


@pytest.mark.parametrize("size", [1, 5, 10])
def test_hand_size_option(size: int) -> None:
    """Option `hand-size` (integer, default 7): each player is dealt that many."""
    ref = table(start="r7", hand_size=size)
    s = st(ref)
    assert set(s["hands"].values()) == {size}
    assert s["draw_pile"] == 108 - 4 * size - 1


def test_hand_size_that_does_not_fit_is_refused() -> None:
    """Option `hand-size`: 4 hands of 27 (108) leave no start card."""
    ref = table(start=None, hand_size=27)
    refused(turn_up(ref, "r7"), "deal")


def test_unknown_option_or_value_is_a_setup_error() -> None:
    """Every option has a key and allowed values."""
    with pytest.raises(SetupError):
        Referee(header(dealer_rotation="random"))
    with pytest.raises(SetupError):
        Referee(header(uno_penalty="two"))
    with pytest.raises(SetupError):
        Referee(header(no_such_option="1"))


def test_start_without_round_is_refused() -> None:
    """`round` comes first."""
    ref = Referee(header())
    refused(turn_up(ref, "r7"), "session")
