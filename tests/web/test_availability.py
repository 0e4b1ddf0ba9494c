"""A server no one can starve: connections that say nothing (or say it a byte at a time) are cut
off and kept to a share per address, so viewers still get their pages; stream slots are taken
at the check; every answer, the server's own errors included, carries the security headers;
and `--host 0` says that it means every address."""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import select
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import uvicorn
from playwright.sync_api import Page, expect
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

from referee.service import SessionService
from referee.web.connections import PER_ADDRESS, REQUEST_SECONDS, Gate, GuardedProtocol
from referee.web.links import LinkError, resolve_host
from referee.web.server import ServerOptions, bind, build_server, create_app, server_config

from .conftest import new_session
from .hostile import (
    HOSTILE,
    ROUND,
    SLOW_HEAD,
    Hostile,
    bindable,
    closed_by_peer,
    connect_from,
    wait_for,
)
from .server_process import ROOT, ServerProcess, free_port
from .test_browser import WAIT_MS, recorder, row, sample_moves

CUT_OFF_SECONDS = 60
"""How long a test waits for the server to close a connection (it should take REQUEST_SECONDS):
generous, so that a loaded machine only makes the test slower, never wrong."""
VIEWER = "127.0.0.1"
from_elsewhere = pytest.mark.skipif(
    not all(bindable(f"127.0.0.{n}") for n in (2, 3, 4, 5)),
    reason="the hostile clients need other loopback addresses than 127.0.0.1 (as on Linux)",
)
"""For the tests whose clients come from other loopback addresses than the viewers'."""


def assert_secured(headers: dict[str, str]) -> None:
    """The security headers every answer carries, the new ones included."""
    assert "default-src 'none'" in headers["content-security-policy"]
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"
    assert headers["x-frame-options"] == "DENY"
    assert headers["cross-origin-opener-policy"] == "same-origin"
    assert headers["cross-origin-resource-policy"] == "same-origin"
    policy = headers["permissions-policy"]
    for feature in ("camera", "microphone", "geolocation", "payment", "usb"):
        assert f"{feature}=()" in policy


def fetch(
    url: str, path: str = "", *, source: str = VIEWER
) -> tuple[int, dict[str, str], http.client.HTTPConnection]:
    """GET `path` (the page's own by default) from `source`; the connection stays open (a
    stream keeps streaming) until the caller closes it."""
    parts = urlsplit(url)
    assert parts.hostname is not None
    conn = http.client.HTTPConnection(
        parts.hostname, parts.port, timeout=10, source_address=(source, 0)
    )
    conn.request("GET", parts.path + path)
    response = conn.getresponse()
    headers = {k.lower(): v for k, v in response.getheaders()}
    if not path.endswith("events") or response.status != 200:
        response.read()
    return response.status, headers, conn


def get(url: str, path: str = "", *, source: str = VIEWER) -> tuple[int, dict[str, str]]:
    status, headers, conn = fetch(url, path, source=source)
    conn.close()
    return status, headers


@pytest.fixture
def served(service: SessionService, data_dir: Path) -> Iterator[ServerProcess]:
    sid = new_session(service)
    with ServerProcess(data_dir, sid) as server:
        yield server


# Connections that say nothing, or say it slowly ----------------------------------------------


@from_elsewhere
def test_connections_that_never_send_a_byte_do_not_lock_viewers_out(served: ServerProcess) -> None:
    # 70 were enough: uvicorn's connection cap counted them, and every viewer got 503.
    idle = [connect_from(HOSTILE, served.port) for _ in range(100)]
    try:
        status, headers = get(served.url)
        assert status == 200
        assert_secured(headers)
        status, _headers, stream = fetch(served.url, "events")
        stream.close()
        assert status == 200
    finally:
        for sock in idle:
            sock.close()


@from_elsewhere
def test_a_connection_that_never_sends_a_byte_is_closed(served: ServerProcess) -> None:
    with Hostile(served.port, idle=3) as hostile:
        wait_for(
            lambda: hostile.cut_off(slow=False) >= 3,
            CUT_OFF_SECONDS,
            "the server to close connections that sent nothing",
        )
        # Not before its time: a phone has REQUEST_SECONDS to send its request.
        assert min(hostile.lifetimes[False]) >= REQUEST_SECONDS


@from_elsewhere
def test_a_slow_header_client_is_cut_off_and_viewers_still_get_pages(served: ServerProcess) -> None:
    with Hostile(served.port, slow=20) as hostile:
        status, _headers = get(served.url)
        assert status == 200
        # A byte every ROUND seconds never let uvicorn's keep-alive timer run out.
        wait_for(
            lambda: hostile.cut_off(slow=True) >= 20,
            CUT_OFF_SECONDS,
            "the server to cut off 20 slow heads",
        )
        assert min(hostile.lifetimes[True]) >= REQUEST_SECONDS
        status, _headers = get(served.url)
        assert status == 200


def test_a_kept_alive_connection_that_dribbles_is_cut_off(served: ServerProcess) -> None:
    parts = urlsplit(served.url)
    sock = connect_from(VIEWER, served.port)
    try:
        sock.sendall(f"GET {parts.path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        answer = sock.makefile("rb")
        assert answer.readline().startswith(b"HTTP/1.1 200")
        length = 0
        while (line := answer.readline()) not in (b"\r\n", b""):
            name, _colon, value = line.decode("latin-1").partition(":")
            if name.lower() == "content-length":
                length = int(value)
        assert len(answer.read(length)) == length
        # The next request's head, a byte at a time: uvicorn stopped its keep-alive timer at
        # the first byte and never started it again.
        sent, closed = 0, False
        end = threading.Event()
        timer = threading.Timer(CUT_OFF_SECONDS, end.set)
        timer.start()
        try:
            while not closed and not end.is_set():
                with contextlib.suppress(OSError):
                    sock.send(SLOW_HEAD[sent : sent + 1])
                    sent += 1
                if socket_readable(sock, ROUND):
                    closed = closed_by_peer(sock)
        finally:
            timer.cancel()
        assert closed, "the server kept a dribbling kept-alive connection open"
    finally:
        sock.close()


def socket_readable(sock: socket.socket, timeout: float) -> bool:
    """Whether `sock` has something to read (or was closed) within `timeout` seconds."""
    return bool(select.select([sock], [], [], timeout)[0])


@from_elsewhere
def test_a_tables_ten_phones_behind_one_address_all_get_in(served: ServerProcess) -> None:
    phones = "127.0.0.3"
    opened: list[http.client.HTTPConnection] = []
    with Hostile(served.port, idle=100):
        try:
            for _phone in range(10):
                # The page and its two files, each on a connection left open as a browser
                # leaves it, then the phone's stream.
                for path in ("", "board.js", "board.css", "events"):
                    status, headers, conn = fetch(served.url, path, source=phones)
                    opened.append(conn)
                    assert status == 200, path
                    assert_secured(headers)
        finally:
            for conn in opened:
                conn.close()


@from_elsewhere
def test_one_address_holds_no_more_than_its_share(service: SessionService, data_dir: Path) -> None:
    # Every connection of one address, counted by the server itself: a client that opens more
    # than its share has its longest-waiting ones closed at once (not after REQUEST_SECONDS).
    # No deadline here (an hour): only the share closes connections.
    sid, token = new_session(service), "t" * 22
    with service.open(sid, read_only=True) as live:
        options = ServerOptions("127.0.0.1", 0, token, per_address=5, request_seconds=3600)
        with in_thread(build_server(live, options)) as port:
            socks = [connect_from(HOSTILE, port) for _ in range(8)]
            try:
                wait_for(
                    lambda: all(
                        socket_readable(sock, 0) and closed_by_peer(sock) for sock in socks[:3]
                    ),
                    CUT_OFF_SECONDS,
                    "the three oldest connections to be closed",
                )
                # Another address is not affected, and the newest five are those kept.
                assert get(f"http://127.0.0.1:{port}/s/{token}/")[0] == 200
                assert not any(socket_readable(sock, 0) for sock in socks[3:])
            finally:
                for sock in socks:
                    sock.close()


# The gate's rules, with stand-ins for connections -------------------------------------------


class Stand:
    """A connection as the gate sees it."""

    def __init__(self, address: str, since: float, waiting: bool = True) -> None:
        self.address, self.waiting_since, self.waiting = address, since, waiting
        self.closed = False

    def cut_off(self) -> None:
        self.closed = True


def admit(gate: Gate, conn: Stand) -> bool:
    return gate.admit(conn)  # type: ignore[arg-type]


def test_the_gate_makes_room_by_closing_the_longest_waiting_of_the_same_address() -> None:
    gate = Gate(per_address=2, most=10)
    first, second = Stand("a", 1.0), Stand("a", 2.0)
    busy, other = Stand("a", 0.5, waiting=False), Stand("b", 0.1)
    assert admit(gate, other) and admit(gate, first) and admit(gate, second)
    newest = Stand("a", 3.0)
    assert admit(gate, newest)
    assert first.closed and not second.closed and not other.closed
    # Connections being answered are never closed to make room: a new one is refused instead.
    gate = Gate(per_address=1, most=10)
    assert admit(gate, busy)
    assert not admit(gate, Stand("a", 4.0)) and not busy.closed


def test_the_gate_makes_room_overall_by_closing_the_longest_waiting_anywhere() -> None:
    gate = Gate(per_address=5, most=3)
    oldest, busy, young = Stand("a", 1.0), Stand("b", 0.5, waiting=False), Stand("c", 2.0)
    for conn in (oldest, busy, young):
        assert admit(gate, conn)
    assert admit(gate, Stand("d", 3.0))
    assert oldest.closed and not busy.closed and not young.closed
    assert len(gate.everyone) == 3


def test_the_protocol_overrides_what_uvicorn_calls() -> None:
    # The guarded protocol works by overriding these; a rename in uvicorn would leave them
    # never called (and the timeouts gone), so the pinned names are checked here.
    for name in ("connection_made", "connection_lost", "on_response_complete", "send_400_response"):
        assert name in vars(H11Protocol), name
        assert name in vars(GuardedProtocol), name
    assert "default_headers" in vars(ServerState())


# Streams ---------------------------------------------------------------------------------


@from_elsewhere
def test_a_burst_of_stream_requests_never_opens_more_than_the_cap(served: ServerProcess) -> None:
    parts = urlsplit(served.url)
    request = f"GET {parts.path}events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
    # From four addresses (20 each, well within an address's share), in two waves, each sent
    # whole before any of its answers is read, and every stream kept open. The first wave stays
    # under uvicorn's old connection cap (70), which answered 503 to everything past it.
    socks: list[socket.socket] = []
    statuses: list[tuple[int, dict[str, str]]] = []
    try:
        for wave in (15, 5):
            batch = [
                connect_from(f"127.0.0.{n}", served.port) for n in (1, 3, 4, 5) for _ in range(wave)
            ]
            socks += batch
            for sock in batch:
                sock.sendall(request)
            statuses += [read_head(sock) for sock in batch]
        following = [status for status, _headers in statuses if status == 200]
        assert len(following) <= 50, f"{len(following)} streams open at once, 50 allowed"
        for status, headers in statuses:
            assert status in (200, 503)
            assert_secured(headers)
    finally:
        for sock in socks:
            sock.close()

    # Every slot comes back when its stream ends: 50 streams open again.
    def fifty_follow() -> bool:
        opened = []
        try:
            for _ in range(50):
                status, _headers, conn = fetch(served.url, "events")
                opened.append(conn)
                if status != 200:
                    return False
            return True
        finally:
            for conn in opened:
                conn.close()

    wait_for(fifty_follow, CUT_OFF_SECONDS, "the burst's stream slots to be given back")


def read_head(sock: socket.socket) -> tuple[int, dict[str, str]]:
    """The status and headers of the answer on `sock`."""
    sock.settimeout(30)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        assert chunk, f"closed without an answer after {data!r}"
        data += chunk
    head = data.split(b"\r\n\r\n")[0].decode("latin-1").split("\r\n")
    headers = {}
    for line in head[1:]:
        name, _colon, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(head[0].split()[1]), headers


class Exchange:
    """One request to the app in this process: its answer's status, and its client's leaving."""

    def __init__(self, app: Any, path: str, *, gone: bool = False) -> None:
        self.status: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self.left = asyncio.Event()
        if gone:
            self.left.set()
        scope = {
            "type": "http",
            "asgi": {"version": "3.0", "spec_version": "2.3"},
            "http_version": "1.1",
            "method": "GET",
            "scheme": "http",
            "path": path,
            "raw_path": path.encode(),
            "root_path": "",
            "query_string": b"",
            "headers": [(b"host", b"127.0.0.1")],
            "client": ("127.0.0.1", 1),
            "server": ("127.0.0.1", 2),
        }
        self.task = asyncio.create_task(app(scope, self.receive, self.send))

    async def receive(self) -> dict[str, Any]:
        await self.left.wait()
        return {"type": "http.disconnect"}

    async def send(self, message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start" and not self.status.done():
            self.status.set_result(message["status"])

    async def answered(self) -> int:
        return await asyncio.wait_for(asyncio.shield(self.status), 30)

    async def leave(self) -> None:
        self.left.set()
        await asyncio.wait_for(self.task, 30)


async def test_stream_requests_arriving_together_take_one_slot_each(
    service: SessionService,
) -> None:
    sid = new_session(service)
    with service.open(sid, read_only=True) as live:
        app = create_app(live, "t" * 22, max_streams=1)
        path = "/s/" + "t" * 22 + "/events"
        # All three pass the route before any stream has started: the check and the count
        # were apart, and all three followed.
        together = [Exchange(app, path) for _ in range(3)]
        statuses = sorted([await exchange.answered() for exchange in together])
        for exchange in together:
            await exchange.leave()
    assert statuses == [200, 503, 503]


async def test_a_stream_gives_its_slot_back_however_it_ends(service: SessionService) -> None:
    sid = new_session(service)
    with service.open(sid, read_only=True) as live:
        app = create_app(live, "t" * 22, max_streams=1)
        path = "/s/" + "t" * 22 + "/events"
        for _ in range(3):
            # Gone before the stream starts: its generator never runs.
            gone = Exchange(app, path, gone=True)
            await gone.leave()
        following = Exchange(app, path)
        assert await following.answered() == 200
        refused = Exchange(app, path)
        assert await refused.answered() == 503
        await refused.leave()
        await following.leave()
        again = Exchange(app, path)
        assert await again.answered() == 200
        await again.leave()


# The server's own answers ---------------------------------------------------------------


@contextlib.contextmanager
def in_thread(server: uvicorn.Server) -> Iterator[int]:
    """`server` serving on a free loopback port in a thread (no signals there); its port."""
    sock = bind("127.0.0.1", 0)
    port = int(sock.getsockname()[1])
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        wait_for(lambda: server.started, 30, "the server to start")
        yield port
    finally:
        server.should_exit = True
        thread.join(30)
        sock.close()


@pytest.mark.parametrize(
    "request_bytes",
    [
        b"GARBAGE\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nno colon here\r\n\r\n",
        # Past h11's 16 KiB for a head not yet ended.
        b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Long: " + b"x" * 20000,
        b"GET /\x01 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    ],
    ids=["not-http", "bad-header", "head-too-long", "control-in-target"],
)
def test_a_malformed_request_gets_a_400_with_the_security_headers(
    served: ServerProcess, request_bytes: bytes
) -> None:
    sock = connect_from(VIEWER, served.port)
    try:
        sock.sendall(request_bytes)
        status, headers = read_head(sock)
    finally:
        sock.close()
    assert status == 400
    assert_secured(headers)


def test_the_servers_own_500_carries_the_security_headers() -> None:
    async def failing(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            while (await receive())["type"] != "lifespan.shutdown":
                await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})
            return
        raise RuntimeError("a failure in the app, on purpose")

    options = ServerOptions("127.0.0.1", 0, "t" * 22)
    with in_thread(uvicorn.Server(server_config(failing, options))) as port:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/")
        response = conn.getresponse()
        headers = {k.lower(): v for k, v in response.getheaders()}
        conn.close()
    assert response.status == 500
    assert_secured(headers)


def test_too_many_requests_at_once_get_a_503_with_the_security_headers(
    service: SessionService,
) -> None:
    sid = new_session(service)
    token = "t" * 22
    with service.open(sid, read_only=True) as live:
        options = ServerOptions("127.0.0.1", 0, token, max_streams=5, max_connections=1)
        server = build_server(live, options)
        with in_thread(server) as port:
            url = f"http://127.0.0.1:{port}/s/{token}/"
            status, _headers, stream = fetch(url, "events")
            assert status == 200
            try:
                status, headers = get(url)
                assert status == 503 and headers["retry-after"] == "5"
                assert_secured(headers)
            finally:
                stream.close()
            wait_for(
                lambda: get(url)[0] == 200, CUT_OFF_SECONDS, "the page once the stream has ended"
            )


def test_a_full_stream_cap_answers_503_with_the_security_headers(
    service: SessionService, data_dir: Path
) -> None:
    sid = new_session(service)
    with ServerProcess(data_dir, sid, extra=("--max-viewers", "1")) as server:
        status, _headers, first = fetch(server.url, "events")
        try:
            assert status == 200
            status, headers = get(server.url, "events")
            assert status == 503
            assert_secured(headers)
        finally:
            first.close()


# --host ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "host, meant", [("0", "0.0.0.0"), ("0x0", "0.0.0.0"), ("0.0", "0.0.0.0"), ("000", "0.0.0.0")]
)
def test_a_host_that_means_every_address_must_say_so(
    service: SessionService, data_dir: Path, host: str, meant: str
) -> None:
    with pytest.raises(LinkError, match="every address"):
        resolve_host(host)
    assert resolve_host(meant)[0] == meant
    sid = new_session(service)
    port = free_port()
    try:
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "referee.cli",
                "serve",
                sid,
                "--host",
                host,
                "--port",
                str(port),
                "--data-dir",
                str(data_dir),
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"--host {host} served (on every address) instead of saying so")
    assert done.returncode == 2
    said = " ".join(done.stderr.split())
    assert f"--host '{host}' means every address of this machine ({meant})" in said
    assert f"say --host {meant}" in said
    assert "Traceback" not in done.stderr and done.stdout == ""


def test_every_address_asked_for_is_said_on_the_terminal(
    service: SessionService, data_dir: Path
) -> None:
    sid = new_session(service)
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "referee.cli",
            "serve",
            sid,
            "--host",
            "0.0.0.0",
            "--port",
            str(free_port("0.0.0.0")),
            "--url-only",
            "--data-dir",
            str(data_dir),
        ],
        cwd=ROOT,
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        assert proc.stdout is not None
        url = proc.stdout.readline()
    finally:
        proc.send_signal(signal.SIGTERM)
        _out, errors = proc.communicate(timeout=30)
    assert url.startswith("http://"), errors
    note = " ".join(errors.split())
    assert "listening on every address of this machine (0.0.0.0)" in note


# Done when: a real browser under siege -------------------------------------------------------


@from_elsewhere
def test_a_browser_follows_moves_while_the_server_is_under_siege(
    service: SessionService, data_dir: Path, phone: Page
) -> None:
    """While 100 idle connections and 20 slow-header clients are held open (from another
    address, reopened as the server closes them), a real browser opens the scoreboard and
    follows moves."""
    sid = new_session(service)
    moves = sample_moves()
    with (
        ServerProcess(data_dir, sid) as server,
        Hostile(server.port, idle=100, slow=20) as hostile,
        service.open(sid) as live,
    ):
        record = recorder(live, moves)
        phone.goto(server.url)
        expect(phone.locator("body")).to_have_attribute("data-link", "live", timeout=WAIT_MS)
        record("start g4")
        expect(phone.locator("#turn")).to_have_text("Bob to play", timeout=WAIT_MS)
        expect(phone.locator("#top")).to_have_text("Green 4")

        # The siege goes on: the server has cut off the slow heads and the idle connections
        # at least once, and they were opened again.
        wait_for(
            lambda: hostile.cut_off(slow=True) >= 20 and hostile.cut_off(slow=False) >= 100,
            CUT_OFF_SECONDS,
            "the server to cut off every hostile connection once",
        )
        record("Alice: b7")
        expect(phone.locator("#alerts li.urgent")).to_contain_text(
            "Alice has one card and did not call UNO", timeout=WAIT_MS
        )
        record("Carol: catch Alice")
        expect(row(phone, "Alice").locator(".cards")).to_have_text("3", timeout=WAIT_MS)

        # A page opened now, in the middle of the siege, is served too.
        phone.reload()
        expect(phone.locator("body")).to_have_attribute("data-link", "live", timeout=WAIT_MS)
        expect(phone.locator("#rulings li").first).to_contain_text("Carol: catch Alice")
    # The siege wanted more than one address's share, so its own connections made room for each
    # other, and never took the browser's.
    assert PER_ADDRESS < 100 + 20
