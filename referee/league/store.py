"""The hub's record: keys, sessions shipped entry by entry, quarantined forks and the league book.

Ingest is idempotent on (session, seq): an entry the hub holds with the same hash is
acknowledged again and stored once; the next entries are appended when their chain verifies;
an entry the hub holds with another hash starts a fork, kept apart for the organiser and never
merged. Each request is one transaction: what it acknowledges is committed, or nothing is.
"""

from __future__ import annotations

import functools
import json
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam, delete, func, insert, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from ..i18n import _
from ..named import NamedTuple
from ..store import chain, log
from ..store.session_file import now
from ..store.tags import header_of
from . import keys as key_words
from .database import reading
from .keys import Holder
from .schema import book as book_table
from .schema import entries, forks, sessions
from .schema import keys as keys_table

MAX_ENTRIES = 5_000
ROWS_PER_READ = 200
"""Sessions whose rows are read (or computed) together."""
ROWS_PER_INSERT = 1_000
"""Rows one INSERT carries: 4,000 values, well within SQLite's and PostgreSQL's limits."""
"""Entries one request may carry; `sync` sends a longer log in several requests."""


class Refused(Exception):
    """A request the hub does not take: nothing was stored. `status` is its HTTP status."""

    def __init__(self, status: int, message: str, **facts: Any) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.facts = facts


class Receipt(NamedTuple):
    """What one ingest did."""

    added: int
    """Entries stored now."""
    known: int
    """Entries the hub held already, with the same hash (a resend)."""
    forked: int | None
    """The seq a fork starts at, if the request held one (kept apart), else None."""
    last_seq: int
    last_hash: str


class KeyInfo(NamedTuple):
    id: int
    name: str
    role: str
    created: str
    revoked: str | None


class Fork(NamedTuple):
    id: int
    uid: str
    alias: str
    seq: int
    entries: int
    sender: str
    received: str
    resolved: str | None


@dataclass(slots=True)
class Cached:
    version: int
    row: dict[str, Any]


class LeagueStore:
    """One hub's store (an engine from `database.open_store`)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._rows: dict[str, Cached] = {}
        """Each session's row as last read, by global id: standings read only what changed."""
        self.derived: dict[str, Any] = {}
        """What readers build from the rows and keep beside them (`standings.played`)."""
        self._rows_lock = threading.Lock()
        """Held while `_rows` changes: the hub's refresher and its requests share them."""

    # Keys ------------------------------------------------------------------------------------

    def new_key(self, name: str, role: str = key_words.VENUE) -> str:
        """A new key for `name` (a laptop, a venue or the organiser); the key is returned once
        and only its digest is kept."""
        if not key_words.usable_name(name):
            raise Refused(
                400,
                _("a key's name is 1 to {n} printable characters: {name!r}").format(
                    n=key_words.MAX_NAME, name=name
                ),
            )
        key = key_words.new_key()
        with self.engine.begin() as conn:
            conn.execute(
                insert(keys_table).values(
                    name=name, digest=key_words.digest(key), role=role, created=now()
                )
            )
        return key

    def holder(self, key: str | None) -> Holder | None:
        """Whose key this is, if it is one the hub gave and has not revoked."""
        if not key or not key.startswith(key_words.PREFIX) or len(key) > 200:
            return None
        wanted = key_words.digest(key)
        with reading(self.engine) as conn, conn.begin():
            row = conn.execute(
                select(keys_table).where(keys_table.c.digest == wanted)
            ).one_or_none()
        if row is None or row.revoked is not None or not key_words.same(row.digest, key):
            return None
        return Holder(row.id, row.name, row.role)

    def key_list(self) -> list[KeyInfo]:
        with self.engine.begin() as conn:
            rows = conn.execute(select(keys_table).order_by(keys_table.c.id)).all()
        return [KeyInfo(r.id, r.name, r.role, r.created, r.revoked) for r in rows]

    def revoke(self, name: str) -> int:
        """Revoke every key of `name`; how many were revoked (0: none by that name)."""
        with self.engine.begin() as conn:
            done = conn.execute(
                update(keys_table)
                .where(keys_table.c.name == name, keys_table.c.revoked.is_(None))
                .values(revoked=now())
            )
        return int(done.rowcount or 0)

    # Ingest ----------------------------------------------------------------------------------

    def cursors(self, uids: Iterable[str]) -> dict[str, tuple[int, str]]:
        """For each id the hub holds: its last seq and that entry's hash."""
        wanted = [uid for uid in uids if chain.is_uid(uid)]
        found: dict[str, tuple[int, str]] = {}
        with self.engine.begin() as conn:
            for start in range(0, len(wanted), 500):
                part = wanted[start : start + 500]
                rows = conn.execute(
                    select(sessions.c.uid, sessions.c.last_seq, sessions.c.last_hash).where(
                        sessions.c.uid.in_(part)
                    )
                )
                found.update({r.uid: (r.last_seq, r.last_hash) for r in rows})
        return found

    def ingest(
        self,
        holder: Holder,
        uid: str,
        meta: Mapping[str, Any] | None,
        sent: list[Any],
        alias: str = "",
    ) -> Receipt:
        """Store what `sent` adds to session `uid`; Refused (nothing stored) for entries that
        are malformed, out of order, not chained, or a session that is another laptop's."""
        if not chain.is_uid(uid):
            raise Refused(400, _("{uid!r} is not a session's global id").format(uid=uid))
        batch = _entries(sent)
        for attempt in range(3):
            try:
                with self.engine.begin() as conn:
                    return self._ingest(conn, holder, uid, meta, batch, alias[:16])
            except IntegrityError:
                # Two first sends of one session at once: the loser finds the winner's row.
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def _ingest(
        self,
        conn: Connection,
        holder: Holder,
        uid: str,
        meta: Mapping[str, Any] | None,
        batch: list[dict[str, Any]],
        alias: str,
    ) -> Receipt:
        row = conn.execute(
            select(sessions).where(sessions.c.uid == uid).with_for_update()
        ).one_or_none()
        if row is None:
            stored_meta = _meta(meta)
            last_seq, last_hash = 0, chain.genesis(uid, stored_meta["tags"])
            version = 0
        else:
            if row.owner != holder.name and not holder.organiser:
                raise Refused(
                    403,
                    _(
                        "session {uid} was sent by {owner}: only its own laptop's key sends "
                        "its entries"
                    ).format(uid=uid, owner=row.owner),
                )
            stored_meta = json.loads(row.meta)
            if meta is not None and _meta(meta)["tags"] != stored_meta["tags"]:
                raise Refused(
                    409,
                    _(
                        "session {uid} is held with another header: two different sessions "
                        "cannot share one id"
                    ).format(uid=uid),
                )
            last_seq, last_hash, version = row.last_seq, row.last_hash, row.version
        if not batch:
            if row is None:
                self._insert_session(conn, holder, uid, stored_meta, alias, 0, last_hash)
            return Receipt(0, 0, None, last_seq, last_hash)
        first = batch[0]["seq"]
        if first > last_seq + 1:
            raise Refused(
                409,
                _("the hub holds session {uid} up to entry {seq}: send from entry {next}").format(
                    uid=uid, seq=last_seq, next=last_seq + 1
                ),
                last_seq=last_seq,
            )
        previous = (
            chain.genesis(uid, stored_meta["tags"])
            if first == 1
            else _hash_at(conn, uid, first - 1, last_seq, last_hash)
        )
        bodies = [chain.canonical(entry) for entry in batch]
        for entry, body in zip(batch, bodies, strict=True):
            if chain.link_canonical(previous, body) != entry[chain.HASH]:
                raise Refused(
                    422,
                    _(
                        "entry {seq} of session {uid} does not follow the entries before it: "
                        "its hash does not verify; nothing was stored"
                    ).format(seq=entry["seq"], uid=uid),
                )
            previous = entry[chain.HASH]
        held: dict[int, str] = {
            r.seq: r.hash
            for r in conn.execute(
                select(entries.c.seq, entries.c.hash).where(
                    entries.c.uid == uid, entries.c.seq >= first, entries.c.seq <= last_seq
                )
            )
        }
        known, forked = 0, None
        fresh: list[tuple[dict[str, Any], bytes]] = []
        for n, entry in enumerate(batch):
            seq = entry["seq"]
            if seq <= last_seq:
                if held.get(seq) == entry[chain.HASH]:
                    known += 1
                    continue
                forked = seq
                self._quarantine(conn, holder, uid, batch[n:])
                break
            fresh.append((entry, bodies[n]))
        if row is None:
            self._insert_session(conn, holder, uid, stored_meta, alias, 0, last_hash)
        if fresh:
            # One INSERT with a row of values each (not one statement a row): a session's
            # entries arrive together, and a round trip a row would bound the hub's intake.
            _insert_entries(
                conn,
                [(uid, entry["seq"], entry[chain.HASH], body.decode()) for entry, body in fresh],
            )
            last_seq, last_hash = fresh[-1][0]["seq"], fresh[-1][0][chain.HASH]
            conn.execute(
                update(sessions)
                .where(sessions.c.uid == uid)
                .values(last_seq=last_seq, last_hash=last_hash, version=version + 1)
            )
        return Receipt(len(fresh), known, forked, last_seq, last_hash)

    def _insert_session(
        self,
        conn: Connection,
        holder: Holder,
        uid: str,
        meta: dict[str, Any],
        alias: str,
        last_seq: int,
        last_hash: str,
    ) -> None:
        conn.execute(
            insert(sessions).values(
                uid=uid,
                owner=holder.name,
                alias=alias,
                meta=json.dumps(meta, ensure_ascii=False, sort_keys=True),
                last_seq=last_seq,
                last_hash=last_hash,
                received=now(),
                version=0,
            )
        )

    def _quarantine(
        self, conn: Connection, holder: Holder, uid: str, branch: list[dict[str, Any]]
    ) -> None:
        """Keep a fork apart (once: a resend of it, even grown longer, updates the one kept)."""
        start = branch[0]
        body = json.dumps(branch, ensure_ascii=False, sort_keys=True)
        kept = conn.execute(
            select(forks.c.id, forks.c.body).where(
                forks.c.uid == uid,
                forks.c.seq == start["seq"],
                forks.c.hash == start[chain.HASH],
            )
        ).one_or_none()
        if kept is None:
            conn.execute(
                insert(forks).values(
                    uid=uid,
                    seq=start["seq"],
                    hash=start[chain.HASH],
                    body=body,
                    sender=holder.name,
                    received=now(),
                )
            )
        elif len(json.loads(kept.body)) < len(branch):
            conn.execute(update(forks).where(forks.c.id == kept.id).values(body=body))

    # Forks -----------------------------------------------------------------------------------

    def forks(self, every: bool = False) -> list[Fork]:
        """The forks kept apart (those not yet resolved, or `every` one)."""
        query = (
            select(forks, sessions.c.alias)
            .join(sessions, sessions.c.uid == forks.c.uid)
            .order_by(forks.c.id)
        )
        if not every:
            query = query.where(forks.c.resolved.is_(None))
        with self.engine.begin() as conn:
            rows = conn.execute(query).all()
        return [
            Fork(
                r.id,
                r.uid,
                r.alias,
                r.seq,
                len(json.loads(r.body)),
                r.sender,
                r.received,
                r.resolved,
            )
            for r in rows
        ]

    def resolve(self, fork_id: int, take: bool) -> Fork:
        """Settle a fork: keep the hub's entries (`take` False), or replace them from the
        fork's first seq on with the fork's (`take` True). Refused if there is no such fork
        still open."""
        if not 0 < fork_id < 2**31:  # the column's range: any other number is no fork
            raise Refused(404, _("there is no open fork {id}").format(id=fork_id))
        with self.engine.begin() as conn:
            row = conn.execute(
                select(forks).where(forks.c.id == fork_id).with_for_update()
            ).one_or_none()
            if row is None or row.resolved is not None:
                raise Refused(404, _("there is no open fork {id}").format(id=fork_id))
            if take:
                branch = json.loads(row.body)
                session = conn.execute(
                    select(sessions).where(sessions.c.uid == row.uid).with_for_update()
                ).one()
                conn.execute(
                    delete(entries).where(entries.c.uid == row.uid, entries.c.seq >= row.seq)
                )
                _insert_entries(
                    conn,
                    [
                        (row.uid, e["seq"], e[chain.HASH], chain.canonical(e).decode())
                        for e in branch
                    ],
                )
                conn.execute(
                    update(sessions)
                    .where(sessions.c.uid == row.uid)
                    .values(
                        last_seq=branch[-1]["seq"],
                        last_hash=branch[-1][chain.HASH],
                        version=session.version + 1,
                    )
                )
            conn.execute(
                update(forks)
                .where(forks.c.id == fork_id)
                .values(resolved="taken" if take else "kept")
            )
        return next(f for f in self.forks(every=True) if f.id == fork_id)

    # Reading ---------------------------------------------------------------------------------

    def log_of(self, uid: str) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
        """A session's header record and its entries (each with its hash), or None."""
        with self.engine.begin() as conn:
            return _log_of(conn, uid)

    def verify(self, uid: str) -> None:
        """ChainBroken unless the session's stored entries chain from its id and header."""
        found = self.log_of(uid)
        if found is None:
            return
        meta, held = found
        chain.chained(uid, meta["tags"], held)

    def count(self) -> tuple[int, int]:
        """How many sessions and entries the hub holds."""
        with self.engine.begin() as conn:
            n_sessions = conn.execute(select(func.count()).select_from(sessions)).scalar_one()
            n_entries = conn.execute(select(func.count()).select_from(entries)).scalar_one()
        return int(n_sessions), int(n_entries)

    def rows(
        self, compute: Callable[[str, dict[str, Any], list[dict[str, Any]]], dict[str, Any]]
    ) -> dict[str, dict[str, Any]]:
        """Every session's list row (its figures in `stats`), by global id. A row is computed
        (`compute(uid, meta, entries)`: one replay) once per change of its session and kept in
        the store; a session whose row cannot be computed is left out."""
        with reading(self.engine) as conn, conn.begin():
            versions: dict[str, int] = {
                r.uid: r.version for r in conn.execute(select(sessions.c.uid, sessions.c.version))
            }
        with self._rows_lock:
            for uid in set(self._rows) - set(versions):
                del self._rows[uid]
            stale = [
                uid
                for uid, version in versions.items()
                if uid not in self._rows or self._rows[uid].version != version
            ]
        # A batch at a time under the lock: a request waits for one batch, not for all.
        for start in range(0, len(stale), ROWS_PER_READ):
            with self._rows_lock:
                self._refresh(stale[start : start + ROWS_PER_READ], compute, versions)
        with self._rows_lock:
            return {uid: self._rows[uid].row for uid in versions if uid in self._rows}

    def _refresh(
        self,
        uids: list[str],
        compute: Callable[[str, dict[str, Any], list[dict[str, Any]]], dict[str, Any]],
        versions: dict[str, int],
    ) -> None:
        """Read (or compute, and keep) the rows of `uids`: a few statements for them all."""
        # Another thread may have brought some up to date meanwhile.
        uids = [
            uid for uid in uids if uid not in self._rows or self._rows[uid].version != versions[uid]
        ]
        if not uids:
            return
        with reading(self.engine) as conn, conn.begin():
            found = conn.execute(
                select(
                    sessions.c.uid,
                    sessions.c.version,
                    sessions.c.meta,
                    sessions.c.row,
                    sessions.c.row_version,
                ).where(sessions.c.uid.in_(uids))
            ).all()
            missing = [r for r in found if r.row is None or r.row_version != r.version]
            logs: dict[str, list[dict[str, Any]]] = {r.uid: [] for r in missing}
            if missing:
                held = conn.execute(
                    select(entries.c.uid, entries.c.hash, entries.c.body)
                    .where(entries.c.uid.in_(list(logs)))
                    .order_by(entries.c.uid, entries.c.seq)
                )
                for e in held:
                    logs[e.uid].append(_entry(e.hash, e.body))
        computed = []
        for r in found:
            if r.uid not in logs:
                self._rows[r.uid] = Cached(r.version, json.loads(r.row))
                continue
            try:
                row = compute(r.uid, json.loads(r.meta), logs[r.uid])
            except ValueError:
                continue  # a session this version cannot referee: left out, as locally
            self._rows[r.uid] = Cached(r.version, row)
            computed.append(
                {
                    "b_uid": r.uid,
                    "b_version": r.version,
                    "row": json.dumps(row, ensure_ascii=False),
                    "row_version": r.version,
                }
            )
        if computed:
            # Kept for the next hub process; a session changed since keeps its newer state.
            with self.engine.begin() as conn:
                conn.execute(
                    update(sessions)
                    .where(
                        sessions.c.uid == bindparam("b_uid"),
                        sessions.c.version == bindparam("b_version"),
                    )
                    .values(row=bindparam("row"), row_version=bindparam("row_version")),
                    computed,
                )

    def token(self) -> tuple[int, int, int]:
        """Changes whenever what the standings rest on changes: the sessions held (each one's
        version only grows, with every entry stored or fork taken) and the book."""
        with reading(self.engine) as conn, conn.begin():
            count, total = conn.execute(
                select(func.count(), func.coalesce(func.sum(sessions.c.version), 0))
            ).one()
            book_version = conn.execute(
                select(book_table.c.version).where(book_table.c.id == 1)
            ).scalar()
        return int(count), int(total), int(book_version or 0)

    def aliases(self) -> dict[str, tuple[str, str]]:
        """Each session's laptop and local id, by global id."""
        with self.engine.begin() as conn:
            rows = conn.execute(select(sessions.c.uid, sessions.c.owner, sessions.c.alias)).all()
        return {r.uid: (r.owner, r.alias) for r in rows}

    # The league book -------------------------------------------------------------------------

    def book(self) -> dict[str, Any]:
        with self.engine.begin() as conn:
            body = conn.execute(select(book_table.c.body).where(book_table.c.id == 1)).scalar()
        found = json.loads(body or "{}")
        return found if isinstance(found, dict) else {}

    def change_book(self, change: Callable[[dict[str, Any]], dict[str, Any]]) -> dict[str, Any]:
        """Apply `change` to the book in one transaction (the row locked while it runs)."""
        with self.engine.begin() as conn:
            row = conn.execute(
                select(book_table).where(book_table.c.id == 1).with_for_update()
            ).one()
            body = change(json.loads(row.body))
            conn.execute(
                update(book_table)
                .where(book_table.c.id == 1)
                .values(body=json.dumps(body, ensure_ascii=False), version=row.version + 1)
            )
        return body


@functools.lru_cache(maxsize=64)
def _insert_sql(rows: int, placeholder: str) -> str:
    one = "(" + ", ".join([placeholder] * 4) + ")"
    return f"INSERT INTO {entries.name} (uid, seq, hash, body) VALUES " + ", ".join([one] * rows)


def _insert_entries(conn: Connection, rows: list[tuple[str, int, str, str]]) -> None:
    """`rows` (uid, seq, hash, body) in INSERTs of ROWS_PER_INSERT rows each, written as SQL
    both stores take: a session's entries arrive together, and building the statement through
    the SQL library's compiler each time (its cache does not hold statements of varying
    length) cost more than the database's work."""
    placeholder = "?" if conn.dialect.paramstyle == "qmark" else "%s"
    for start in range(0, len(rows), ROWS_PER_INSERT):
        part = rows[start : start + ROWS_PER_INSERT]
        flat = tuple(value for row in part for value in row)
        conn.exec_driver_sql(_insert_sql(len(part), placeholder), flat)


def _hash_at(conn: Connection, uid: str, seq: int, last_seq: int, last_hash: str) -> str:
    if seq == last_seq:
        return last_hash
    found = conn.execute(
        select(entries.c.hash).where(entries.c.uid == uid, entries.c.seq == seq)
    ).scalar()
    assert isinstance(found, str)  # every seq up to last_seq is held
    return found


def _log_of(conn: Connection, uid: str) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
    meta = conn.execute(select(sessions.c.meta).where(sessions.c.uid == uid)).scalar()
    if meta is None:
        return None
    rows = conn.execute(
        select(entries.c.hash, entries.c.body).where(entries.c.uid == uid).order_by(entries.c.seq)
    ).all()
    return json.loads(meta), [_entry(r.hash, r.body) for r in rows]


def _entry(value: str, body: str) -> dict[str, Any]:
    """A log entry as the hub keeps it (its canonical body and its hash) made whole again."""
    return {**json.loads(body), chain.HASH: value}


def _meta(meta: Mapping[str, Any] | None) -> dict[str, Any]:
    """The header record a first send must carry: its tags (a header the notation takes) and
    when it was made."""
    if not isinstance(meta, Mapping):
        raise Refused(
            400, _("the first entries of a session must come with its header record (meta)")
        )
    tags, created = meta.get("tags"), meta.get("created")
    try:
        header_of(tags)
    except (ValueError, TypeError, KeyError) as exc:
        raise Refused(
            400, _("the session's header is malformed: {reason}").format(reason=exc)
        ) from None
    if not isinstance(created, str) or len(created) > 40:
        raise Refused(400, _("the session's header record has no creation time"))
    kept: dict[str, Any] = {"tags": tags, "created": created}
    imported = meta.get("imported")
    if isinstance(imported, str) and len(imported) <= 100:
        kept["imported"] = imported
    return kept


def _entries(sent: list[Any]) -> list[dict[str, Any]]:
    """The entries of a request, checked: each well formed with its hash, seqs consecutive."""
    if not isinstance(sent, list):
        raise Refused(400, _("entries must be a list"))
    if len(sent) > MAX_ENTRIES:
        raise Refused(
            413,
            _("a request may carry at most {n} entries; send the rest in another").format(
                n=MAX_ENTRIES
            ),
        )
    batch: list[dict[str, Any]] = []
    for n, doc in enumerate(sent):
        if not isinstance(doc, dict):
            raise Refused(400, _("entry {n} of the request is not an object").format(n=n + 1))
        try:
            log.check(doc)
        except log.LogError as exc:
            raise Refused(400, str(exc)) from None
        value = doc.get(chain.HASH)
        if not isinstance(value, str) or chain.HASH_PATTERN.fullmatch(value) is None:
            raise Refused(400, _("entry {seq} has no valid hash").format(seq=doc["seq"]))
        if batch and doc["seq"] != batch[-1]["seq"] + 1:
            raise Refused(
                400,
                _("entry {seq} does not follow entry {before} in the request").format(
                    seq=doc["seq"], before=batch[-1]["seq"]
                ),
            )
        batch.append(doc)
    return batch
