"""Clients that try to starve the scoreboard's server: connections that never send a byte, and
connections that send a request's head a byte at a time and never finish it, all from one
address other than the viewers' (127.0.0.2, a loopback address too), held open for as long as
the test needs them by opening a new one for every one the server closes."""

from __future__ import annotations

import contextlib
import itertools
import select
import socket
import threading
import time
from dataclasses import dataclass

HOSTILE = "127.0.0.2"
"""Where the hostile connections come from; viewers come from 127.0.0.1."""
ROUND = 0.25
"""How often the slow clients send their next byte and closed connections are opened again.
An attacker would reopen as fast as it can; the pace leaves the shared cores to the browser and
the server, and still sends a slow head's bytes far more often than the server's deadline."""
SLOW_HEAD = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: " + b"s" * 8000
"""A head that never ends (no blank line), well under h11's 16 KiB limit on an incomplete one."""


def bindable(address: str) -> bool:
    """Whether this machine has `address` (Linux answers on all of 127.0.0.0/8; macOS has only
    127.0.0.1 unless aliases are added)."""
    with socket.socket() as probe:
        try:
            probe.bind((address, 0))
        except OSError:
            return False
    return True


def connect_from(source: str, port: int, host: str = "127.0.0.1") -> socket.socket:
    """A TCP connection to `host`:`port` from the address `source` (bound before connecting)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.bind((source, 0))
        sock.settimeout(10)
        sock.connect((host, port))
    except OSError:
        sock.close()
        raise
    return sock


def closed_by_peer(sock: socket.socket) -> bool:
    """Whether the server has closed `sock` (reads what it sent; call when it is readable)."""
    try:
        sock.setblocking(False)
        while True:
            data = sock.recv(65536)
            if not data:
                return True
    except BlockingIOError:
        return False
    except OSError:  # reset
        return True


@dataclass
class Held:
    sock: socket.socket
    slow: bool
    opened: float
    """Taken before connecting: the server cannot have seen the connection any earlier."""
    sent: int = 0


class Hostile:
    """`idle` connections that never send a byte and `slow` ones that drip a head, from
    `source`, each reopened as soon as the server closes it, until the `with` block ends.

    `lifetimes` are how long each connection the server closed had been open (from its
    connect to the moment its closing was seen), idle and slow apart.
    """

    def __init__(self, port: int, *, idle: int = 0, slow: int = 0, source: str = HOSTILE) -> None:
        self.port, self.source = port, source
        self.wanted = [False] * idle + [True] * slow
        self.held: list[Held | None] = [None] * len(self.wanted)
        self.lifetimes: dict[bool, list[float]] = {False: [], True: []}
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self._hold, daemon=True)

    def cut_off(self, slow: bool) -> int:
        """How many connections (slow ones, or idle ones) the server has closed so far."""
        with self.lock:
            return len(self.lifetimes[slow])

    def __enter__(self) -> Hostile:
        self._open_missing()
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join(30)
        for held in self.held:
            if held is not None:
                held.sock.close()

    def _open_missing(self) -> None:
        for i, slow in enumerate(self.wanted):
            if self.held[i] is None:
                opened = time.monotonic()
                with contextlib.suppress(OSError):  # tried again next round
                    self.held[i] = Held(connect_from(self.source, self.port), slow, opened)

    def _hold(self) -> None:
        while not self.stop.is_set():
            for i, held in enumerate(self.held):
                if held is not None and held.slow and held.sent < len(SLOW_HEAD):
                    try:
                        held.sock.send(SLOW_HEAD[held.sent : held.sent + 1])
                        held.sent += 1
                    except OSError:
                        self._closed(i, held)
            socks = [held.sock for held in self.held if held is not None]
            readable = select.select(socks, [], [], 0)[0] if socks else []
            for i, held in enumerate(self.held):
                if held is not None and held.sock in readable and closed_by_peer(held.sock):
                    self._closed(i, held)
            self._open_missing()
            self.stop.wait(ROUND)

    def _closed(self, i: int, held: Held) -> None:
        with self.lock:
            self.lifetimes[held.slow].append(time.monotonic() - held.opened)
        held.sock.close()
        self.held[i] = None


def wait_for(condition: object, deadline: float, what: str) -> None:
    """Until `condition()` is true; AssertionError naming `what` after `deadline` seconds."""
    assert callable(condition)
    end = time.monotonic() + deadline
    for pause in itertools.chain([0.05, 0.1, 0.2], itertools.repeat(0.5)):
        if condition():
            return
        if time.monotonic() > end:
            raise AssertionError(f"still waiting after {deadline} s for {what}")
        threading.Event().wait(pause)
