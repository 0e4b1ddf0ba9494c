"""The server's way to the table's one writer: the writer in its own process (`serve --seats`
alone), or the app that started it, over the pipes between them (one JSON message a line)."""

from __future__ import annotations

import asyncio
import json
import sys
import threading
from collections.abc import Callable
from typing import IO, Any, Protocol, TypeVar

from ..service import SessionError
from ..table import Desk
from ..table.protocol import handle

T = TypeVar("T")


class Writer(Protocol):
    async def ask(self, message: dict[str, Any]) -> dict[str, Any]:
        """The writer's answer to one phone's message (persisted before it is answered)."""
        ...


class LocalWriter:
    """The writer in this process: one message at a time, off the event loop (a move is
    written and synced to disk before it is answered)."""

    def __init__(self, desk: Desk, after: Callable[[Desk], None] = lambda desk: None) -> None:
        self.desk = desk
        self.after = after
        """Called after each message, in the same thread (the standalone server shows the
        seats' codes and the queue on its terminal)."""
        self._lock = threading.Lock()

    def _handle(self, message: dict[str, Any]) -> dict[str, Any]:
        with self._lock:
            try:
                answer = handle(self.desk, message)
            except SessionError:
                # Closed as the message came (an event's table whose round ended): refused.
                return {"error": "closed"}
            self.after(self.desk)
            return answer

    async def ask(self, message: dict[str, Any]) -> dict[str, Any]:
        return await asyncio.to_thread(self._handle, message)

    async def run(self, act: Callable[[Desk], T]) -> T:
        """`act` on the desk, between two phones' messages (an event's director's statements)."""

        def locked() -> T:
            with self._lock:
                return act(self.desk)

        return await asyncio.to_thread(locked)


class PipeWriter:
    """The writer in the app's process: each message goes up standard output, numbered, and its
    answer comes back on standard input with the same number."""

    def __init__(self, up: IO[str] | None = None, down: IO[str] | None = None) -> None:
        self.up = up or sys.stdout
        self.down = down or sys.stdin
        self._next = 0
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._reader: threading.Thread | None = None

    def _read(self) -> None:
        """In a thread: every answer line, handed to the request that waits for it."""
        for line in self.down:
            try:
                got = json.loads(line)
                number, answer = got["n"], got["answer"]
            except (ValueError, KeyError, TypeError):
                continue
            loop = self._loop
            if loop is not None and isinstance(answer, dict):
                loop.call_soon_threadsafe(self._deliver, number, answer)
        # The app is gone: nothing more will be answered.
        loop = self._loop
        if loop is not None:
            loop.call_soon_threadsafe(self._gone)

    def _deliver(self, number: int, answer: dict[str, Any]) -> None:
        future = self._waiting.pop(number, None)
        if future is not None and not future.done():
            future.set_result(answer)

    def _gone(self) -> None:
        for future in self._waiting.values():
            if not future.done():
                future.set_result({"error": "writer"})
        self._waiting.clear()

    async def ask(self, message: dict[str, Any]) -> dict[str, Any]:
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
            self._reader = threading.Thread(target=self._read, daemon=True)
            self._reader.start()
        self._next += 1
        number = self._next
        future: asyncio.Future[dict[str, Any]] = self._loop.create_future()
        self._waiting[number] = future
        self.up.write(json.dumps({"n": number, "message": message}, ensure_ascii=True) + "\n")
        self.up.flush()
        return await future
