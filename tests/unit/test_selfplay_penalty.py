"""Self-play under penalty-point scoring: eliminations mid-round, the last two, the game's end."""

from __future__ import annotations

from dataclasses import asdict
from typing import cast

import pytest

from tests.selfplay.chunks import seeded_games
from tests.selfplay.penalty_model import PenaltySelfPlay, penalty_header
from tests.selfplay.tables import random_header
from tests.unit.test_selfplay import (
    EDITIONS,
    FULL,
    check_chunk,
    chunked,
    play,
    seed_for,
    whole_counts,
)

pytestmark = pytest.mark.selfplay

# Per edition and rulebook family: 16 tests, 4,800 games in CI (SELFPLAY_GAMES=full), 640
# locally. Small tables of short games: what is checked here happens between two and five
# players, and a game rarely needs more than three rounds to lose someone.
GAMES = 300 if FULL else 40
# A penalty game lasts up to three rounds: chunks of 100 games take about as long as plain
# self-play's chunks of 250.
PER_CHUNK = 100


@pytest.mark.parametrize("games", chunked(GAMES, PER_CHUNK))
@pytest.mark.parametrize("rules", ["en", "jp"])
@pytest.mark.parametrize("edition", EDITIONS)
def test_engine_follows_penalty_games(
    edition: str, rules: str, games: range, request: pytest.FixtureRequest
) -> None:
    """`penalty N` with N from 1 to 200: each caught missed UNO and guilty challenge is mostly
    recorded as the offender's hand total; a player reaching N leaves the round at once (the last
    two: the game is over). After every move the engine must agree with the model on who is out
    of the round, who is out of the game, whether the game is over and who won it, besides every
    fact plain self-play compares; the player out may not move, nor anyone after the end."""
    seed = seed_for("penalty", edition, rules)
    sim = PenaltySelfPlay(seed)
    for game, rng in seeded_games(sim, seed, games):
        players = rng.choice((2, 2, 3, 3, 4, 5))
        header = penalty_header(rng, random_header(rng, edition, rules, players))
        play(sim, header, rng.choice((1, 2, 3)), game)
    check_chunk(sim.stats, games, checks=False)
    whole = whole_counts(request, games, GAMES, PER_CHUNK, asdict(sim.stats) | sim.counts)
    if whole is None:
        return  # another chunk of this test is still playing; the last one checks the whole
    counts = {key: cast(int, whole[key]) for key in sim.counts}
    # No Mercy calls UNO for its players and has no challenge: penalties are rare there, so a
    # few of its 40 local games may put nobody out.
    if edition == "nomercy" and not FULL:
        return
    assert counts["penalties"] > GAMES // 20, counts
    assert counts["out of game"] > 0 and counts["game over"] > 0, counts
    if edition != "nomercy":
        assert counts["out of game"] > GAMES // 5 and counts["game over"] > GAMES // 20, counts
