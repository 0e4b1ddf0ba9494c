"""Tests for referee.scoring: the Mattel sheet's scoring (first to 500, the alternative lowest
total), the Japanese five-round and 罰点方式 scoring and the Minecraft UNO manual's example."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine.cards import card
from referee.engine.scoring import (
    RoundResult,
    ScoreSheet,
    ScoringSystem,
    game_decided,
    parse_scoring,
    rounds_allowed,
    score,
    to_json,
)
from referee.engine.setup import editions
from tests.strength import examples

ABCD = ("A", "B", "C", "D")


def _rounds_from_columns(columns: dict[str, list[int]], winners: list[str]) -> list[RoundResult]:
    """Rebuilds each round's hands from the losers' negative points (Japanese table)."""
    return [
        RoundResult(w, {p: -pts[i] for p, pts in columns.items() if p != w})
        for i, w in enumerate(winners)
    ]


# The Minecraft UNO manual's 【5回戦の場合】, verbatim.
MC_POINTS = {
    "A": [-40, -9, -30, -9, -33],
    "B": [118, -28, 78, -21, 71],
    "C": [-70, 73, -15, 41, -10],
    "D": [-8, -36, -33, -11, -28],
}
MC_RUNNING = {
    "A": [-40, -49, -79, -88, -121],
    "B": [118, 90, 168, 147, 218],
    "C": [-70, 3, -12, 29, 19],
    "D": [-8, -44, -77, -88, -116],
}
MC_WINNERS = ["B", "C", "B", "C", "B"]


def test_minecraft_five_rounds_reproduced_exactly() -> None:
    """The Minecraft UNO manual (【5回戦の場合】): every round's points, running totals, ranks,
    winner."""
    rounds = _rounds_from_columns(MC_POINTS, MC_WINNERS)
    assert rounds[0] == RoundResult("B", {"A": 40, "C": 70, "D": 8})  # 40 + 70 + 8 = 118
    for n in range(1, 5):
        sheet = score(parse_scoring("rounds 5"), ABCD, rounds[:n])
        assert not sheet.finished and sheet.winner is None and sheet.finished_after is None
    sheet = score(parse_scoring("rounds 5"), ABCD, rounds)
    for i in range(5):
        assert dict(sheet.round_points[i]) == {p: MC_POINTS[p][i] for p in ABCD}
        assert dict(sheet.running[i]) == {p: MC_RUNNING[p][i] for p in ABCD}
    assert dict(sheet.totals) == {"A": -121, "B": 218, "C": 19, "D": -116}
    assert dict(sheet.ranks) == {"B": 1, "C": 2, "D": 3, "A": 4}
    assert (sheet.finished, sheet.finished_after, sheet.winner) == (True, 5, "B")
    assert sheet.round_winners == tuple(MC_WINNERS)


def test_minecraft_example_as_json() -> None:
    """The Minecraft UNO manual's example through the `score --json` shape (plus per-round
    totals)."""
    sheet = score(parse_scoring("rounds 5"), ABCD, _rounds_from_columns(MC_POINTS, MC_WINNERS))
    data = to_json(sheet)
    assert list(data) == ["players", "rounds", "totals", "ranks", "finished", "winner"]
    assert data["players"] == list(ABCD)
    assert data["rounds"][0] == {
        "winner": "B",
        "points": {"A": -40, "B": 118, "C": -70, "D": -8},
        "totals": {"A": -40, "B": 118, "C": -70, "D": -8},
    }
    assert [r["winner"] for r in data["rounds"]] == MC_WINNERS
    final = {"A": -121, "B": 218, "C": 19, "D": -116}
    assert data["rounds"][-1]["totals"] == data["totals"] == final
    assert data["ranks"] == {"A": 4, "B": 1, "C": 2, "D": 3}
    assert (data["finished"], data["winner"]) == (True, "B")


def test_extra_rounds_after_the_decision_are_not_counted() -> None:
    """The five-round game (5回戦); lines after the game is decided are an error."""
    rounds = [*_rounds_from_columns(MC_POINTS, MC_WINNERS), RoundResult("A", {"B": 500})]
    sheet = score(ScoringSystem("rounds", 5), ABCD, rounds)
    assert sheet.finished_after == 5 and len(sheet.round_points) == len(sheet.running) == 5
    assert sheet.totals["A"] == -121 and sheet.winner == "B"
    assert not rounds_allowed(ScoringSystem("rounds", 5), ABCD, rounds[:5])
    assert rounds_allowed(ScoringSystem("rounds", 5), ABCD, rounds[:4])


def test_hand_points_from_edition_values() -> None:
    """The Mattel sheet: a hand's points come from Edition.points, then feed the round."""
    # Carol's hand: Red 5, Green Draw Two, Wild.
    carol = editions()["classic"].deck.points((card("r5"), card("g+2"), card("w")))
    assert carol == 75
    sheet = score(
        ScoringSystem("target", 500),
        ("Ann", "Bob", "Carol"),
        [RoundResult("Ann", {"Bob": 0, "Carol": carol})],
    )
    assert dict(sheet.totals) == {"Ann": 75, "Bob": 0, "Carol": 0}


def test_target_ends_exactly_at_the_round_reaching_the_target() -> None:
    """The Mattel sheet (standard scoring): the winner scores the others' hands; first to 500
    wins."""
    system = parse_scoring("target 500")
    rounds = [
        RoundResult("A", {"B": 200, "C": 99}),  # A 299
        RoundResult("B", {"A": 150, "C": 50}),  # B 200
        RoundResult("A", {"B": 100, "C": 100}),  # A 499: not yet
        RoundResult("C", {"A": 10}),  # C 10
        RoundResult("A", {"B": 1}),  # A 500: exactly the target
        RoundResult("B", {"A": 999}),  # after the decision: ignored
    ]
    for n in range(5):
        sheet = score(system, "ABC", rounds[:n])
        assert not sheet.finished and sheet.winner is None
        assert not game_decided(system, "ABC", rounds[:n])
    sheet = score(system, "ABC", rounds)
    assert [dict(r) for r in sheet.round_points[:2]] == [
        {"A": 299, "B": 0, "C": 0},
        {"A": 0, "B": 200, "C": 0},
    ]
    assert dict(sheet.totals) == {"A": 500, "B": 200, "C": 10}
    assert (sheet.finished, sheet.finished_after, sheet.winner) == (True, 5, "A")
    assert dict(sheet.ranks) == {"A": 1, "B": 2, "C": 3}
    assert len(sheet.round_points) == 5


def test_lowest_total_wins_when_someone_reaches_the_limit() -> None:
    """The Mattel sheet (alternative scoring): every player adds their own hand; lowest wins."""
    system = parse_scoring("LOWEST 100")
    rounds = [
        RoundResult("A", {"B": 60, "C": 30}),
        RoundResult("C", {"A": 20, "B": 39}),  # B 99: not yet
        RoundResult("A", {"B": 1, "C": 5}),  # B 100: decided
    ]
    assert not game_decided(system, "ABC", rounds[:2])
    sheet = score(system, "ABC", rounds)
    assert [dict(r) for r in sheet.round_points] == [
        {"A": 0, "B": 60, "C": 30},
        {"A": 20, "B": 39, "C": 0},
        {"A": 0, "B": 1, "C": 5},
    ]
    assert dict(sheet.totals) == {"A": 20, "B": 100, "C": 35}
    assert dict(sheet.ranks) == {"A": 1, "C": 2, "B": 3}
    assert (sheet.finished, sheet.finished_after, sheet.winner) == (True, 3, "A")


def test_lowest_tie_for_first_has_no_winner() -> None:
    """Ties share a rank: a shared first place names no winner."""
    sheet = score(
        ScoringSystem("lowest", 50),
        "ABC",
        [RoundResult("A", {"B": 10, "C": 40}), RoundResult("B", {"A": 10, "C": 20})],
    )
    assert dict(sheet.totals) == {"A": 10, "B": 10, "C": 60}
    assert sheet.finished and sheet.finished_after == 2
    assert dict(sheet.ranks) == {"A": 1, "B": 1, "C": 3} and sheet.winner is None


def test_penalty_elimination_order_and_last_one_left() -> None:
    """The Minecraft UNO manual's 罰点方式: penalties only; out at N; later elimination ranks
    better."""
    system = parse_scoring("penalty 100")
    rounds = [
        RoundResult("A", {"B": 70}, penalties=(("B", 60), ("C", 30))),  # the winner scores nothing
        RoundResult("C", {}, penalties=(("B", 40), ("D", 90))),  # B reaches 100: out in round 2
        RoundResult("A", {}, penalties=(("A", 5), ("D", 20), ("C", 80))),  # D, then C out: A left
        RoundResult("A", {}, penalties=(("A", 500),)),  # after the decision: ignored
    ]
    sheet = score(system, ABCD, rounds[:2])
    assert dict(sheet.round_points[0]) == {"A": 0, "B": 60, "C": 30, "D": 0}
    assert dict(sheet.eliminated) == {"B": 2} and not sheet.finished
    assert dict(sheet.ranks) == {"A": 1, "C": 2, "D": 3, "B": 4}  # survivors by total, then out
    assert rounds_allowed(system, ABCD, rounds[:2])
    sheet = score(system, ABCD, rounds)
    assert dict(sheet.totals) == {"A": 5, "B": 100, "C": 110, "D": 110}
    assert dict(sheet.eliminated) == {"B": 2, "D": 3, "C": 3}
    # C and D went out in the same round with equal totals: they share 2nd; B, out first, is last.
    assert dict(sheet.ranks) == {"A": 1, "C": 2, "D": 2, "B": 4}
    assert (sheet.finished, sheet.finished_after, sheet.winner) == (True, 3, "A")
    assert len(sheet.round_points) == 3


def test_penalty_eliminated_player_ranks_below_survivor_with_more_points_than_them() -> None:
    """罰点方式 (the Minecraft UNO manual): elimination beats totals: a later-out player ranks
    better."""
    system = ScoringSystem("penalty", 50)
    rounds = [
        RoundResult("A", {}, penalties=(("B", 50),)),  # B out in round 1 with 50
        RoundResult("A", {}, penalties=(("C", 49),)),
        RoundResult("A", {}, penalties=(("C", 30),)),  # C out in round 3 with 79: A left
    ]
    sheet = score(system, "ABC", rounds)
    assert dict(sheet.ranks) == {"A": 1, "C": 2, "B": 3} and sheet.winner == "A"


def test_penalty_rejects_an_eliminated_player_and_stops_inside_the_deciding_round() -> None:
    """罰点方式 (the Minecraft UNO manual: "ゲームから外されます"; the final 1-on-1 ends at the
    first to N)."""
    system = ScoringSystem("penalty", 10)
    out = RoundResult("A", {}, penalties=(("B", 10),))
    with pytest.raises(ValueError, match="B was eliminated in round 1"):
        score(system, "ABC", [out, RoundResult("C", {}, penalties=(("B", 1),))])
    with pytest.raises(ValueError, match="round winner B is out"):
        score(system, "ABC", [out, RoundResult("B", {})])
    # Two players: A's penalty decides the game; B's later one in the same round is not counted.
    sheet = score(system, "AB", [RoundResult("B", {}, penalties=(("A", 12), ("B", 40)))])
    assert dict(sheet.totals) == {"A": 12, "B": 0} and sheet.winner == "B"


def test_none_is_one_round_and_going_out_wins() -> None:
    """English Wikipedia on the 2022 rules (the first player to go out wins): `none`."""
    system = parse_scoring(" none ")
    assert not game_decided(system, "ABCD", [])
    sheet = score(system, "ABCD", [RoundResult("C", {"A": 5, "B": 0}), RoundResult("A", {"C": 9})])
    assert dict(sheet.totals) == {"A": 0, "B": 0, "C": 5, "D": 0}
    assert dict(sheet.ranks) == {"A": 2, "B": 2, "C": 1, "D": 2}
    assert (sheet.finished, sheet.finished_after, sheet.winner) == (True, 1, "C")
    # Hands unknown: totals all 0, yet the one who went out still wins.
    sheet = score(system, "AB", [RoundResult("B", {})])
    assert dict(sheet.ranks) == {"A": 2, "B": 1} and sheet.winner == "B"


def test_shared_ranks_are_competition_style() -> None:
    """Ranks by final total, ties shared (as in the Minecraft UNO manual's example): 1, 2, 2, 4."""
    sheet = score(
        ScoringSystem("rounds", 2),
        ABCD,
        [RoundResult("A", {"B": 10, "C": 10, "D": 20}), RoundResult("A", {})],
    )
    assert dict(sheet.totals) == {"A": 40, "B": -10, "C": -10, "D": -20}
    assert dict(sheet.ranks) == {"A": 1, "B": 2, "C": 2, "D": 4}
    tie = score(ScoringSystem("rounds", 1), ABCD, [RoundResult(None, {"A": 3})])
    assert dict(tie.ranks) == dict.fromkeys(ABCD, 1) and tie.finished and tie.winner is None


def test_abandoned_round_scores_zero_but_counts_as_a_round() -> None:
    """The five-round game (5回戦) counts rounds: an abandoned round scores nothing."""
    for text in ("rounds 2", "target 10", "lowest 10", "penalty 10"):
        sheet = score(
            parse_scoring(text), "AB", [RoundResult(None, {"A": 50}, penalties=(("A", 50),))]
        )
        assert dict(sheet.round_points[0]) == {"A": 0, "B": 0}, text
        assert sheet.round_winners == (None,)
    assert not game_decided(ScoringSystem("rounds", 2), "AB", [RoundResult(None, {})])
    assert game_decided(ScoringSystem("rounds", 2), "AB", [RoundResult(None, {})] * 2)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("rounds 5", "rounds 5"),
        ("  TARGET   500 ", "target 500"),
        ("Lowest\t250", "lowest 250"),
        ("penalty 500", "penalty 500"),
        ("NONE", "none"),
        ("rounds 007", "rounds 7"),
    ],
)
def test_parse_scoring_accepts_the_notation_forms(text: str, canonical: str) -> None:
    """The `[Scoring]` header; the published win targets (500, 5 rounds)."""
    system = parse_scoring(text)
    assert str(system) == canonical and parse_scoring(str(system)) == system


@pytest.mark.parametrize(
    "text",
    [
        "",
        "rounds",
        "target",
        "none 5",
        "rounds five",
        "rounds -5",
        "rounds 0",
        "target 5.5",
        "points 500",
        "target 500 600",
        "rounds５",  # noqa: RUF001
        "rounds ５",  # noqa: RUF001
    ],
)
def test_parse_scoring_errors(text: str) -> None:
    """The `[Scoring]` header: anything else is refused with the accepted forms named."""
    with pytest.raises(ValueError, match=r"expected 'rounds N'|at least 1"):
        parse_scoring(text)


def test_scoring_system_checks_its_fields() -> None:
    """The `[Scoring]` header: a kind needs its N, `none` has none."""
    with pytest.raises(ValueError):
        ScoringSystem("rounds")
    with pytest.raises(ValueError):
        ScoringSystem("none", 5)
    with pytest.raises(ValueError):
        ScoringSystem("best-of", 3)


@pytest.mark.parametrize(
    ("players", "rnd", "message"),
    [
        ("AB", RoundResult("Z", {}), "round winner 'Z' is not a player"),
        ("AB", RoundResult("A", {"Z": 3}), "'Z' is not a player"),
        ("AB", RoundResult("A", {"B": -3}), "negative"),
        ("AB", RoundResult("A", {"A": 3}), "cannot have points in hand"),
        ("AB", RoundResult("A", {}, penalties=(("Z", 1),)), "'Z' is not a player"),
        ("A", RoundResult("A", {}), "at least two distinct players"),
        ("AA", RoundResult("A", {}), "at least two distinct players"),
    ],
)
def test_bad_round_data_is_refused(players: str, rnd: RoundResult, message: str) -> None:
    """Hands at round end; the one who went out holds nothing."""
    with pytest.raises(ValueError, match=message):
        score(ScoringSystem("target", 500), players, [rnd])


# Knock-out bonus (No Mercy) ----------------------------------------------------------------------


def test_target_adds_the_ko_bonus_per_knocked_out_player() -> None:
    """No Mercy (target 1,000, +250 per KO, as open-source implementations give them);
    `ko-bonus`: the winner scores the others' hands plus the bonus for each knocked out."""
    system = parse_scoring("target 1000")
    rounds = [
        RoundResult("A", {"B": 30}, knocked_out=("C", "D"), ko_bonus=250),  # A 30 + 500
        RoundResult("B", {"A": 12, "C": 8, "D": 40}, ko_bonus=250),  # no KO: B 60
        RoundResult("A", {"B": 20, "C": 0}, knocked_out=("D",), ko_bonus=250),  # A 800 + 270
    ]
    sheet = score(system, ABCD, rounds)
    assert [dict(r) for r in sheet.round_points] == [
        {"A": 530, "B": 0, "C": 0, "D": 0},
        {"A": 0, "B": 60, "C": 0, "D": 0},
        {"A": 270, "B": 0, "C": 0, "D": 0},
    ]
    assert dict(sheet.totals) == {"A": 800, "B": 60, "C": 0, "D": 0} and not sheet.finished
    rounds.append(RoundResult("A", {}, knocked_out=("B",), ko_bonus=250))  # A 1050
    sheet = score(system, ABCD, rounds)
    assert (sheet.finished, sheet.finished_after, sheet.winner) == (True, 4, "A")


def test_ko_bonus_zero_or_no_winner_adds_nothing() -> None:
    """`ko-bonus` (0 outside No Mercy); an abandoned round scores 0."""
    system = parse_scoring("target 500")
    sheet = score(system, "ABC", [RoundResult("A", {"B": 9}, knocked_out=("C",))])
    assert dict(sheet.totals) == {"A": 9, "B": 0, "C": 0}
    sheet = score(system, "ABC", [RoundResult(None, {"B": 9}, knocked_out=("C",), ko_bonus=250)])
    assert dict(sheet.totals) == {"A": 0, "B": 0, "C": 0}


@pytest.mark.parametrize("text", ["rounds 5", "lowest 500", "none"])
def test_ko_bonus_counts_under_target_only(text: str) -> None:
    """`ko-bonus` ('Under `target N`'); the Japanese `rounds N` stays zero-sum."""
    rnd = RoundResult("A", {"B": 9, "C": 4}, knocked_out=("D",), ko_bonus=250)
    sheet = score(parse_scoring(text), ABCD, [rnd])
    assert 250 not in sheet.round_points[0].values()
    assert sheet.round_points[0]["A"] == (0 if text.startswith("lowest") else 13)
    if text.startswith("rounds"):
        assert sum(sheet.round_points[0].values()) == 0


@pytest.mark.parametrize("knocked", [("Z",), ("A",)])
def test_knocked_out_names_are_checked(knocked: tuple[str, ...]) -> None:
    """scoring._check ('Refuses unknown names'); No Mercy: the winner was not knocked out."""
    with pytest.raises(ValueError):
        score(
            ScoringSystem("target", 500),
            "AB",
            [RoundResult("A", {}, knocked_out=knocked, ko_bonus=250)],
        )


# Property tests ---------------------------------------------------------------------------------

NAMES = ("A", "B", "C", "D", "E")
LIMITS = {"none": st.none(), "rounds": st.integers(1, 6)}
SYSTEMS = st.sampled_from(["rounds", "target", "lowest", "penalty", "none"]).flatmap(
    lambda kind: st.builds(ScoringSystem, st.just(kind), LIMITS.get(kind, st.integers(1, 400)))
)


Game = tuple[ScoringSystem, tuple[str, ...], list[RoundResult]]


@st.composite
def games(draw: st.DrawFn) -> Game:
    """A system, players and rounds that obey it (no eliminated player acts under `penalty`)."""
    system = draw(SYSTEMS)
    players = NAMES[: draw(st.integers(2, 5))]
    totals = dict.fromkeys(players, 0)
    out: set[str] = set()
    rounds = []
    for _ in range(draw(st.integers(0, 8))):
        live = [p for p in players if p not in out]
        winner = draw(st.one_of(st.none(), st.sampled_from(players)))
        hands = draw(st.dictionaries(st.sampled_from(players), st.integers(0, 150)))
        penalties = []
        for p, pts in draw(
            st.lists(st.tuples(st.sampled_from(live), st.integers(0, 150)), max_size=4)
        ):
            if p in out or len(players) - len(out) <= 1:
                continue
            penalties.append((p, pts))
            if winner is not None and system.kind == "penalty":
                totals[p] += pts
                if totals[p] >= (system.limit or 0):
                    out.add(p)
        if system.kind == "penalty" and winner in out:
            winner = draw(st.sampled_from([p for p in players if p not in out]))
        hands.pop(winner, None)  # type: ignore[arg-type]
        rounds.append(RoundResult(winner, hands, tuple(penalties)))
    return system, players, rounds


def _expected_end(system: ScoringSystem, sheet: ScoreSheet) -> int | None:
    """The first round after which the system says the game is over, from the sheet's data."""
    limit = system.limit or 0
    for i, run in enumerate(sheet.running, 1):
        survivors = [p for p in sheet.players if run[p] < limit]
        if (
            (system.kind == "none")
            or (system.kind == "rounds" and i >= limit)
            or (system.kind in ("target", "lowest") and max(run.values()) >= limit)
            or (system.kind == "penalty" and len(survivors) == 1)
        ):
            return i
    return None


def _rank_key(system: ScoringSystem, sheet: ScoreSheet, p: str) -> tuple[int, ...]:
    """Smaller is better: the order each system ranks by."""
    total = sheet.totals[p]
    if system.kind == "none":
        return (0,) if sheet.round_winners[:1] in ((), (None,), (p,)) else (1,)
    if system.kind == "penalty":
        return (1, -sheet.eliminated[p], total) if p in sheet.eliminated else (0, 0, total)
    return (total,) if system.kind == "lowest" else (-total,)


# Drawing a game is most of the cost: a developer's run draws a third as many (`tests.strength`).
@settings(max_examples=examples(ci=300, local=100))
@given(games())
def test_property_the_sheet_follows_its_system(game: Game) -> None:
    """Each random game is checked for every property below: drawing the game is most of the
    time, so one draw serves the three (each still sees 300 games)."""
    points_and_running_totals(game)
    ranks_follow_totals(game)
    finished_exactly_when_the_system_says(game)


def points_and_running_totals(game: Game) -> None:
    """The invariants of the Minecraft UNO manual's example: zero-sum rounds (`rounds N`),
    cumulative totals, totals = sums."""
    system, players, rounds = game
    sheet = score(system, players, rounds)
    n = len(sheet.round_points)
    assert n == len(sheet.running) == len(sheet.round_winners)
    assert n == (sheet.finished_after or len(rounds))
    running = dict.fromkeys(players, 0)
    counted = zip(rounds, sheet.round_points, sheet.running, sheet.round_winners, strict=False)
    for rnd, pts, run, winner in counted:
        assert winner == rnd.winner
        if system.kind == "rounds":
            assert sum(pts.values()) == 0
        if rnd.winner is None:
            assert set(pts.values()) == {0}
        elif system.kind in ("rounds", "target", "none"):
            assert pts[rnd.winner] == sum(rnd.hands.values())
        running = {p: running[p] + pts[p] for p in players}
        assert dict(run) == running
    assert dict(sheet.totals) == running
    assert dict(sheet.totals) == {p: sum(r[p] for r in sheet.round_points) for p in players}
    assert to_json(sheet)["totals"] == running


def ranks_follow_totals(game: Game) -> None:
    """Shared ranks (1, 2, 2, 4); 罰点方式 (survivors first, later out better)."""
    system, players, rounds = game
    sheet = score(system, players, rounds)
    keys = {p: _rank_key(system, sheet, p) for p in players}
    for p in players:
        assert sheet.ranks[p] == 1 + sum(keys[q] < keys[p] for q in players)
        for q in players:
            if keys[p] < keys[q]:
                assert sheet.ranks[p] < sheet.ranks[q]
            if keys[p] == keys[q]:
                assert sheet.ranks[p] == sheet.ranks[q]
    if system.kind in ("rounds", "target"):  # plain totals decide the order
        for p in players:
            for q in players:
                assert (sheet.totals[p] > sheet.totals[q]) == (sheet.ranks[p] < sheet.ranks[q])
    leaders = [p for p in players if sheet.ranks[p] == 1]
    assert sheet.winner == (leaders[0] if sheet.finished and len(leaders) == 1 else None)


def finished_exactly_when_the_system_says(game: Game) -> None:
    """The game ends at the first deciding round, not before."""
    system, players, rounds = game
    sheet = score(system, players, rounds)
    assert sheet.finished_after == _expected_end(system, sheet)
    assert sheet.finished == (sheet.finished_after is not None)
    if system.kind == "rounds":
        assert sheet.finished == (len(rounds) >= (system.limit or 0))
    if system.kind == "none":
        assert sheet.finished == (len(rounds) >= 1)
    if system.kind == "penalty":
        limit = system.limit or 0
        assert all((sheet.totals[p] >= limit) == (p in sheet.eliminated) for p in players)
    for n in range(len(rounds) + 1):  # every prefix agrees, and the decision is monotone
        decided = game_decided(system, players, rounds[:n])
        assert decided == (sheet.finished_after is not None and n >= sheet.finished_after)
        assert rounds_allowed(system, players, rounds[:n]) == (not decided)


@pytest.mark.parametrize(
    ("scoring", "hands"),
    [
        ("rounds 1", ["hand Ana: 30", "hand Cy: 40"]),
        ("target 50", ["hand Ana: 30", "hand Cy: 40"]),
    ],
)
def test_the_game_is_not_decided_while_the_deciding_round_waits_for_hands(scoring, hands):
    """Found in a trial: the last of five rounds over, no hand entered yet, and the table said
    the game was over and named as winner the leader before that round."""
    from referee.engine import Referee
    from referee.engine.events import Header
    from referee.notation import parse_move

    header = Header(edition="classic", players=("Ana", "Ben", "Cy"), scoring=scoring, rules="jp")
    ref = Referee(header)
    for line in ("round 1", "dealer Ana", "out Ben", hands[0]):
        assert ref.apply(parse_move(line, header)).ok, line
        assert not ref.sheet.finished and ref.sheet.winner is None
        assert "game-over" not in [wait.kind for wait in ref.waiting_for()]
    assert ref.waiting_for()[-1].kind == "hands"
    assert ref.apply(parse_move(hands[1], header)).ok
    assert ref.sheet.finished and ref.sheet.winner == "Ben"
    assert ref.waiting_for()[-1].kind == "game-over"
