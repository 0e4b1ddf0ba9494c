"""Two laptops and one hub, as a club plays: sessions recorded on both, one laptop offline for part
of the evening, each synced twice. The hub's `stats --json` equals local `stats --json` over every
session imported into a third data folder, figure by figure."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from referee.engine.events import Header
from referee.league.database import open_store
from referee.league.store import LeagueStore
from referee.service import SessionService
from referee.store import SessionFile
from tests.league.hubs import Hub
from tests.league.logs import game_lines

CLUB = ("Ann", "Bob", "Cy", "Dee", "Eve", "太郎", "花子")


def header(n: int, event: str, date: str) -> Header:
    players = tuple(CLUB[(n + k) % len(CLUB)] for k in range(3 + n % 2))
    return Header(
        edition="classic",
        rules="jp" if n % 2 else "en",
        scoring="rounds 2",
        players=players,
        event=event,
        date=date,
    )


def record(service: SessionService, sid: str, lines: list[str]) -> None:
    with service.open(sid) as live:
        for line in lines:
            assert live.record(line).ok, line


def play(service: SessionService, n: int, event: str, date: str, part: float = 1.0) -> str:
    """A new session of self-play game `n`, `part` of its moves recorded (the rest: `finish`)."""
    h = header(n, event, date)
    lines = game_lines(100 + n, rounds=2, header=h)
    sid = service.create(h)
    cut = int(len(lines) * part)
    record(service, sid, lines[:cut])
    PLAYED[(str(service.layout.root), sid)] = lines[cut:]
    return sid


PLAYED: dict[tuple[str, str], list[str]] = {}
"""What is still to be recorded of each session `play` began."""


def finish(service: SessionService, sid: str) -> None:
    rest = PLAYED.pop((str(service.layout.root), sid))
    with service.open(sid) as live:
        # A slip taken back, as at a real table: an undo entry in the log, the same moves after.
        assert live.record(rest[0]).ok
        live.undo()
        for line in rest:
            assert live.record(line).ok, line


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "referee.cli", *args],
        capture_output=True,
        text=True,
        timeout=600,
    )


def stats(*args: str) -> dict[str, Any]:
    done = cli("stats", "--json", *args)
    assert done.returncode == 0, done.stderr
    return dict(json.loads(done.stdout))


def comparable(table: dict[str, Any]) -> dict[str, Any]:
    """The standings with each session named by what it holds, not by an id: a hub names
    sessions by their global ids, a data folder by its own short ids."""
    return {**table, "sessions": len(table["sessions"]), "apart": len(table["apart"])}


@pytest.fixture
def hub(store_target: str, tmp_path: Path) -> Iterator[Hub]:
    running = Hub(store_target, tmp_path)
    yield running
    running.stop()


def test_two_laptops_one_hub_same_figures(hub: Hub, tmp_path: Path) -> None:
    a, b, c = (SessionService(tmp_path / name) for name in ("a", "b", "c"))
    key_a, key_b = hub.key("laptop A"), hub.key("laptop B")
    url = hub.start()

    def sync(folder: SessionService, key: str) -> subprocess.CompletedProcess[str]:
        return cli("sync", url, "--key", key, "--data-dir", str(folder.layout.root))

    # Early evening: laptop A records two games and half of a third, and syncs.
    a1 = play(a, 1, "Thursday club", "2026-11-26")
    a2 = play(a, 2, "Thursday club", "2026-11-26")
    a3 = play(a, 3, "Thursday club", "2026-11-26", part=0.5)
    done = sync(a, key_a)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "sent" in done.stdout
    # Laptop B's Wi-Fi is down: it records, and its sync cannot reach the hub.
    b1 = play(b, 4, "Thursday club", "2026-11-26")
    b2 = play(b, 5, "Cup", "2026-11-27", part=0.3)
    offline = cli("sync", "http://127.0.0.1:9", "--key", key_b, "--data-dir", str(b.layout.root))
    assert offline.returncode == 2 and "cannot reach the hub" in offline.stderr
    # The hub restarts mid-evening; A finishes its game and syncs a second time.
    hub.stop()
    hub.start()
    finish(a, a3)
    done = sync(a, key_a)
    assert done.returncode == 0, done.stdout + done.stderr
    # B is back: everything it has goes, then the rest of its evening, a second sync.
    done = sync(b, key_b)
    assert done.returncode == 0, done.stdout + done.stderr
    finish(b, b2)
    b3 = play(b, 6, "Cup", "2026-11-27")
    done = sync(b, key_b)
    assert done.returncode == 0, done.stdout + done.stderr
    # A third sync of an unchanged laptop sends nothing.
    again = sync(a, key_a)
    assert again.returncode == 0 and "sent 0 entries of 0 session(s)" in again.stdout

    # The hub holds every entry of every session, each chain verifying.
    store = LeagueStore(open_store(hub.target))
    for service, sids in ((a, (a1, a2, a3)), (b, (b1, b2, b3))):
        for sid in sids:
            with SessionFile.open(service.layout, sid, write=False) as file:
                mine, uid = file.chained(), file.uid
            assert uid is not None
            held = store.log_of(uid)
            assert held is not None and held[1] == mine
            store.verify(uid)
    assert store.count() == (6, store.count()[1])
    assert store.forks() == []
    store.engine.dispose()

    # A third folder with every session imported: the same standings as the hub's.
    for service, sids in ((a, (a1, a2, a3)), (b, (b1, b2, b3))):
        for sid in sids:
            c.import_text(service.export(sid), f"{sid}.uno")
    folder = str(c.layout.root)
    for selection in ([], ["--event", "Cup"], ["--from", "2026-11-27"], ["--guests"]):
        local = stats("--data-dir", folder, *selection)
        remote = stats("--hub", url, "--key", key_a, *selection)
        assert len(local["sessions"]) == len({a1, a2, a3, b1, b2, b3}) or selection
        assert comparable(remote) == comparable(local), selection
    assert len(stats("--hub", url, "--key", key_b)["players"]) == len(CLUB)
