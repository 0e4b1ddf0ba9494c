"""Writes that never leave a half-written file: every write replaces the whole file (the session
files' TinyDB storage, `json_storage`, writes through here)."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import sys
import time

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any, TypeAlias

    Data: TypeAlias = dict[str, dict[str, Any]]

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


_TEMP_FLAGS = (
    os.O_RDWR
    | os.O_CREAT
    | os.O_EXCL
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)
_TEMP_TRIES = 100


def temp_file(directory: str | os.PathLike[str], prefix: str, suffix: str) -> tuple[int, str]:
    """A new file in `directory`, `prefix`, 16 random hex digits and `suffix` for its name,
    created only if no file has that name and readable and writable by its owner only (0600):
    its descriptor, open for writing, and its absolute path.

    What `tempfile.mkstemp` gives, without tempfile: it loads shutil (with bz2, lzma and zlib)
    and random, a tenth of a `move`, which writes through here once or twice."""
    folder = os.path.abspath(directory)
    for _try in range(_TEMP_TRIES):
        name = os.path.join(folder, f"{prefix}{os.urandom(8).hex()}{suffix}")
        try:
            return os.open(name, _TEMP_FLAGS, 0o600), name
        except FileExistsError:
            continue
        except PermissionError:
            # Windows says so for a name an entry is being deleted under: another name may do.
            if sys.platform == "win32" and os.path.isdir(folder) and os.access(folder, os.W_OK):
                continue
            raise
    raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), folder)


MAX_STORED_BYTES = 64_000_000
"""A stored session of 100,000 moves (the notation's limit) is about 12 MB."""


def write_atomically(
    path: str | Path, payload: bytes, durable: bool = True, writer: str = ""
) -> None:
    """Temp file in the same folder, flush, fsync, `os.replace`, fsync the folder.

    A reader (or a process killed at any instant) sees the old file or the new one, never a mix.
    `durable=False` skips both fsyncs, for caches rebuilt from the files they describe: a
    killed process still leaves the old file or the new one; only a power cut may lose the
    write (or leave an empty file, which reads as damaged and is rebuilt). `writer` goes into
    the temp file's name after the target's (`.NAME.WRITER...tmp`): who may sweep it (`cache`).
    """
    folder, name = os.path.split(os.fspath(path))
    directory = folder or os.curdir
    fd, tmp = temp_file(directory, prefix=f".{name}.{writer}", suffix=".tmp")
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
    return _json(data)


def _fits(encoded: bytes, data: Data, table: str) -> bool:
    """Whether `encoded` (the bytes `data` was read from or written as) is
    `{<the other tables>,"<table>":{...,<its last document>}}` with the other tables and the
    last document as `encode` writes them, `table` being the last: then `table`'s object
    closes just before the final brace, and a document spliced in there is in `table`. Bytes
    from the disk may be spaced out or come from another program; the checks cost the encoding
    of the header and of one document."""
    others = {key: value for key, value in data.items() if key != table}
    head = b"".join((_json(others)[:-1], b"," if others else b"", _json(table), b":{"))
    docs = data[table]
    if not docs:
        return encoded == head + b"}}"
    last = next(reversed(docs))
    tail = b"".join((_json(last), b":", _json(docs[last]), b"}}"))
    return (
        len(encoded) >= len(head) + len(tail)
        and encoded.startswith(head)
        and encoded.endswith(tail)
    )


def _json(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
