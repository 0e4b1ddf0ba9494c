"""Snapshots of a replayed session: its state after the last move, cached between commands.

Replaying a session of thousands of moves takes longer than a command on it should (the
command line's `move`, `undo` and `show` open the session each time). The state the replay
ends in is kept in the user's cache folder, beside the state before the last move (what
`undo` goes back to), and used when the session's header and moves are exactly those it was
made from, by this very version of the referee. The session file stays the only record: a
missing, stale or unreadable snapshot is ignored and the session replayed.

The states are pickled (the engine's own objects, a few kilobytes). Unpickling runs code named
in the data, so a snapshot is only read from the user's private cache (`store.cache`), and
the reader accepts nothing but the engine's classes.
"""

from __future__ import annotations

import copyreg
import functools
import hashlib
import io
import json
import os
import pickle
from collections.abc import Iterable
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple

from .. import __version__
from ..engine.cards import UNSEEN, Card, card
from ..engine.messages import CATALOGUE
from ..engine.state import Game, Setup
from ..store.cache import cache_path, discard, read_private, write_private

SNAPSHOT_MIN_MOVES = 300
"""Shorter sessions replay in a few milliseconds: not worth a file."""

FORMAT = 1
_KIND = "snapshots"


class Snapshot(NamedTuple):
    end: Game
    """The state after the last move."""
    before: Game | None
    """The state before it (None if unknown)."""


def moves_digest(sid: str, tags: Any, texts: Iterable[str]) -> str:
    """What a snapshot must have been made from: the session, its header and its moves."""
    digest = hashlib.sha256()
    digest.update(json.dumps([sid, tags], sort_keys=True, ensure_ascii=False).encode())
    for text in texts:
        digest.update(b"\n" + text.encode())
    return digest.hexdigest()


@functools.cache
def code_stamp() -> str:
    """This version of the referee: its version and every source file's size and time, so a
    changed engine never reads another's states."""
    root = Path(__file__).resolve().parents[1]
    parts = [__version__]
    for folder, _dirs, files in sorted(os.walk(root)):
        for name in sorted(files):
            if name.endswith(".py"):
                st = os.stat(os.path.join(folder, name))
                parts.append(f"{os.path.relpath(folder, root)}/{name}:{st.st_size}:"
                             f"{st.st_mtime_ns}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def load(source: Path, digest: str, setup: Setup) -> Snapshot | None:
    """The snapshot of the session file `source` whose moves give `digest`, or None."""
    path = cache_path(_KIND, source)
    raw = read_private(path)
    if raw is None:
        return None
    head, _, body = raw.partition(b"\n")
    try:
        if json.loads(head) != _head(digest):
            return None
        end, before = _Reader(io.BytesIO(body), setup).load()
    except Exception:  # a damaged or foreign snapshot: any failure at all means "replay"
        discard(path)
        return None
    if not isinstance(end, Game) or not (before is None or isinstance(before, Game)):
        return None
    return Snapshot(end, before)


def save(source: Path, digest: str, snapshot: Snapshot) -> None:
    """Keep the states for the next command (a cache: failures are ignored)."""
    stream = io.BytesIO()
    stream.write(json.dumps(_head(digest)).encode() + b"\n")
    try:
        _Writer(stream, snapshot.end.setup).dump((snapshot.end, snapshot.before))
    except (pickle.PicklingError, TypeError, AttributeError):
        return  # a state this format cannot hold (a new kind of value): replay next time
    write_private(cache_path(_KIND, source), stream.getvalue())


def _head(digest: str) -> dict[str, Any]:
    return {"format": FORMAT, "code": code_stamp(), "moves": digest}


def _mapping(items: dict[Any, Any]) -> MappingProxyType[Any, Any]:
    return MappingProxyType(items)


class _Writer(pickle.Pickler):
    # The shared session rules, interned cards and catalogue messages are written as
    # references and looked up again on reading, so identity checks still hold.
    dispatch_table = copyreg.dispatch_table.copy()
    dispatch_table[MappingProxyType] = lambda m: (_mapping, (dict(m),))

    def __init__(self, stream: io.BytesIO, setup: Setup) -> None:
        super().__init__(stream, protocol=pickle.HIGHEST_PROTOCOL)
        self._setup = setup

    def persistent_id(self, obj: Any) -> Any:
        if obj is self._setup:
            return ("setup",)
        if type(obj) is Card:
            return ("card", None if obj is UNSEEN else obj.code)
        if callable(obj) and hasattr(obj, "template"):
            return ("message", obj.key)
        return None


_ALLOWED_MODULES = ("referee.engine.", "referee.editions.", "referee.house.")


class _Reader(pickle.Unpickler):
    def __init__(self, stream: io.BytesIO, setup: Setup) -> None:
        super().__init__(stream)
        self._setup = setup

    def persistent_load(self, pid: Any) -> Any:
        match pid:
            case ("setup",):
                return self._setup
            case ("card", None):
                return UNSEEN
            case ("card", str(code)):
                return card(code)
            case ("message", str(key)):
                return CATALOGUE[key]
        raise pickle.UnpicklingError(f"unknown reference {pid!r}")

    def find_class(self, module: str, name: str) -> Any:
        # Only the engine's own classes (and the one helper above) may be named: nothing that
        # could act on the system when called.
        if (module, name) == (__name__, "_mapping"):
            return _mapping
        if (module, name) in {("builtins", "frozenset"), ("builtins", "set")}:
            return super().find_class(module, name)
        if module.startswith(_ALLOWED_MODULES):
            found = super().find_class(module, name)
            if isinstance(found, type):
                return found
        raise pickle.UnpicklingError(f"{module}.{name} is not allowed in a snapshot")
