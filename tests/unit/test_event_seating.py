"""Event seating: table sizes, rounds without repeated table-mates, standings and seeded tables,
fixed seats, the director's swap, refusals, and the same seating in every process."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Mapping, Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.event.seating import (
    MAX_SHIFT,
    Seating,
    SeatingError,
    meetings,
    repeats,
    seat_round,
    swap,
    table_sizes,
)


def names(count: int) -> list[str]:
    return [f"Player {i + 1}" for i in range(count)]


def play(
    players: Sequence[str], rounds: int, seed: str, tables_of: int = 4, **options: object
) -> list[list[list[str]]]:
    """Every round seated in turn from the history of the rounds before, round 1 the draw."""
    history: list[list[list[str]]] = []
    for round_no in range(1, rounds + 1):
        seating = seat_round(
            players, history, seed=seed, round_no=round_no, rounds=rounds,
            tables_of=tables_of, **options,  # type: ignore[arg-type]
        )  # fmt: skip
        history.append([list(table) for table in seating.tables])
    return history


def check_seating(
    seating: Seating,
    players: Sequence[str],
    tables_of: int,
    fixed: Mapping[str, int] | None = None,
) -> None:
    """Everyone present seated exactly once, nobody else, tables of the allowed sizes (or the
    one table), the fixed players at their tables."""
    seated = [name for table in seating.tables for name in table]
    assert sorted(seated) == sorted(players)
    sizes = [len(table) for table in seating.tables]
    assert sizes == list(table_sizes(len(players), tables_of))
    if len(sizes) > 1:
        assert set(sizes) <= {tables_of, tables_of - 1}
    for name, table in (fixed or {}).items():
        assert name in seating.tables[table - 1]


# Table sizes ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "tables_of", "sizes"),
    [
        (18, 4, (4, 4, 4, 3, 3)),
        (16, 4, (4, 4, 4, 4)),
        (40, 4, (4,) * 10),
        (7, 4, (4, 3)),
        (6, 4, (3, 3)),
        (9, 4, (3, 3, 3)),
        (5, 4, (5,)),
        (4, 4, (4,)),
        (3, 4, (3,)),
        (2, 4, (2,)),
        (13, 5, (5, 4, 4)),
        (4, 3, (2, 2)),
        (10, 8, (10,)),
    ],
)
def test_table_sizes_fill_tables_and_put_the_remainder_at_smaller_ones(count, tables_of, sizes):
    assert table_sizes(count, tables_of) == sizes


@pytest.mark.parametrize(("count", "tables_of"), [(0, 4), (1, 4), (11, 5), (13, 8)])
def test_a_count_that_cannot_be_seated_is_refused(count, tables_of):
    with pytest.raises(SeatingError) as refused:
        table_sizes(count, tables_of)
    assert (refused.value.reason, refused.value.count) == ("too-few", count)


@pytest.mark.parametrize("tables_of", [2, 11])
def test_a_table_size_outside_uno_is_refused(tables_of):
    with pytest.raises(SeatingError) as refused:
        table_sizes(16, tables_of)
    assert (refused.value.reason, refused.value.count) == ("tables-of", tables_of)


# Meetings -----------------------------------------------------------------------------------------


def test_meetings_and_repeats_count_pairs_at_one_table():
    history = [[["A", "B", "C"], ["D", "E"]], [["A", "B", "D"], ["C", "E"]], [["A", "B"]]]
    met = meetings(history)
    assert met[frozenset("AB")] == 3
    assert met[frozenset("AD")] == 1
    assert frozenset("AE") not in met
    assert repeats(history) == 2


# Rounds without repeated table-mates ----------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "rounds", "tables_of"),
    [(16, 5, 4), (40, 6, 4), (100, 8, 4), (9, 4, 3), (25, 6, 5), (20, 5, 4), (36, 9, 4)],
)
@pytest.mark.parametrize("seed", ["a", "b", "c", "d", "e"])
def test_no_repeated_table_mates_when_there_can_be_none(count, rounds, tables_of, seed):
    history = play(names(count), rounds, seed, tables_of)
    assert repeats(history) == 0
    if count == 16:  # the tight case: every player meets all 15 others exactly once
        assert len(meetings(history)) == 16 * 15 // 2


def test_the_sixteen_still_meet_everyone_once_after_a_swap_in_round_1():
    players = names(16)
    first = seat_round(players, [], seed="s", round_no=1, rounds=5)
    swapped = swap(first, first.tables[0][0], first.tables[2][1])
    history = [[list(table) for table in swapped.tables]]
    for round_no in range(2, 6):
        seating = seat_round(players, history, seed="s", round_no=round_no, rounds=5)
        history.append([list(table) for table in seating.tables])
    assert repeats(history) == 0


@pytest.mark.parametrize("seed", ["a", "b", "c", "d", "e"])
def test_the_search_alone_seats_100_players_for_8_rounds_without_repeats(seed):
    """A swap in round 1 takes the 100 off the seed's plan (25 tables: 4 columns of the plane
    of order 25): rounds 2 to 8 come from the search."""
    players = names(100)
    first = seat_round(players, [], seed=seed, round_no=1, rounds=8)
    swapped = swap(first, first.tables[0][0], first.tables[1][0])
    history = [[list(table) for table in swapped.tables]]
    for round_no in range(2, 9):
        seating = seat_round(players, history, seed=seed, round_no=round_no, rounds=8)
        history.append([list(table) for table in seating.tables])
    assert repeats(history) == 0


def test_the_twenty_keep_fixed_seats_on_the_seed_plan():
    """Two players fixed at different tables can share a table in none of the plan's rounds
    but one: the plan gives 4 rounds without a repeat."""
    players = names(20)
    fixed = {"Player 3": 2, "Player 11": 5}
    history = play(players, 4, "f", fixed=fixed)
    assert repeats(history) == 0
    for round_tables in history:
        assert "Player 3" in round_tables[1] and "Player 11" in round_tables[4]


def test_the_sixteen_keep_a_fixed_seat_and_meet_everyone_once():
    players = names(16)
    fixed = {"Player 7": 3}
    history = play(players, 5, "f", fixed=fixed)
    assert repeats(history) == 0
    assert all("Player 7" in round_tables[2] for round_tables in history)


def test_after_every_pair_has_met_the_repeats_are_spread():
    history = play(names(16), 6, "x")
    assert repeats(history) == 24  # round 6 can only repeat, each pair at most twice
    assert max(meetings(history).values()) == 2


def test_a_withdrawal_is_seated_by_the_search():
    players = names(16)
    history = play(players, 2, "w")
    rest = players[1:]
    seating = seat_round(rest, history, seed="w", round_no=3, rounds=5)
    check_seating(seating, rest, 4)
    assert repeats([*history, [list(table) for table in seating.tables]]) == 0


def test_round_one_is_a_draw_that_depends_on_the_seed():
    players = names(40)
    draws = {seat_round(players, [], seed=seed, round_no=1, rounds=6) for seed in "abcde"}
    assert len(draws) == 5


def test_the_order_players_are_listed_in_does_not_change_the_seating():
    players = names(40)
    history = play(players, 2, "o")
    shuffled = random.Random(3).sample(players, len(players))
    assert seat_round(players, history, seed="o", round_no=3, rounds=6) == seat_round(
        shuffled, history, seed="o", round_no=3, rounds=6
    )


def test_the_same_seating_in_another_process():
    """No hash() of a string, no set order, no clock: a fresh interpreter with another hash
    seed seats the same tables."""
    code = (
        "import json; from referee.event.seating import seat_round\n"
        "players = [f'Player {i + 1}' for i in range(40)]\n"
        "history = []\n"
        "for k in range(1, 4):\n"
        "    s = seat_round(players, history, seed='p', round_no=k, rounds=3)\n"
        "    history.append([list(t) for t in s.tables])\n"
        "print(json.dumps(history))\n"
    )
    here = play(names(40), 3, "p")
    for hash_seed in ("1", "2"):
        done = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True, text=True, check=True,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
        )  # fmt: skip
        assert json.loads(done.stdout) == here


# Standings and seeded tables -----------------------------------------------------------------


def test_standings_tables_are_neighbours_in_the_standings():
    order = random.Random(5).sample(names(18), 18)
    seating = seat_round(order, [], seed="t", round_no=2, rounds=5, order=order, mode="standings")
    expected = [order[0:4], order[4:8], order[8:12], order[12:15], order[15:18]]
    assert [sorted(table) for table in seating.tables] == [sorted(t) for t in expected]


def moved_within_reach(seating: Seating, order: list[str]) -> bool:
    """Every player at a table whose neighbours' places are at most MAX_SHIFT from its own."""
    return all(
        t * 4 - MAX_SHIFT <= order.index(name) <= t * 4 + 3 + MAX_SHIFT
        for t, table in enumerate(seating.tables)
        for name in table
    )


def test_standings_move_players_a_few_places_to_avoid_repeats():
    order = names(40)
    last = play(order, 1, "draw")[0]
    neighbours = [order[i : i + 4] for i in range(0, 40, 4)]
    assert repeats([last, neighbours]) > 0
    seating = seat_round(
        order, [last], seed="t", round_no=2, rounds=5, order=order, mode="standings"
    )
    assert repeats([last, [list(table) for table in seating.tables]]) == 0
    assert moved_within_reach(seating, order)


def test_standings_move_nobody_further_even_if_repeats_remain():
    """Last round's tables were this round's neighbours: within MAX_SHIFT places a table of 4
    reaches only 3 of last round's tables, so some repeats remain, fewer than unmoved."""
    order = names(40)
    last = [order[i : i + 4] for i in range(0, 40, 4)]
    seating = seat_round(
        order, [last], seed="t", round_no=2, rounds=5, order=order, mode="standings"
    )
    assert 0 < repeats([last, [list(table) for table in seating.tables]]) < repeats([last, last])
    assert moved_within_reach(seating, order)


def test_seeded_semifinal_snakes_the_seeds_over_the_tables():
    seeds = [f"Seed {i}" for i in range(1, 17)]
    seating = seat_round(seeds, [], seed="q", round_no=6, rounds=7, order=seeds, mode="seeded")
    assert seating.tables == (
        ("Seed 1", "Seed 8", "Seed 9", "Seed 16"),
        ("Seed 2", "Seed 7", "Seed 10", "Seed 15"),
        ("Seed 3", "Seed 6", "Seed 11", "Seed 14"),
        ("Seed 4", "Seed 5", "Seed 12", "Seed 13"),
    )


def test_seeded_final_is_one_table_in_seed_order():
    final = ["Dee", "Ann", "Cy", "Bob"]
    seating = seat_round(final, [], seed="q", round_no=7, rounds=7, order=final, mode="seeded")
    assert seating.tables == (("Dee", "Ann", "Cy", "Bob"),)


def test_seeded_keeps_a_fixed_seat():
    seeds = [f"Seed {i}" for i in range(1, 17)]
    seating = seat_round(
        seeds, [], seed="q", round_no=6, rounds=7, order=seeds, mode="seeded",
        fixed={"Seed 1": 4},
    )  # fmt: skip
    check_seating(seating, seeds, 4, {"Seed 1": 4})
    assert seating.tables[0][0] == "Seed 2"


# The director's swap -------------------------------------------------------------------------


def test_swap_exchanges_two_seats():
    seating = Seating((("A", "B", "C"), ("D", "E", "F")))
    assert swap(seating, "B", "F") == Seating((("A", "F", "C"), ("D", "E", "B")))
    assert swap(seating, "A", "A") == seating


def test_swap_refuses_a_stranger_and_a_fixed_seat():
    seating = Seating((("A", "B", "C"), ("D", "E", "F")))
    with pytest.raises(SeatingError) as refused:
        swap(seating, "A", "Z")
    assert (refused.value.reason, refused.value.player) == ("unknown-player", "Z")
    with pytest.raises(SeatingError) as refused:
        swap(seating, "A", "D", fixed={"D": 2})
    assert (refused.value.reason, refused.value.player, refused.value.table) == (
        "fixed-table", "D", 2
    )  # fmt: skip
    assert swap(seating, "A", "B", fixed={"A": 1}).tables[0] == ("B", "A", "C")


# Refusals ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "options", "reason", "player", "table"),
    [
        (["A"], {}, "too-few", "", 0),
        (["A", "B", "A"], {}, "duplicate-player", "A", 0),
        (names(8), {"fixed": {"Z": 1}}, "unknown-player", "Z", 0),
        (names(8), {"order": ["Player 1", "Z"], "mode": "seeded"}, "unknown-player", "Z", 0),
        (names(8), {"order": ["Player 1", "Player 1"]}, "duplicate-player", "Player 1", 0),
        (names(8), {"fixed": {"Player 1": 3}}, "fixed-table", "Player 1", 3),
        (names(8), {"fixed": {"Player 1": 0}}, "fixed-table", "Player 1", 0),
        (names(7), {"fixed": {f"Player {i}": 2 for i in range(1, 5)}}, "fixed-full", "", 2),
    ],
)
def test_bad_requests_are_refused_with_their_reason(players, options, reason, player, table):
    with pytest.raises(SeatingError) as refused:
        seat_round(players, [], seed="r", round_no=1, rounds=3, **options)
    assert (refused.value.reason, refused.value.player, refused.value.table) == (
        reason, player, table
    )  # fmt: skip


# The constraints, for any players, history and fixed seats ---------------------------------------


@st.composite
def requests(draw: st.DrawFn) -> dict[str, object]:
    """Players (2..60, often a count with a plan: 9, 16, 20, 25, 28, 36), tables of 3 to 5,
    0..3 players fixed to distinct tables, a history of 0..4 rounds (either the rounds
    seat_round gives these players, or rounds seated by seat_round or by a shuffle with players
    since withdrawn and some of today's absent), a mode and the standings."""
    count = draw(st.one_of(st.integers(2, 60), st.sampled_from([9, 16, 20, 25, 28, 36])))
    tables_of = draw(st.sampled_from([3, 4, 4, 5]))
    rng = draw(st.randoms(use_true_random=False))
    seed = draw(st.sampled_from(["a", "b", "c"]))
    players = [f"p{i}" for i in range(count)]
    rng.shuffle(players)
    try:
        tables = len(table_sizes(count, tables_of))
    except SeatingError:
        tables = 0
    pinned = rng.sample(players, min(draw(st.integers(0, 3)), tables, count))
    fixed = dict(zip(pinned, rng.sample(range(1, tables + 1), len(pinned)), strict=True))
    rounds = draw(st.integers(0, 4))
    history: list[list[list[str]]] = []
    if tables and draw(st.booleans()):
        history = play(players, rounds, seed, tables_of, fixed=fixed)
        rounds = 0
    for k in range(rounds):
        there = [p for p in players if rng.random() < 0.9] + [f"gone{k}{i}" for i in range(2)]
        rng.shuffle(there)
        if len(there) < 2:
            continue
        if draw(st.booleans()):
            try:
                seating = seat_round(there, history, seed=seed, round_no=k + 1, rounds=5)
            except SeatingError:
                continue
            history.append([list(table) for table in seating.tables])
        else:
            step = rng.choice([3, 4])
            history.append([there[i : i + step] for i in range(0, len(there), step)])
    return {
        "players": players,
        "history": history,
        "seed": seed,
        "round_no": len(history) + 1,
        "rounds": 5,
        "tables_of": tables_of,
        "fixed": fixed,
        "order": rng.sample(players, count),
        "mode": draw(st.sampled_from(["mix", "standings", "seeded"])),
    }


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(requests(), st.randoms(use_true_random=False))
def test_every_seating_keeps_the_constraints(request, rng):
    players, tables_of, fixed = request["players"], request["tables_of"], request["fixed"]
    try:
        table_sizes(len(players), tables_of)
    except SeatingError as refused:
        with pytest.raises(SeatingError) as also:
            seat_round(**request)
        assert also.value.reason == refused.reason == "too-few"
        return
    seating = seat_round(**request)
    check_seating(seating, players, tables_of, fixed)
    assert seat_round(**request) == seating
    movable = [name for table in seating.tables for name in table if name not in fixed]
    if len(movable) >= 2:
        a, b = rng.sample(movable, 2)
        check_seating(swap(seating, a, b, fixed=fixed), players, tables_of, fixed)
