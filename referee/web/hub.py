"""The served session kept current: polls the file, refreshes the read-only session, renders
the board once per change and wakes every stream that follows it."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable

from ..service import LiveSession, SessionError
from .board import board_of
from .pages import board_fragment

POLL_SECONDS = 0.2
"""How often the session file is looked at (one `stat`): well within the second the page has."""


class Hub:
    """The latest board of one session, its version, and the streams waiting for the next."""

    def __init__(self, live: LiveSession, max_streams: int) -> None:
        self.live = live
        self.max_streams = max_streams
        self.streams = 0
        """Streams open or about to open: a slot is taken at the check, before the stream starts."""
        self.version = 0
        self.moves = len(live.moves)
        self.fragment = board_fragment(board_of(live))
        self._changed = asyncio.Event()
        self._reported: str | None = None

    def claim(self) -> bool:
        """Take a stream's slot (True), or none if every slot is taken (False).

        The check and the count are one step with no await between them, so that requests
        arriving together cannot all pass the check before any stream has counted itself.
        """
        if self.streams >= self.max_streams:
            return False
        self.streams += 1
        return True

    def release(self) -> None:
        """Give back a slot taken by `claim`: once per claim."""
        self.streams -= 1

    def _refresh(self) -> bool:
        """In a worker thread (the only one that touches `live`): re-read and re-render."""
        try:
            if not self.live.refresh():
                return False
        except SessionError as exc:
            # The page keeps the last board; the terminal says why it no longer moves, once.
            if exc.message != self._reported:
                self._reported = exc.message
                print(exc.message, file=sys.stderr, flush=True)
            return False
        self._reported = None
        self.fragment = board_fragment(board_of(self.live))
        self.moves = len(self.live.moves)
        return True

    async def follow(self, stopping: Callable[[], bool]) -> None:
        """Poll until the server stops."""
        while not stopping():
            if await asyncio.to_thread(self._refresh):
                self.version += 1
                changed, self._changed = self._changed, asyncio.Event()
                changed.set()
            await asyncio.sleep(POLL_SECONDS)

    async def wait(self, seen: int, timeout: float) -> bool:
        """Until a version newer than `seen` is out (True) or `timeout` seconds pass (False)."""
        if self.version != seen:
            return True
        try:
            await asyncio.wait_for(self._changed.wait(), timeout)
        except TimeoutError:
            return False
        return True
