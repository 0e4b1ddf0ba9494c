"""Writing the canonical `.uno` form, and reading it back unchanged."""

from __future__ import annotations

import pytest

from referee.engine.cards import card
from referee.engine.events import (
    CardPlayed,
    CardsDrawn,
    ChallengeMade,
    DealerNamed,
    DrawAccepted,
    Event,
    HandAdjusted,
    HandRevealed,
    Header,
    JumpedIn,
    MisplayCaught,
    PenaltyGiven,
    Play,
    PlayerCaught,
    PlayerWentOut,
    RoundStarted,
    Session,
    StartTurned,
    TurnOverridden,
    UnoCalled,
)
from referee.notation import format_event, format_session, parse_move, parse_session

HEADER = Header("swap", ("Alice", "Bob", "Mary Ann", "太郎"), "target 500")


def test_canonical_form_of_a_loosely_written_file() -> None:
    text = """\
# Friday game
[Players "Alice, Bob,Mary Ann , 太郎"]   # seating, clockwise
[Custom "1" "Everyone passes their hand left"]
[Rule "seven-o" "on"]
[Scoring "TARGET 0500"]
[Edition "Swap"]
[Date "2024-05-03"]
[Event "Friday"]
round 1
dealer alice
start wild draw four Wild red
bob: red 7 @mary ann
MARY ANN: Wild Draw Four Blue UNO
太郎: challenge innocent
Alice: wc1 yellow
Bob: draw 1
Mary Ann: draw
太郎: penalty 2 "coaching: # twice"
round 2
out Bob
hand 太郎: 27
hand Alice: green skip b+2
"""
    assert (
        format_session(parse_session(text))
        == """\
[Event "Friday"]
[Date "2024-05-03"]
[Edition "swap"]
[Rules "en"]
[Scoring "target 500"]
[Players "Alice, Bob, Mary Ann, 太郎"]
[Rule "seven-o" "on"]
[Custom "1" "Everyone passes their hand left"]

round 1
dealer Alice
start w+4 w red
Bob: r7 @Mary Ann
Mary Ann: w+4 blue uno
太郎: challenge innocent
Alice: wc1 yellow
Bob: draw 1
Mary Ann: draw
太郎: penalty 2 "coaching: # twice"

round 2
out Bob
hand 太郎: 27
hand Alice: gs b+2
"""
    )


@pytest.mark.parametrize(
    ("event", "text"),
    [
        (RoundStarted(3), "round 3"),
        (DealerNamed("bob"), "dealer Bob"),
        (StartTurned((card("w+4"), card("r7"))), "start w+4 r7"),
        (StartTurned((card("w"),), "te"), "start w teal"),
        (PlayerWentOut("Mary Ann"), "out Mary Ann"),
        (HandRevealed("太郎", (card("r5"), card("g+2"), card("w"))), "hand 太郎: r5 g+2 w"),
        (HandRevealed("Bob", points=0), "hand Bob: 0"),
        (TurnOverridden("Alice"), "turn Alice"),
        (CardPlayed("Bob", Play(card("r5"))), "Bob: r5"),
        (CardPlayed("Bob", Play(card("w+4"), "b", uno=True)), "Bob: w+4 blue uno"),
        (CardPlayed("Bob", Play(card("wc"), "pu", custom=2)), "Bob: wc2 purple"),
        (CardPlayed("Bob", Play(card("wsw"), "g", "mary ann")), "Bob: wsw green @Mary Ann"),
        (CardPlayed("Bob", Play(card("r7"), extra=(card("r7"), card("r7")))), "Bob: r7 r7 r7"),
        (CardsDrawn("Bob"), "Bob: draw"),
        (CardsDrawn("Bob", 1, True), "Bob: draw 1"),
        (CardsDrawn("Bob", 5, True, Play(card("y5"), uno=True)), "Bob: draw 5 y5 uno"),
        (CardsDrawn("Bob", play=Play(card("w"), "y")), "Bob: draw w yellow"),
        (DrawAccepted("Bob"), "Bob: accept"),
        (ChallengeMade("Bob", "guilty"), "Bob: challenge guilty"),
        (ChallengeMade("Bob", shown=(card("r5"), card("b5"))), "Bob: challenge shows r5 b5"),
        (UnoCalled("Bob"), "Bob: uno"),
        (PlayerCaught("Bob", "太郎"), "Bob: catch 太郎"),
        (MisplayCaught("Bob", card("g+2")), "Bob: misplay g+2"),
        (PenaltyGiven("Bob", coaching=True), "Bob: penalty coaching"),
        (PenaltyGiven("Bob", 2), "Bob: penalty 2"),
        (PenaltyGiven("Bob", 4, ""), 'Bob: penalty 4 ""'),
        (JumpedIn("Bob", Play(card("b3"), extra=(card("b3"),))), "Bob: jump b3 b3"),
        (HandAdjusted("Bob", 2, "house rule"), 'Bob: takes 2 "house rule"'),
        (HandAdjusted("Bob", -1), "Bob: gives 1"),
    ],
)
def test_format_event(event: Event, text: str) -> None:
    assert format_event(event, HEADER) == text
    # The move box reads back the event, with names as spelled in [Players].
    assert format_event(parse_move(text, HEADER), HEADER) == text


def test_format_flip_play_with_top_card() -> None:
    header = Header("flip", ("Bob", "Kim"))
    event = CardPlayed("Bob", Play(card("rf"), top=card("w"), top_color="or", uno=True))
    assert format_event(event, header) == "Bob: rf top w orange uno"
    assert parse_move("Bob: rf top w orange uno", header) == event


SESSIONS = [
    # A classic game, Japanese rules, with a challenge and a late UNO.
    """[Edition "classic"]\n[Rules "jp"]\n[Scoring "rounds 2"]\n[Players "太郎, 花子, Ken"]
round 1\ndealer 太郎\nstart w+4 r7\n花子: r5\nKen: w+4 green\n太郎: challenge shows g2 g9
花子: g2 uno\nKen: catch 花子\n花子: uno\nKen: draw\n太郎: draw 2 g7\n花子: gs\n太郎: g+2
hand Ken: r5 r5 w\nhand 花子: 31\nround 2\ndealer 花子\nstart b0\nKen: misplay r3\n""",
    # Scorekeeping-only rounds.
    """[Event "League"]\n[Site "Café Uno"]\n[Edition "minecraft"]\n[Scoring "lowest 200"]
[Players "Mary Ann, Mary, Ann"]\nround 1\ndealer Mary\nout Mary Ann\nhand Mary: 45
hand Ann: cr r9\nround 2\nout Ann\nhand Mary Ann: 12\nhand Mary: 0\n""",
    # House rules: Seven-O, jump-in, multi-play, table overrides.
    """[Edition "shuffle"]\n[Scoring "penalty 500"]\n[Players "A, B, C, D"]
[Rule "seven-o" "on"]\n[Rule "jump-in" "on"]\n[Rule "multi-play" "on"]\n[Custom "3" "Dance"]
round 1\ndealer D\nstart y7\nA: y7 @C\nB: jump y7 y7 uno\nC: wsh blue\nD: wc3 red\nturn B
B: takes 2 "forgot to draw"\nC: gives 1\nD: penalty coaching\nA: penalty 2 "slow play"\n""",
    # Flip, not refereed yet but readable.
    """[Edition "flip"]\n[Scoring "none"]\n[Players "Lee, Kim"]\nround 1\ndealer Lee
start rf\nKim: gf top w+c pink\nLee: draw 3 te+5\nKim: w+2 yellow\nLee: accept\n""",
]


@pytest.mark.parametrize("text", SESSIONS)
def test_hand_written_sessions_round_trip(text: str) -> None:
    session = parse_session(text)
    formatted = format_session(session)
    again = parse_session(formatted)
    assert again.header == session.header
    assert again.events == session.events
    assert format_session(again) == formatted


def test_blank_line_before_each_round_and_trailing_newline() -> None:
    session = Session(
        Header("classic", ("A", "B"), "none"),
        [RoundStarted(1), DealerNamed("A"), RoundStarted(2), PlayerWentOut("B")],
    )
    assert format_session(session) == (
        '[Edition "classic"]\n[Rules "en"]\n[Scoring "none"]\n[Players "A, B"]\n'
        "\nround 1\ndealer A\n\nround 2\nout B\n"
    )


@pytest.mark.parametrize(
    "event",
    [
        PenaltyGiven("Bob", 2, 'said "uno"'),
        HandAdjusted("Bob", 0),
        ChallengeMade("Bob"),
        CardPlayed("Bob", Play(card("w"), custom=2)),
    ],
)
def test_unwritable_events_raise_value_error(event: Event) -> None:
    with pytest.raises(ValueError, match=r"cannot|0|verdict|custom"):
        format_event(event, HEADER)


def test_unwritable_header_raises_value_error() -> None:
    header = Header("classic", ("A", "B"), "none", event="line\nbreak")
    with pytest.raises(ValueError, match="cannot write"):
        format_session(Session(header))
