"""Every test keeps the referee's cache and settings in its own folders, and speaks English
unless it asks for another language."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from referee import i18n
from referee.store.cache import CACHE_VARIABLE
from referee.store.settings import CONFIG_VARIABLE

# The hub's stores (`store_target`: SQLite, and a real PostgreSQL server), for tests/league/
# and tests/crash/.
pytest_plugins = ["tests.league.fixtures"]

WORKERS_PER_CORE = 2
"""`-n auto`'s workers for each core. Much of the suite waits rather than computes: the app's
frames under Pilot, commands run as processes, the browser, the scoreboard's server. A second
worker per core runs while the first waits (`pytest -n auto` on two cores: measured in the
issue 30 note)."""


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """How many workers `-n auto` starts."""
    return max(1, (os.cpu_count() or 1) * WORKERS_PER_CORE)


@pytest.fixture(autouse=True)
def _private_cache(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    # Never the user's own cache; commands run as subprocesses inherit the variable.
    folder = tmp_path_factory.mktemp("cache")
    monkeypatch.setenv(CACHE_VARIABLE, str(folder))
    return folder


@pytest.fixture(autouse=True)
def _private_settings(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Path]:
    # Never the user's settings file; and the locale of the machine running the tests must not
    # choose the language (a test that wants Japanese says so).
    path = tmp_path_factory.mktemp("config") / "settings.toml"
    monkeypatch.setenv(CONFIG_VARIABLE, str(path))
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    i18n.use("en")
    yield path
    i18n.use("en")
