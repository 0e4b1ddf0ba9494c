"""Temp files of cache writers killed mid-write are swept; a writer at work keeps its own."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from referee.store import cache

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="asks POSIX whether a pid runs")


def test_a_dead_writers_temp_file_is_swept_and_a_live_ones_kept(_private_cache) -> None:
    folder = cache.cache_dir() / "snapshots"
    folder.mkdir(parents=True)
    gone = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    dead = folder / f".abc.{gone.stdout.strip()}-wxyz.tmp"
    live = folder / f".abc.{os.getpid()}-wxyz.tmp"
    item = folder / "abc"
    for path in (dead, live, item):
        path.write_bytes(b"x")
    cache.sweep("snapshots")
    assert not dead.exists()
    assert live.exists() and item.exists()


def test_a_write_names_its_writer(_private_cache) -> None:
    path = cache.cache_dir() / "snapshots" / "abc"
    seen: list[str] = []
    real = os.replace

    def spy(source: str, target: str) -> None:
        seen.append(os.path.basename(source))
        real(source, target)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "replace", spy)
        cache.write_private(path, b"data")
    assert path.read_bytes() == b"data"
    assert seen and seen[0].startswith(f".abc.{os.getpid()}-w")
