"""UNO Flip: two sides, Flip, Draw One/Five, Skip Everyone, Wild Draw Two/Color (the UNO FLIP!
sheet GDR44 and the Japanese UNO FLIP! manual)."""

from __future__ import annotations

import pytest

from referee.engine import Referee, SetupError
from referee.engine import events as ev
from referee.engine.cards import card
from tests.unit.rules_helpers import (
    Outcome,
    accept,
    apply,
    c,
    challenge,
    colour,
    deck_of,
    draw,
    hand,
    hands,
    header,
    make_play,
    misplay,
    new_round,
    ok,
    play,
    refused,
    st,
    table,
    takes,
    turn_up,
)


def flip(
    ref: Referee,
    who: str,
    code: str,
    top: str | None,
    top_color: str | None = None,
    uno: bool = False,
    color: str | None = None,
) -> Outcome:
    """`who: code [colour] top TOP [COLOUR] [uno]`."""
    move = make_play(code, color, uno)._replace(
        top=c(top) if top else None, top_color=colour(top_color)
    )
    return apply(ref, ev.CardPlayed(who, move))


def dark(start: str = "r5", top: str = "pu5", **overrides) -> Referee:
    """A table where Ann's Red Flip turned up `top`: the dark side shows and Bob plays."""
    ref = table("flip", start=start, **overrides)
    ok(flip(ref, "Ann", "rf", top), "flip")
    return ref


def test_deck_is_112_two_sided_cards_and_each_side_totals_112() -> None:
    """The UNO FLIP! rules: light r/y/g/b and dark pi/te/or/pu, 1-9 x2 and four actions x2 per
    colour, Wild x4 and Wild Draw Two / Wild Draw Color x4."""
    flip_deck = deck_of("flip")
    assert flip_deck.size == 112 and flip_deck.sides is not None
    for side, actions, wild_draw in (
        (0, ("+1", "r", "s", "f"), "w+2"),
        (1, ("+5", "r", "se", "f"), "w+c"),
    ):
        faces = flip_deck.sides[side]
        assert sum(flip_deck.cards[face] for face in faces) == 112
        assert {face.color for face in faces} - {None} == set(flip_deck.colors(side))
        for color in flip_deck.colors(side):
            for kind in (*"123456789", *actions):
                assert flip_deck.cards[card(color + kind)] == 2
            assert card(color + "0") not in flip_deck.cards
        assert card("w") in faces and flip_deck.cards[card(wild_draw)] == 4


def test_values_on_each_side() -> None:
    """The UNO FLIP! sheet: numbers at face value, Draw One 10, Draw Five/Reverse/Skip/Flip 20,
    Skip Everyone 30, Wild 40, Wild Draw Two 50, Wild Draw Color 60."""
    values = deck_of("flip").values
    expected = {
        "r7": 7,
        "pu9": 9,
        "g+1": 10,
        "te+5": 20,
        "yr": 20,
        "bs": 20,
        "rf": 20,
        "orf": 20,
        "pise": 30,
        "w": 40,
        "w+2": 50,
        "w+c": 60,
    }
    assert {code: values[card(code)] for code in expected} == expected


def test_rounds_start_on_the_light_side_and_other_cards_are_refused() -> None:
    """The UNO FLIP! rules: the game always starts on the light side; only that side is played."""
    ref = table("flip", start="r5")
    assert st(ref)["side"] == "light" and st(table())["side"] is None
    refused(play(ref, "Ann", "pu5"), "flip-side")
    refused(misplay(ref, "Ann", "pu3"), "flip-side")
    refused(play(ref, "Ann", "w+c", "red"), "flip-side")
    refused(play(ref, "Ann", "w", "pink"), "wild-color")
    ok(play(ref, "Ann", "w", "green"), "wild-color")


def test_start_wild_draw_two_and_flip_are_sent_back() -> None:
    """The UNO FLIP! rules (a Wild Draw Two is returned); a Flip start card too (table default)."""
    ref = table("flip", start=None)
    ok(turn_up(ref, "w+2 rf g5"), "start-card")
    assert st(ref)["top"] == "g5" and st(ref)["turn"] == "Ann"
    refused(turn_up(table("flip", start=None), "rf"), "start-card")
    refused(turn_up(table("flip", start=None), "w+2"), "start-card")
    refused(turn_up(table("flip", start=None), "pu5"), "card-in-edition")


def test_start_draw_one_makes_the_first_player_draw_one_and_miss_the_turn() -> None:
    """The UNO FLIP! rules: Draw One as the start card, 'same rule applies'."""
    ref = table("flip", start="b+1")
    assert hands(ref)["Ann"] == 8 and st(ref)["turn"] == "Bob" and st(ref)["draw_pile"] == 82


def test_a_flip_names_the_card_that_turns_up() -> None:
    """The UNO FLIP! rules: the new top is the other face of the old bottom card."""
    ref = table("flip", start="r5")
    refused(flip(ref, "Ann", "rf", None), "flip")
    refused(flip(ref, "Ann", "rf", "g5"), "flip-side")
    refused(flip(ref, "Ann", "rf", "pu5", "pink"), "flip-exposed")
    refused(flip(ref, "Ann", "rf", "w"), "flip-exposed")
    refused(flip(ref, "Ann", "rf", "w", "red"), "wild-color")
    refused(flip(ref, "Ann", "r5", "pu5"), "match")


def test_flip_turns_everything_over_and_passes_the_turn() -> None:
    """The UNO FLIP! rules: discard pile, draw pile and hands turn over; play passes on."""
    ref = dark()
    s = st(ref)
    assert (s["side"], s["top"], s["color"], s["turn"]) == ("dark", "pu5", "purple", "Bob")
    assert s["hands"] == {"Ann": 6, "Bob": 7, "Cy": 7, "Dee": 7}
    assert (s["draw_pile"], s["discard_pile"], s["pending"]) == (83, 2, None)
    refused(play(ref, "Bob", "r5"), "flip-side")
    ok(play(ref, "Bob", "pu8"), "match")


@pytest.mark.parametrize("top", ["pu+5", "puse", "pur", "puf", "w+c"])
def test_the_action_turned_up_has_no_effect(top: str) -> None:
    """Table default (no published rule): the card a Flip turns up has no effect."""
    ref = table("flip", start="r5")
    ok(flip(ref, "Ann", "rf", top, "pink" if top == "w+c" else None), "flip")
    s = st(ref)
    assert s["turn"] == "Bob" and s["direction"] == "cw" and s["pending"] is None
    assert s["hands"] == {"Ann": 6, "Bob": 7, "Cy": 7, "Dee": 7}


def test_a_wild_turned_up_takes_the_colour_named() -> None:
    """Table default: an exposed Wild takes the colour the Flip's player names."""
    ref = table("flip", start="r5")
    ok(flip(ref, "Ann", "rf", "w", "teal"), "flip")
    assert (st(ref)["top"], st(ref)["color"]) == ("w", "teal")
    refused(play(ref, "Bob", "pu3"), "match")
    ok(play(ref, "Bob", "te3"), "match")


def test_flipping_back_turns_up_the_first_flip_card() -> None:
    """The UNO FLIP! rules: the pile turns over, so the face that comes up is one the table saw."""
    ref = dark()
    refused(flip(ref, "Bob", "puf", "g3"), "flip")
    ok(flip(ref, "Bob", "puf", "rf"), "flip")
    s = st(ref)
    assert (s["side"], s["top"], s["color"], s["turn"]) == ("light", "rf", "red", "Cy")
    assert s["discard_pile"] == 3 and s["direction"] == "cw"


def test_known_cards_are_forgotten_after_a_flip() -> None:
    """The UNO FLIP! rules: every hand turns over, so a card the table saw go back is hidden
    again."""
    ref = table("flip", rules="jp", start="r5")
    ok(play(ref, "Ann", "w+2", "blue"), "flip-wild-draw")
    ok(challenge(ref, "Bob", "guilty"), "flip-guilty")
    assert ref.table is not None
    assert ref.table.known[0] == {card("w+2"): 1}
    ok(flip(ref, "Bob", "rf", "pu5"), "flip")
    assert all(not known for known in ref.table.known)


def test_flip_as_the_last_card_ends_the_round_on_the_new_side() -> None:
    """The UNO FLIP! sheet: score 'based on which side (light or dark) the game ended on'."""
    ref = table("flip", start="r5", hand_size=1)
    ok(flip(ref, "Ann", "rf", "pu5"), "going-out")
    assert st(ref)["side"] == "dark" and st(ref)["winner"] == "Ann"
    refused(hand(ref, "Bob", "r+1"), "flip-side")
    ok(hand(ref, "Bob", "pu+5"), "round-hands")
    ok(hand(ref, "Cy", "tese"), "round-hands")
    ok(hand(ref, "Dee", "w+c"), "round-hands")
    assert ref.revealed == {"Bob": 20, "Cy": 30, "Dee": 60}
    assert ref.sheet.totals["Ann"] == 110


def test_draw_one_and_draw_five_make_the_next_player_draw_and_miss_the_turn() -> None:
    """The UNO FLIP! rules: Draw One (light) 1, Draw Five (dark) 5; the next player loses the
    turn."""
    ref = table("flip", start="r5")
    ok(play(ref, "Ann", "r+1"), "draw-card")
    assert hands(ref)["Bob"] == 8 and st(ref)["turn"] == "Cy"
    ok(flip(ref, "Cy", "rf", "pu5"), "flip")
    ok(play(ref, "Dee", "pu+5"), "draw-card")
    assert hands(ref)["Ann"] == 11 and st(ref)["turn"] == "Bob"


@pytest.mark.parametrize("players", [("Ann", "Bob", "Cy", "Dee"), ("Ann", "Bob")])
def test_skip_everyone_lets_the_player_play_again(players: tuple[str, ...]) -> None:
    """The Japanese UNO FLIP! manual (everyone skipped, the player plays again); two players:
    a Skip (table default)."""
    ref = table("flip", start="r5", players=players)
    ok(flip(ref, "Ann", "rf", "pu5"), "flip")
    ok(play(ref, "Bob", "puse"), "skip-everyone")
    assert st(ref)["turn"] == "Bob" and hands(ref)["Bob"] == 6
    refused(play(ref, players[0], "pu3"), "turn-order")
    ok(play(ref, "Bob", "pu3"), "match")


def test_wild_draw_two_is_accepted_or_implied_accepted() -> None:
    """The UNO FLIP! rules: the next player draws 2 and loses the turn; the accept is implied."""
    ref = table("flip", start="r5")
    ok(play(ref, "Ann", "w+2", "blue"), "flip-wild-draw")
    assert st(ref)["turn"] == "Bob" and st(ref)["pending"]
    refused(play(ref, "Bob", "b3"), "flip-wild-draw")
    ok(accept(ref, "Bob"), "flip-wild-draw")
    assert hands(ref)["Bob"] == 9 and st(ref)["turn"] == "Cy" and st(ref)["color"] == "blue"
    ok(play(ref, "Cy", "w+2", "green"), "flip-wild-draw")
    ok(play(ref, "Ann", "g4"), "match")
    assert hands(ref)["Dee"] == 9 and st(ref)["turn"] == "Bob"


def test_wild_draw_color_is_accepted_by_recording_the_cards_drawn() -> None:
    """The UNO FLIP! rules: the next player draws until the colour, keeps them and loses the
    turn."""
    ref = dark()
    ok(play(ref, "Bob", "w+c", "orange"), "flip-wild-draw")
    assert st(ref)["turn"] == "Cy"
    refused(accept(ref, "Cy"), "flip-wild-draw")
    refused(play(ref, "Dee", "or3"), "flip-wild-draw")
    refused(draw(ref, "Dee"), "flip-wild-draw")
    refused(draw(ref, "Cy", 2, "or3"), "flip-wild-draw")
    ok(draw(ref, "Cy", 3, counted=True), "flip-wild-draw")
    s = st(ref)
    assert s["hands"]["Cy"] == 10 and s["turn"] == "Dee" and s["pending"] is None
    assert (s["draw_pile"], s["top"], s["color"]) == (80, "w+c", "orange")
    refused(challenge(ref, "Cy", "guilty"), "wd4-challenge-who")


def test_en_guilty_wild_draw_two_the_offender_draws_two_and_the_card_stays() -> None:
    """The UNO FLIP! sheet (guilty Wild Draw Two: the offender draws 2 instead)."""
    ref = table("flip", start="r5")
    ok(play(ref, "Ann", "w+2", "blue"), "flip-wild-draw")
    ok(challenge(ref, "Bob", "guilty"), "flip-guilty")
    s = st(ref)
    assert s["hands"] == {"Ann": 8, "Bob": 7, "Cy": 7, "Dee": 7}
    assert (s["top"], s["color"], s["turn"], s["pending"]) == ("w+2", "blue", "Bob", None)


def test_en_guilty_wild_draw_color_the_offender_draws_until_the_colour() -> None:
    """The UNO FLIP! sheet (guilty Wild Draw Color: the offender 'must draw the cards until they get
    the chosen color instead of you'); the challenger then plays."""
    ref = dark()
    ok(play(ref, "Bob", "w+c", "teal"), "flip-wild-draw")
    ok(challenge(ref, "Cy", "guilty"), "flip-guilty")
    assert st(ref)["turn"] == "Bob" and hands(ref)["Cy"] == 7
    refused(play(ref, "Cy", "te3"), "flip-guilty")
    ok(draw(ref, "Bob", 4, counted=True), "flip-guilty")
    s = st(ref)
    assert s["hands"] == {"Ann": 6, "Bob": 10, "Cy": 7, "Dee": 7}
    assert (s["top"], s["color"], s["turn"]) == ("w+c", "teal", "Cy")


@pytest.mark.parametrize(
    ("wild", "offender", "victim", "top", "follow"),
    [("w+2", "Ann", "Bob", "r5", "r3"), ("w+c", "Bob", "Cy", "pu5", "pu3")],
)
def test_jp_guilty_the_card_goes_back_and_the_offender_draws_two(
    wild: str, offender: str, victim: str, top: str, follow: str
) -> None:
    """The Japanese UNO FLIP! manual: the card back to hand and 2 drawn, for both cards."""
    ref = table("flip", rules="jp", start="r5") if wild == "w+2" else dark(rules="jp")
    colour_before = st(ref)["color"]
    ok(play(ref, offender, wild, "yellow" if wild == "w+2" else "orange"), "flip-wild-draw")
    ok(challenge(ref, victim, "guilty"), "flip-guilty")
    s = st(ref)
    assert s["hands"][offender] == 9 and s["hands"][victim] == 7 and s["pending"] is None
    assert (s["top"], s["color"], s["turn"]) == (top, colour_before, victim)
    ok(play(ref, victim, follow), "match")


def test_innocent_wild_draw_two_the_challenger_draws_four() -> None:
    """The UNO FLIP! rules (innocent Wild Draw Two: 2 + 2 = 4): the challenger loses the turn."""
    ref = table("flip", start="r5")
    ok(play(ref, "Ann", "w+2", "blue"), "flip-wild-draw")
    ok(challenge(ref, "Bob", "innocent"), "flip-innocent")
    assert hands(ref)["Bob"] == 11 and st(ref)["turn"] == "Cy"


def test_innocent_wild_draw_color_the_challenger_draws_two_then_until_the_colour() -> None:
    """The UNO FLIP! rules (innocent Wild Draw Color: until the colour, plus 2)."""
    ref = dark()
    ok(play(ref, "Bob", "w+c", "pink"), "flip-wild-draw")
    ok(challenge(ref, "Cy", "innocent"), "flip-innocent")
    assert hands(ref)["Cy"] == 9 and st(ref)["turn"] == "Cy"
    refused(play(ref, "Dee", "pi3"), "flip-innocent")
    ok(draw(ref, "Cy", 2, counted=True), "flip-innocent")
    assert hands(ref)["Cy"] == 11 and st(ref)["turn"] == "Dee"


@pytest.mark.parametrize("answer", ["draw", "innocent"])
def test_going_out_with_a_wild_draw_color_ends_after_the_draw(answer: str) -> None:
    """The Japanese UNO FLIP! manual: the next player draws until the colour, then the round
    ends."""
    ref = table("flip", start="r5", hand_size=2)
    ok(flip(ref, "Ann", "rf", "pu5", uno=True), "flip")
    for who in ("Bob", "Cy", "Dee"):
        ok(draw(ref, who), "draw-one")
    ok(play(ref, "Ann", "w+c", "pink"), "flip-wild-draw")
    if answer == "innocent":
        ok(challenge(ref, "Bob", "innocent"), "flip-innocent")
    assert st(ref)["winner"] is None and st(ref)["turn"] == "Bob"
    refused(draw(ref, "Cy"), "flip-wild-draw" if answer == "draw" else "flip-innocent")
    ok(draw(ref, "Bob", 2, counted=True), "going-out")
    assert st(ref)["winner"] == "Ann"
    assert hands(ref)["Bob"] == (5 if answer == "draw" else 7)


def test_going_out_with_a_wild_draw_two_still_makes_the_next_player_draw() -> None:
    """The UNO FLIP! rules: a last Wild Draw Two still makes the next player draw."""
    ref = table("flip", start="r5", hand_size=1)
    ok(play(ref, "Ann", "w+2", "red"), "flip-wild-draw")
    assert st(ref)["winner"] is None
    ok(accept(ref, "Bob"), "going-out")
    assert hands(ref)["Bob"] == 3 and st(ref)["winner"] == "Ann"


def test_a_flip_by_the_next_player_implies_accepting_a_wild_draw_two() -> None:
    """The session notation ('accept ... implied when the next turn action is entered')."""
    ref = table("flip", start="r5")
    ok(play(ref, "Ann", "w+2", "red"), "flip-wild-draw")
    ok(flip(ref, "Cy", "rf", "pu5"), "flip")
    s = st(ref)
    assert s["hands"] == {"Ann": 6, "Bob": 9, "Cy": 6, "Dee": 7}
    assert (s["side"], s["top"], s["turn"], s["pending"]) == ("dark", "pu5", "Dee", None)


def test_the_next_round_starts_on_the_light_side_again() -> None:
    """The UNO FLIP! rules: the game always starts on the light side."""
    ref = table("flip", start="r5", hand_size=1)
    ok(flip(ref, "Ann", "rf", "pu5"), "going-out")
    for who, code in (("Bob", "pu1"), ("Cy", "te2"), ("Dee", "or3")):
        ok(hand(ref, who, code), "round-hands")
    ok(new_round(ref, 2))
    refused(turn_up(ref, "pu5"), "card-in-edition")
    ok(turn_up(ref, "g5"), "start-card")
    assert st(ref)["side"] == "light" and ref.sheet.totals["Ann"] == 6


def test_a_challenge_showing_cards_of_the_other_side_is_refused() -> None:
    """The UNO FLIP! rules: hands show the side in play; a Red 3 is not a card on the dark side."""
    ref = table("flip", start="r5", hand_size=3)
    ok(flip(ref, "Ann", "rf", "pu5"), "flip")
    ok(play(ref, "Bob", "w+c", "teal"), "flip-wild-draw")
    refused(challenge(ref, "Cy", shows="r3 g4"), "flip-side")


def test_a_draw_until_the_colour_cannot_take_more_cards_than_are_left() -> None:
    """The UNO FLIP! rules, with the reshuffle: the cards drawn come from the draw pile and the
    reshuffled pile."""
    ref = dark()
    ok(play(ref, "Bob", "w+c", "pink"), "flip-wild-draw")
    left = st(ref)["draw_pile"] + st(ref)["discard_pile"] - 1
    refused(draw(ref, "Cy", left + 1, counted=True), "piles-empty")
    ok(draw(ref, "Cy", left, counted=True), "flip-wild-draw")
    assert (st(ref)["draw_pile"], st(ref)["discard_pile"]) == (0, 1)


def test_stacking_does_not_work_with_flip() -> None:
    """Stacking is not official in UNO FLIP!."""
    with pytest.raises(SetupError, match="does not work with the flip edition"):
        Referee(header("flip", stacking="same"))


def test_a_flip_after_a_reshuffle_turns_up_the_kept_top_cards_other_face() -> None:
    """The discard pile is reshuffled, its top card kept; the pile turns over on a Flip."""
    ref = dark()
    ok(takes(ref, "Bob", 83), "table-override")
    assert st(ref)["draw_pile"] == 0
    ok(draw(ref, "Bob"), "reshuffle")  # Flip's own text of the rule
    assert (st(ref)["draw_pile"], st(ref)["discard_pile"], st(ref)["top"]) == (0, 1, "pu5")
    refused(flip(ref, "Cy", "puf", "g3"), "flip")
    ok(flip(ref, "Cy", "puf", "r5"), "flip")
    s = st(ref)
    assert (s["side"], s["top"], s["discard_pile"], s["turn"]) == ("light", "r5", 2, "Dee")
    refused(flip(ref, "Dee", "rf", "pu5"), "flip")
    ok(flip(ref, "Dee", "rf", "puf"), "flip")
    assert (st(ref)["side"], st(ref)["top"], st(ref)["color"]) == ("dark", "puf", "purple")


def test_a_draw_that_reshuffles_before_a_flip_turns_up_an_unseen_face() -> None:
    """After the reshuffle only the top card's face is left to turn up."""
    ref = dark()
    ok(play(ref, "Bob", "pu3"), "match")
    refused(flip(ref, "Cy", "puf", "g2"), "flip")
    ok(takes(ref, "Cy", st(ref)["draw_pile"]), "table-override")
    drawn_flip = make_play("puf")._replace(top=c("g2"))
    ok(apply(ref, ev.CardsDrawn("Cy", 1, False, drawn_flip)), "flip")
    s = st(ref)
    assert (s["side"], s["top"], s["color"], s["turn"]) == ("light", "g2", "green", "Dee")
    assert (s["draw_pile"], s["discard_pile"]) == (1, 2)


def test_seven_o_and_jump_in_work_on_the_dark_side() -> None:
    """The seven-o and jump-in house rules with the dark side's cards."""
    ref = dark(seven_o="on", jump_in="on")
    refused(play(ref, "Bob", "pu7"), "seven-o")
    ok(takes(ref, "Dee", 2), "table-override")
    ok(play(ref, "Bob", "pu7", target="Dee"), "seven-o")
    assert hands(ref) == {"Ann": 6, "Bob": 9, "Cy": 7, "Dee": 6}
    ok(apply(ref, ev.JumpedIn("Ann", make_play("pu7", target="Bob"))), "jump-in")
    assert hands(ref) == {"Ann": 9, "Bob": 5, "Cy": 7, "Dee": 6}
    assert st(ref)["turn"] == "Bob"


def test_rulings_name_the_flip_cards_not_a_wild_draw_four() -> None:
    """The UNO FLIP! rules: Flip's challengeable cards are the Wild Draw Two and the Wild Draw
    Color, and the rulings say so."""
    ref = table("flip", start="r5")
    out = refused(challenge(ref, "Bob", "guilty"), "wd4-challenge-who")
    assert "Wild Draw Two or Wild Draw Color" in out.text and "Four" not in out.text
    ok(play(ref, "Ann", "w+2", "blue"))
    out = refused(challenge(ref, "Bob", shows="b3"), "wd4-showing")
    assert "made the Wild Draw Two illegal" in out.text


def test_drawing_one_until_the_colour_keeps_it() -> None:
    """Wild Draw Color: one card drawn reads in the singular."""
    ref = dark()
    ok(play(ref, "Bob", "w+c", "orange"))
    out = ok(draw(ref, "Cy", 1, counted=True))
    assert "keeps it." in out.text


@pytest.mark.parametrize("mercy", ["off", "9"])
def test_a_flip_after_an_implied_knock_out_turns_up_an_unseen_card(mercy: str) -> None:
    """UNO FLIP! (the bottom card comes up) with the mercy rule (a knocked-out hand goes to the
    bottom of the discard pile): Ann's Flip accepts Dee's Wild Draw Two for her; at 9 cards Dee is
    out first, so the card that turns up is one of hers, which nobody saw."""
    ref = dark(mercy=mercy)
    ok(flip(ref, "Bob", "puf", "rf"), "flip")  # the bottom card's dark face is that Purple Flip
    ok(play(ref, "Cy", "w+2", "blue"), "flip-wild-draw")
    if mercy == "off":
        refused(flip(ref, "Ann", "bf", "te3"), "flip")
        ok(flip(ref, "Ann", "bf", "puf"), "flip")
        return
    out = ok(flip(ref, "Ann", "bf", "te3"), "flip")
    assert "Dee holds 9 cards and is knocked out" in out.text
    s = st(ref)
    assert (s["side"], s["top"], s["turn"]) == ("dark", "te3", "Bob")
    assert s["hands"]["Dee"] == 0 and s["discard_pile"] == 4 + 1 + 9
