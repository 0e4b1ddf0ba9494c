"""Who holds which seat: a phone asks for one, the scorekeeper approves (one key) or the phone
types the code the terminal shows, and the phone then holds a credential the scorekeeper can
revoke."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping

from ..named import NamedTuple

CREDENTIAL_BYTES = 32
"""256 bits: far past guessing, whatever the number of tries a table's network allows."""
CODE_DIGITS = 6
"""A code a person reads off the terminal and types on a phone."""


def _digest(secret: str) -> bytes:
    # Only digests are kept: a credential is compared, never stored or shown.
    return hashlib.sha256(secret.encode("utf-8", "replace")).digest()


class Join(NamedTuple):
    """A phone asking for a seat: the ticket it holds until approved, and the terminal's code."""

    ticket: str
    player: str
    code: str
    label: str
    """What the phone calls itself (its browser), shown beside the request."""


class Seats:
    """The seats of one table, the phones asking for them and the credentials they hold."""

    def __init__(self, players: tuple[str, ...], codes: Mapping[str, str] | None = None) -> None:
        self.players = players
        self.codes = dict(codes or {})
        """Each seat's code printed on its table's card (an event's venue, where no terminal
        shows a code): typed on the phone like a terminal's."""
        self._asking: dict[bytes, Join] = {}
        self._approved: dict[bytes, str] = {}
        """Approved tickets (digest) -> player: the phone collects its credential once."""
        self._held: dict[str, tuple[bytes, str]] = {}
        """Player -> the digest of the credential their phone holds, and its label."""

    def ask(self, player: str, label: str = "") -> Join | None:
        """A phone asks for `player`'s seat: its ticket and the code to show (None: no such
        player). A seat already held is asked for again the same way: approving hands it over."""
        if player not in self.players:
            return None
        ticket = secrets.token_urlsafe(CREDENTIAL_BYTES)
        code = self.codes.get(player) or f"{secrets.randbelow(10**CODE_DIGITS):0{CODE_DIGITS}d}"
        join = Join(ticket, player, code, label)
        # One request per seat at a time: the newest replaces the one before.
        for key, other in list(self._asking.items()):
            if other.player == player:
                del self._asking[key]
        self._asking[_digest(ticket)] = join
        return join

    def asking(self) -> list[Join]:
        """The requests waiting for the scorekeeper, oldest first."""
        return list(self._asking.values())

    def approve(self, player: str) -> bool:
        """The scorekeeper approves the request for `player`'s seat (False: none waits)."""
        for key, join in list(self._asking.items()):
            if join.player == player:
                del self._asking[key]
                self._approved[key] = player
                return True
        return False

    def decline(self, player: str) -> bool:
        """The scorekeeper turns down the request for `player`'s seat."""
        for key, join in list(self._asking.items()):
            if join.player == player:
                del self._asking[key]
                return True
        return False

    def redeem(self, ticket: str, code: str) -> bool:
        """The phone typed the terminal's code: the request is approved if it matches."""
        key = _digest(ticket)
        join = self._asking.get(key)
        if join is None or not secrets.compare_digest(
            code.strip().encode("utf-8", "replace"), join.code.encode("ascii")
        ):
            return False
        del self._asking[key]
        self._approved[key] = join.player
        return True

    def pending(self, ticket: str) -> Join | None:
        """The request this ticket stands for, while it waits."""
        return self._asking.get(_digest(ticket))

    def collect(self, ticket: str, label: str = "") -> tuple[str, str] | None:
        """An approved ticket's seat and its new credential, given once (None: not approved).
        Any credential the seat held before is revoked: one phone per seat."""
        player = self._approved.pop(_digest(ticket), None)
        if player is None:
            return None
        credential = secrets.token_urlsafe(CREDENTIAL_BYTES)
        self._held[player] = (_digest(credential), label)
        return player, credential

    def holder(self, credential: str | None) -> str | None:
        """The player whose seat `credential` holds (None: no seat). Every seat's digest is
        compared, each in constant time, so the answer's timing says nothing of the secret."""
        if not credential:
            return None
        given = _digest(credential)
        found = None
        for player, (digest, _label) in self._held.items():
            if secrets.compare_digest(given, digest):
                found = player
        return found

    def revoke(self, player: str) -> bool:
        """The scorekeeper takes `player`'s seat back from its phone."""
        return self._held.pop(player, None) is not None

    def held(self) -> dict[str, str]:
        """Player -> the label of the phone holding their seat."""
        return {player: label for player, (_digest_, label) in self._held.items()}
