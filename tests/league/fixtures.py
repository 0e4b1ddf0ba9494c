"""The hub's store under test: the embedded SQLite file and a real PostgreSQL server (fixtures
for the hub's tests and its crash tests, loaded by the suite's conftest)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.league.hubs import Hub
from tests.league.postgres import Server, missing_reason, required

STORES = ["sqlite", "postgres"]


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Server]:
    reason = missing_reason()
    if reason is not None:
        if required():
            pytest.fail(reason)
        pytest.skip(reason)
    server = Server()
    yield server
    server.stop()


@pytest.fixture(params=STORES)
def store_target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a fresh hub keeps its record: a SQLite file, or a new PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "hub.sqlite3")
    server: Server = request.getfixturevalue("postgres_server")
    return server.new_database()


@pytest.fixture
def sqlite_hub(tmp_path: Path) -> Iterator[Hub]:
    """A real `uno-referee hub` process on the embedded store, listening."""
    running = Hub(str(tmp_path / "hub.sqlite3"), tmp_path)
    running.start()
    yield running
    running.stop()
