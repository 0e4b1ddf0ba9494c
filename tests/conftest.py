"""Every test keeps the referee's cache (snapshots of long sessions) in its own folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.store.cache import CACHE_VARIABLE


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory: pytest.TempPathFactory,
                   monkeypatch: pytest.MonkeyPatch) -> Path:
    # Never the user's own cache; commands run as subprocesses inherit the variable.
    folder = tmp_path_factory.mktemp("cache")
    monkeypatch.setenv(CACHE_VARIABLE, str(folder))
    return folder
