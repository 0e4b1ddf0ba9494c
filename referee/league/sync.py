"""Shipping a data folder's sessions to a hub: each session's entries the hub lacks, in order,
resumed from what the hub holds after any interruption.

The hub's own cursor (its last seq and hash of each session) is the truth: a sync killed at any
instant asks again and sends what is still missing, and the hub stores each entry once. The
outbox file (`sync/HUB.json` in the data folder) only remembers, per session, the file as it was
when the hub last acknowledged all of it, so that an unchanged session is not read again.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..i18n import _
from ..named import NamedTuple
from ..store import SessionError, SessionFile, SessionLocked, chain, fingerprint
from ..store.atomic import write_atomically
from ..store.paths import Layout
from .client import HubClient, HubError, checked_url

BATCH = 2_000
"""Entries a request carries (the hub takes up to 5,000)."""

SAVE_EVERY = 50
"""Sessions acknowledged between two writes of the outbox file (and one at the end)."""


class Shipped(NamedTuple):
    """One session ready to send: its global id, header record and chained entries."""

    sid: str
    uid: str
    meta: dict[str, Any]
    entries: list[dict[str, Any]]
    stamp: list[int] | None


class Outcome(NamedTuple):
    sessions: int
    """Sessions that had entries to send and sent them."""
    entries: int
    """Entries the hub stored now."""
    unchanged: int
    """Sessions the hub already held whole."""
    problems: tuple[str, ...]
    """Sessions not sent (or forked), each with why."""


def outbox_path(layout: Layout, url: str) -> Path:
    name = hashlib.sha256(url.encode()).hexdigest()[:16]
    return layout.root / "sync" / f"{name}.json"


def _load_outbox(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return {}  # only a shortcut: without it every session is looked at again
    sessions = data.get("sessions") if isinstance(data, dict) else None
    return sessions if isinstance(sessions, dict) else {}


def _save_outbox(path: Path, url: str, sessions: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    body = json.dumps({"hub": url, "sessions": sessions}, ensure_ascii=False, sort_keys=True)
    write_atomically(path, body.encode(), durable=False)


def waiting(layout: Layout, url: str) -> int:
    """How many sessions the hub at `url` has not acknowledged as they are now: those whose
    file changed (or is new) since the last sync took all of it. Reads no session, only the
    outbox file and each session file's fingerprint, so it is cheap enough to ask often."""
    try:
        url = checked_url(url)
    except HubError:
        return len(layout.session_ids())  # no hub there: nothing was ever acknowledged
    outbox = _load_outbox(outbox_path(layout, url))
    count = 0
    for sid in layout.session_ids():
        stamp = fingerprint(layout.session(sid))
        kept = outbox.get(sid)
        if stamp is None:
            continue  # deleted meanwhile: nothing to send
        if not (isinstance(kept, dict) and kept.get("file") == list(stamp)):
            count += 1
    return count


def read_session(layout: Layout, sid: str) -> Shipped:
    """A session as it is shipped; SessionError if it cannot be read, ChainBroken if its log
    does not verify (a hand-edited file)."""
    stamp = fingerprint(layout.session(sid))
    with SessionFile.open(layout, sid, write=False) as file:
        meta, entries = dict(file.meta), file.entries
    if not chain.is_uid(meta.get("uid")):
        # Written before sessions had global ids: its first writer gives it one, once.
        try:
            with SessionFile.open(layout, sid, write=True) as file:
                meta, entries = dict(file.meta), file.entries
        except SessionLocked:
            with SessionFile.open(layout, sid, write=False) as file:
                meta, entries = dict(file.meta), file.entries
        stamp = fingerprint(layout.session(sid))
    uid = meta.get("uid")
    if not chain.is_uid(uid):
        raise SessionError(
            _("session {id} has no global id yet: open it once in this version").format(id=sid)
        )
    assert isinstance(uid, str)
    chained = chain.chained(uid, meta["tags"], entries)
    sent_meta: dict[str, Any] = {k: meta[k] for k in ("tags", "created", "imported") if k in meta}
    return Shipped(sid, uid, sent_meta, chained, list(stamp) if stamp else None)


def sync(layout: Layout, client: HubClient, say: Callable[[str], None]) -> Outcome:
    """Send every session's new entries to the hub; HubError if the hub cannot be used at all
    (unreachable, the key refused). `say` is told of each session sent and each problem."""
    client.call("GET", "/api/v1/hello")
    path = outbox_path(layout, client.url)
    outbox = _load_outbox(path)
    unchanged = 0
    waiting: list[Shipped] = []
    problems: list[str] = []
    for sid in layout.session_ids():
        stamp = fingerprint(layout.session(sid))
        kept = outbox.get(sid)
        if stamp is not None and isinstance(kept, dict) and kept.get("file") == list(stamp):
            unchanged += 1
            continue
        try:
            waiting.append(read_session(layout, sid))
        except SessionError as exc:
            problems.append(exc.message)
            say(exc.message)
        except chain.ChainBroken as exc:
            said = _("session {id} was not sent: {reason}").format(id=sid, reason=exc.message)
            problems.append(said)
            say(said)
    sessions = entries = 0
    since_save = 0
    for start in range(0, len(waiting), 1_000):
        part = waiting[start : start + 1_000]
        answer = client.call("POST", "/api/v1/cursors", {"uids": [s.uid for s in part]})
        cursors = answer.get("cursors", {}) if isinstance(answer, dict) else {}
        for shipped in part:
            try:
                added, problem = _send(client, shipped, cursors.get(shipped.uid))
            except HubError as exc:
                if exc.status in (0, 401) or exc.status >= 500:
                    _save_outbox(path, client.url, outbox)
                    raise
                problem = _("session {id} was not taken by the hub: {reason}").format(
                    id=shipped.sid, reason=exc.message
                )
                added = 0
            if problem is not None:
                problems.append(problem)
                say(problem)
                continue
            outbox[shipped.sid] = {
                "uid": shipped.uid,
                "seq": len(shipped.entries),
                "file": shipped.stamp,
            }
            if added:
                sessions += 1
                entries += added
                say(_("session {id}: sent {n} entries").format(id=shipped.sid, n=added))
            else:
                unchanged += 1
            since_save += 1
            if since_save >= SAVE_EVERY:
                _save_outbox(path, client.url, outbox)
                since_save = 0
    _save_outbox(path, client.url, outbox)
    return Outcome(sessions, entries, unchanged, tuple(problems))


def _send(client: HubClient, shipped: Shipped, held: Any) -> tuple[int, str | None]:
    """Send what the hub lacks of one session: (entries stored, a problem or None)."""
    local = shipped.entries
    first = 0
    if isinstance(held, list) and len(held) == 2:
        seq, value = held
        if isinstance(seq, int) and 0 < seq <= len(local) and local[seq - 1][chain.HASH] == value:
            first = seq
        elif isinstance(seq, int) and seq > len(local):
            return 0, _(
                "the hub holds more of session {id} than this laptop ({held} entries against "
                "{here}): this copy is older than the one sent before"
            ).format(id=shipped.sid, held=seq, here=len(local))
    added = 0
    path = f"/api/v1/sessions/{shipped.uid}"
    if first == len(local) and held is not None:
        return 0, None
    # Sent from the first entry the hub lacks; from the start when its copy went another way
    # (the hub keeps the difference apart as a fork).
    for start in range(first, max(len(local), 1), BATCH):
        answer = client.call(
            "POST",
            path,
            {
                "meta": shipped.meta,
                "alias": shipped.sid,
                "entries": local[start : start + BATCH],
            },
        )
        added += int(answer.get("added", 0))
        if answer.get("forked") is not None:
            return added, _(
                "session {id} went another way than the hub's copy from entry {seq}: the hub "
                "kept this laptop's entries apart for the organiser to settle"
            ).format(id=shipped.sid, seq=answer["forked"])
    return added, None
