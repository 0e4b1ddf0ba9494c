"""Self-play tests cut into chunks of games, so that xdist spreads one test's games over its
workers; the counts a test asserts on are added up over all its chunks by whichever finishes last.

Each game draws from a generator seeded by the test's seed and the game's number alone, so a
chunk plays its slice of the test's one fixed sequence of games without playing the games before
it: however the games are cut (and in whatever process each chunk runs), the same games are played.
The crash tests cut their kills into parts the same way and meet in the same `Tally`.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from .driver import SelfPlay

Counts = dict[str, object]
"""What a chunk counted: numbers, and tables of numbers (a rule id -> how often it was cited)."""


def game_rng(seed: int, game: int) -> random.Random:
    """The generator game number `game` of the test seeded `seed` draws from (its table and
    every move): the same whichever chunk plays it."""
    return random.Random(f"{seed}/{game}")


def seeded_games(sim: SelfPlay, seed: int, games: range) -> Iterator[tuple[int, random.Random]]:
    """Each game number of `games` with its generator, which `sim` also draws its moves from
    for that game: the test draws the game's table from it, then plays the game."""
    for game in games:
        rng = sim.rng = game_rng(seed, game)
        yield game, rng


def slices(games: int, per_chunk: int) -> list[range]:
    """The games 0..games-1 cut into consecutive chunks of `per_chunk` (the last may be
    shorter)."""
    return [range(start, min(start + per_chunk, games)) for start in range(0, games, per_chunk)]


def chunk_id(games: range) -> str:
    return f"games{games.start}-{games.stop - 1}"


def added(parts: list[Counts]) -> Counts:
    """The chunks' counts added up: numbers summed, tables summed key by key."""
    whole: dict[str, object] = {}
    for part in parts:
        for key, value in part.items():
            if isinstance(value, Mapping):
                table = whole.setdefault(key, {})
                assert isinstance(table, dict)
                for k, n in value.items():
                    table[k] = table.get(k, 0) + n
            else:
                assert isinstance(value, int)
                had = whole.get(key, 0)
                assert isinstance(had, int)
                whole[key] = had + value
    return whole


class Tally:
    """The meeting point of one test's chunks: a folder every worker of this run sees.

    Each chunk writes its counts there when it has played its games (whole files only: written
    aside, then renamed), then looks for every chunk's file. The last to finish finds them all
    and gets the sum; two finishing at once may both get it, which only checks it twice. A run
    of some chunks only (`-k`, a failure in another) checks each chunk's own games move by move
    but not the limits over the whole test."""

    def __init__(self, folder: Path, test: str, chunks: int) -> None:
        self.folder, self.test, self.chunks = folder, test, chunks

    @classmethod
    def of(cls, request: pytest.FixtureRequest, chunks: int, cut: str = "games") -> Tally:
        """The tally of the requesting test (its name and parameters, less `cut`, the parameter
        that says which chunk it is)."""
        factory: pytest.TempPathFactory = request.getfixturevalue("tmp_path_factory")
        base = factory.getbasetemp()
        # Under xdist each worker's base folder is a subfolder of the run's: the chunks of one
        # test meet in the run's. Either is new for every run, so no earlier run's file is read.
        shared = base.parent if hasattr(request.config, "workerinput") else base
        folder = shared / "tallies"
        folder.mkdir(exist_ok=True)
        node = request.node
        params = getattr(node, "callspec", None)
        named = sorted(
            (k, str(v)) for k, v in (params.params.items() if params else ()) if k != cut
        )
        test = "-".join([node.originalname, *(f"{k}={v}" for k, v in named)])
        return cls(folder, test.replace("/", "_"), chunks)

    def _path(self, chunk: int) -> Path:
        return self.folder / f"{self.test}.{chunk}.json"

    def add(self, chunk: int, counts: Mapping[str, object]) -> Counts | None:
        """Leave this chunk's counts; the sum over every chunk if all have left theirs, else
        None (another chunk is still playing, and will check the sum)."""
        path = self._path(chunk)
        aside = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        aside.write_text(json.dumps(counts), encoding="utf-8")
        os.replace(aside, path)
        parts = list(self._read())
        return added(parts) if len(parts) == self.chunks else None

    def _read(self) -> Iterator[Counts]:
        for chunk in range(self.chunks):
            path = self._path(chunk)
            if not path.exists():
                return
            yield json.loads(path.read_text(encoding="utf-8"))
