"""What the scoreboard refuses: no token or a wrong one, any method but GET and HEAD, paths
outside the app; names escaped; the server listens only where it was asked to."""

from __future__ import annotations

import http.client
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from referee.service import SessionService
from referee.store import fingerprint

from .conftest import new_session
from .server_process import ROOT, ServerProcess, free_port

ASK = "Ask the scorekeeper for the QR code"


class Served:
    def __init__(self, server: ServerProcess, service: SessionService, sid: str) -> None:
        self.server, self.service, self.sid = server, service, sid
        parts = urlsplit(server.url)
        assert parts.hostname is not None
        self.host, self.port, self.path = parts.hostname, parts.port, parts.path

    def request(
        self, method: str, path: str, *, read: bool = True
    ) -> tuple[int, dict[str, str], str]:
        conn = http.client.HTTPConnection(self.host, self.port, timeout=10)
        try:
            conn.putrequest(method, path, skip_accept_encoding=True)
            conn.endheaders()
            response = conn.getresponse()
            headers = {k.lower(): v for k, v in response.getheaders()}
            body = response.read().decode("utf-8") if read else ""
            return response.status, headers, body
        finally:
            conn.close()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    data = tmp_path_factory.mktemp("served")
    service = SessionService(data)
    sid = new_session(
        service, players="<script>x</script>, Bob & Co, Cy", event="<img src=x onerror=alert(1)>"
    )
    with service.open(sid) as live:
        for move in ("round 1", "dealer Cy", "start r7", "<script>x</script>: r5"):
            assert live.record(move).ok, move
    with ServerProcess(data, sid) as server:
        yield Served(server, service, sid)


def test_the_token_opens_the_page(served: Served) -> None:
    status, headers, body = served.request("GET", served.path)
    assert status == 200
    assert headers["content-type"].startswith("text/html")
    assert "Bob &amp; Co" in body


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/s/",
        "/s//",
        "/s/not-the-token/",
        "/s/{short}/",
        "/s/{long}/",
        "/s/{upper}/",
        "/s/not-the-token/events",
        "/s/not-the-token/board.js",
        "/s/not-the-token/board.css",
        "/s/{token}%00/",
    ],
)
def test_a_missing_or_wrong_token_gets_only_the_ask_page(served: Served, path: str) -> None:
    token = served.server.token
    path = path.format(token=token, short=token[:-1], long=token + "A", upper=token.swapcase())
    status, headers, body = served.request("GET", path)
    assert status in (403, 404)
    assert ASK in body
    assert "Bob" not in body and "script" not in body and "r5" not in body
    assert headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize(
    "method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT", "PROPFIND"]
)
@pytest.mark.parametrize("where", ["page", "events", "elsewhere"])
def test_every_method_but_get_and_head_is_refused(served: Served, method: str, where: str) -> None:
    path = {"page": served.path, "events": served.path + "events", "elsewhere": "/anything"}[where]
    before = fingerprint(served.service.layout.session(served.sid))
    status, headers, body = served.request(method, path)
    assert status == 405
    assert headers["allow"] == "GET, HEAD"
    assert "Bob" not in body
    assert fingerprint(served.service.layout.session(served.sid)) == before


@pytest.mark.parametrize("where", ["", "board.js", "board.css", "events"])
def test_head_is_answered(served: Served, where: str) -> None:
    status, _headers, _body = served.request("HEAD", served.path + where, read=False)
    assert status == 200


@pytest.mark.parametrize(
    "path",
    [
        "/etc/passwd",
        "/static/board.js",
        "/board.js",
        "/s/{token}/../../etc/passwd",
        "/s/{token}/%2e%2e/%2e%2e/etc/passwd",
        "/s/{token}/board.py",
        "/s/{token}/server.py",
        "/s/{token}/templates/page.html",
        "/s/{token}/static/board.js",
        "/s/{token}/x/events",
        "/s/{token}/..%2fboard.js",
        "/s/{token}/events/more",
    ],
)
def test_paths_outside_the_app_are_not_served(served: Served, path: str) -> None:
    status, _headers, body = served.request("GET", path.format(token=served.server.token))
    assert status in (403, 404)
    assert ASK in body
    assert "root:" not in body and "import" not in body and "Bob" not in body


def test_every_response_carries_the_security_headers(served: Served) -> None:
    for method, path in (
        ("GET", served.path),
        ("GET", served.path + "board.js"),
        ("GET", "/nowhere"),
        ("POST", served.path),
    ):
        _status, headers, _body = served.request(method, path)
        policy = headers["content-security-policy"]
        assert "default-src 'none'" in policy and "script-src 'self'" in policy
        assert "unsafe-inline" not in policy
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"
        assert headers["cross-origin-opener-policy"] == "same-origin"
        assert headers["cross-origin-resource-policy"] == "same-origin"
        assert "camera=()" in headers["permissions-policy"]


def test_the_page_has_no_inline_script_and_nothing_from_elsewhere(served: Served) -> None:
    _status, _headers, body = served.request("GET", served.path)
    assert '<script src="board.js" defer></script>' in body
    assert body.count("<script") == 1
    assert "http://" not in body and "https://" not in body.replace(
        "http://www.w3.org/2000/svg", ""
    )
    assert '<meta name="viewport"' in body
    assert '<noscript><meta http-equiv="refresh"' in body


def test_names_and_rulings_are_escaped(served: Served) -> None:
    _status, _headers, body = served.request("GET", served.path)
    assert "<script>x" not in body and "<img" not in body
    assert "&lt;script&gt;x&lt;/script&gt;" in body
    assert "&lt;img src=x onerror=alert(1)&gt;" in body
    # The ruling quotes the name too.
    assert "&lt;script&gt;x&lt;/script&gt; played Red 5" in body


def test_the_stream_sends_the_board_escaped(served: Served) -> None:
    conn = http.client.HTTPConnection(served.host, served.port, timeout=10)
    try:
        conn.request("GET", served.path + "events")
        response = conn.getresponse()
        assert response.status == 200
        assert str(response.getheader("content-type")).startswith("text/event-stream")
        lines: list[str] = []
        # Up to the blank line that ends the first `board` event.
        while True:
            line = response.readline().decode("utf-8")
            if line == "\n" and any(seen.startswith("event: board") for seen in lines):
                break
            lines.append(line)
            assert len(lines) < 1000
    finally:
        conn.close()
    text = "".join(lines)
    assert "event: board" in text
    assert "&lt;script&gt;x&lt;/script&gt;" in text and "<script>x" not in text


def test_the_streams_are_capped(service: SessionService, data_dir: Path) -> None:
    sid = new_session(service)
    with ServerProcess(data_dir, sid, extra=("--max-viewers", "1")) as server:
        parts = urlsplit(server.url)
        assert parts.hostname is not None
        first = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
        try:
            first.request("GET", parts.path + "events")
            following = first.getresponse()
            assert following.status == 200
            assert following.readline() == b"retry: 1000\n"
            second = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
            second.request("GET", parts.path + "events")
            refused = second.getresponse()
            assert refused.status == 503 and refused.getheader("retry-after") == "5"
            second.close()
            # The page itself is still served.
            status, _headers, _body = Served(server, service, sid).request("GET", parts.path)
            assert status == 200
        finally:
            first.close()


def listening(port: int) -> set[str]:
    """The local addresses that listen on `port` (IPv4 and IPv6), from /proc."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            rows = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for fields in (row.split() for row in rows):
            address, hex_port = fields[1].split(":")
            if int(hex_port, 16) == port and fields[3] == "0A":  # 0A: LISTEN
                found.add(address)
    return found


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads Linux's /proc/net/tcp")
def test_the_server_listens_only_where_asked(service: SessionService, data_dir: Path) -> None:
    sid = new_session(service)
    # 127.0.0.2 is a loopback address too, but not 127.0.0.1: a server bound to every address
    # would answer on both.
    with ServerProcess(data_dir, sid, host="127.0.0.2") as server:
        assert urlsplit(server.url).hostname == "127.0.0.2"
        assert listening(server.port) == {"0200007F"}
        with pytest.raises(ConnectionRefusedError):
            socket.create_connection(("127.0.0.1", server.port), timeout=5).close()
        socket.create_connection(("127.0.0.2", server.port), timeout=5).close()


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads Linux's /proc/net/tcp")
def test_by_default_it_listens_on_the_local_network_address_only(
    service: SessionService, data_dir: Path
) -> None:
    from referee.web.links import local_address

    sid = new_session(service)
    address = local_address()
    server = ServerProcess(data_dir, sid, host=address)
    server.host = None  # no --host: the default
    with server:
        assert urlsplit(server.url).hostname == address
        (bound,) = listening(server.port)
        assert bound not in ("00000000", "00000000000000000000000000000000")
        expected = socket.inet_aton(address)[::-1].hex().upper()
        assert bound == expected


def serve_cli(*words: str, data_dir: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "referee.cli", "serve", *words, "--data-dir", str(data_dir)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_an_unknown_session_is_a_plain_error(data_dir: Path) -> None:
    done = serve_cli("zzzzzz", "--host", "127.0.0.1", data_dir=data_dir)
    assert done.returncode == 2
    assert "zzzzzz" in done.stderr and "Traceback" not in done.stderr
    assert done.stdout == ""


def test_a_busy_port_is_a_plain_error(service: SessionService, data_dir: Path) -> None:
    sid = new_session(service)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = serve_cli(sid, "--host", "127.0.0.1", "--port", str(port), data_dir=data_dir)
    assert done.returncode == 2
    assert f"port {port} on 127.0.0.1 is in use" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("host", ["no-such-host.invalid", "999.1.1.1", "192.0.2.1"])
def test_a_bad_host_is_a_plain_error(service: SessionService, data_dir: Path, host: str) -> None:
    sid = new_session(service)
    done = serve_cli(sid, "--host", host, "--port", str(free_port()), data_dir=data_dir)
    assert done.returncode == 2
    assert host in done.stderr and "Traceback" not in done.stderr


def test_help_says_what_is_exposed_and_to_whom() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "referee.cli", "serve", "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0
    text = " ".join(done.stdout.split())
    assert "read-only" in text and "token" in text and "127.0.0.1" in text
    assert "local-network address" in text
