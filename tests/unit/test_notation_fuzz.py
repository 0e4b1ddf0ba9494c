"""Property tests: the notation reader raises only NotationError; format then parse is identity."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine.cards import (
    COLOR_NAMES,
    COLORED_ACTIONS,
    NUMBER_KINDS,
    WILD_KINDS,
    Card,
    card,
    parse_card_words,
)
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
    PlayerLeft,
    PlayerWentOut,
    RoundStarted,
    Session,
    StartTurned,
    TimeCalled,
    TurnOverridden,
    UnoCalled,
)
from referee.engine.setup import editions
from referee.notation import NotationError, format_event, format_session, parse_move, parse_session
from tests.strength import examples

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# Whole sessions and headers are slow to draw (a twentieth of a second each): a developer's
# run draws a third as many as CI (`tests.strength`).
SESSIONS = settings(
    max_examples=examples(ci=200, local=70),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
DRAWN = settings(FAST, max_examples=examples(ci=150, local=50))
ALL_CARDS = [card(c + k) for c in COLOR_NAMES for k in (*NUMBER_KINDS, *COLORED_ACTIONS)]
ALL_CARDS += [card(k) for k in WILD_KINDS]
HEADER = (
    '[Edition "swap"]\n[Scoring "rounds 3"]\n'
    '[Players "Alice, Bob, Mary Ann, 太郎, uno, Bob top"]\nround 1\n'
)
HEADER_EVENT = Header("swap", ("Alice", "Bob", "Mary Ann", "太郎", "uno", "Bob top"), "rounds 3")


def test_fuzz_header_is_valid() -> None:
    # Otherwise the line fuzzing below would only ever exercise the header's error path.
    assert parse_session(HEADER).header == HEADER_EVENT


# Arbitrary text ------------------------------------------------------------------------------

KNOWN = st.sampled_from(
    [
        "Alice",
        "bob",
        "Mary Ann",
        "太郎",
        "uno",
        "Bob top",
        "Alice:",
        ":",
        "@",
        "@Bob",
        "@Mary",
        "@Mary Ann",
        "r7",
        "R7",
        "w+4",
        "wsw",
        "wc2",
        "wc4",
        "cr",
        "pu5",
        "rf",
        "top",
        "red",
        "blue",
        "blu",
        "wild",
        "draw",
        "four",
        "wild draw four",
        "red 7",
        "skip",
        "accept",
        "challenge",
        "guilty",
        "innocent",
        "shows",
        "catch",
        "misplay",
        "penalty",
        "coaching",
        "jump",
        "takes",
        "gives",
        "round",
        "dealer",
        "start",
        "out",
        "hand",
        "turn",
        "0",
        "1",
        "2",
        "07",
        "999999999",
        "1234567890",
        "0" * 5000 + "1",
        "\uff15",
        "\u00b2",
        '"',
        '"reason"',
        '"a # b"',
        "#",
        "[",
        "]",
        '[Event "x"]',
        '[Rule "a" "b"]',
        "\t",
        "\r",
        "\ufeff",
        "\u3000",
        "\x00",
        "",
    ]
)
TOKENS = KNOWN | st.text(max_size=6)
# Most lines start like a real statement, so that the fuzzing reaches the move grammar.
STARTS = st.sampled_from(
    [
        "Alice:",
        "bob:",
        "Mary Ann:",
        "太郎:",
        "uno:",
        "Bob top:",
        "hand Bob:",
        "hand 太郎:",
        "round",
        "dealer",
        "start",
        "out",
        "turn",
        "Bob: draw",
        "Bob: draw 2",
        "Bob: challenge",
        "Bob: penalty",
        "Bob: takes",
        "Bob: jump",
        "Bob: catch",
        "Bob: w",
        "Bob: wsw red",
        "Bob: r7 @",
        "",
    ]
)
STATEMENT = st.tuples(STARTS, st.lists(TOKENS, max_size=6)).map(lambda p: " ".join([p[0], *p[1]]))
LINE = STATEMENT | st.lists(TOKENS, max_size=6).map("".join)


def _only_notation_errors(text: str) -> None:
    try:
        parse_session(text, "fuzz.uno")
    except NotationError as exc:
        assert str(exc).startswith("fuzz.uno:")


@FAST
@given(st.text())
def test_any_text_only_raises_notation_error(text: str) -> None:
    _only_notation_errors(text)


@FAST
@given(st.lists(LINE, max_size=12))
def test_notation_like_lines_only_raise_notation_error(lines: list[str]) -> None:
    _only_notation_errors(HEADER + "\n".join(lines))


@FAST
@given(
    st.lists(
        LINE
        | st.sampled_from(
            ['[Players "a, b"]', '[Edition "classic"]', '[Scoring "none"]', "round 1"]
        ),
        max_size=8,
    )
)
def test_header_like_lines_only_raise_notation_error(lines: list[str]) -> None:
    _only_notation_errors("\n".join(lines))


@FAST
@given(LINE | st.text())
def test_move_box_only_raises_notation_error(text: str) -> None:
    try:
        parse_move(text, HEADER_EVENT)
    except NotationError as exc:
        assert (exc.file, exc.line) == ("<move>", 1)


# Valid sessions ------------------------------------------------------------------------------

NAME_WORDS = st.sampled_from(
    [
        "Alice",
        "bob",
        "Mary",
        "Ann",
        "太郎",
        "花子",
        "uno",
        "top",
        "hand",
        "draw",
        "r7",
        "red",
        "[x]",
        "27",
        "Zoë",
        "Straße",
    ]
)
NAME_CHARS = st.characters(
    blacklist_categories=("Cc", "Cs", "Zl", "Zp"), blacklist_characters=':,@#"'
)
NAME = (
    st.lists(NAME_WORDS, min_size=1, max_size=3).map(" ".join)
    | st.text(NAME_CHARS, min_size=1, max_size=24).map(str.strip)
).filter(lambda n: 1 <= len(n) <= 24)
TEXT = st.text(
    st.characters(blacklist_categories=("Cc", "Cs"), blacklist_characters='"'), max_size=20
)


def _unambiguous(names: list[str]) -> bool:
    """The notation cannot tell `hand B:` (hand line) from a move by `hand B`, nor `@B uno`
    (target B, called UNO) from a target `B uno`; such player lists are refused."""
    folded = [n.casefold() for n in names]
    for a in folded:
        for b in folded:
            rest = a[len(b) :].split() if a.startswith(b) and a[len(b) :][:1].isspace() else []
            if (
                a.split(None, 1) == ["hand", b]
                or rest[-1:] == ["uno"]
                or (rest[:1] == ["top"] and len(rest) > 1 and parse_card_words(rest, 1))
            ):
                return False
    return True


PLAYERS = st.lists(NAME, min_size=2, max_size=10, unique_by=str.casefold).filter(_unambiguous)


@st.composite
def headers(draw: st.DrawFn) -> Header:
    edition = draw(st.sampled_from(list(editions())))
    kind = draw(st.sampled_from(["rounds", "target", "lowest", "penalty", "none"]))
    scoring = kind if kind == "none" else f"{kind} {draw(st.integers(1, 10**9 - 1))}"
    date = draw(st.none() | st.dates().map(lambda d: d.isoformat()))
    return Header(
        edition,
        tuple(draw(PLAYERS)),
        scoring,
        draw(st.sampled_from(["en", "jp"])),
        draw(st.none() | TEXT),
        draw(st.none() | TEXT),
        date,
        tuple(draw(st.lists(st.tuples(TEXT.filter(bool), TEXT.filter(bool)), max_size=3))),
        tuple(
            draw(st.lists(st.tuples(st.integers(1, 3), TEXT), max_size=3, unique_by=lambda c: c[0]))
        ),
        draw(st.none() | st.integers(1, 9999).map(str)),
        draw(st.none() | st.integers(1, 9999).map(str)),
    )


def _deck(header: Header) -> list[Card]:
    known = editions().get(header.edition)
    return sorted(known.deck.cards, key=lambda c: c.code) if known else ALL_CARDS


@st.composite
def plays(draw: st.DrawFn, header: Header, extras: bool) -> Play:
    cards = st.sampled_from(_deck(header))
    face = draw(cards)
    top = draw(st.none() | cards)
    return Play(
        face,
        draw(st.none() | st.sampled_from(list(COLOR_NAMES))),
        draw(st.none() | st.sampled_from(header.players)),
        top,
        draw(st.none() | st.sampled_from(list(COLOR_NAMES))) if top else None,
        draw(st.booleans()),
        draw(st.none() | st.integers(1, 3)) if face.kind == "wc" else None,
        tuple(draw(st.lists(cards, max_size=2))) if extras else (),
    )


def events(header: Header) -> st.SearchStrategy:
    who = st.sampled_from(header.players)
    cards = st.sampled_from(_deck(header))
    count = st.integers(1, 10**9 - 1)
    reason = st.none() | TEXT
    choices = [
        st.builds(DealerNamed, who),
        st.builds(PlayerWentOut, who),
        st.builds(TurnOverridden, who),
        st.just(TimeCalled()),
        st.builds(PlayerLeft, who),
        st.builds(
            StartTurned,
            st.lists(cards, min_size=1, max_size=3).map(tuple),
            st.none() | st.sampled_from(list(COLOR_NAMES)),
        ),
        st.builds(HandRevealed, who, st.lists(cards, min_size=1, max_size=4).map(tuple)),
        st.builds(lambda p, n: HandRevealed(p, points=n), who, st.integers(0, 10**9 - 1)),
        st.builds(CardPlayed, who, plays(header, True)),
        st.builds(CardsDrawn, who),
        st.builds(
            lambda p, n, c: CardsDrawn(p, n, True, c), who, count, st.none() | plays(header, False)
        ),
        st.builds(lambda p, c: CardsDrawn(p, play=c), who, plays(header, False)),
        st.builds(DrawAccepted, who),
        st.builds(ChallengeMade, who, st.sampled_from(["guilty", "innocent"])),
        st.builds(
            lambda p, s: ChallengeMade(p, shown=s),
            who,
            st.lists(cards, min_size=1, max_size=3).map(tuple),
        ),
        st.builds(UnoCalled, who),
        st.builds(PlayerCaught, who, who),
        st.builds(MisplayCaught, who, cards),
        st.builds(lambda p: PenaltyGiven(p, coaching=True), who),
        st.builds(PenaltyGiven, who, count, reason),
        st.builds(JumpedIn, who, plays(header, True)),
        st.builds(HandAdjusted, who, count | count.map(lambda n: -n), reason),
    ]
    return st.one_of(choices)


@st.composite
def sessions(draw: st.DrawFn) -> Session:
    header = draw(headers())
    session = Session(header)
    some = st.lists(events(header), max_size=6)
    for number in range(1, draw(st.integers(0, 3)) + 1):
        session.events.append(RoundStarted(number))
        session.events += draw(some)
    return session


@SESSIONS
@given(sessions())
def test_valid_sessions_round_trip(session: Session) -> None:
    text = format_session(session)
    parsed = parse_session(text, "gen.uno")
    assert parsed.header == session.header
    assert parsed.events == session.events
    # Every event sits on its own line, and the formatter's output is stable.
    assert [text.split("\n")[n - 1] for n in parsed.lines] == [
        format_event(e, session.header) for e in session.events
    ]
    assert format_session(parsed) == text


@DRAWN
@given(headers().flatmap(lambda h: st.tuples(st.just(h), events(h))))
def test_move_box_round_trip(pair: tuple[Header, Event]) -> None:
    header, event = pair
    assert parse_move(format_event(event, header), header) == event


@DRAWN
@given(
    sessions(),
    st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 8), TOKENS), min_size=1, max_size=4),
)
def test_edited_valid_sessions_only_raise_notation_error(
    session: Session, edits: list[tuple[int, int, str]]
) -> None:
    # Small edits to a valid file reach deep into the grammar, where typos really happen.
    text = format_session(session)
    for at, cut, insert in edits:
        at %= len(text) + 1
        text = text[:at] + insert + text[at + cut :]
    _only_notation_errors(text)
