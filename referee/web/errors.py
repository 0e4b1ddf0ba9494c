"""The scoreboard's one failure: it cannot serve, and the message says why."""

from __future__ import annotations


class ServeError(Exception):
    """The server cannot start: `message` says why (a busy port, a host not of this machine)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
