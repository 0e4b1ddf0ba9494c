"""The served session kept current: polls the file, refreshes the read-only session, renders
the board once per change and wakes every stream that follows it."""

from __future__ import annotations

import asyncio
import contextlib
import sys
import threading
from collections.abc import Callable

from ..i18n import current
from ..service import LiveSession, SessionError
from .board import board_of
from .pages import board_fragment
from .speech import speaking

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
        self.lang = current()
        self.fragments = {self.lang: self.fragment}
        """The board in each language a page has asked for (each phone chooses its own)."""
        self._reading = threading.Lock()
        """Held while `live` is read: by the worker that refreshes it and by a page asking for
        the board in a language not drawn yet."""
        self._changed = asyncio.Event()
        self._nudged = asyncio.Event()
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

    def fragment_in(self, lang: str) -> str:
        """The board in `lang` (drawn now if no page asked for that language before)."""
        found = self.fragments.get(lang)
        if found is None:
            with self._reading, speaking(lang):
                found = self.fragments[lang] = board_fragment(board_of(self.live))
        return found

    def _refresh(self) -> bool:
        """In a worker thread: re-read and re-render."""
        with self._reading:
            return self._read_again()

    def _read_again(self) -> bool:
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
        drawn = {}
        for lang in {self.lang, *self.fragments}:
            with speaking(lang):
                drawn[lang] = board_fragment(board_of(self.live))
        self.fragments, self.fragment = drawn, drawn[self.lang]
        self.moves = len(self.live.moves)
        return True

    async def follow(self, stopping: Callable[[], bool]) -> None:
        """Poll until the server stops."""
        while not stopping():
            if await asyncio.to_thread(self._refresh):
                self.version += 1
                changed, self._changed = self._changed, asyncio.Event()
                changed.set()
            # Until the next look, or at once when a phone's move was just recorded.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._nudged.wait(), POLL_SECONDS)
            self._nudged.clear()

    def nudge(self) -> None:
        """A move was recorded through this server: look at the file now, not at the next poll
        (every phone sees a tap's ruling as soon as it is stored)."""
        self._nudged.set()

    async def wait(self, seen: int, timeout: float) -> bool:
        """Until a version newer than `seen` is out (True) or `timeout` seconds pass (False)."""
        if self.version != seen:
            return True
        try:
            await asyncio.wait_for(self._changed.wait(), timeout)
        except TimeoutError:
            return False
        return True
