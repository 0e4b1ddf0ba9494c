"""One session's file: its header and append-only move log in TinyDB, one writer at a time.

Layout (TinyDB tables): `meta` holds one document {schema, id, uid, created, tags}; `log` holds
the entries described in `store.log`. The writer holds an OS lock on `<id>.lock` beside the file
for as long as the session is open; the OS drops it when the process dies, so no lock goes stale.

`id` is the short local alias people type; `uid` names the session on every machine (a UUIDv7,
`store.chain`). A file made before sessions had one gets it the first time it is opened for
recording, in one atomic write of the whole file (its log unchanged). Every entry written since
carries its `hash`, chaining it to the entry before, from `chain.genesis(uid, tags)`.
"""

from __future__ import annotations

import contextlib
import json
import os
import time

from ..i18n import _
from . import atomic, chain, documents, locks, log
from .atomic import _fits, encode, fsync_dir, write_atomically
from .errors import (
    NewerSchema,
    ReadOnly,
    SaveFailed,
    SessionCorrupt,
    SessionError,
    SessionLocked,
    SessionNotFound,
)
from .leftovers import remove_leftovers
from .paths import Layout, normal_id
from .quarantine import set_aside
from .reading import read_regular
from .resume import Resume, fits, spliced
from .tags import header_of

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

    # TinyDB is the project's document store: one small JSON file per session, no server. Its
    # storage is loaded when a file is decoded or written as data, not for a move spliced
    # into a long session's bytes (`_append_spliced`).
    from .json_storage import AtomicJSONStorage

SCHEMA_VERSION = 1
META, LOG = "meta", "log"

Fingerprint = tuple[int, int, int]


class Damaged(ValueError):
    """The file cannot be used as a session: not JSON, missing parts, a broken log."""


def now() -> str:
    """UTC time as ISO 8601 with milliseconds and a Z (`2025-03-06T19:00:00.000Z`)."""
    # What `datetime.now(UTC).isoformat(timespec="milliseconds")` writes, without loading
    # datetime for it (a move stamps its entry; nothing else of a move needs a date).
    seconds, nanoseconds = divmod(time.time_ns(), 1_000_000_000)
    t = time.gmtime(seconds)
    return (
        f"{t.tm_year:04d}-{t.tm_mon:02d}-{t.tm_mday:02d}T"
        f"{t.tm_hour:02d}:{t.tm_min:02d}:{t.tm_sec:02d}.{nanoseconds // 1_000_000:03d}Z"
    )


def fingerprint(path: str | Path) -> Fingerprint | None:
    """Changes whenever the file is replaced (a new inode every write); None if missing."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def decode(sid: str, data: Any) -> tuple[dict[str, Any], list[dict[str, Any]], log.Moves]:
    """The meta document, the ordered log entries and the moves in force they give; Damaged or
    NewerSchema if unusable."""
    if data is None:
        raise Damaged(_("the file is empty"))
    metas = data.get(META)
    if not isinstance(metas, dict) or len(metas) != 1:
        raise Damaged(_("the header record is missing"))
    meta = next(iter(metas.values()))
    if not isinstance(meta, dict):
        raise Damaged(_("the header record is malformed"))
    schema = meta.get("schema")
    if type(schema) is int and schema > SCHEMA_VERSION:
        raise NewerSchema(
            _(
                "session {id} was written by a newer uno-referee (file format "
                "{schema}; this version reads {version}); upgrade to open it. The "
                "file was left as it is."
            ).format(id=sid, schema=schema, version=SCHEMA_VERSION)
        )
    if schema != SCHEMA_VERSION:
        raise Damaged(_("unknown file format {schema!r}").format(schema=schema))
    if "uid" in meta and not chain.is_uid(meta["uid"]):
        raise Damaged(_("the session's global id {uid!r} is malformed").format(uid=meta["uid"]))
    docs = data.get(LOG, {})
    if not isinstance(docs, dict) or not all(isinstance(d, dict) for d in docs.values()):
        raise Damaged(_("the move log is malformed"))
    try:
        header_of(meta.get("tags"))
        entries = log.ordered(docs.values())
        moves = log.effective(entries)
    except ValueError as exc:  # LogError and bad tags
        raise Damaged(str(exc)) from None
    return meta, entries, moves


class SessionFile:
    """An open session file: `meta`, `entries` in seq order, and `append` for the writer.

    Opened with a `Resume` of its very bytes (a long session's, kept with its snapshot), the
    file is not decoded: `count`, `last_move`, `last_seq` and `last_summary` come from the
    Resume, and a move is appended to the bytes read; `entries` and `moves` decode the file
    when first asked for."""

    def __init__(self, layout: Layout, sid: str, lock: locks.FileLock | None) -> None:
        self.layout = layout
        self.id = sid
        # By name: a move on a long session loads no pathlib (see `referee.store.paths`).
        self.path = layout.session_file(sid)
        self._lock = lock
        self.meta: dict[str, Any] = {}
        self._entries: list[dict[str, Any]] = []
        self._moves = log.Moves()
        self.seen: Fingerprint | None = None
        self._writer = False
        """Whether this holds the session's lock, to record."""
        self._storage: AtomicJSONStorage | None = None
        """The writer's storage, made when first needed (`_store`)."""
        self._data: dict[str, Any] | None = None
        self._raw: bytes | None = None
        self._bytes: bytes | None = None
        """The file's content as last read or written here (None if not known)."""
        self._next_key = 1
        """The log table's next free key in `_bytes`."""
        self._splices = False
        """Whether `_bytes` are as `atomic.encode` writes them, the log table last."""
        self._last_doc: tuple[str, dict[str, Any]] | None = None
        """The log table's last key in `_bytes` and its document."""
        self._resume: Resume | None = None
        """Set while the file is open from a Resume of its bytes, not decoded."""

    # Opening ---------------------------------------------------------------------------------

    @classmethod
    def open(
        cls, layout: Layout, sid: str, *, write: bool, resume: Resume | None = None
    ) -> SessionFile:
        """Load the session; with `write`, take its lock first (SessionLocked if taken).
        `resume`: what a snapshot says the log comes to, used if the file's bytes are the
        ones it describes (`resumed`)."""
        path = layout.session_file(sid)
        if not os.path.exists(path):
            raise SessionNotFound(_not_found(layout, sid))
        lock = _take(layout, sid) if write else None
        if write and resume is not None and "uid" not in resume.meta:
            resume = None  # the file gets its uid now, so its bytes change: read them
        self = cls(layout, sid, lock)
        try:
            if not os.path.exists(path):
                raise SessionNotFound(_not_found(layout, sid))
            self._load(resume)
        except BaseException:
            self.close()
            raise
        if write:
            self._writer = True
            if self._data is not None:
                # Read under the lock, so it is the file's content: the first append need not
                # read and decode the whole file a second time, nor encode it.
                self._store().keep(self._data, self._raw)
            _sweep(path)
            if self.uid is None:
                self._name()
        self._data = self._raw = None
        return self

    def _name(self) -> None:
        """Give a file made before sessions had a global id its uid: the whole file written
        once, atomically and durably, with the uid added to its header and its log as it was.
        If the disk refuses, the file stays as it was and the next write carries the uid."""
        assert self._writer  # only the writer names a file
        storage = self._store()
        data = storage.read() or {}
        metas = dict(data.get(META) or {})
        key = next(iter(metas), "1")
        meta = {**metas.get(key, self.meta), "uid": chain.new_uid()}
        try:
            storage.write({**data, META: {key: meta}})
        except OSError:
            storage.forget()
            return
        self.meta = meta
        self._note(storage.read(), storage.encoded)
        self.seen = fingerprint(self.path)

    def _load(self, resume: Resume | None = None) -> None:
        self.seen = fingerprint(self.path)
        self._resume = None
        try:
            # Never a named pipe or a device in the file's place: either would hang the reader.
            raw = read_regular(self.path, atomic.MAX_STORED_BYTES)
            if resume is not None and self._resumes(raw, resume):
                return
            self._decode(raw)
        except FileNotFoundError:
            raise SessionNotFound(_("session {id} was deleted").format(id=self.id)) from None
        except (Damaged, ValueError, UnicodeDecodeError, AttributeError) as exc:
            self._set_aside(_reason(exc))
        except OSError as exc:
            raise SessionError(
                _("could not read session {id}: {reason} ({path})").format(
                    id=self.id, reason=exc.strerror or exc, path=self.path
                )
            ) from None

    def _resumes(self, raw: bytes, resume: Resume) -> bool:
        """Open from `resume` if it describes the bytes `raw` (and they hold a header this
        version reads); False to decode them."""
        import hashlib  # a long session's snapshot (whose module loads it too) brings a Resume

        if (
            resume.meta.get("schema") != SCHEMA_VERSION
            or ("uid" in resume.meta and not chain.is_uid(resume.meta["uid"]))
            or len(raw) > atomic.MAX_STORED_BYTES
            or hashlib.sha256(raw).hexdigest() != resume.sha
            or not fits(raw, resume)
        ):
            return False
        self.meta, self._resume = resume.meta, resume
        self._bytes, self._next_key, self._splices = raw, resume.next_key, True
        return True

    def _decode(self, raw: bytes) -> None:
        from .json_storage import AtomicJSONStorage

        data = AtomicJSONStorage(self.path).decode(raw)
        self.meta, self._entries, self._moves = decode(self.id, data)
        self._data, self._raw = data, raw
        self._note(data, raw)

    def _note(self, data: dict[str, Any] | None, raw: bytes | None) -> None:
        """The file's content is now `raw`, which holds `data` (for `resume`)."""
        self._bytes = raw
        docs = (data or {}).get(LOG) or {}
        self._next_key = max(map(int, docs), default=0) + 1
        last = next(reversed(docs), None)
        self._last_doc = None if last is None else (last, docs[last])
        self._splices = (
            raw is not None
            and data is not None
            and next(reversed(data)) == LOG
            and _fits(raw, data, LOG)
        )

    def _decoded(self) -> None:
        """Decode the file's bytes, if it was opened from a Resume (`entries`, `moves`)."""
        if self._resume is None:
            return
        raw = self._bytes
        assert raw is not None  # kept with the Resume
        self._resume = None
        try:
            self._decode(raw)
        except (Damaged, ValueError, UnicodeDecodeError, AttributeError):
            # Bytes a Resume was made from decode (their hash is its); should these not, the
            # file is read again as any other, and set aside if it is damaged.
            self._load()
        if self._writer and self._data is not None:
            self._store().keep(self._data, self._raw)
        self._data = self._raw = None

    @property
    def uid(self) -> str | None:
        """The session's global id (None for a file not yet opened for recording since
        sessions have one)."""
        uid = self.meta.get("uid")
        return uid if isinstance(uid, str) else None

    def chained(self) -> list[dict[str, Any]]:
        """The log's entries in seq order, each with its hash, the whole chain verified from
        `chain.genesis(uid, tags)`: ChainBroken at the first entry that does not follow (reading
        does not verify it: it costs a hash per entry)."""
        uid = self.uid
        if uid is None:
            raise chain.ChainBroken(
                _(
                    "session {id} has no global id yet; it gets one when it is next "
                    "opened for recording"
                ).format(id=self.id),
                0,
            )
        return chain.chained(uid, self.meta["tags"], self.entries)

    def _previous_hash(self, uid: str) -> str:
        """The hash the next entry chains to, from the decoded log: the last entry's own, or
        (a log written before entries carried one) the chain computed once over the log."""
        try:
            return chain.last_hash(uid, self.meta["tags"], self._entries)
        except chain.ChainBroken as exc:
            raise SaveFailed(
                _("session {id} cannot be added to: {reason}; nothing was recorded").format(
                    id=self.id, reason=exc.message
                )
            ) from None

    @property
    def resumed(self) -> bool:
        """Whether the file was opened from a Resume of its bytes and not decoded since."""
        return self._resume is not None

    @property
    def entries(self) -> list[dict[str, Any]]:
        """The log's entries in seq order."""
        self._decoded()
        return self._entries

    @property
    def moves(self) -> log.Moves:
        """The moves in force the entries give."""
        self._decoded()
        return self._moves

    @property
    def count(self) -> int:
        """How many moves are in force."""
        return self._resume.in_force if self._resume is not None else len(self._moves)

    @property
    def last_move(self) -> log.Move | None:
        """The last move in force."""
        if self._resume is not None:
            return self._resume.last
        return self._moves[-1] if self._moves else None

    def last_summary(self) -> dict[str, Any] | None:
        """The summary of the last entry that has one."""
        if self._resume is not None:
            return self._resume.summary
        return log.last_summary(self._entries)

    def resume(self) -> Resume | None:
        """What the file's log comes to, for its next opening (None if its bytes are not
        known, or not as `atomic.encode` writes them)."""
        if self._resume is not None:
            import hashlib  # see `_resumes`

            assert self._bytes is not None  # kept with the Resume
            return self._resume._replace(sha=hashlib.sha256(self._bytes).hexdigest())
        raw, entries, moves, last = self._bytes, self._entries, self._moves, self._last_doc
        if (
            raw is None
            or not self._splices
            or not moves
            or last is None
            # A log written in seq order, keys counting up (as the referee writes them).
            or last[1] != entries[-1]
            or int(last[0]) + 1 != self._next_key
        ):
            return None
        import hashlib  # see `_resumes`

        return Resume(
            hashlib.sha256(raw).hexdigest(),
            self.meta,
            last[0],
            entries[-1],
            self._next_key,
            len(moves),
            moves[-1],
            dict(moves.undone),
            log.last_summary(entries),
        )

    def _set_aside(self, reason: str) -> None:
        path = self.path
        lock = self._lock
        if lock is None:
            try:
                lock = _take(self.layout, self.id)
            except SessionLocked:
                raise SessionCorrupt(
                    _(
                        "session {id} cannot be read ({reason}); it is open in "
                        "another window, so it was left in place"
                    ).format(id=self.id, reason=reason)
                ) from None
            except SessionError:
                # No lock file can be made: the folder is read-only, so nothing can be moved.
                raise SessionCorrupt(
                    _(
                        "session {id} cannot be read ({reason}); the folder "
                        "cannot be written, so it was left at {path}"
                    ).format(id=self.id, reason=reason, path=path)
                ) from None
        try:
            if lock is not self._lock and _readable(self.id, path):
                # Replaced by a good file between our read and the lock: nothing to set aside.
                self._load()
                return
            target = set_aside(self.layout.session(self.id), self.layout.quarantine, reason)
        except OSError as exc:
            raise SessionCorrupt(
                _(
                    "session {id} cannot be read ({reason}), and it could not be "
                    "moved aside: {error}. It was left at {path}."
                ).format(id=self.id, reason=reason, error=exc.strerror or exc, path=path)
            ) from None
        finally:
            if lock is not self._lock:
                lock.release()
        raise SessionCorrupt(
            _(
                "session {id} cannot be read ({reason}). The file was moved to {target} so that "
                "nothing overwrites it; other sessions are not affected. If you can repair it, "
                "move it back to {path}."
            ).format(id=self.id, reason=reason, target=target, path=path),
            target,
        )

    @classmethod
    def create(
        cls,
        layout: Layout,
        sid: str,
        tags: dict[str, Any],
        entries: list[dict[str, Any]],
        created: str | None = None,
        imported: str | None = None,
    ) -> None:
        """Write a new session file in one atomic write; FileExistsError if the id is taken.
        `imported` is the fingerprint of the `.uno` content it was imported from."""
        layout.ensure()
        try:
            lock = _take(layout, sid)
        except SessionLocked:
            raise FileExistsError(sid) from None
        try:
            path = layout.session(sid)
            if path.exists():
                raise FileExistsError(sid)
            uid = chain.new_uid()
            meta: dict[str, Any] = {
                "schema": SCHEMA_VERSION,
                "id": sid,
                "uid": uid,
                "created": created or now(),
                "tags": tags,
            }
            if imported is not None:
                meta["imported"] = imported
            # Each entry linked into the new session's chain (a hash given with it is not its).
            hashed = chain.chained(
                uid, tags, [{k: v for k, v in e.items() if k != chain.HASH} for e in entries]
            )
            # TinyDB writes one table per operation; the header and an imported log must land
            # together, so the first version of the file is written whole, in TinyDB's layout.
            data = {META: {"1": meta}, LOG: {str(i): e for i, e in enumerate(hashed, 1)}}
            write_atomically(path, encode(data))
        finally:
            lock.release()

    @classmethod
    def delete(cls, layout: Layout, sid: str) -> None:
        """Remove the file; SessionLocked while a writer has it open."""
        path = layout.session(sid)
        if not path.exists():
            raise SessionNotFound(_not_found(layout, sid))
        lock = _take(layout, sid)
        try:
            path.unlink()
            fsync_dir(path.parent)
            with contextlib.suppress(OSError):
                layout.lock(sid).unlink()
        except FileNotFoundError:
            raise SessionNotFound(_not_found(layout, sid)) from None
        except OSError as exc:
            raise SaveFailed(
                _("could not delete session {id}: {reason}").format(
                    id=sid, reason=exc.strerror or exc
                )
            ) from None
        finally:
            lock.release()

    @classmethod
    def move(cls, source: Layout, target: Layout, sid: str) -> None:
        """Move the session's file from `source`'s sessions folder to `target`'s (into the
        trash and back) in one rename, holding its lock in both: SessionLocked while a writer
        has it open, FileExistsError if `target` holds that id already (nothing moved)."""
        path, moved = source.session(sid), target.session(sid)
        if not path.exists():
            raise SessionNotFound(_not_found(source, sid))
        lock = _take(source, sid)
        try:
            other = _take(target, sid)
            try:
                if moved.exists():
                    raise FileExistsError(sid)
                if not path.exists():
                    raise SessionNotFound(_not_found(source, sid))
                # One rename: the file is in one folder or the other, never both or neither.
                os.rename(path, moved)
                fsync_dir(moved.parent)
                fsync_dir(path.parent)
            finally:
                other.release()
            with contextlib.suppress(OSError):
                source.lock(sid).unlink()
        except FileNotFoundError:
            raise SessionNotFound(_not_found(source, sid)) from None
        except FileExistsError:
            raise
        except OSError as exc:
            raise SaveFailed(
                _("could not move session {id} to {folder}: {reason}").format(
                    id=sid, folder=target.sessions, reason=exc.strerror or exc
                )
            ) from None
        finally:
            lock.release()

    def extend(self, fields: list[dict[str, Any]], meta: dict[str, Any]) -> None:
        """Add log entries (`fields` each, numbered on and chained) and set `meta` keys in one
        atomic, durable write of the whole file: all of them are stored, or none (SaveFailed).
        A file not yet named (`_name` failed) gets its uid in the same write."""
        if not self._writer:
            raise ReadOnly(_("session {id} is open read-only").format(id=self.id))
        self._decoded()
        storage = self._store()
        stamp = now()
        docs = [
            {"seq": self.last_seq + n, "ts": stamp, **entry} for n, entry in enumerate(fields, 1)
        ]
        data = storage.read() or {}
        metas = dict(data.get(META) or {})
        key = next(iter(metas), "1")
        new_meta = {**metas.get(key, self.meta), **meta}
        uid = self.uid
        if uid is None:
            uid = new_meta["uid"] = chain.new_uid()
        previous = self._previous_hash(uid)
        for doc in docs:
            doc[chain.HASH] = previous = chain.link(previous, doc)
        log_docs = dict(data.get(LOG) or {})
        first = max((int(k) for k in log_docs), default=0) + 1
        log_docs.update({str(first + n): doc for n, doc in enumerate(docs)})
        try:
            storage.write({**data, META: {key: new_meta}, LOG: log_docs})
        except OSError as exc:
            self._storage = None  # what it kept is not the disk's: read it again
            with contextlib.suppress(Exception):
                self._load()
            if not docs or not self.entries or self.entries[-1] != docs[-1]:
                raise SaveFailed(
                    _("could not save to {path}: {reason}; nothing was recorded").format(
                        path=self.path, reason=exc.strerror or exc
                    )
                ) from None
        else:
            self.meta = new_meta
            for doc in docs:
                self._entries.append(doc)
                log.apply(self._moves, doc)
            self._note(storage.read(), storage.encoded)
        self.seen = fingerprint(self.path)

    # Reading and writing ---------------------------------------------------------------------

    @property
    def writable(self) -> bool:
        return self._writer

    def _store(self) -> AtomicJSONStorage:
        """The writer's storage (made on first use: a move spliced into a long session's
        bytes needs none)."""
        if self._storage is None:
            from .json_storage import AtomicJSONStorage

            self._storage = AtomicJSONStorage(self.path, keep_written=True)
        return self._storage

    @property
    def last_seq(self) -> int:
        if self._resume is not None:
            return int(self._resume.entry["seq"])
        return self._entries[-1]["seq"] if self._entries else 0

    def append(self, fields: dict[str, Any]) -> dict[str, Any]:
        """Add one log entry, durably, before returning it; SaveFailed if the disk refused."""
        if not self._writer:
            raise ReadOnly(_("session {id} is open read-only").format(id=self.id))
        doc = {"seq": self.last_seq + 1, "ts": now(), **fields}
        doc.pop(chain.HASH, None)
        resume = self._resume
        if resume is not None and doc["kind"] == "move":
            previous = resume.entry.get(chain.HASH)
            if isinstance(previous, str):
                doc[chain.HASH] = chain.link(previous, doc)
                self._append_spliced(doc)
                self.seen = fingerprint(self.path)
                return doc
            # The Resume's last entry was written before entries carried a hash: the chain is
            # computed from the log, read now (once: the entry written carries its hash).
        uid = self.uid
        if uid is None:
            # Not named when opened (the disk refused): the uid goes in with the entry.
            self.extend([{k: v for k, v in doc.items() if k not in ("seq", "ts")}], {})
            return self._entries[-1]
        self._decoded()
        doc[chain.HASH] = chain.link(self._previous_hash(uid), doc)
        storage = self._store()
        try:
            # The file TinyDB's insert would write, without encoding the whole log again.
            storage.append(LOG, doc)
        except OSError as exc:
            self._recover(doc, exc)
        else:
            self._entries.append(doc)
            log.apply(self._moves, doc)
            self._note(storage.read(), storage.encoded)
        self.seen = fingerprint(self.path)
        return doc

    def _append_spliced(self, doc: dict[str, Any]) -> None:
        """`append` of a move to a file opened from a Resume: the bytes read (which the
        Resume's hash and `fits` vouch for) with the entry spliced into the log, written as
        every version of the file is (temp file, fsync, rename, folder sync)."""
        resume, raw = self._resume, self._bytes
        assert resume is not None and raw is not None
        key = str(self._next_key)
        payload = spliced(raw, key, doc)
        try:
            write_atomically(self.path, payload)
        except OSError as exc:
            self._recover(doc, exc)
            return
        number = resume.last.seq + 1
        undone = dict(resume.undone)
        replaced = undone.pop(number, ())
        self._resume = resume._replace(
            key=key,
            entry=doc,
            next_key=self._next_key + 1,
            in_force=resume.in_force + 1,
            last=log.Move(number, doc["text"], doc["ts"], doc["seq"], replaced),
            undone=undone,
            summary=doc.get("summary", resume.summary),
        )
        self._bytes, self._next_key = payload, self._next_key + 1

    def _recover(self, doc: dict[str, Any], exc: OSError) -> None:
        # The write failed somewhere between the temp file and the folder sync: what is on the
        # disk now decides whether the entry made it; what the storage kept is not the disk's.
        self._storage = None
        # If the disk cannot be read either, the original failure is the one to report.
        with contextlib.suppress(Exception):
            self._load()
        if self._resume is not None or not self._entries or self._entries[-1] != doc:
            raise SaveFailed(
                _("could not save to {path}: {reason}; nothing was recorded").format(
                    path=self.path, reason=exc.strerror or exc
                )
            ) from None

    def changed(self) -> bool:
        """Whether the file was replaced since it was read (for read-only watchers)."""
        return fingerprint(self.path) != self.seen

    def reload(self) -> None:
        self._load()

    def close(self) -> None:
        if self._storage is not None:
            self._storage.close()
            self._storage = None
        self._writer = False
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def __enter__(self) -> SessionFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _take(layout: Layout, sid: str) -> locks.FileLock:
    lock = locks.FileLock(layout.lock_file(sid), timeout=0)
    try:
        layout.ensure()
        lock.acquire()
    except locks.Timeout:
        raise SessionLocked(
            _(
                "session {id} is open for recording in another window or "
                "command; close it there first (or open it read-only to "
                "watch)"
            ).format(id=sid)
        ) from None
    except OSError as exc:
        raise SessionError(
            _("could not lock session {id} for recording: {reason} ({path})").format(
                id=sid, reason=exc.strerror or exc, path=layout.lock(sid)
            )
        ) from None
    return lock


def _not_found(layout: Layout, sid: str) -> str:
    return _("no session {id} in {folder}").format(id=sid, folder=layout.sessions)


def _readable(sid: str, path: str | Path) -> bool:
    from .json_storage import AtomicJSONStorage

    try:
        decode(sid, AtomicJSONStorage(path).read())
    except (Damaged, ValueError, UnicodeDecodeError, AttributeError, OSError):
        return False
    return True


def _reason(exc: BaseException) -> str:
    if isinstance(exc, json.JSONDecodeError):
        return _("not valid JSON at line {line}, column {column}: {error}").format(
            line=exc.lineno, column=exc.colno, error=exc.msg
        )
    if isinstance(exc, UnicodeDecodeError):
        return _("not UTF-8 text at byte {offset}").format(offset=exc.start)
    return str(exc) or type(exc).__name__


def sweep_leftovers(layout: Layout) -> None:
    """Remove what killed processes left in the data folder: temp files of the league book,
    and in the sessions folder temp files and the lock file of a session that was never
    written (a `new` or `import` killed mid-way).

    Each session's leftovers go only under its lock: a writer at work holds it, so what is
    found while holding it is stale. Sessions that exist keep their lock file (its path is the
    lock), so a lock is removed only while its session file is absent."""
    documents.sweep(layout.book)
    try:
        names = os.listdir(layout.sessions)
    except OSError:
        return
    suspects = {
        name[1:].split(".", 1)[0]
        for name in names
        if name.startswith(".") and name.endswith(".tmp")
    }
    present = {name[:-5] for name in names if name.endswith(".json")}
    suspects |= {name[:-5] for name in names if name.endswith(".lock")} - present
    for sid in sorted(suspects):
        if normal_id(sid) != sid:
            continue
        lock = locks.FileLock(layout.lock(sid), timeout=0)
        try:
            lock.acquire()
        except (locks.Timeout, OSError):
            continue  # at work, or a folder we cannot write: leave it
        try:
            path = layout.session(sid)
            _sweep(path)
            if not path.exists():
                with contextlib.suppress(OSError):
                    layout.lock(sid).unlink()
        finally:
            lock.release()


def _sweep(path: str | Path) -> None:
    """Remove temp files a killed writer left behind (only the lock holder may)."""
    remove_leftovers(path)
