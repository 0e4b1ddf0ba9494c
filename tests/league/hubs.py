"""A real `uno-referee hub` process for the tests, on a free port of this machine."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from referee.league.client import HubClient
from referee.league.database import open_store
from referee.league.keys import ORGANISER, VENUE
from referee.league.store import LeagueStore
from referee.service import SessionService

STARTS_WITHIN = 120.0
"""Seconds a hub may take to listen on a loaded machine (it is well under one when idle)."""


class Hub:
    """`uno-referee hub` on `target`, started by `start()`; `url` once it listens."""

    def __init__(self, target: str, workdir: Path) -> None:
        self.target = target
        self.workdir = workdir
        self.process: subprocess.Popen[str] | None = None
        self.url = ""
        self.port = 0

    def key(self, name: str, organiser: bool = False) -> str:
        store = LeagueStore(open_store(self.target))
        key = store.new_key(name, ORGANISER if organiser else VENUE)
        store.engine.dispose()
        return key

    def start(self) -> str:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "referee.cli",
                "hub",
                "--store",
                self.target,
                "--host",
                "127.0.0.1",
                "--port",
                str(self.port),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=env,
            cwd=self.workdir,
        )
        assert self.process.stdout is not None
        deadline = time.monotonic() + STARTS_WITHIN
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                raise AssertionError(f"the hub stopped: {self.process.wait()}")
            if line.strip().startswith("http://"):
                self.url = line.strip()
                self.port = int(self.url.rsplit(":", 1)[1])
                return self.url
        raise AssertionError("the hub did not start")

    def client(self, key: str) -> HubClient:
        return HubClient(self.url, key)

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"


def stored(service: SessionService, *names: str) -> list[str]:
    """The sample sessions `names` imported into `service`: their ids."""
    return [
        service.import_text((SAMPLES / name).read_text(encoding="utf-8"), name).id for name in names
    ]
