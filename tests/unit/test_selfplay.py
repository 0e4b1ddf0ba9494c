"""Self-play: random games with real hands; the engine must track every public fact (issue 2)."""

from __future__ import annotations

import random

import pytest

from referee.selfplay import SelfPlay
from referee.selfplay.tables import random_header

GAMES = 2000


@pytest.mark.parametrize("rules", ["en", "jp"])
@pytest.mark.parametrize("edition", ["classic", "swap", "shuffle", "minecraft"])
def test_engine_follows_real_games(edition: str, rules: str) -> None:
    """Each game deals a shuffled deck to 2-10 players with random option overrides; players
    play random legal cards, bluff Wild Draw Fours, forget UNO, challenge, catch, misplay and get
    penalised. After every move the engine's hand counts, top card, colour, turn, direction,
    piles, pending challenge, UNO windows and winner must equal the real game's, and probes of
    illegal moves must be refused without changing anything."""
    seed = hash((edition, rules)) & 0xFFFF
    rng = random.Random(seed)
    sim = SelfPlay(seed)
    for _ in range(GAMES):
        sim.play_game(random_header(rng, edition, rules), rounds=rng.choice((1, 1, 2)))
    stats = sim.stats
    assert stats.games == GAMES
    assert stats.refusals_checked > GAMES  # the illegal-move probes really ran
    assert stats.abandoned < GAMES // 20  # rounds that cannot end (both piles dry) stay rare
    for rule in ("wd4-guilty", "wd4-innocent", "uno-catch", "uno-late", "misplay",
                 "going-out", "draw-two", "skip", "reverse"):
        assert stats.rules.get(rule, 0) > 0, f"self-play never exercised {rule}"
