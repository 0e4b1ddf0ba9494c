"""The sessions index: one row per session for the list, derived from the session files.

The index is a cache. Each row carries the fingerprint of the session file it was made from;
a row whose file changed, a file without a row and a row without a file are all settled in
favour of the files (see `SessionService.list`). A damaged index is set aside and rebuilt.
"""

from __future__ import annotations

import contextlib
from typing import Any

from tinydb import TinyDB

from ..i18n import _
from . import locks
from .atomic import encode, write_atomically
from .json_storage import AtomicJSONStorage
from .paths import Layout
from .quarantine import set_aside

INDEX_SCHEMA = 1
META, SESSIONS = "meta", "sessions"
# Index writers wait this long for each other; past it the write is skipped, as the next list
# rebuilds whatever is missing.
_LOCK_WAIT = 2.0

Row = dict[str, Any]


class SessionIndex:
    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.path = layout.index

    def load(self) -> tuple[dict[str, Row], str | None]:
        """Rows by session id, and a warning if the index was damaged (and set aside)."""
        if not self.path.exists():
            return {}, None
        try:
            db = TinyDB(self.path, storage=AtomicJSONStorage)
            schemas = {doc.get("schema") for doc in db.table(META).all()}
            if schemas != {INDEX_SCHEMA}:
                raise ValueError(
                    _("unknown index format {schemas}").format(schemas=sorted(map(str, schemas)))
                )
            rows = {}
            for doc in db.table(SESSIONS).all():
                if not isinstance(doc.get("id"), str):
                    raise ValueError(_("a row without a session id"))
                rows[doc["id"]] = dict(doc)
        except FileNotFoundError:
            return {}, None
        except (ValueError, UnicodeDecodeError, AttributeError, TypeError) as exc:
            return {}, self._set_aside(str(exc) or type(exc).__name__)
        except OSError as exc:
            return {}, _(
                "the sessions index could not be read ({reason}); the session files "
                "were read instead"
            ).format(reason=exc.strerror or exc)
        return rows, None

    def _set_aside(self, reason: str) -> str:
        try:
            target = set_aside(self.path, self.layout.quarantine, reason)
        except OSError as exc:
            return _(
                "the sessions index could not be read ({reason}) and was rebuilt ({error})"
            ).format(reason=reason, error=exc)
        return _(
            "the sessions index could not be read ({reason}); it was moved to {target} and "
            "rebuilt from the session files"
        ).format(reason=reason, target=target)

    def save(self, rows: dict[str, Row]) -> bool:
        """Replace the whole index; False if another process held it too long or the disk failed."""
        try:
            with locks.FileLock(self.layout.index_lock, timeout=_LOCK_WAIT):
                self._write(rows)
        except (locks.Timeout, OSError):
            return False
        return True

    def put(self, sid: str, row: Row | None) -> bool:
        """Insert or replace one session's row, or drop it (None); False if skipped."""
        try:
            self.layout.ensure()
            with locks.FileLock(self.layout.index_lock, timeout=_LOCK_WAIT):
                rows, _warning = self.load()
                if row is None:
                    rows.pop(sid, None)
                else:
                    rows[sid] = {**row, "id": sid}
                self._write(rows)
        except (locks.Timeout, OSError):
            return False
        return True

    def sweep(self) -> None:
        """Remove temp files of index writers that were killed (none is at work while the
        index lock is free)."""
        stale = list(self.path.parent.glob(f".{self.path.name}.*.tmp"))
        if not stale:
            return
        with (
            contextlib.suppress(locks.Timeout, OSError),
            locks.FileLock(self.layout.index_lock, timeout=0),
        ):
            for path in stale:
                with contextlib.suppress(OSError):
                    path.unlink()

    def _write(self, rows: dict[str, Row]) -> None:
        # One atomic write of the whole snapshot, in TinyDB's layout (tables of documents by
        # id); TinyDB itself would need one write per changed row.
        data = {
            META: {"1": {"schema": INDEX_SCHEMA}},
            SESSIONS: {str(i): row for i, row in enumerate(rows.values(), 1)},
        }
        # Not synced: the index is a cache that `list` checks against the files' fingerprints and
        # rebuilds, so recording a move pays for syncing the session file alone.
        write_atomically(self.path, encode(data), durable=False)
        # Holding the index lock, no other writer's temp file can be in flight: any left are
        # from a process that was killed mid-write.
        for stale in self.path.parent.glob(f".{self.path.name}.*.tmp"):
            with contextlib.suppress(OSError):
                stale.unlink()
