"""The TinyDB storage of the session files and the index: reads by path, writes by atomic replace.

Loaded, and TinyDB with it, where a file is decoded or written as data: a move on a long
session, spliced into the bytes its snapshot vouches for, writes through `atomic` alone.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tinydb.storages import Storage

from ..i18n import _

# `atomic`'s writes by the module's names: what replaces them there (a test's full disk) is used.
from . import atomic
from .atomic import _fits, _json
from .reading import read_regular

if TYPE_CHECKING:
    from .atomic import Data


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
        return read_regular(self.path, atomic.MAX_STORED_BYTES)

    def decode(self, raw: bytes) -> Data | None:
        """The data the file's bytes `raw` hold (None for an empty file); ValueError if they
        hold no JSON object or are too large to be read."""
        if len(raw) > atomic.MAX_STORED_BYTES:
            # Never read whole: no session of the notation's 100,000 moves comes near.
            raise ValueError(
                _(
                    "the file is larger than {limit:,} bytes, the limit of a stored "
                    "session or index"
                ).format(limit=atomic.MAX_STORED_BYTES)
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
        payload = atomic.encode(data)
        atomic.write_atomically(self.path, payload)
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
            payload = atomic.encode({**data, table: {**docs, key: doc}})
        self.forget()
        atomic.write_atomically(self.path, payload)
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
