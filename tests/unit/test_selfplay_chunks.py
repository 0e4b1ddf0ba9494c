"""Self-play cut into chunks (issue 30): however a test's games are cut, the same games are
played, and the chunks' counts add up to what one run of them all counts."""

from __future__ import annotations

import random
from dataclasses import asdict
from pathlib import Path

import pytest

from tests.selfplay import SelfPlay
from tests.selfplay.chunks import Tally, added, seeded_games, slices
from tests.selfplay.tables import random_header

SEED = 30


def played(cuts: list[range]) -> tuple[list[list[object]], list[dict[str, object]]]:
    """Every game's log, in game order, and each chunk's counts, each chunk on a fresh
    simulator (as a chunk run by another worker would be)."""
    logs: list[list[object]] = []
    counts: list[dict[str, object]] = []
    for games in cuts:
        sim = SelfPlay(SEED)
        for _game, rng in seeded_games(sim, SEED, games):
            sim.play_game(
                random_header(rng, "classic", rng.choice(("en", "jp"))), rounds=rng.choice((1, 2))
            )
            logs.append(list(sim.log))
        counts.append(asdict(sim.stats))
    return logs, counts


def test_any_cut_plays_the_same_games_and_counts_the_same() -> None:
    whole_logs, (whole,) = played([range(6)])
    assert len(whole_logs) == 6 and len({len(log) for log in whole_logs}) > 1
    for per_chunk in (1, 4):
        logs, counts = played(slices(6, per_chunk))
        assert logs == whole_logs
        assert added(counts) == whole


def test_slices_cover_every_game_once() -> None:
    assert slices(2000, 250) == [range(n, n + 250) for n in range(0, 2000, 250)]
    assert slices(200, 250) == [range(200)]
    assert [list(r) for r in slices(7, 3)] == [[0, 1, 2], [3, 4, 5], [6]]


def test_only_the_last_chunk_to_finish_gets_the_sum(tmp_path: Path) -> None:
    parts = [
        {"games": 3, "rules": {"skip": 2}},
        {"games": 2, "rules": {"skip": 1, "uno": 4}},
        {"games": 1, "rules": {}},
    ]
    order = [2, 0, 1]
    random.Random(SEED).shuffle(order)
    tally = Tally(tmp_path, "test_x-edition=classic", len(parts))
    sums = [tally.add(chunk, parts[chunk]) for chunk in order]
    assert sums[:-1] == [None, None]
    assert sums[-1] == {"games": 6, "rules": {"skip": 3, "uno": 4}}
    # Another test's chunks meet elsewhere in the same folder.
    assert Tally(tmp_path, "test_x-edition=flip", len(parts)).add(0, parts[0]) is None


@pytest.mark.parametrize("value", [1.5, "many"])
def test_only_counts_are_added(value: object) -> None:
    with pytest.raises(AssertionError):
        added([{"games": value}])
