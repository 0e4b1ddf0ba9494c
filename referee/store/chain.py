"""A session's identity across machines (a UUIDv7) and the hash chain that links its log entries.

Every copy of a session can prove what it is: its global id names it on every laptop and in
every hub, and each log entry's `hash` is the SHA-256 of the previous entry's hash and the
entry's own content, starting from a hash of the id and the header. A store that already holds
entries 1..n of a session tells an extension (entry n+1 chains to its entry n) from a fork (an
entry it holds, with the same seq and another hash) without trusting the sender.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping

from ..i18n import _

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    from typing import Any

VERSION = b"uno-referee chain 1\n"
"""Hashed first into every chain: a later way of chaining gets another prefix."""

HASH = "hash"
"""The entry field that holds its link in the chain (not part of what is hashed)."""

UID_PATTERN = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
"""A global id as written: a UUID, lower case, with its hyphens."""

HASH_PATTERN = re.compile(r"[0-9a-f]{64}")


class ChainBroken(ValueError):
    """An entry's stored hash is not the one its content and its predecessor give."""

    def __init__(self, message: str, seq: int) -> None:
        super().__init__(message)
        self.message = message
        self.seq = seq


def new_uid() -> str:
    """A new global id: a UUIDv7, so that ids sort by the time they were made."""
    # uuid6 (a small, maintained backport) until the standard library's uuid7 (Python 3.14).
    import uuid6

    return str(uuid6.uuid7())


def is_uid(text: object) -> bool:
    return isinstance(text, str) and UID_PATTERN.fullmatch(text) is not None


def canonical(doc: Mapping[str, Any]) -> bytes:
    """An entry's content as hashed: compact JSON, keys sorted, without its own hash."""
    body = {key: value for key, value in doc.items() if key != HASH}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def genesis(uid: str, tags: Mapping[str, Any]) -> str:
    """The hash the first entry chains to: the session's id and its header as made."""
    head = json.dumps(
        {"uid": uid, "tags": tags}, sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )
    return _sha256(VERSION + head.encode())


def link(previous: str, doc: Mapping[str, Any]) -> str:
    """The hash of an entry that follows the one whose hash is `previous`."""
    return link_canonical(previous, canonical(doc))


def link_canonical(previous: str, body: bytes) -> str:
    """`link` of an entry whose `canonical` form is `body` (a store keeps that form)."""
    return _sha256(previous.encode() + b"\n" + body)


def _sha256(data: bytes) -> str:
    # Loaded on first use: hashlib loads OpenSSL, and listing sessions (the app's first screen)
    # opens no chain.
    import hashlib

    return hashlib.sha256(data).hexdigest()


def chained(
    uid: str, tags: Mapping[str, Any], entries: Iterable[Mapping[str, Any]]
) -> list[dict[str, Any]]:
    """The entries (in seq order) each with its hash: the stored one, checked, or computed
    for an entry written before entries carried one. ChainBroken at the first that disagrees
    or that does not follow its predecessor's seq."""
    previous = genesis(uid, tags)
    out: list[dict[str, Any]] = []
    expected = 1
    for doc in entries:
        seq = doc.get("seq")
        if seq != expected:
            raise ChainBroken(
                _("entry {seq} follows entry {before}: the log has a gap").format(
                    seq=seq, before=expected - 1
                ),
                expected,
            )
        value = link(previous, doc)
        stored = doc.get(HASH)
        if stored is not None and stored != value:
            raise ChainBroken(
                _("entry {seq} does not match the entries before it").format(seq=seq), expected
            )
        out.append({**doc, HASH: value})
        previous, expected = value, expected + 1
    return out


def last_hash(uid: str, tags: Mapping[str, Any], entries: list[dict[str, Any]]) -> str:
    """The hash the next entry chains to (genesis for an empty log). Only the tail is read
    when the last entry carries its hash."""
    if not entries:
        return genesis(uid, tags)
    stored = entries[-1].get(HASH)
    if isinstance(stored, str):
        return stored
    return str(chained(uid, tags, entries)[-1][HASH])
