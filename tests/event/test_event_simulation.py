"""A whole event played through the venue's phone API by simulated players, the director's
screen following it: every move reaches a tile, and the standings under every scoring equal the
players' own account of each deal."""

from __future__ import annotations

import os
from pathlib import Path

from .simulation import simulate

IN_CI = os.environ.get("CI", "").lower() not in ("", "0", "false")
# CI seats the first size (40 players at 10 tables) for two rounds (`benchmarks.event`
# plays all five, and 100 players); a run here, two rounds of four tables.
PLAYERS, ROUNDS = (40, 2) if IN_CI else (16, 2)


def test_an_event_played_on_phones_reaches_the_director_and_its_standings_are_right(
    tmp_path: Path,
) -> None:
    report = simulate(tmp_path, PLAYERS, ROUNDS)
    assert report["refused"] == []
    assert report["moves"] > 20 * ROUNDS * PLAYERS // 4
    assert report["moves_never_shown"] == 0
    assert report["standings_match"] == {"placement": True, "cards": True}
