"""UNO Show 'Em No Mercy: deck, stacking by value, its action cards, 7-0, drawing (the No
Mercy sheet, HVW18)."""

from __future__ import annotations

import pytest

from referee.engine import events as ev
from referee.engine.cards import card
from referee.engine.setup import resolve
from tests.unit.rules_helpers import (
    accept,
    catch,
    challenge,
    deck_of,
    draw,
    hands,
    make_play,
    ok,
    play,
    refused,
    st,
    table,
    takes,
    turn_up,
)
from tests.unit.rules_helpers import apply as apply_event

# Deck, defaults, start card -----------------------------------------------------------------------


def test_deck_is_168_cards_as_listed() -> None:
    """168 cards, counted as open-source implementations give them: per colour 0-9 twice,
    Skip/Reverse/Draw Two/Discard All 3, Draw Four and Skip Everyone 2; Wild Reverse Draw 4 8, Wild
    Draw 6 and 10 4 each, Roulette 8; no plain Wild; values as they give them too."""
    nm = deck_of("nomercy")
    deck = nm.cards
    assert sum(deck.values()) == 168
    for colour in "rygb":
        assert all(deck[card(f"{colour}{n}")] == 2 for n in range(10))
        for kind, copies in (("s", 3), ("r", 3), ("+2", 3), ("da", 3), ("+4", 2), ("se", 2)):
            assert deck[card(colour + kind)] == copies
    assert [deck[card(code)] for code in ("wr+4", "w+6", "w+10", "wcr")] == [8, 4, 4, 8]
    assert card("w") not in deck
    values = nm.values  # as implementations give them: numbers face, actions 20, wilds 50
    assert values[card("g7")] == 7 and values[card("y0")] == 0
    assert {values[card(code)] for code in ("rs", "br", "g+2", "yda", "r+4", "bse")} == {20}
    assert {values[card(code)] for code in ("wr+4", "w+6", "w+10", "wcr")} == {50}


@pytest.mark.parametrize("rules", ["en", "jp"])
def test_edition_defaults(rules: str) -> None:
    """The No Mercy sheet and the table defaults: stacking by value, 7-0, draw until
    playable, no challenge, UNO on a passive single card, mercy at 25, 250 per knock-out."""
    opts = resolve(rules, "nomercy")
    assert {
        key: opts[key]
        for key in (
            "stacking",
            "seven-o",
            "draw",
            "challenge",
            "uno-on-passive",
            "mercy",
            "ko-bonus",
        )
    } == {
        "stacking": "higher",
        "seven-o": "on",
        "draw": "to-match",
        "challenge": "off",
        "uno-on-passive": "yes",
        "mercy": "25",
        "ko-bonus": "250",
    }


def test_start_card_action_or_wild_is_sent_back() -> None:
    """The No Mercy sheet: 'If this card is an Action Card, ignore it and flip over the next
    card'; a Wild is sent back too."""
    ref = table("nomercy", start=None)
    ok(turn_up(ref, "rs w+6 r5"), "start-card")
    s = st(ref)
    assert s["top"] == "r5" and s["turn"] == "Ann" and s["discard_pile"] == 1
    assert s["hands"] == {"Ann": 7, "Bob": 7, "Cy": 7, "Dee": 7}
    refused(turn_up(table("nomercy", start=None), "rs"), "start-card")


def test_no_plain_wild_and_no_challenge() -> None:
    """No plain Wild, and no Wild Draw Four challenge (c4gamingstudio.com: it 'has been
    removed')."""
    ref = table("nomercy", start="r5")
    refused(play(ref, "Ann", "w", "red"), "card-in-edition")
    ok(play(ref, "Ann", "wr+4", "red"))
    refused(challenge(ref, "Dee", "innocent"), "wd4-challenge-off")


# Stacking by value (the No Mercy sheet) -----------------------------------------------------------


def test_draw_cards_stack_by_value_in_any_colour_and_accept_takes_the_total() -> None:
    """The No Mercy sheet (equal or higher value; colour matching not needed, c4gamingstudio.com):
    the player who can't stack draws the total and loses their turn."""
    ref = table("nomercy", start="r5")
    ok(play(ref, "Ann", "r+2"), "stacking")
    ok(play(ref, "Bob", "b+4"), "stacking")  # blue on red: no colour match needed
    ok(play(ref, "Cy", "w+6", "green"), "stacking")
    assert "12" in st(ref)["pending"]
    ok(accept(ref, "Dee"), "stacking")
    s = st(ref)
    assert s["hands"] == {"Ann": 6, "Bob": 6, "Cy": 6, "Dee": 19}
    assert s["turn"] == "Ann" and s["pending"] is None and s["color"] == "green"
    assert s["discard_pile"] == 4


def test_lower_draw_card_is_refused_equal_or_higher_stacks() -> None:
    """The No Mercy sheet: 'a Draw Card from your hand of equal or higher value'."""
    ref = table("nomercy", start="r5")
    ok(play(ref, "Ann", "w+6", "red"))
    refused(play(ref, "Bob", "r+4"), "stacking")
    refused(play(ref, "Bob", "r5"), "stacking")
    ok(play(ref, "Bob", "w+6", "blue"), "stacking")
    ok(play(ref, "Cy", "w+10", "blue"), "stacking")
    assert "22" in st(ref)["pending"]


def test_the_next_players_turn_implies_the_victim_accepted() -> None:
    """c4gamingstudio.com: the player who cannot stack draws the total and loses the turn."""
    ref = table("nomercy", start="r5")
    ok(play(ref, "Ann", "r+4"))
    ok(play(ref, "Cy", "r3"))
    s = st(ref)
    assert s["hands"]["Bob"] == 11 and s["turn"] == "Dee" and s["pending"] is None


def test_wild_reverse_draw_four_reverses_then_the_new_next_player_draws() -> None:
    """Japanese Wikipedia (reverse direction, and the new next player draws 4); table default: a
    +4 in stacks."""
    ref = table("nomercy", start="r5")
    ok(play(ref, "Ann", "wr+4", "blue"))
    assert st(ref)["direction"] == "ccw" and st(ref)["turn"] == "Dee"
    ok(accept(ref, "Dee"), "stacking")
    s = st(ref)
    assert s["hands"]["Dee"] == 11 and s["turn"] == "Cy" and s["color"] == "blue"


def test_wild_reverse_draw_four_in_a_stack_turns_it_back() -> None:
    """Table default: Wild Reverse Draw 4 counts as +4 and reverses first, so a stack played on
    it returns to the player before."""
    ref = table("nomercy", start="r5")
    ok(play(ref, "Ann", "r+2"))
    ok(play(ref, "Bob", "wr+4", "green"))
    s = st(ref)
    assert s["direction"] == "ccw" and s["turn"] == "Ann" and "6" in s["pending"]
    ok(play(ref, "Ann", "g+4"))
    ok(accept(ref, "Dee"))
    assert hands(ref)["Dee"] == 17 and st(ref)["turn"] == "Cy"


def test_wild_reverse_draw_four_with_two_players_the_other_draws() -> None:
    """Japanese Wikipedia says the player draws; table option: under
    `two-player-reverse-draw other` the other player draws 4."""
    ref = table("nomercy", start="r5", players=("Ann", "Bob"), two_player_reverse_draw="other")
    ok(play(ref, "Ann", "wr+4", "blue"))
    ok(accept(ref, "Bob"))
    s = st(ref)
    assert s["hands"] == {"Ann": 6, "Bob": 11} and s["turn"] == "Ann"


def test_a_last_draw_card_ends_the_round_after_the_draw() -> None:
    """The No Mercy sheet: the last card wins; the draw after it is a table default: the victim
    draws and cannot pass the stack on."""
    ref = table("nomercy", start="r5", hand_size=1)
    ok(play(ref, "Ann", "w+6", "red"))
    refused(play(ref, "Bob", "w+10", "red"), "going-out")
    ok(accept(ref, "Bob"), "going-out")
    assert st(ref)["winner"] == "Ann" and hands(ref)["Bob"] == 7


# Discard All, Skip Everyone, Color Roulette -------------------------------------------------------


def test_discard_all_puts_down_the_cards_of_its_colour() -> None:
    """c4gamingstudio.com: 'discard every card in your hand of that card's colour'."""
    ref = table("nomercy", start="r5")
    ok(play(ref, "Ann", "rda", extra="r5 rs"), "discard-all")
    s = st(ref)
    assert s["hands"]["Ann"] == 4 and s["top"] == "rda" and s["discard_pile"] == 4
    assert s["turn"] == "Bob" and s["color"] == "red"


def test_discard_all_refuses_another_colour() -> None:
    """Only the cards of the Discard All's colour."""
    ref = table("nomercy", start="r5")
    refused(play(ref, "Ann", "rda", extra="r5 g5"), "discard-all")
    refused(play(ref, "Ann", "rda", extra="wr+4"), "discard-all")


def test_discard_all_counts_each_card_against_the_deck() -> None:
    """3 Discard All per colour, 2 of each number: conservation counts each face
    on its own, not the whole play against the Discard All."""
    ref = table("nomercy", start="r5")
    ok(play(ref, "Ann", "rda", extra="rda"))
    ok(play(ref, "Bob", "rda", extra="r1 r2"))  # the third Red Discard All
    refused(play(ref, "Cy", "rda"), "conservation")
    refused(play(table("nomercy", start="r5"), "Ann", "rda", extra="r1 r1 r1"), "conservation")


def test_discard_all_as_the_last_cards_goes_out() -> None:
    """The hand is empty, the round is won."""
    ref = table("nomercy", start="r5", hand_size=3)
    ok(play(ref, "Ann", "rda", extra="r5 rs"), "going-out")
    assert st(ref)["winner"] == "Ann"


def test_a_drawn_discard_all_takes_its_colour_but_nothing_else_goes_with_a_draw() -> None:
    """The No Mercy sheet (draw until playable, then play that card; only the drawn card): a drawn
    Discard All still discards its colour; other cards go down alone."""
    ref = table("nomercy", start="r5")
    ok(apply_event(ref, ev.CardsDrawn("Ann", 2, True, make_play("rda", extra="r5"))), "discard-all")
    assert hands(ref)["Ann"] == 7 and st(ref)["discard_pile"] == 3
    refused(
        apply_event(ref, ev.CardsDrawn("Bob", 2, True, make_play("r6", extra="r6"))),
        "drawn-card-only",
    )


@pytest.mark.parametrize("players", [("Ann", "Bob", "Cy", "Dee"), ("Ann", "Bob")])
def test_skip_everyone_plays_again(players: tuple[str, ...]) -> None:
    """'Skip all others and take another turn'; with two players too."""
    ref = table("nomercy", start="r5", players=players)
    ok(play(ref, "Ann", "rse"), "skip-everyone")
    assert st(ref)["turn"] == "Ann" and hands(ref)["Ann"] == 6
    refused(play(ref, "Bob", "r3"), "turn-order")
    ok(play(ref, "Ann", "r3"))
    assert st(ref)["turn"] == "Bob"


def test_color_roulette_next_player_draws_until_the_colour_and_misses_the_turn() -> None:
    """Japanese Wikipedia (draws until a card of the named colour); keeps all; table default:
    the player of the Roulette names the colour; recorded as `draw N`."""
    ref = table("nomercy", start="r5")
    refused(play(ref, "Ann", "wcr"), "wild-color")
    ok(play(ref, "Ann", "wcr", "green"), "roulette")
    assert st(ref)["turn"] == "Bob" and st(ref)["pending"]
    refused(play(ref, "Cy", "g5"), "roulette")
    refused(play(ref, "Bob", "g5"), "roulette")
    refused(draw(ref, "Bob", 3, "g4"), "roulette")
    ok(draw(ref, "Bob", 3), "roulette")
    s = st(ref)
    assert s["hands"]["Bob"] == 10 and s["turn"] == "Cy" and s["pending"] is None
    assert s["color"] == "green" and s["top"] == "wcr"


# 7-0 (the No Mercy sheet) -------------------------------------------------------------------------


def test_seven_must_swap_with_a_chosen_player() -> None:
    """The No Mercy sheet: 'you MUST swap your hand with another player of your choice'."""
    ref = table("nomercy", start="r5")
    refused(play(ref, "Ann", "r7"), "seven-o")
    ok(draw(ref, "Ann", 2, "r4"))  # Ann 8
    ok(play(ref, "Bob", "r7", target="Ann"), "seven-o")
    assert hands(ref) == {"Ann": 6, "Bob": 8, "Cy": 7, "Dee": 7}
    assert st(ref)["turn"] == "Cy"


def test_zero_passes_every_hand_in_the_direction_of_play() -> None:
    """The No Mercy sheet: 'ALL players must pass their hand to the next player in the current
    direction of play' (here counter-clockwise)."""
    ref = table("nomercy", start="r5")
    ok(play(ref, "Ann", "rr"))  # counter-clockwise: Dee next
    ok(draw(ref, "Dee", 3, "r4"))  # Dee 9
    ok(play(ref, "Cy", "r0"), "seven-o")  # Cy 6, then the hands move
    assert hands(ref) == {"Ann": 7, "Bob": 6, "Cy": 9, "Dee": 6}
    assert st(ref)["turn"] == "Bob"


def test_a_hand_left_at_one_card_by_a_swap_must_call_uno() -> None:
    """The No Mercy sheet: 'The moment you only have 1 card'; so `uno-on-passive yes`."""
    ref = table("nomercy", start="r5", hand_size=2)
    ok(play(ref, "Ann", "r3", uno=True))
    ok(play(ref, "Bob", "r7", target="Ann"))
    assert set(st(ref)["catchable"]) == {"Ann", "Bob"}
    ok(catch(ref, "Cy", "Bob"), "uno-catch")
    assert hands(ref)["Bob"] == 3


def test_a_hand_left_at_one_card_by_a_pass_must_call_uno() -> None:
    """The No Mercy sheet (0s Pass): the receiver of the one-card hand is catchable."""
    ref = table("nomercy", start="r5", hand_size=2)
    ok(play(ref, "Ann", "r0"))  # Ann's last card goes to Bob
    assert hands(ref)["Bob"] == 1 and st(ref)["catchable"] == ["Bob"]
    ok(catch(ref, "Dee", "Bob"), "uno-catch")
    assert hands(ref)["Bob"] == 3


# Drawing until playable (the No Mercy sheet) ------------------------------------------------------


def test_draw_until_playable_then_play_it() -> None:
    """The No Mercy sheet: keep drawing until playable, then play that card."""
    ref = table("nomercy", start="r5")
    ok(draw(ref, "Ann", 3, "r4"), "match")
    s = st(ref)
    assert s["hands"]["Ann"] == 9 and s["top"] == "r4" and s["turn"] == "Bob"
    refused(draw(ref, "Bob", 3, "g5"), "match")


def test_drawing_without_playing_is_refused() -> None:
    """The No Mercy sheet: draw until playable, then play it."""
    ref = table("nomercy", start="r5")
    refused(draw(ref, "Ann"), "nomercy-draw")
    refused(draw(ref, "Ann", 3), "nomercy-draw")


def test_a_draw_that_empties_both_piles_keeps_the_cards() -> None:
    """Both piles empty (no published rule): with nothing left to draw there is no card to
    find, so the cards are kept (table default)."""
    ref = table("nomercy", start="r5", hand_size=30, mercy="off")
    assert st(ref)["draw_pile"] == 47
    refused(draw(ref, "Ann", 46), "nomercy-draw")
    ok(draw(ref, "Ann", 47))
    assert hands(ref)["Ann"] == 77 and st(ref)["turn"] == "Bob"


def test_a_draw_that_reaches_the_mercy_limit_stops_there() -> None:
    """The No Mercy sheet (Mercy Rule: knocked out immediately at 25): the drawing stops at the
    limit and the player is out; no more cards, no card played."""
    ref = table("nomercy", start="r5")
    ok(takes(ref, "Ann", 15))  # Ann 22
    refused(draw(ref, "Ann", 2), "nomercy-draw")
    refused(draw(ref, "Ann", 4), "mercy")
    refused(draw(ref, "Ann", 3, "r4"), "mercy")
    ok(draw(ref, "Ann", 3), "mercy")
    s = st(ref)
    assert s["hands"]["Ann"] == 0 and s["turn"] == "Bob" and s["discard_pile"] == 26
