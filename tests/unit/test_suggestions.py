"""The move box offers exactly what the referee accepts, on every turn of self-play games
(issue 11): each suggested line is accepted, and each move the real players make from the
table's public view (a card on the top card, draw, accept, challenge) is among them."""

from __future__ import annotations

from typing import cast

import pytest

from tests.selfplay.audit import Auditing
from tests.selfplay.chunks import seeded_games
from tests.selfplay.tables import random_header
from tests.unit.test_selfplay import EDITIONS, FULL, chunked, seed_for, whole_counts

pytestmark = pytest.mark.selfplay

# Every turn of each game is audited, which costs as much as refereeing the game many times
# over: fewer games than plain self-play (whose moves all go through `check` too). The same
# audit runs on every turn of all of plain self-play's games with SELFPLAY_AUDIT=1.
GAMES = 25 if FULL else 4
# A game audited takes about as long as a chunk of plain self-play's: chunks of 5 let `-n` spread
# an edition's games over the workers.
PER_CHUNK = 5


@pytest.mark.parametrize("games", chunked(GAMES, PER_CHUNK))
@pytest.mark.parametrize("edition", EDITIONS)
def test_suggestions_are_exactly_the_moves_the_referee_accepts(
    edition: str, games: range, request: pytest.FixtureRequest
) -> None:
    seed = seed_for("suggestions", edition)
    sim = Auditing(seed)
    for _game, rng in seeded_games(sim, seed, games):
        sim.play_game(random_header(rng, edition, rng.choice(("en", "jp"))), rounds=1)
    assert sim.stats.games == len(games)
    whole = whole_counts(
        request, games, GAMES, PER_CHUNK, {"audited": sim.audited, "offered": sim.offered}
    )
    if whole is None:
        return  # another chunk of this edition is still playing; the last one checks the whole
    # Thousands of turns, each checked both ways.
    assert cast(int, whole["audited"]) > GAMES * 10 and cast(int, whole["offered"]) > GAMES * 50
