"""Statistics against self-play games, whose real bluffs, catches and penalties the simulator
knows (it holds every hand): the figures must count exactly what really happened (issue 15)."""

from __future__ import annotations

import random
import zlib
from collections import Counter
from typing import Any

import pytest

from referee.engine import Referee
from referee.engine import events as ev
from referee.engine.events import Session
from referee.engine.ruling import Ruling
from referee.service.replay import replay_session
from referee.stats import session_figures
from tests.selfplay import SelfPlay
from tests.selfplay.tables import random_header

GAMES = 25


class Witness(SelfPlay):
    """Self-play that writes down, from the real table, what each player really did."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed, check=False)
        self.real_counts: dict[str, Counter[str]] = {}
        self._catchable: set[int] = set()

    def count(self, seat_or_name: int | str, what: str, n: int = 1) -> None:
        name = seat_or_name if isinstance(seat_or_name, str) else self.names[seat_or_name]
        self.real_counts.setdefault(name, Counter())[what] += n

    def challenge_event(self, victim: int, offender: int, guilty: bool) -> ev.ChallengeMade:
        # `guilty` is the truth: the simulator saw the offender's hand.
        pending = self.real.pending
        assert pending is not None
        self.count(victim, "challenges")
        self.count(victim, "challenges_won", guilty)
        if pending.face.kind == "w+4":
            self.count(offender, "wd4_challenged")
            self.count(offender, "wd4_guilty", guilty)
        return super().challenge_event(victim, offender, guilty)

    def side_action(self) -> None:
        # Who could really be caught, before the catch is made.
        self._catchable = set(self.real.catchable)
        self._late = {seat for seat in self.real.missed if len(self.real.hands[seat]) == 1}
        super().side_action()

    def emit(self, event: ev.Event) -> Ruling:
        if isinstance(event, ev.PlayerCaught):
            target = self.names.index(event.target)
            if target in self._catchable:
                self.count(event.player, "catches")
                self.count(event.target, "uno_caught")
            elif target not in self._late:
                self.count(event.player, "false_catches")
        elif isinstance(event, ev.PenaltyGiven):
            self.count(event.player, "table_penalties")
        elif isinstance(event, ev.MisplayCaught):
            self.count(event.player, "misplays")
        return super().emit(event)


def wd4_plays(log: list[ev.Event]) -> Counter[str]:
    played: Counter[str] = Counter()
    for event in log:
        play = getattr(event, "play", None)
        if isinstance(play, ev.Play) and play.card.kind == "w+4":
            played[getattr(event, "player")] += 1 + len(play.extra)  # noqa: B009
    return played


COMPARED = (
    "challenges",
    "challenges_won",
    "wd4_challenged",
    "wd4_guilty",
    "catches",
    "uno_caught",
    "false_catches",
    "table_penalties",
    "misplays",
)


@pytest.mark.parametrize("rules", ["en", "jp"])
@pytest.mark.parametrize("edition", ["classic", "flip", "shuffle"])
def test_figures_count_what_really_happened(edition: str, rules: str) -> None:
    seed = zlib.crc32(f"stats/{edition}/{rules}".encode())
    rng = random.Random(seed)
    totals: Counter[str] = Counter()
    for game in range(GAMES):
        sim = Witness(seed + game)
        header = random_header(rng, edition, rules)
        sim.play_game(header)
        done = replay_session(Session(header, list(sim.log)), Referee(header))
        assert done.trouble is None
        figures: dict[str, Any] = session_figures(header, done.steps, done.referee.state)
        played = wd4_plays(sim.log)
        for name in header.players:
            got = figures["players"][name]
            real = sim.real_counts.get(name, Counter())
            assert {k: got.get(k, 0) for k in COMPARED} == {k: real[k] for k in COMPARED}, name
            assert got.get("wd4_played", 0) == played[name]
            totals.update({k: got.get(k, 0) for k in COMPARED})
    # The games exercised what is compared (the seeds are fixed).
    assert totals["challenges"] and totals["catches"]
