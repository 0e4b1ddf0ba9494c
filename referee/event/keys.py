"""The venue's addresses and seat codes: derived from the data folder's key, so that the cards
printed before the evening still hold when the server restarts, and nobody can guess them."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from pathlib import Path

from ..store.secret import key

SEAT_DIGITS = 6


class VenueKeys:
    """Every secret of one event's venue, each from its own label (one key, many uses kept
    apart)."""

    def __init__(self, secret: bytes) -> None:
        self._secret = secret

    @classmethod
    def of(cls, root: Path, event_id: str) -> VenueKeys:
        """The event's keys from the data folder's key; a key for this process alone when the
        folder can keep none (its cards then hold until the server stops)."""
        folder_key = key(root) or secrets.token_bytes(32)
        return cls(
            hmac.new(folder_key, b"uno-referee venue " + event_id.encode(), "sha256").digest()
        )

    def _mac(self, label: str) -> bytes:
        return hmac.new(self._secret, label.encode("utf-8"), hashlib.sha256).digest()

    def _token(self, label: str) -> str:
        # 128 bits, URL-safe, as the scoreboard's own tokens.
        return base64.urlsafe_b64encode(self._mac(label)[:16]).decode("ascii").rstrip("=")

    @property
    def screen(self) -> str:
        """The venue's pages: the big screen, the table cards, the director's feed."""
        return self._token("screen")

    def table(self, round_no: int, table: int) -> str:
        return self._token(f"table/{round_no}/{table}")

    def seat(self, round_no: int, table: int, player: str) -> str:
        """The code printed beside `player`'s name on the table's card for this round."""
        number = int.from_bytes(self._mac(f"seat/{round_no}/{table}/{player}")[:8], "big")
        return f"{number % 10**SEAT_DIGITS:0{SEAT_DIGITS}d}"
