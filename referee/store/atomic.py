"""A TinyDB storage that never leaves a half-written file: every write replaces the whole file."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from ..i18n import _
from .reading import read_regular

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


def write_atomically(path: Path, payload: bytes, durable: bool = True, writer: str = "") -> None:
    """Temp file in the same folder, flush, fsync, `os.replace`, fsync the folder.

    A reader (or a process killed at any instant) sees the old file or the new one, never a mix.
    `durable=False` skips both fsyncs, for caches rebuilt from the files they describe: a
    killed process still leaves the old file or the new one; only a power cut may lose the
    write (or leave an empty file, which reads as damaged and is rebuilt). `writer` goes into
    the temp file's name after the target's (`.NAME.WRITER...tmp`): who may sweep it (`cache`).
    """
    directory = path.parent
    fd, tmp = temp_file(directory, prefix=f".{path.name}.{writer}", suffix=".tmp")
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
        self._encoded: bytes | None = None
        """The bytes on the disk that `self._kept` was read from or written as: `append` adds
        to them."""
        self.raw: bytes | None = None
        """The bytes the last `read` from the disk decoded (for `keep`)."""
        self._next_ids: dict[str, int] = {}
        """The next free document id of each table `append` added to, while `_kept` holds."""

    def read(self) -> Data | None:
        if self._kept is not None:
            return self._kept
        try:
            raw = self.read_bytes()
        except FileNotFoundError:
            return None
        return self.decode(raw)

    def read_bytes(self) -> bytes:
        """The file's bytes, as they are on the disk (FileNotFoundError if there is none)."""
        # Never a named pipe or a device in the file's place: either would hang the reader.
        return read_regular(self.path, MAX_STORED_BYTES)

    def decode(self, raw: bytes) -> Data | None:
        """The data the file's bytes `raw` hold (None for an empty file); ValueError if they
        hold no JSON object or are too large to be read."""
        if len(raw) > MAX_STORED_BYTES:
            # Never read whole: no session of the notation's 100,000 moves comes near.
            raise ValueError(
                _(
                    "the file is larger than {limit:,} bytes, the limit of a stored "
                    "session or index"
                ).format(limit=MAX_STORED_BYTES)
            )
        if not raw.strip():
            return None
        self.raw = raw
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
        self.forget()
        payload = encode(data)
        write_atomically(self.path, payload)
        if self._keep:
            self._kept, self._encoded = data, payload

    def append(self, table: str, doc: dict[str, Any]) -> int:
        """Add `doc` to `table` under the next free id (as TinyDB's `insert` would) and write
        the whole file atomically and durably, as `write` does; the id.

        The lock holder's storage (`keep_written`) keeps the bytes it last read or wrote:
        when `table` is the file's last table and those bytes begin and end as `encode` writes
        them (`_fits`), the new file is those bytes with the one document spliced in before
        the closing braces, and reads back as encoding the whole data again would (compact
        JSON of a dict whose last value is a dict ends in `}}`). A move on a long session so
        costs no encoding of its whole log. Nothing else is saved: the same bytes go through
        the same temp file, fsync, rename and folder sync.
        """
        data = self.read() or {}
        docs = data.get(table)
        if docs is None:
            docs = {}
        doc_id = self._next_ids.get(table)
        if doc_id is None:
            doc_id = max((int(key) for key in docs), default=0) + 1
        key = str(doc_id)
        doc = dict(doc)
        encoded = self._encoded if self._kept is data else None
        if (
            encoded is not None
            and data
            and next(reversed(data)) == table
            and _fits(encoded, data, table)
        ):
            comma = b"," if docs else b""
            payload = b"".join((encoded[:-2], comma, _json(key), b":", _json(doc), b"}}"))
        else:
            payload = encode({**data, table: {**docs, key: doc}})
        self.forget()
        write_atomically(self.path, payload)
        if self._keep:
            # The data read (or written) last, and the document now on the disk with it.
            docs[key] = doc
            data[table] = docs
            self._kept, self._encoded = data, payload
            self._next_ids[table] = doc_id + 1
        return doc_id

    def keep(self, data: Data, raw: bytes | None = None) -> None:
        """What the lock holder just read from the file (`data`, decoded from the bytes `raw`):
        the next read need not decode it again, nor the next `append` encode it (only with
        `keep_written`)."""
        if self._keep:
            self.forget()
            self._kept, self._encoded = data, raw

    @property
    def encoded(self) -> bytes | None:
        """The bytes on the disk as this storage last read or wrote them, if it keeps them."""
        return self._encoded if self._kept is not None else None

    def forget(self) -> None:
        """Read from the disk next time."""
        self._kept = self._encoded = None
        self._next_ids = {}

    def close(self) -> None:
        self.forget()


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
