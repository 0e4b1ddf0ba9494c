"""Small documents kept whole (the settings file, the league book): each changed under a lock
file beside it, read back under that lock, and swept of what a killed writer left."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator

from .leftovers import leftovers, remove_leftovers

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    from pathlib import Path


def lock_path(path: str | Path) -> Path:
    """The writers' lock of the document at `path`: `<name>.lock` beside it."""
    from pathlib import Path

    return Path(_lock_name(path))


def _lock_name(path: str | Path) -> str:
    # By name: every command sweeps the settings file, which needs no pathlib.
    return os.fspath(path) + ".lock"


@contextlib.contextmanager
def changing(path: str | Path, wait: float) -> Iterator[None]:
    """Hold the document's lock for one read-modify-write, creating its folder first.

    Two writers that each read, change and write the whole file would otherwise lose one
    change. locks.Timeout if another process holds the lock longer than `wait` seconds; an
    OSError if the folder or the lock file cannot be made. Temp files of a writer that was
    killed are removed on the way in: while the lock is held no writer's can be in flight."""
    from . import locks  # here: every command sweeps the settings file, few change it

    os.makedirs(os.path.dirname(path) or os.curdir, exist_ok=True)
    with locks.FileLock(_lock_name(path), timeout=wait):
        remove_leftovers(path)
        yield


def sweep(path: str | Path) -> None:
    """Remove the temp files a killed writer of `path` left, if no writer holds its lock now;
    never waits, and costs one scan of the folder when there are none."""
    if not leftovers(path):
        return
    from . import locks

    with contextlib.suppress(locks.Timeout, OSError), locks.FileLock(_lock_name(path), timeout=0):
        remove_leftovers(path)
