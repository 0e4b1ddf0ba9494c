"""The server's connections kept in bounds: a deadline for every request's head, a share of the
connections for each address and a ceiling for all, so that clients that say nothing (or say
it slowly) cannot crowd out the table's phones.

uvicorn (0.54, h11) has no deadline before the first byte or for the headers, and its keep-alive
timer stops at the first byte and never starts again: a client that sends one byte now and then
holds its connection for ever; its `limit_concurrency` then counts those connections and answers
every viewer 503. `guarded_protocol` subclasses its h11 protocol (given to `uvicorn.Config` as
`http=`) and relies only on what is pinned below.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import ClassVar

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from ..i18n import _

REQUEST_SECONDS = 5
"""How long a connection has, from its opening or from the end of its last answer, to send a
request's complete head; then it is closed. A phone sends its request in one packet right after
connecting, in milliseconds on a table's Wi-Fi: five seconds leave room for two retransmissions
of a lost packet (TCP waits one second, then two more), and cost a client that holds connections
without a request a new connection every five seconds. It is also uvicorn's own keep-alive
timeout, so an idle kept-alive connection ends as it always did."""

PER_ADDRESS = 60
"""Connections one address may hold at once. Phones behind one router share an address: a
browser opens at most six connections to one server (the page, its two files, its one stream,
all fit), so a table's ten phones never need more than 60."""

MAX_OPEN = 512
"""Connections held at once, all addresses together: far more than a table needs, and well
within the 1,024 file descriptors a process is given by default on Linux (where the limit is
lower, half of it: see `open_ceiling`)."""


def open_ceiling(wanted: int = MAX_OPEN) -> int:
    """`wanted`, or half the process's file descriptors where that is fewer (macOS gives 256):
    a server out of descriptors stops accepting anyone, and the session file needs one too."""
    try:
        import resource
    except ImportError:  # Windows: no such limit on sockets
        return wanted
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return wanted
    return max(1, min(wanted, soft // 2))


class Gate:
    """Every open connection, by address; makes room for a new one by closing the one that has
    waited longest for a request, never one that is being answered."""

    def __init__(
        self,
        per_address: int = PER_ADDRESS,
        most: int = MAX_OPEN,
        request_seconds: float = REQUEST_SECONDS,
    ) -> None:
        self.per_address, self.most = per_address, most
        self.request_seconds = request_seconds
        self.everyone: set[GuardedProtocol] = set()
        self.by_address: dict[str, set[GuardedProtocol]] = {}

    def admit(self, new: GuardedProtocol) -> bool:
        """Take `new` in (True), closing an idle connection if a limit is reached; False if
        every connection in the way is being answered: then `new` is to be closed."""
        mine = self.by_address.get(new.address, set())
        if len(mine) >= self.per_address and not self._make_room(mine):
            return False
        if len(self.everyone) >= self.most and not self._make_room(self.everyone):
            return False
        self.everyone.add(new)
        self.by_address.setdefault(new.address, set()).add(new)
        return True

    def leave(self, gone: GuardedProtocol) -> None:
        self.everyone.discard(gone)
        mine = self.by_address.get(gone.address)
        if mine is not None:
            mine.discard(gone)
            if not mine:
                del self.by_address[gone.address]

    def _make_room(self, among: set[GuardedProtocol]) -> bool:
        idle = [conn for conn in among if conn.waiting]
        if not idle:
            return False
        oldest = min(idle, key=lambda conn: conn.waiting_since)
        # Out of the counts at once: its transport reports the loss only at the loop's next turn.
        self.leave(oldest)
        oldest.cut_off()
        return True


class GuardedProtocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline for each request's head and a place at the gate.

    Relies on uvicorn 0.54's `H11Protocol`: `connection_made`, `connection_lost` and
    `on_response_complete` (called when an answer is complete), `send_400_response(msg)`
    (called on a malformed request), and its attributes `transport`, `client`, `conn` (the
    h11 connection), `cycle` (the current request, with `response_complete`), `loop` and
    `server_state.default_headers`. tests/web/test_availability.py fails if any of them changes.
    """

    gate: ClassVar[Gate]
    address = ""
    waiting_since = 0.0
    """When the connection began to wait for a request (opened, or its last answer complete)."""
    _deadline: asyncio.TimerHandle | None = None

    @property
    def waiting(self) -> bool:
        """No request is being answered: the connection waits for one (or for its head's end)."""
        return self.cycle is None or self.cycle.response_complete

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.address = self.client[0] if self.client else ""
        if not self.gate.admit(self):
            transport.abort()
            return
        self._wait_for_a_request()

    def connection_lost(self, exc: Exception | None) -> None:
        self.gate.leave(self)
        self._stop_waiting()
        super().connection_lost(exc)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._wait_for_a_request()

    def _wait_for_a_request(self) -> None:
        # Not restarted by the bytes that come in, as uvicorn's keep-alive timer is stopped by
        # them: a head sent a byte at a time has the same five seconds as any other.
        self._stop_waiting()
        self.waiting_since = self.loop.time()
        self._deadline = self.loop.call_later(self.gate.request_seconds, self._expire)

    def _stop_waiting(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expire(self) -> None:
        self._deadline = None
        # A request that arrived in time is being answered: the next wait starts at its end.
        if self.waiting:
            self.cut_off()

    def cut_off(self) -> None:
        """Close at once: nothing more is read, and nothing the client did not read is kept."""
        self._stop_waiting()
        self.transport.abort()

    def send_400_response(self, msg: str) -> None:
        # uvicorn's own 400 carries none of the server's default headers: the security headers
        # are the same for every answer, this one included.
        body = _("This is not a request the scoreboard can read.").encode("utf-8")
        headers = [
            *self.server_state.default_headers,
            (b"content-type", b"text/plain; charset=utf-8"),
            (b"connection", b"close"),
        ]
        # A head that h11 could not read still leaves it able to answer (so uvicorn does), and
        # where it cannot, the connection is closed without an answer.
        with contextlib.suppress(h11.LocalProtocolError):
            response = h11.Response(status_code=400, headers=headers, reason=b"Bad Request")
            self.transport.write(self.conn.send(response) or b"")
            self.transport.write(self.conn.send(h11.Data(data=body)) or b"")
            self.transport.write(self.conn.send(h11.EndOfMessage()) or b"")
        self.transport.close()


def guarded_protocol(gate: Gate) -> type[GuardedProtocol]:
    """The protocol class for one server, whose connections all pass `gate`."""

    class Guarded(GuardedProtocol):
        pass

    Guarded.gate = gate
    return Guarded
