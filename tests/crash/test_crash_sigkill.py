"""Nothing acknowledged is lost: recorders are SIGKILLed at file operations drawn by a seed
(`killing.arm`), the store checked after each."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import cast

import pytest

from referee.engine.events import Header
from referee.notation import format_event
from referee.service import SessionService
from tests.crash.chains import chain_verifies
from tests.selfplay import SelfPlay
from tests.selfplay.chunks import Tally
from tests.strength import kills as kill_count

KILLS = kill_count(ci=240, local=80, variable="CRASH_SIGKILLS")
"""CI kills 240 times; a developer's run the first 80 of the same seeds."""
PARTS = 4
"""The kills are made in this many independent runs, each with its own data folder and helper,
so that xdist spreads them over its workers. What each kill checks is the same."""
SEEDS_PER_PART = 100_000
"""Part N seeds its kill points from N * SEEDS_PER_PART on: a developer's run makes the first
kills of each of CI's parts."""
HERE = Path(__file__).resolve().parent
HEADER = Header(edition="classic", players=("Ann", "Bob", "Cy", "Dee"), scoring="rounds 8")

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL (POSIX)")


def game_moves(seed: int) -> list[str]:
    """A long legal game in canonical notation, from the self-play simulator."""
    sim = SelfPlay(seed, check=False)
    sim.play_game(HEADER, rounds=8)
    return [format_event(event, HEADER) for event in sim.recorded]


def check_store(
    service: SessionService, sid: str, moves: list[str], acked: list[tuple[int, int]]
) -> int:
    """The store loads, nothing is damaged, every acknowledged move is there, in order, and the
    log is one hash chain that verifies."""
    listing = service.list()
    assert listing.warnings == ()
    assert sid in {info.id for info in listing.sessions}
    assert not (service.layout.quarantine).exists()
    with service.open(sid, read_only=True) as live:
        stored = live.moves
        assert live.trouble is None
    texts = [move.text for move in stored]
    assert texts == moves[: len(texts)]
    for seq, index in acked:
        assert index < len(stored), f"acknowledged move {index} ({moves[index]}) was lost"
        assert stored[index].seq == seq
    chain_verifies(service.layout, sid)
    # The dead writer's lock is free again, and opening as the writer clears its temp files.
    with service.open(sid):
        pass
    assert not [p for p in service.layout.sessions.iterdir() if p.name.endswith(".tmp")]
    return len(stored)


def share(part: int) -> int:
    """The kills part `part` makes: KILLS dealt out over the parts as evenly as they go."""
    return KILLS // PARTS + (part < KILLS % PARTS)


@pytest.mark.parametrize("part", range(PARTS))
def test_sigkill_at_random_instants_loses_no_acknowledged_move(
    part: int, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    moves = game_moves(seed=7)
    assert len(moves) > 600
    moves_file = tmp_path / "moves.txt"
    moves_file.write_text("\n".join(moves) + "\n", encoding="utf-8")
    data = tmp_path / "data"
    service = SessionService(data)
    repo = str(HERE.parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([repo, os.environ.get("PYTHONPATH", "")])}
    helper = subprocess.Popen(
        [sys.executable, str(HERE / "recorder.py"), str(data), str(moves_file)],
        stdin=subprocess.PIPE,
        cwd=repo,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert helper.stdin is not None and helper.stdout is not None
    sid = service.create(HEADER)
    acked: list[tuple[int, int]] = []
    kills = {"opening": 0, "recording": 0}
    try:
        first = part * SEEDS_PER_PART
        for seed in range(first, first + 10 * share(part)):
            if sum(kills.values()) >= share(part):
                break
            helper.stdin.write(f"run {sid} {seed}\n")
            helper.stdin.flush()
            answer = helper.stdout.readline().split()
            assert answer and answer[0] in ("killed", "finished"), " ".join(answer)
            pairs = answer[2:] if answer[0] == "killed" else answer[1:]
            acked += [(int(s), int(i)) for s, i in (pair.split(":") for pair in pairs)]
            check_store(service, sid, moves, acked)
            if answer[0] == "finished":
                sid, acked = service.create(HEADER), []
            else:
                kills[answer[1]] += 1
    finally:
        helper.stdin.close()
        helper.wait(timeout=30)
    assert sum(kills.values()) == share(part)
    summed = Tally.of(request, PARTS, cut="part").add(part, kills)
    if summed is None:
        return  # another part is still killing; the last one to finish checks the whole
    # Over all the parts, both the resume and the writes were hit many times.
    opening, recording = cast(int, summed["opening"]), cast(int, summed["recording"])
    assert opening >= 10 and recording >= KILLS // 2, summed
