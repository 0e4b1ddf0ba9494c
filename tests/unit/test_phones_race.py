"""Phones racing at one table (issue 26): two or three phones proposing within the same 100 ms
(catch vs the next play, UNO vs catch, retried requests, stale move counts), over self-play
games; nothing lost, nothing recorded twice, nothing out of arrival order.

"Checked against self-play" means here (tests/selfplay/race.py says it move by move): each
race starts on the table exactly as the self-play game (which knows the true game) has it at
that step; the true move and the claims racing it are fed to the table's writer in a shuffled
arrival order; the engine, asked about each proposal in that very order on a table of its own,
says which must be recorded, which refused and which only noted; the session's log must then
hold exactly the ones that hold, once each, in arrival order, and every phone's answer must be
the engine's. After each race the table is brought back to the true game (the race's moves
undone, the true move typed), and its public state must equal the true game's.

Locally 200 races per confirmation mode; CI (CI=true) or SELFPLAY_GAMES=full runs 1,000.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.service import SessionService
from referee.table import Desk
from tests.selfplay.race import RaceStats, race
from tests.unit.test_selfplay import full_counts, seed_for

pytestmark = pytest.mark.selfplay

RACES = 1000 if full_counts() else 200


def clean(stats: RaceStats) -> None:
    assert stats.failures == []
    assert (stats.lost, stats.duplicated, stats.misordered, stats.wrong) == (0, 0, 0, 0)


@pytest.mark.parametrize("confirm", ["none", "plays", "all"])
def test_racing_phones_lose_nothing_record_nothing_twice_keep_arrival_order(
    tmp_path: Path, confirm: str
) -> None:
    """`none`: every legal proposal goes straight in; `plays` and `all`: the scorekeeper presses
    Enter at random moments between the phones' messages and for what still waits at the end."""
    stats = race(SessionService(tmp_path / "data"), RACES, seed_for("race", confirm), confirm)  # type: ignore[arg-type]
    clean(stats)
    assert stats.races == RACES
    # The races really raced: retries, stale counts, refusals and catches among them.
    assert stats.retries > RACES // 10 and stale_share(stats) > 0.05
    assert stats.proposals > stats.recorded > RACES // 2
    # Most races were decided by their arrival order (the reverse order records others).
    assert stats.contested > RACES // 4


def stale_share(stats: RaceStats) -> float:
    return stats.stale / max(1, stats.proposals)


# The checks can fail: a writer broken on purpose is caught ----------------------------------


def test_a_writer_that_forgets_retries_is_caught(tmp_path: Path, monkeypatch) -> None:
    real_propose = Desk.propose

    def propose(self: Desk, player: str, action: str, seen: int, request: str):  # type: ignore[no-untyped-def]
        self._answers.clear()
        self._stored = {}
        return real_propose(self, player, action, seen, request)

    monkeypatch.setattr(Desk, "propose", propose)
    stats = race(SessionService(tmp_path / "data"), 60, 1, "none")
    assert stats.wrong + stats.duplicated > 0


def test_a_writer_that_takes_the_newest_first_is_caught(tmp_path: Path, monkeypatch) -> None:
    def accept_last(self: Desk):  # type: ignore[no-untyped-def]
        if not self.queue:
            return None
        self.queue.insert(0, self.queue.pop())
        return real_accept(self)

    real_accept = Desk.accept
    monkeypatch.setattr(Desk, "accept", accept_last)
    stats = race(SessionService(tmp_path / "data"), 60, 2, "all")
    assert stats.misordered + stats.wrong > 0


def test_a_writer_that_drops_stale_proposals_is_caught(tmp_path: Path, monkeypatch) -> None:
    real_propose = Desk.propose

    def propose(self: Desk, player: str, action: str, seen: int, request: str):  # type: ignore[no-untyped-def]
        if seen != len(self.live.moves):
            return real_propose(self, player, "not a move", seen, request)
        return real_propose(self, player, action, seen, request)

    monkeypatch.setattr(Desk, "propose", propose)
    stats = race(SessionService(tmp_path / "data"), 60, 3, "none")
    assert stats.lost > 0
