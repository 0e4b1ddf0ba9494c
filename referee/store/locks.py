"""The OS file locks writers take: `FileLock(path, timeout)` on `<name>.lock`, and `Timeout`.

An exclusive lock on an open lock file: `fcntl.flock` on POSIX, `msvcrt.locking` of its first
byte on Windows. The OS drops it when the holder's process ends, so no lock goes stale, and
two opens of the same file (two processes, or two locks in one) exclude each other. The lock
file stays in place on release, so that every waiter locks the same file.

Written here rather than taken from `filelock`: a command that records one move (scripts call
`move` once a move) must start in a few tens of milliseconds, and importing filelock loads
logging, threading, inspect and more, which cost more than the whole move. What the referee
needs is the two system calls above, a deadline and a check that the file locked is still the
one at the path.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
import time
from types import TracebackType

_POLL = 0.05
"""Seconds between tries while waiting for a lock another process holds."""

_BUSY = frozenset({errno.EACCES, errno.EAGAIN, errno.EWOULDBLOCK, errno.EDEADLK})
"""What a refused try says: held by another (some file systems answer EACCES)."""


class Timeout(TimeoutError):
    """The lock was held by another process for longer than the timeout."""

    def __init__(self, path: str) -> None:
        super().__init__(f"the lock {path} is held by another process")
        self.lock_file = path


if sys.platform == "win32":  # pragma: no cover - Windows
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError as exc:
            if exc.errno in _BUSY:
                return False
            raise
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            if exc.errno in _BUSY:
                return False
            raise
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


class FileLock:
    """An exclusive lock on the file `path` (created if missing). `timeout`: seconds to wait
    for another holder (0: one try; negative: wait for as long as it takes); Timeout past it.
    Use it in `with`, or `acquire` and `release`; taking it again while held is a no-op."""

    def __init__(self, path: str | os.PathLike[str], timeout: float = -1) -> None:
        self.lock_file = os.fspath(path)
        self.timeout = timeout
        self._fd: int | None = None

    @property
    def is_locked(self) -> bool:
        return self._fd is not None

    def acquire(self) -> FileLock:
        if self._fd is not None:
            return self
        deadline = None if self.timeout < 0 else time.monotonic() + self.timeout
        while True:
            fd = os.open(self.lock_file, os.O_RDWR | os.O_CREAT, 0o644)
            try:
                locked = _try_lock(fd)
                if locked and _still_there(fd, self.lock_file):
                    self._fd = fd
                    return self
            except BaseException:
                os.close(fd)
                raise
            os.close(fd)
            if locked:
                continue  # its holder removed the file we locked: lock the one there now
            if deadline is not None and time.monotonic() >= deadline:
                raise Timeout(self.lock_file)
            time.sleep(_POLL)

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is None:
            return
        try:
            _unlock(fd)
        finally:
            os.close(fd)

    def __enter__(self) -> FileLock:
        return self.acquire()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.release()

    def __del__(self) -> None:
        # A lock dropped without `release` (a bug) still frees its file descriptor.
        # At interpreter exit `os` may be half torn down: the OS frees the lock with the process.
        if self._fd is not None:
            with contextlib.suppress(Exception):
                self.release()


def _still_there(fd: int, path: str) -> bool:
    """Whether the file locked through `fd` is still the one at `path`: a holder may remove its
    lock file (`sweep_leftovers` does, for a session that was never written) while another
    process waits on the old one; locking a removed file would lock nothing. Windows cannot
    remove an open file, and its locks count by handle: nothing to check there."""
    if sys.platform == "win32":  # pragma: no cover - Windows
        return True
    try:
        here = os.stat(path)
    except FileNotFoundError:
        return False
    mine = os.fstat(fd)
    return (here.st_dev, here.st_ino) == (mine.st_dev, mine.st_ino)
