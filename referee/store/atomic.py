"""A TinyDB storage that never leaves a half-written file: every write replaces the whole file."""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from ..i18n import _

Data = dict[str, dict[str, Any]]

# Windows refuses to replace a file that a reader has open at that instant; readers hold it for
# milliseconds, so a few short retries get through.
_REPLACE_TRIES = 20
_REPLACE_PAUSE = 0.025


def fsync_dir(directory: str | os.PathLike[str]) -> None:
    """Make a rename in `directory` durable (POSIX); Windows has no directory handles to sync."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def replace(source: str, target: str) -> None:
    for attempt in range(_REPLACE_TRIES):
        try:
            os.replace(source, target)
            return
        except PermissionError:
            if sys.platform != "win32" or attempt == _REPLACE_TRIES - 1:
                raise
            time.sleep(_REPLACE_PAUSE)


MAX_STORED_BYTES = 64_000_000
"""A stored session of 100,000 moves (the notation's limit) is about 12 MB."""


def write_atomically(path: Path, payload: bytes, durable: bool = True) -> None:
    """Temp file in the same folder, flush, fsync, `os.replace`, fsync the folder.

    A reader (or a process killed at any instant) sees the old file or the new one, never a mix.
    `durable=False` skips both fsyncs, for caches rebuilt from the files they describe: a
    killed process still leaves the old file or the new one; only a power cut may lose the
    write (or leave an empty file, which reads as damaged and is rebuilt).
    """
    directory = path.parent
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
            fh.flush()
            if durable:
                os.fsync(fh.fileno())
        replace(tmp, os.fspath(path))
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    if durable:
        fsync_dir(directory)


def encode(data: Data) -> bytes:
    # Compact: the file is rewritten on every move, so its size is the cost of a move.
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


class AtomicJSONStorage(Storage):
    """TinyDB storage: reads by path every time, writes by atomic replace.

    TinyDB's own JSONStorage rewrites the file in place, so a crash mid-write leaves a broken
    file, and it keeps a handle that goes stale when another process replaces the file.

    `keep_written=True` is for the holder of the session's writer lock only: with no other
    writer, the data it last wrote is the file's content, so reads skip the disk. Writes are
    never deferred (unlike TinyDB's CachingMiddleware).
    """

    def __init__(self, path: str | os.PathLike[str], keep_written: bool = False) -> None:
        super().__init__()
        self.path = Path(path)
        self._keep = keep_written
        self._kept: Data | None = None

    def read(self) -> Data | None:
        if self._kept is not None:
            return self._kept
        try:
            with open(self.path, "rb") as stream:
                raw = stream.read(MAX_STORED_BYTES + 1)
        except FileNotFoundError:
            return None
        if len(raw) > MAX_STORED_BYTES:
            # Never read whole: no session of the notation's 100,000 moves comes near.
            raise ValueError(_("the file is larger than {limit:,} bytes, the limit of a stored "
                               "session or index").format(limit=MAX_STORED_BYTES))
        if not raw.strip():
            return None
        try:
            data = json.loads(raw.decode("utf-8"))
        except RecursionError:
            # json recurses per nesting level: a forged file must not crash the reader.
            raise ValueError(_("the JSON nests too deeply to be a session or an index")) from None
        if not isinstance(data, dict):
            raise ValueError(_("the file does not hold a JSON object"))
        if self._keep:
            self._kept = data
        return data

    def write(self, data: Data) -> None:
        # TinyDB changes the dict it read before writing it back: if the write fails, what was
        # kept no longer matches the disk.
        self._kept = None
        write_atomically(self.path, encode(data))
        if self._keep:
            self._kept = data

    def keep(self, data: Data) -> None:
        """What the lock holder just read from the file: the next read need not decode it again
        (only with `keep_written`)."""
        if self._keep:
            self._kept = data

    def forget(self) -> None:
        """Read from the disk next time."""
        self._kept = None

    def close(self) -> None:
        self._kept = None
