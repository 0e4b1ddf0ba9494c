"""Reading `.uno` text: every statement kind, the header, and located error messages."""

from __future__ import annotations

import pytest

from referee.engine.cards import card
from referee.engine.events import (
    CardPlayed,
    CardsDrawn,
    ChallengeMade,
    DealerNamed,
    DrawAccepted,
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
    StartTurned,
    TurnOverridden,
    UnoCalled,
)
from referee.notation import NotationError, parse_move, parse_session

TAGS = '[Edition "swap"]\n[Scoring "target 500"]\n[Players "Alice, Bob, Carol, Mary Ann"]\n'
HEADER = Header("swap", ("Alice", "Bob", "Carol", "Mary Ann"), "target 500")


def c(*codes: str) -> tuple:
    return tuple(card(code) for code in codes)


def body(text: str) -> list:
    """The events of `text` written after TAGS and `round 1`."""
    return parse_session(TAGS + "round 1\n" + text).events[1:]


def error(text: str) -> str:
    with pytest.raises(NotationError) as caught:
        parse_session(text, "t.uno")
    return str(caught.value)


# Header --------------------------------------------------------------------------------------


def test_header_tags_defaults_and_normalisation() -> None:
    session = parse_session(
        '[Event "Friday"]  # the weekly game\n[Site "Kyoto"]\n[Date "2024-02-29"]\n'
        '[Edition "Classic"]\n[Rules "JP"]\n[Scoring "Rounds   05"]\n'
        '[Players "Alice,Bob ,  Carol"]\n[Rule "seven-o" "on"]\n[Rule "stacking" "off"]\n'
        '[Custom "2" "Swap # with anyone"]\n'
    )
    assert session.header == Header(
        edition="classic",
        players=("Alice", "Bob", "Carol"),
        scoring="rounds 5",
        rules="jp",
        event="Friday",
        site="Kyoto",
        date="2024-02-29",
        overrides=(("seven-o", "on"), ("stacking", "off")),
        customs=((2, "Swap # with anyone"),),
    )
    assert session.events == [] and session.lines == []


def test_header_minimal_has_default_rules_and_no_labels() -> None:
    header = parse_session('[Scoring "none"]\n[Players "A, B"]\n[Edition "nomercy"]').header
    assert header == Header("nomercy", ("A", "B"), "none", "en")


@pytest.mark.parametrize("scoring", ["rounds 5", "target 500", "lowest 500", "penalty 500", "none"])
def test_every_scoring_system(scoring: str) -> None:
    text = f'[Edition "classic"]\n[Scoring "{scoring.upper()}"]\n[Players "A, B"]\n'
    assert parse_session(text).header.scoring == scoring


def test_japanese_and_spaced_names() -> None:
    session = parse_session(
        '[Edition "classic"]\n[Scoring "rounds 4"]\n[Players "太郎, 花子, Mary Ann"]\n'
        "round 1\ndealer 太郎\nstart r7\n花子: r5\nmary ann: w blue @太郎 uno\n"
        "太郎: catch MARY ANN\nhand Mary Ann: 12\n"
    )
    assert session.header.players == ("太郎", "花子", "Mary Ann")
    assert session.events[1:] == [
        DealerNamed("太郎"),
        StartTurned(c("r7")),
        CardPlayed("花子", Play(card("r5"))),
        CardPlayed("Mary Ann", Play(card("w"), "b", "太郎", uno=True)),
        PlayerCaught("太郎", "Mary Ann"),
        HandRevealed("Mary Ann", points=12),
    ]


# Statements ----------------------------------------------------------------------------------


def test_round_structure_statements_and_line_numbers() -> None:
    session = parse_session(
        TAGS + "\nround 1\ndealer alice\nstart w+4 r7\nstart W Red\nturn carol\n"
        "hand Bob: r5 g+2 w\nhand Carol: 27\n\n# scorekeeping only\nround 2\nout Bob\n"
    )
    assert session.events == [
        RoundStarted(1),
        DealerNamed("Alice"),
        StartTurned(c("w+4", "r7")),
        StartTurned(c("w"), "r"),
        TurnOverridden("Carol"),
        HandRevealed("Bob", c("r5", "g+2", "w")),
        HandRevealed("Carol", points=27),
        RoundStarted(2),
        PlayerWentOut("Bob"),
    ]
    assert session.lines == [5, 6, 7, 8, 9, 10, 11, 14, 15]


@pytest.mark.parametrize(
    ("line", "event"),
    [
        ("Bob: r5", CardPlayed("Bob", Play(card("r5")))),
        ("Bob: W+4 BLUE uno", CardPlayed("Bob", Play(card("w+4"), "b", uno=True))),
        ("Bob: wild draw four yellow", CardPlayed("Bob", Play(card("w+4"), "y"))),
        ("Bob: red 7", CardPlayed("Bob", Play(card("r7")))),
        ("Bob: blue skip", CardPlayed("Bob", Play(card("bs")))),
        ("Bob: wsw g @Carol", CardPlayed("Bob", Play(card("wsw"), "g", "Carol"))),
        ("Bob: wc2 r", CardPlayed("Bob", Play(card("wc"), "r", custom=2))),
        ("Bob: r7 r7 uno", CardPlayed("Bob", Play(card("r7"), uno=True, extra=c("r7")))),
        ("Bob: r7 @Mary Ann uno", CardPlayed("Bob", Play(card("r7"), target="Mary Ann", uno=True))),
        ("Bob: draw", CardsDrawn("Bob")),
        ("Bob: draw 1", CardsDrawn("Bob", 1, True)),
        ("Bob: draw 4", CardsDrawn("Bob", 4, True)),
        ("Bob: draw r5", CardsDrawn("Bob", play=Play(card("r5")))),
        ("Bob: draw w red uno", CardsDrawn("Bob", play=Play(card("w"), "r", uno=True))),
        ("Bob: draw 3 b2", CardsDrawn("Bob", 3, True, Play(card("b2")))),
        ("Bob: accept", DrawAccepted("Bob")),
        ("Bob: challenge guilty", ChallengeMade("Bob", "guilty")),
        ("Bob: Challenge Innocent", ChallengeMade("Bob", "innocent")),
        ("Bob: challenge shows r5 b+2", ChallengeMade("Bob", shown=c("r5", "b+2"))),
        ("Bob: uno", UnoCalled("Bob")),
        ("Bob: catch mary ann", PlayerCaught("Bob", "Mary Ann")),
        ("Bob: misplay g+2", MisplayCaught("Bob", card("g+2"))),
        ("Bob: penalty coaching", PenaltyGiven("Bob", coaching=True)),
        ("Bob: penalty 2", PenaltyGiven("Bob", 2)),
        ('Bob: penalty 2 "talked: about # hands"', PenaltyGiven("Bob", 2, "talked: about # hands")),
        ("Bob: jump y3", JumpedIn("Bob", Play(card("y3")))),
        ("Bob: jump y3 y3 uno", JumpedIn("Bob", Play(card("y3"), uno=True, extra=c("y3")))),
        ("Bob: takes 2", HandAdjusted("Bob", 2)),
        ('Bob: gives 3 "house rule"', HandAdjusted("Bob", -3, "house rule")),
        ("  bob :r5   # indented, no space after the colon", CardPlayed("Bob", Play(card("r5")))),
    ],
)
def test_move_lines(line: str, event: object) -> None:
    assert body(line) == [event]
    assert parse_move(line, HEADER) == event


def test_flip_top_card_in_a_planned_edition() -> None:
    text = '[Edition "flip"]\n[Scoring "none"]\n[Players "A, B"]\nround 1\n'
    events = parse_session(text + "A: rf top pu5 uno\nB: w+c teal\nB: yf top w orange\n").events
    assert events[1:] == [
        CardPlayed("A", Play(card("rf"), top=card("pu5"), uno=True)),
        CardPlayed("B", Play(card("w+c"), "te")),
        CardPlayed("B", Play(card("yf"), top=card("w"), top_color="or")),
    ]


def test_target_names_may_hold_keywords() -> None:
    text = (
        '[Edition "swap"]\n[Scoring "none"]\n[Players "Bob, Bob top, uno, Ann"]\nround 1\n'
        "Ann: wsw red @Bob top uno\nAnn: wsw red @uno uno\nAnn: wsw red @ Bob\n"
    )
    assert parse_session(text).events[1:] == [
        CardPlayed("Ann", Play(card("wsw"), "r", "Bob top", uno=True)),
        CardPlayed("Ann", Play(card("wsw"), "r", "uno", uno=True)),
        CardPlayed("Ann", Play(card("wsw"), "r", "Bob")),
    ]


def test_crlf_bom_and_comments() -> None:
    text = (
        "\ufeff" + TAGS.replace("\n", "\r\n") + "round 1 # first\r\n# only a comment\r\nBob: r5\r\n"
    )
    session = parse_session(text)
    assert session.events == [RoundStarted(1), CardPlayed("Bob", Play(card("r5")))]
    assert session.lines == [4, 6]


def test_move_box_reads_any_statement() -> None:
    assert parse_move("Dave: w+4 blue", Header("classic", ("Bob", "Dave"))) == CardPlayed(
        "Dave", Play(card("w+4"), "b")
    )
    assert parse_move("turn Carol", HEADER) == TurnOverridden("Carol")
    assert parse_move("hand Carol: r5 g+2\n", HEADER) == HandRevealed("Carol", c("r5", "g+2"))
    assert parse_move("round 7", HEADER) == RoundStarted(7)


# Errors --------------------------------------------------------------------------------------

ROUND = TAGS + "round 1\n"  # statements below start on line 5


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            ROUND + "Bobb: r5",
            "t.uno:5:1: unknown player 'Bobb' (players: Alice, Bob, Carol, Mary Ann)",
        ),
        (
            ROUND + "Bob: catch Mary Anne",
            "t.uno:5:12: unknown player 'Mary Anne' (players: Alice, Bob, Carol, Mary Ann)",
        ),
        (
            ROUND + "Bob: wsw red @Carl uno",
            "t.uno:5:15: unknown player 'Carl' (players: Alice, Bob, Carol, Mary Ann)",
        ),
        (
            ROUND + "Bob: w+4 blu",
            "t.uno:5:10: expected a card, a colour or 'uno' after 'w+4', got 'blu'",
        ),
        (
            ROUND + "Bob: r7 blu",
            "t.uno:5:9: expected a card, '@NAME' or 'uno' after 'r7', got 'blu'",
        ),
        (
            ROUND + "Bob: rx",
            "t.uno:5:6: expected a card or an action (draw, accept, challenge, uno, "
            "catch, misplay, penalty, jump, takes, gives) after 'Bob:', got 'rx'",
        ),
        (ROUND + "Bob: wsh red", "t.uno:5:6: 'wsh' is not in the swap deck"),
        (
            ROUND + "Bob: draw 2 wild shuffle hands red",
            "t.uno:5:13: 'wild shuffle hands' is not in the swap deck",
        ),
        (ROUND + "start cr", "t.uno:5:7: 'cr' is not in the swap deck"),
        (
            ROUND + "Bob: draw two",
            "t.uno:5:11: expected a number or a card after 'draw', got 'two'",
        ),
        (
            ROUND + "Bob: draw 0",
            "t.uno:5:11: expected a number of at least 1 after 'draw', got '0'",
        ),
        (
            ROUND + "Bob: challenge maybe",
            "t.uno:5:16: expected 'guilty', 'innocent' or 'shows' after 'challenge', got 'maybe'",
        ),
        (
            ROUND + "Bob: penalty 2 slow",
            "t.uno:5:16: expected a quoted reason (\"...\") after '2', got 'slow'",
        ),
        (
            ROUND + 'Bob: penalty 2 "slow',
            "t.uno:5:16: expected a closing '\"' for the string opened here",
        ),
        (ROUND + "Bob r5", "t.uno:5:4: expected ':' after 'Bob'"),
        (
            ROUND + "rnd 2",
            "t.uno:5:1: expected a statement (round, dealer, start, out, hand, turn, time, leave, "
            "set) or 'NAME: move', got 'rnd'",
        ),
        (ROUND + "round 3", "t.uno:5:7: expected round 2, got round 3"),
        (ROUND + "hand Bob: r5 x", "t.uno:5:14: expected a card after 'r5', got 'x'"),
        (ROUND + "start w blu", "t.uno:5:9: expected a card or a colour after 'w', got 'blu'"),
        (
            ROUND + '[Event "late"]',
            "t.uno:5:1: expected a statement, got a tag (tags come before the first 'round')",
        ),
        (TAGS + "Bob: r5", "t.uno:4:1: expected a tag or 'round 1', got 'Bob:'"),
        (TAGS + "round 2", "t.uno:4:7: expected round 1, got round 2"),
        (
            '[Edition "classic"]\n[Scoring "none"]\nround 1',
            "t.uno:3:1: missing required tag [Players] before the first 'round'",
        ),
        ('[Players "A, B"]', "t.uno:1:1: missing required tag [Edition]"),
        ('[Players "Alice, Bob, alice"]', "t.uno:1:23: duplicate player 'alice' (already 'Alice')"),
        ('[Players "Alice"]', "t.uno:1:11: expected 2 to 10 players, got 1"),
        ('[Players "Alice, B@b"]', "t.uno:1:18: player name 'B@b' may not contain '@'"),
        (
            '[Players "Alice, ' + "x" * 25 + '"]',
            "t.uno:1:18: player name '" + "x" * 25 + "' is longer than 24 characters",
        ),
        (
            '[Players "Bob, hand Bob"]',
            "t.uno:1:16: player name 'hand Bob' clashes with 'Bob': 'hand Bob:' could be read "
            "either way",
        ),
        (
            '[Players "Bob, Bob uno"]',
            "t.uno:1:16: player name 'Bob uno' clashes with 'Bob': '@Bob uno' could be read "
            "either way",
        ),
        (
            '[Players "Bob, bob top r5 UNO"]',
            "t.uno:1:16: player name 'bob top r5 UNO' clashes with "
            "'Bob': '@bob top r5 UNO' could be read either way",
        ),
        (
            '[Scoring "target"]',
            "t.uno:1:11: expected a scoring system ('rounds N', 'target N', "
            "'lowest N', 'penalty N', 'additive N' or 'none'), got 'target'",
        ),
        (
            '[Scoring "rounds 0"]',
            "t.uno:1:11: expected a scoring system ('rounds N', 'target N', "
            "'lowest N', 'penalty N', 'additive N' or 'none'), got 'rounds 0'",
        ),
        (
            '[Edition "clasic"]',
            "t.uno:1:11: unknown edition 'clasic' (editions: classic, swap, "
            "shuffle, minecraft, minimalista, allwild, flip, nomercy)",
        ),
        ('[Rules "de"]', "t.uno:1:9: expected rules 'en' or 'jp', got 'de'"),
        ('[Date "2023-02-29"]', "t.uno:1:8: expected a date YYYY-MM-DD, got '2023-02-29'"),
        (
            '[Players "A, B"]\n[Venue "x"]',
            "t.uno:2:2: unknown tag 'Venue' (tags: Event, Site, Date, Round, Table, "
            "Edition, Rules, Scoring, Players, Rule, Custom)",
        ),
        ('[Event "a"]\n[event "b"]', "t.uno:2:2: duplicate tag [Event]"),
        ("[Event x]", "t.uno:1:8: expected a quoted value (\"...\") after 'Event', got 'x'"),
        ('[Event "x"', "t.uno:1:11: expected ']' to close the tag"),
        ('[Rule "stacking" ""]', "t.uno:1:19: expected a non-empty option name and value"),
        ('[Custom "4" "x"]', "t.uno:1:10: expected a Wild Customizable number 1, 2 or 3, got '4'"),
    ],
)
def test_error_messages_and_locations(text: str, message: str) -> None:
    assert error(text) == message


def test_error_attributes() -> None:
    with pytest.raises(NotationError) as caught:
        parse_session(ROUND + "Bob: w+4 blu", "games/friday.uno")
    exc = caught.value
    assert (exc.file, exc.line, exc.col) == ("games/friday.uno", 5, 10)
    assert exc.message == "expected a card, a colour or 'uno' after 'w+4', got 'blu'"


def test_default_file_name_and_huge_numbers() -> None:
    with pytest.raises(NotationError, match=r"^<string>:5:11: number '9{12}' is too large$"):
        parse_session(ROUND + "Bob: draw 999999999999")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Bobb: r5", "<move>:1:1: unknown player 'Bobb' (players: Alice, Bob, Carol, Mary Ann)"),
        ("Bob: wsh", "<move>:1:6: 'wsh' is not in the swap deck"),
        ("", "<move>:1:1: expected a statement, got end of line"),
        ("Bob: r5\nBob: r6", "<move>:1:8: expected one statement on one line"),
        (
            '[Event "x"]',
            "<move>:1:1: expected a statement, got a tag (tags come before the first 'round')",
        ),
    ],
)
def test_move_box_errors(text: str, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_move(text, HEADER)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    "tag",
    [
        '[Event "The kitche\x00n"]',
        '[Site "Club\x1b[31m"]',
        '[Custom "1" "白いワ\x07イルド"]',
        '[Rule "mercy" "15\r"]',
    ],
)
def test_a_control_character_in_a_tag_value_is_refused_where_it_is(tag: str) -> None:
    """What the writer cannot write back (the fuzz run found these exported as exit 3) is not
    read: files must replay identically."""
    text = f'[Edition "swap"]\n[Scoring "none"]\n[Players "Ann, Bob"]\n{tag}\nround 1\n'
    with pytest.raises(NotationError) as caught:
        parse_session(text, "t.uno")
    bad = next(ch for ch in tag if ord(ch) < 32 and ch != "\t")
    assert caught.value.line == 4 and caught.value.col == tag.index(bad) + 1
    assert caught.value.message == (
        f"control character U+{ord(bad):04X} in a quoted string; a session file cannot hold it"
    )


def test_a_control_character_in_a_quoted_reason_is_refused() -> None:
    text = (
        '[Edition "swap"]\n[Scoring "none"]\n[Players "Ann, Bob"]\nround 1\ndealer Ann\n'
        'start r5\nBob: takes 2 "white\x07 wild"\n'
    )
    with pytest.raises(NotationError) as caught:
        parse_session(text, "t.uno")
    assert (caught.value.line, caught.value.col) == (7, 20)
    assert "control character U+0007 in a quoted string" in caught.value.message
