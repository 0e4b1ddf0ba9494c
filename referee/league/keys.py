"""The hub's keys: one per laptop or venue, and the organiser's; kept as SHA-256 digests."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from ..named import NamedTuple

PREFIX = "unoh_"
"""Every key starts so: a key pasted where a URL belongs is recognisable as one."""

VENUE, ORGANISER = "venue", "organiser"
ROLES = (VENUE, ORGANISER)

MAX_NAME = 64


class Holder(NamedTuple):
    """Who a request's key belongs to."""

    id: int
    name: str
    role: str

    @property
    def organiser(self) -> bool:
        return self.role == ORGANISER


def new_key() -> str:
    """256 bits from the OS's generator, as URL-safe text."""
    return PREFIX + secrets.token_urlsafe(32)


def digest(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "surrogateescape")).hexdigest()


def same(stored: str, key: str) -> bool:
    """Whether `key` is the one `stored` is the digest of, in constant time."""
    return hmac.compare_digest(stored, digest(key))


def usable_name(name: str) -> bool:
    """A key's name: 1 to 64 printable characters, no leading or trailing space."""
    return (
        0 < len(name) <= MAX_NAME and name == name.strip() and all(ch.isprintable() for ch in name)
    )
