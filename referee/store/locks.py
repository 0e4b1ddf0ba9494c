"""The OS file locks writers take, loaded on first use (`locks.FileLock`, `locks.Timeout`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

# filelock wraps fcntl.flock on POSIX and msvcrt.locking on Windows behind one API; the de facto
# standard cross-platform lock (used by pip, virtualenv, tox), maintained under tox-dev. It is
# imported when a lock is first taken: it loads logging, threading and more, and a command that
# only reads a session takes no lock.
if TYPE_CHECKING:
    from filelock import FileLock as FileLock
    from filelock import Timeout as Timeout
else:

    def __getattr__(name: str) -> Any:
        if name in ("FileLock", "Timeout"):
            import filelock

            return getattr(filelock, name)
        raise AttributeError(name)
