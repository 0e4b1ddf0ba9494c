"""The league's hub and `sync` SIGKILLed at random instants (issue 28): nothing the hub
acknowledged is lost, nothing is stored twice or differently from the laptop's copy, every chain
verifies, and a last clean sync leaves the hub holding exactly every laptop's sessions.

Each hub is a child forked from this (warm) process serving the one listening socket this
process holds, so a connection made while no hub runs waits in the socket's queue for the next
one; each sync is a forked child running the `uno-referee sync` command. The instant of each kill
is drawn at random (the point of the test); no verdict depends on how fast the machine is.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import select
import signal
import socket
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

import pytest

from referee.engine.events import Header
from referee.league.client import HubClient, HubError
from referee.league.database import open_store
from referee.league.keys import VENUE
from referee.league.store import LeagueStore
from referee.league.sync import outbox_path, read_session
from referee.service import SessionService
from referee.store import chain
from tests.crash.chains import chain_verifies
from tests.league.logs import game_lines
from tests.strength import kills as kill_count

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL (POSIX)")

HUB_KILLS = kill_count(ci=75, local=6, variable="CRASH_HUB_KILLS")
"""Hub kills per test (four tests: SQLite and PostgreSQL, two seeds each): 300 under CI."""
SYNC_KILLS = kill_count(ci=50, local=3, variable="CRASH_SYNC_KILLS")
"""Sync kills per test (four tests: each store, two seeds): 200 under CI."""
DEADLINE = 300.0
"""Seconds a child may take before the test fails as hung (far beyond any real need)."""

CLUB = ("Ann", "Bob", "Cy", "Dee", "Eve")


class Laptop:
    """A data folder whose sessions grow: games recorded a few moves at a time."""

    def __init__(self, root: Path, name: str, seed: int, games: int = 3) -> None:
        self.service = SessionService(root / name)
        self.name = name
        self.pending: dict[str, list[str]] = {}
        self._read: list[tuple[str, str, list[dict[str, Any]]]] | None = None
        for n in range(games):
            players = tuple(CLUB[(seed + n + k) % len(CLUB)] for k in range(3))
            header = Header(
                edition="classic", scoring="rounds 2", players=players, date="2026-11-26"
            )
            self.pending[self.service.create(header)] = game_lines(
                seed * 10 + n, rounds=2, header=header
            )

    def play(self, rng: random.Random) -> None:
        """A few more moves on some sessions (undo now and then)."""
        self._read = None
        for sid, lines in self.pending.items():
            if not lines or rng.random() < 0.3:
                continue
            with self.service.open(sid) as live:
                for _ in range(rng.randint(1, 12)):
                    if not lines:
                        break
                    assert live.record(lines[0]).ok
                    if rng.random() < 0.1:
                        live.undo()
                        continue
                    lines.pop(0)

    def sessions(self) -> list[tuple[str, str, list[dict[str, Any]]]]:
        """(local id, global id, chained entries) of each session, each chain verified (read
        again after each `play`; a sync only reads the sessions)."""
        if self._read is None:
            self._read = []
            for sid in self.service.layout.session_ids():
                chain_verifies(self.service.layout, sid)
                shipped = read_session(self.service.layout, sid)
                self._read.append((sid, shipped.uid, shipped.entries))
        return self._read


def listening() -> socket.socket:
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)
    return sock


def fork_hub(target: str, sock: socket.socket) -> int:
    """A hub serving `sock` on `target`, in a forked child; its pid."""
    pid = os.fork()
    if pid:
        return pid
    try:  # the child: the hub, as `uno-referee hub` runs it, until killed
        from referee.web.league_api import serve_hub

        sock.setblocking(False)
        host, port = sock.getsockname()[:2]
        serve_hub(LeagueStore(open_store(target)), sock, host, port)
    finally:
        os._exit(0)


def kill(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)


def piped_child(run: Callable[[IO[str]], int]) -> tuple[int, int]:
    """`run` in a forked child, writing to a pipe and exiting with what it returns (an
    exception is written as an `error` line: the child has no traceback); (pid, read end)."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid:
        os.close(write_end)
        return pid, read_end
    os.close(read_end)
    code = 1
    try:
        out = os.fdopen(write_end, "w", buffering=1)
        try:
            code = run(out)
        except BaseException as exc:
            print(f"error {type(exc).__name__}: {exc}", file=out)
    finally:
        os._exit(code)


def fork_sender(url: str, key: str, laptop: Laptop, batch: int) -> tuple[int, int]:
    """A child sending what the hub lacks of each session, a few entries a request, asking
    again after every failure (the hub killed under it); it writes `ack UID SEQ` for each
    receipt and `done` at the end. (pid, read end of its pipe)."""
    sessions = list(laptop.sessions())

    def send(out: IO[str]) -> int:
        client = HubClient(url, key)
        deadline = time.monotonic() + DEADLINE
        for sid, uid, entries in sessions:
            meta = read_session(laptop.service.layout, sid).meta
            while time.monotonic() < deadline:
                try:
                    held = client.call("POST", "/api/v1/cursors", {"uids": [uid]})["cursors"]
                    first = held[uid][0] if uid in held else 0
                    if first >= len(entries):
                        break
                    body = {"meta": meta, "entries": entries[first : first + batch]}
                    got = client.call("POST", f"/api/v1/sessions/{uid}", body)
                    print(f"ack {uid} {got['last_seq']}", file=out)
                except HubError as exc:
                    if exc.status not in (0, 503):
                        print(f"error {exc.status} {exc.message}", file=out)
                        return 1
        print("done", file=out)
        return 0

    return piped_child(send)


def read_lines(read_end: int, chunks: list[bytes], seconds: float) -> bool:
    """Read the child's pipe for up to `seconds`; whether it closed."""
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        if not select.select([read_end], [], [], left)[0]:
            return False
        chunk = os.read(read_end, 65536)
        if not chunk:
            return True
        chunks.append(chunk)
    return False


def check_hub(target: str, laptops: list[Laptop], acked: dict[str, int], whole: bool) -> None:
    """Every acknowledged entry is held, each as the laptop has it; every chain verifies; no
    fork. `whole`: the hub holds every session of every laptop, entry for entry."""
    store = LeagueStore(open_store(target))
    try:
        for laptop in laptops:
            for _sid, uid, entries in laptop.sessions():
                held = store.log_of(uid)
                got = held[1] if held is not None else []
                assert len(got) >= acked.get(uid, 0), f"{uid}: acknowledged entries lost"
                assert got == entries[: len(got)], f"{uid}: the hub's entries differ"
                if whole:
                    assert got == entries
                if held is not None:
                    store.verify(uid)
        assert store.forks() == []
    finally:
        store.engine.dispose()


@pytest.mark.parametrize("seed", [1, 2])
def test_hub_killed_at_random_instants_loses_nothing_acknowledged(
    store_target: str, tmp_path: Path, seed: int
) -> None:
    rng = random.Random(seed)
    laptops = [Laptop(tmp_path, f"laptop{n}", seed * 10 + n) for n in range(2)]
    store = LeagueStore(open_store(store_target))
    keys = {laptop.name: store.new_key(laptop.name, VENUE) for laptop in laptops}
    store.engine.dispose()
    sock = listening()
    url = f"http://127.0.0.1:{sock.getsockname()[1]}"
    acked: dict[str, int] = {}
    kills = rounds = 0
    try:
        while kills < HUB_KILLS:
            rounds += 1
            for laptop in laptops:
                laptop.play(rng)
            senders = [
                fork_sender(url, keys[laptop.name], laptop, rng.choice((1, 3, 7, 20)))
                for laptop in laptops
            ]
            outputs: list[list[bytes]] = [[] for _ in senders]
            open_pipes = dict(enumerate(senders))
            started = time.monotonic()
            while open_pipes:
                assert time.monotonic() - started < DEADLINE, "the senders hung"
                hub = fork_hub(store_target, sock)
                # The hub dies at a random instant: before it listens, mid-request, idle.
                until = time.monotonic() + rng.uniform(0.0, 0.25)
                for n, (_pid, pipe) in list(open_pipes.items()):
                    if read_lines(pipe, outputs[n], max(0.0, until - time.monotonic())):
                        del open_pipes[n]
                kill(hub)
                kills += 1
                if kills >= HUB_KILLS and open_pipes:
                    # Enough kills: a last hub lets the senders finish.
                    hub = fork_hub(store_target, sock)
                    for n, (_pid, pipe) in list(open_pipes.items()):
                        assert read_lines(pipe, outputs[n], DEADLINE), "a sender hung"
                        del open_pipes[n]
                    kill(hub)
            for (pid, pipe), chunks in zip(senders, outputs, strict=True):
                os.close(pipe)
                os.waitpid(pid, 0)
                lines = b"".join(chunks).decode().splitlines()
                assert not [line for line in lines if line.startswith("error")], lines
                assert lines and lines[-1] == "done", lines[-3:]
                for line in lines:
                    if line.startswith("ack "):
                        _, uid, seq = line.split()
                        acked[uid] = max(acked.get(uid, 0), int(seq))
            check_hub(store_target, laptops, acked, whole=True)
    finally:
        sock.close()
    assert kills >= HUB_KILLS and rounds >= 1


def fork_sync(url: str, key: str, laptop: Laptop) -> tuple[int, int]:
    """`uno-referee sync` in a forked child; (pid, read end of its output)."""

    def run(out: IO[str]) -> int:
        os.dup2(out.fileno(), 1)
        os.dup2(out.fileno(), 2)
        sys.stdout = os.fdopen(1, "w", buffering=1)
        sys.stderr = sys.stdout
        from referee.cli.main import main

        return main(["sync", url, "--key", key, "--data-dir", str(laptop.service.layout.root)])

    return piped_child(run)


@pytest.mark.parametrize("seed", [7, 8])
def test_sync_killed_at_random_instants_loses_nothing(
    store_target: str, tmp_path: Path, seed: int
) -> None:
    from tests.league.hubs import Hub

    rng = random.Random(seed)
    laptops = [Laptop(tmp_path, f"laptop{n}", 40 + n, games=4) for n in range(2)]
    hub = Hub(store_target, tmp_path)
    keys = {laptop.name: hub.key(laptop.name) for laptop in laptops}
    url = hub.start()
    kills = rounds = 0
    try:
        while kills < SYNC_KILLS:
            rounds += 1
            laptop = laptops[kills % len(laptops)]
            if rng.random() < 0.7:
                laptop.play(rng)
            pid, pipe = fork_sync(url, keys[laptop.name], laptop)
            chunks: list[bytes] = []
            finished = read_lines(pipe, chunks, rng.uniform(0.0, 0.2))
            kill(pid)
            os.close(pipe)
            kills += not finished
            # What sync said it sent is at the hub; the outbox is whole or absent; every
            # chain, the laptop's and the hub's, verifies.
            path = outbox_path(laptop.service.layout, url)
            if path.exists():
                json.loads(path.read_text("utf-8"))
            check_hub(store_target, laptops, {}, whole=False)
        for laptop in laptops:
            pid, pipe = fork_sync(url, keys[laptop.name], laptop)
            chunks = []
            assert read_lines(pipe, chunks, DEADLINE), "sync hung"
            _, status = os.waitpid(pid, 0)
            os.close(pipe)
            assert os.WEXITSTATUS(status) == 0, b"".join(chunks).decode()
        check_hub(store_target, laptops, {}, whole=True)
    finally:
        hub.stop()
    assert kills >= SYNC_KILLS and rounds >= kills


def test_acknowledged_means_stored(store_target: str, tmp_path: Path) -> None:
    """The oracle can fail: a hub that answers before it commits loses what it acknowledged."""
    laptop = Laptop(tmp_path, "laptop", 3, games=1)
    ((sid, lines),) = laptop.pending.items()
    with laptop.service.open(sid) as live:
        for line in lines[:5]:
            assert live.record(line).ok
    (_sid, uid, entries) = laptop.sessions()[0]
    acked = {uid: len(entries)}
    with pytest.raises(AssertionError, match="acknowledged entries lost"):
        check_hub(store_target, [laptop], acked, whole=False)
    assert chain.is_uid(uid)
