"""House rules tables declare: stacking, Seven-O, jump-in, multi-play, going out on an action.

No stacking officially (the official UNO posts of 2019 and 2020); the house rules of the Mattel
sheet, UNO House Rules, English and Japanese Wikipedia and Wikibooks; the digital games' stacked
Wild Draw Four challenge (Japanese Wikipedia, コンピュータゲーム); the Japan UNO Association's
multi-play; going out on an action (Japanese Wikipedia, ハウスルール).
Each is refused when the table has not turned it on.
"""

from __future__ import annotations

import pytest

from referee.engine import Referee, SetupError
from referee.engine import events as ev
from referee.engine.setup import resolve, rules_in_force
from tests.unit.rules_helpers import (
    Outcome,
    accept,
    apply,
    catch,
    challenge,
    draw,
    hands,
    header,
    make_play,
    ok,
    play,
    refused,
    st,
    table,
    uno,
)

# Stacking (house rules) ---------------------------------------------------------------------------


def test_stacking_off_refuses_draw_two_on_draw_two_as_out_of_turn() -> None:
    """The official UNO post of 8 Oct 2020 ('You cannot STACK a +2 on a +2'): Bob has drawn and is
    skipped, so his Draw Two is out of turn, and the ruling names the house rule."""
    ref = table(start="r7")
    ok(play(ref, "Ann", "r+2"), "draw-two")
    out = refused(play(ref, "Bob", "g+2"), "turn-order")
    assert "stacking" in out.text


@pytest.mark.parametrize("mode", ["same", "progressive", "higher"])
def test_stacked_draw_twos_add_up_and_accept_takes_the_total(mode: str) -> None:
    """The Mattel sheet's House Rules ('the next player draws 4'); option `stacking`."""
    ref = table(start="r7", stacking=mode)
    ok(play(ref, "Ann", "r+2"), "stacking")
    assert hands(ref)["Bob"] == 7 and st(ref)["turn"] == "Bob"
    ok(play(ref, "Bob", "g+2"), "stacking")
    assert "4" in st(ref)["pending"]
    ok(accept(ref, "Cy"), "stacking")
    s = st(ref)
    assert s["hands"]["Cy"] == 11 and s["turn"] == "Dee" and s["pending"] is None


def test_next_player_acting_implies_the_victim_accepted_the_stack() -> None:
    """Issue 6: a pending draw is taken implicitly when the player after the victim acts."""
    ref = table(start="r7", stacking="same")
    ok(play(ref, "Ann", "r+2"))
    ok(play(ref, "Cy", "r+2"))
    assert hands(ref)["Bob"] == 9  # Bob took the 2; Cy's Draw Two now waits on Dee
    assert st(ref)["turn"] == "Dee"


def test_the_victims_draw_takes_the_whole_stack() -> None:
    """Option `stacking`: the player who does not stack draws the total, not one card; their
    plain `draw` says so (it is read as accepting), and they may not play instead."""
    ref = table(start="r7", stacking="same")
    ok(play(ref, "Ann", "r+2"))
    refused(play(ref, "Bob", "r5"), "stacking")
    out = draw(ref, "Bob")
    ok(out, "stacking")
    assert "accepted" in out.text and "drew 2" in out.text


@pytest.mark.parametrize(
    ("mode", "allowed"), [("same", False), ("progressive", True), ("higher", True)]
)
def test_wild_draw_four_on_draw_two_depends_on_the_mode(mode: str, allowed: bool) -> None:
    """English Wikipedia's progressive stacking forbids mixing; Wikibooks allows WD4 on Draw Two
    (the product's `progressive`); `higher` stacks any card of equal or higher value."""
    ref = table(start="r7", stacking=mode)
    ok(play(ref, "Ann", "r+2"))
    out = play(ref, "Bob", "w+4", "blue")
    if allowed:
        ok(out, "wd4")
        assert "6" in st(ref)["pending"] and st(ref)["color"] == "blue"
    else:
        refused(out, "stacking")


@pytest.mark.parametrize("mode", ["same", "progressive", "higher"])
def test_draw_two_never_goes_on_a_wild_draw_four(mode: str) -> None:
    """Wikibooks: not vice versa; `higher`: 2 is lower than 4."""
    ref = table(start="r7", stacking=mode)
    ok(play(ref, "Ann", "w+4", "red"))
    refused(play(ref, "Bob", "r+2"), "stacking")


def test_stacked_wild_draw_four_guilty_costs_four_per_card() -> None:
    """The digital games (Japanese Wikipedia): a stacked WD4 stays challengeable; guilty, the last
    WD4's player draws 4 times the number of WD4s (2 WD4s: 8); the last player named the colour."""
    ref = table(start="r7", stacking="same")
    ok(play(ref, "Ann", "w+4", "green"))
    ok(play(ref, "Bob", "w+4", "blue"))
    assert st(ref)["color"] == "blue"
    ok(challenge(ref, "Cy", "guilty"), "wd4-guilty")
    s = st(ref)
    assert s["hands"] == {"Ann": 6, "Bob": 14, "Cy": 7, "Dee": 7}
    assert s["turn"] == "Cy" and s["pending"] is None


def test_stacked_wild_draw_four_innocent_costs_the_total_plus_two() -> None:
    """The digital games (Japanese Wikipedia): failure means the challenger draws the total + 2
    (10)."""
    ref = table(start="r7", stacking="same")
    ok(play(ref, "Ann", "w+4", "green"))
    ok(play(ref, "Bob", "w+4", "blue"))
    ok(challenge(ref, "Cy", "innocent"), "wd4-innocent")
    s = st(ref)
    assert s["hands"]["Cy"] == 17 and s["turn"] == "Dee"


def test_stacked_wild_draw_four_guilty_under_retract_restores_the_card_before() -> None:
    """The Minecraft UNO manual's retract, under stacking: Bob takes his WD4 back; Ann's WD4 and
    green return."""
    ref = table(rules="jp", start="r7", stacking="same")
    ok(play(ref, "Ann", "w+4", "green"))
    ok(play(ref, "Bob", "w+4", "blue"))
    ok(challenge(ref, "Cy", "guilty"), "wd4-guilty")
    s = st(ref)
    assert s["top"] == "w+4" and s["color"] == "green"
    assert s["hands"]["Bob"] == 7 + 8 and s["turn"] == "Cy"


def test_a_draw_two_stack_cannot_be_challenged() -> None:
    """Only a Wild Draw Four is challenged."""
    ref = table(start="r7", stacking="same")
    ok(play(ref, "Ann", "r+2"))
    refused(challenge(ref, "Bob", "guilty"), "stacking")


def test_no_stacking_on_a_last_card() -> None:
    """The Mattel sheet: a last Draw Two still makes the next player draw; the round is over, so the
    victim cannot pass it on (the product's ruling)."""
    ref = table(start="r7", stacking="same", hand_size=1)
    ok(play(ref, "Ann", "r+2"))
    refused(play(ref, "Bob", "g+2"), "going-out")
    ok(accept(ref, "Bob"), "going-out")
    assert st(ref)["winner"] == "Ann"


def test_a_last_draw_two_offers_no_stack() -> None:
    """Issue 25: nothing stacks on a card its player went out with, so neither the ruling nor
    what the table waits for offers Bob a stack; a final Wild Draw Four is only challenged."""
    ref = table(start="r7", stacking="same", hand_size=1)
    out = ok(play(ref, "Ann", "r+2"))
    assert out.text == "Ann played Red Draw Two; Bob draws 2."
    assert st(ref)["pending"] == "Bob takes 2 from the Red Draw Two: 'Bob: accept'"
    ref = table(start="r7", stacking="same", hand_size=1)
    out = ok(play(ref, "Ann", "w+4", "blue"))
    assert out.text == (
        "Ann played Wild Draw Four, naming blue; Bob draws 4 or challenges (colour before it: red)."
    )
    assert st(ref)["pending"] == ("Bob may challenge Ann's Wild Draw Four (colour before it: RED)")


def test_a_last_draw_two_that_may_not_go_out_still_offers_a_stack() -> None:
    """`go-out-on-action forbidden`: the player draws 2 after the card, so the stack is on."""
    ref = table(start="r7", stacking="same", hand_size=1, go_out_on_action="forbidden")
    out = ok(play(ref, "Ann", "r+2"))
    assert out.text.startswith("Ann played Red Draw Two; Bob draws 2 or stacks; ")
    assert st(ref)["pending"] == "Bob takes 2 or stacks on the Red Draw Two"
    # Stacked, and her last card: the ruling rests on the house rule that keeps her in.
    ok(play(ref, "Bob", "g+2"), "go-out-on-action")


# Seven-O (UNO House Rules) ------------------------------------------------------------------------


def test_seven_swaps_hands_with_the_named_player() -> None:
    """English Wikipedia's Seven-O: a 7 swaps hands with a chosen player."""
    ref = table(start="r5", seven_o="on")
    ok(draw(ref, "Ann"))  # Ann 8
    ok(play(ref, "Bob", "r7", target="Ann"), "seven-o")
    assert hands(ref) == {"Ann": 6, "Bob": 8, "Cy": 7, "Dee": 7}
    assert st(ref)["turn"] == "Cy"


def test_seven_needs_a_target_and_off_takes_none() -> None:
    """Option `seven-o`: `@NAME`; without the house rule a 7 takes no target."""
    refused(play(table(start="r5", seven_o="on"), "Ann", "r7"), "seven-o")
    refused(play(table(start="r5", seven_o="on"), "Ann", "r7", target="Ann"), "seven-o")
    refused(play(table(start="r5"), "Ann", "r7", target="Bob"), "target")


def test_zero_passes_every_hand_in_the_direction_of_play() -> None:
    """English and Japanese Wikipedia: everyone passes their hand to the next player."""
    ref = table(start="r5", seven_o="on")
    ok(draw(ref, "Ann"))  # Ann 8
    ok(draw(ref, "Bob"))
    ok(draw(ref, "Cy"))  # Bob 8, Cy 8
    ok(play(ref, "Dee", "r0"), "seven-o")  # Dee 6 before passing
    assert hands(ref) == {"Ann": 6, "Bob": 8, "Cy": 8, "Dee": 8}


def test_a_hand_received_at_one_card_must_call_uno_under_uno_on_passive() -> None:
    """Wikibooks: in 7-0 a player who receives a one-card hand must still call UNO; so
    `uno-on-passive yes`."""
    ref = table(start="r5", seven_o="on", hand_size=2, uno_on_passive="yes")
    ok(play(ref, "Ann", "r3", uno=True))  # Ann on one card, called
    ok(play(ref, "Bob", "r7", target="Ann"))
    # Both hands that changed owner are on one card: neither holder has called for it.
    assert hands(ref)["Bob"] == 1 and set(st(ref)["catchable"]) == {"Bob", "Ann"}
    ok(catch(ref, "Cy", "Bob"), "uno-catch")


def test_seven_as_last_card_goes_out_without_a_swap() -> None:
    """Option `seven-o` (table default, as Wild Swap Hands' last card: nothing to swap)."""
    ref = table(start="r5", seven_o="on", hand_size=1)
    refused(play(ref, "Ann", "r7", target="Bob"), "seven-o")
    ok(play(ref, "Ann", "r7"), "going-out")


# Jump-in (UNO House Rules) ------------------------------------------------------------------------


def test_identical_card_jumps_in_and_play_continues_from_the_jumper() -> None:
    """UNO House Rules' Jump-In; English Wikipedia: play continues as if that player had taken the
    turn."""
    ref = table(start="r5", jump_in="on")
    ok(play(ref, "Ann", "g5"))
    ok(apply_jump(ref, "Dee", "g5"), "jump-in")
    s = st(ref)
    assert s["turn"] == "Ann" and s["hands"]["Dee"] == 6


def test_jump_in_needs_an_identical_card_and_the_house_rule() -> None:
    """Exactly identical (colour and rank); off by default."""
    ref = table(start="r5", jump_in="on")
    refused(apply_jump(ref, "Cy", "y5"), "jump-in")
    refused(apply_jump(table(start="r5"), "Cy", "r5"), "turn-order")


def test_jump_in_closes_the_uno_window() -> None:
    """A jump-in puts a card down, which closes a missed UNO's window
    under either window rule."""
    for rules in ("en", "jp"):
        ref = table(rules=rules, start="r5", jump_in="on", hand_size=2)
        ok(play(ref, "Ann", "g5"))
        assert st(ref)["catchable"] == ["Ann"]
        ok(apply_jump(ref, "Cy", "g5"), "jump-in")
        ok(catch(ref, "Bob", "Ann"), "uno-window")


def apply_jump(ref: Referee, who: str, code: str, color: str | None = None) -> Outcome:
    return apply(ref, ev.JumpedIn(who, make_play(code, color)))


# Jump-in on a waiting draw: refused (`jump-in on`) or the digital games' (`jump-in digital`) ----


def test_jump_in_on_a_waiting_stack_is_refused_with_its_source() -> None:
    """Issue 25: `jump-in on` refuses a jump-in while a stacked draw waits, under its own rule
    `jump-in-draw`, whose source says the house rule is silent (a table default)."""
    ref = table(start="r7", stacking="same", jump_in="on")
    ok(play(ref, "Ann", "r+2"))
    out = refused(apply_jump(ref, "Dee", "r+2"), "jump-in-draw")
    assert out.text == "no jump-in while a draw or a challenge is pending"
    shown = {str(r.id): r for r in rules_in_force(ref.options.values, "classic")}
    assert shown["jump-in-draw"].table_default
    assert shown["jump-in-draw"].source.startswith("Table default: ")


def test_digital_jump_in_adds_a_draw_two_to_the_waiting_stack() -> None:
    """Japanese Wikipedia, コンピュータゲーム ("累積ルールが有効な場合、Draw Two… の効果は
    打ち消されずに累積される"), `jump-in digital`: Dee's identical Draw Two adds to the 2
    waiting on Bob, and the 4 now wait on Ann, the player after Dee."""
    ref = table(start="r7", stacking="same", jump_in="digital")
    ok(play(ref, "Ann", "r+2"))
    out = ok(apply_jump(ref, "Dee", "r+2"), "jump-in")
    assert out.text == (
        "Jump-in on the waiting draw: Dee played Red Draw Two; Ann draws 4 or stacks."
    )
    s = st(ref)
    assert s["turn"] == "Ann" and s["hands"] == {"Ann": 6, "Bob": 7, "Cy": 7, "Dee": 6}
    ok(accept(ref, "Ann"))
    assert hands(ref)["Ann"] == 10 and st(ref)["turn"] == "Bob"


def test_digital_jump_in_adds_a_wild_draw_four_to_the_waiting_stack() -> None:
    """The same: a Wild Draw Four on a Wild Draw Four (a Wild of the same kind) adds up; its
    player names the colour; the stack stays challengeable as the digital games have it."""
    ref = table(start="r7", stacking="same", jump_in="digital")
    ok(play(ref, "Ann", "w+4", "green"))
    ok(apply_jump(ref, "Cy", "w+4", "blue"), "jump-in")
    s = st(ref)
    assert (s["turn"], s["color"]) == ("Dee", "blue") and "8" in s["pending"]
    ok(challenge(ref, "Dee", "innocent"))
    assert hands(ref)["Dee"] == 7 + 10


def test_digital_jump_in_without_stacking_cancels_the_first_draw() -> None:
    """The same (the jumped card's effect is cancelled): without stacking, Bob no longer takes
    Ann's Wild Draw Four; Ann, after the jumper Dee, takes Dee's or challenges it."""
    ref = table(start="r7", jump_in="digital")
    ok(play(ref, "Ann", "w+4", "green"))
    out = ok(apply_jump(ref, "Dee", "w+4", "blue"), "jump-in")
    assert out.text.startswith(
        "Jump-in, cancelling Bob's draw from the Wild Draw Four: Dee "
        "played Wild Draw Four, naming blue; Ann draws 4 or challenges"
    )
    ok(accept(ref, "Ann"))
    assert hands(ref) == {"Ann": 6 + 4, "Bob": 7, "Cy": 7, "Dee": 6}
    assert st(ref)["turn"] == "Bob"


def test_digital_jump_in_cancels_a_jumped_reverse() -> None:
    """The same ("特殊カードが出された場合、1枚目の効果は打ち消される"): Ann's Reverse is
    cancelled, so Cy's turns play once; Bob (right of Cy, as Cy's Reverse leaves it) plays
    next. Under `jump-in on` both Reverses turn play, and Dee plays next."""
    ref = table(start="r5", jump_in="digital")
    ok(play(ref, "Ann", "rr"))
    out = ok(apply_jump(ref, "Cy", "rr"), "jump-in")
    assert out.text.startswith(
        "Jump-in, cancelling the Red Reverse's effect: Cy played Red Reverse"
    )
    assert (st(ref)["direction"], st(ref)["turn"]) == ("ccw", "Bob")
    ref = table(start="r5", jump_in="on")
    ok(play(ref, "Ann", "rr"))
    ok(apply_jump(ref, "Cy", "rr"), "jump-in")
    assert (st(ref)["direction"], st(ref)["turn"]) == ("cw", "Dee")


def test_digital_jump_in_on_a_draw_already_taken_is_refused() -> None:
    """Without stacking a Draw Two is drawn as it goes down: its draw can no longer be
    cancelled, so `jump-in digital` refuses the jump (a table default)."""
    ref = table(start="r7", jump_in="digital")
    ok(play(ref, "Ann", "r+2"))
    out = refused(apply_jump(ref, "Dee", "r+2"), "jump-in-draw")
    assert (
        out.text == "the Red Draw Two's draw is taken: it can no longer be cancelled by a jump-in"
    )


def test_digital_jump_in_allows_a_wild_on_a_wild() -> None:
    """`jump-in digital`: a Wild of the same kind is identical; `jump-in on` keeps coloured cards
    only."""
    ref = table(start="r7", jump_in="digital")
    ok(play(ref, "Ann", "w", "blue"))
    ok(apply_jump(ref, "Cy", "w", "red"), "jump-in")
    assert (st(ref)["color"], st(ref)["turn"]) == ("red", "Dee")
    ref = table(start="r7", jump_in="on")
    ok(play(ref, "Ann", "w", "blue"))
    refused(apply_jump(ref, "Cy", "w", "red"), "jump-in")


# Multi-play (the Japan UNO Association's competition rules) ---------------------------------------


def test_identical_numbers_go_down_together() -> None:
    """The Japan UNO Association's competition rules: identical number cards may be played at
    once."""
    ref = table(start="r5", multi_play="numbers")
    ok(play(ref, "Ann", "r7", extra="r7"))
    s = st(ref)
    assert s["hands"]["Ann"] == 5 and s["discard_pile"] == 3 and s["turn"] == "Bob"


def test_multi_play_refuses_actions_and_different_cards_and_is_off_by_default() -> None:
    """The same rules: action cards one at a time; the Mattel sheet: one card per turn
    otherwise."""
    ref = table(start="r5", multi_play="numbers")
    refused(play(ref, "Ann", "rs", extra="rs"), "multi-play")
    refused(play(ref, "Ann", "r7", extra="b7"), "multi-play")
    refused(play(table(start="r5"), "Ann", "r7", extra="r7"), "match")


def test_multi_play_to_one_card_must_call_uno() -> None:
    """The play leaving one card needs UNO."""
    ref = table(start="r5", multi_play="numbers", hand_size=3)
    ok(play(ref, "Ann", "r7", extra="r7"))
    assert st(ref)["catchable"] == ["Ann"]


# Going out on an action card (Japanese Wikipedia's house rules) -----------------------------------


def test_last_action_card_draws_two_when_forbidden() -> None:
    """`go-out-on-action forbidden`: draws 2 and play goes on."""
    ref = table(start="r5", hand_size=1, go_out_on_action="forbidden")
    ok(play(ref, "Ann", "rs"), "go-out-on-action")
    s = st(ref)
    assert s["winner"] is None and s["hands"]["Ann"] == 2 and s["turn"] == "Cy"


def test_last_number_card_still_goes_out_when_actions_are_forbidden() -> None:
    """`go-out-on-action`: only actions and Wilds are barred."""
    ok(play(table(start="r5", hand_size=1, go_out_on_action="forbidden"), "Ann", "r3"), "going-out")
    ok(play(table(start="r5", hand_size=1), "Ann", "rs"), "going-out")


# Declared, shown, refused ----------------------------------------------------------------------


def test_each_house_rule_is_in_the_rulebook_when_on() -> None:
    """Issue 6: each house rule has its rule id and text in `uno-referee rules`."""
    options = resolve(
        "en",
        "classic",
        (
            ("stacking", "same"),
            ("seven-o", "on"),
            ("jump-in", "on"),
            ("multi-play", "numbers"),
            ("go-out-on-action", "forbidden"),
        ),
    )
    ids = {r.id for r in rules_in_force(options, "classic")}
    assert {
        "stacking",
        "stack-challenge",
        "seven-o",
        "jump-in",
        "multi-play",
        "go-out-on-action",
    } <= ids
    assert not {"seven-o", "jump-in", "multi-play"} & {
        r.id for r in rules_in_force(resolve("en", "classic"), "classic")
    }


def test_mercy_must_be_above_the_hand_size() -> None:
    """Option `mercy`: a limit at or below the hand size would knock out at the deal."""
    with pytest.raises(SetupError, match="more than the hand size"):
        Referee(header(mercy=7))


def test_uno_called_then_stack_accepted() -> None:
    """An UNO call survives a stacked draw aimed elsewhere."""
    ref = table(start="r7", stacking="same", hand_size=2)
    ok(play(ref, "Ann", "r+2", uno=True))
    ok(uno(ref, "Ann"))
    ok(accept(ref, "Bob"))
    assert hands(ref) == {"Ann": 1, "Bob": 4, "Cy": 2, "Dee": 2}


def test_move_box_hints_follow_a_pending_stack() -> None:
    """Option `stacking`: the victim may stack or accept; a Draw Two stack is not
    challenged, so the hints offer stacking cards and accept only."""
    from referee.suggest import playable, quick_moves

    ref = table(start="r7", stacking="same")
    ok(play(ref, "Ann", "r+2"))
    assert {f.kind for f in playable(ref)} == {"+2"}
    assert set(quick_moves(ref)) == {"accept"}
