"""The temp files an atomic writer (`atomic.write_atomically`) left when it was killed
mid-write: found by a scan of the folder, removed by the holder of the file's writer lock."""

from __future__ import annotations

import contextlib
import os

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    from pathlib import Path


def leftovers(path: str | Path) -> list[str]:
    """The temp files `write_atomically(path, ...)` left behind when killed mid-write, and any
    a writer is using now: only the holder of the file's writer lock may remove them."""
    folder, name = os.path.split(path)
    prefix = f".{name}."
    try:
        # A plain scan: glob would match a pattern against every file of a big collection.
        with os.scandir(folder or os.curdir) as entries:
            return [
                entry.path
                for entry in entries
                if entry.name.startswith(prefix) and entry.name.endswith(".tmp")
            ]
    except OSError:
        return []


def remove_leftovers(path: str | Path) -> None:
    """Remove the temp files of writers of `path` that were killed (the caller holds its writer
    lock, so no writer of it is at work)."""
    for name in leftovers(path):
        with contextlib.suppress(OSError):
            os.unlink(name)
