"""The move box offers exactly what the referee accepts, on every turn of self-play games
(issue 11): each suggested line is accepted, and each move the real players make from the
table's public view (a card on the top card, draw, accept, challenge) is among them."""

from __future__ import annotations

import random

import pytest
from test_selfplay import EDITIONS, FULL, seed_for

from tests.selfplay.audit import Auditing
from tests.selfplay.tables import random_header

pytestmark = pytest.mark.selfplay

# Every turn of each game is audited, which costs as much as refereeing the game many times
# over: fewer games than plain self-play (whose moves all go through `check` too). The same
# audit runs on every turn of all of plain self-play's games with SELFPLAY_AUDIT=1.
GAMES = 25 if FULL else 4


@pytest.mark.parametrize("edition", EDITIONS)
def test_suggestions_are_exactly_the_moves_the_referee_accepts(edition: str) -> None:
    seed = seed_for("suggestions", edition)
    rng = random.Random(seed)
    sim = Auditing(seed)
    for _ in range(GAMES):
        sim.play_game(random_header(rng, edition, rng.choice(("en", "jp"))), rounds=1)
    # Thousands of turns, each checked both ways.
    assert sim.audited > GAMES * 10 and sim.offered > GAMES * 50
