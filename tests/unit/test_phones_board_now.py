"""A phone's move reaches every phone at once (issue 26): the server that stored it looks at the
session again right away instead of at its next poll of the file (`Hub.nudge`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from referee.engine.events import Header
from referee.service import SessionService
from referee.table import Desk
from referee.web.hub import Hub
from referee.web.server import create_app
from referee.web.writer import LocalWriter

TOKEN = "t" * 22
HOST = "127.0.0.1:8000"


async def call(
    app: Any, method: str, path: str, headers: dict[str, str], body: bytes = b""
) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
    """One request straight into the ASGI app: its status, headers and body."""
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(k.lower().encode(), v.encode()) for k, v in headers.items()],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8000),
    }
    incoming = [{"type": "http.request", "body": body, "more_body": False}]
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return incoming.pop(0) if incoming else {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await app(scope, receive, send)
    start = next(m for m in sent if m["type"] == "http.response.start")
    content = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return start["status"], start["headers"], content


async def test_a_recorded_proposal_wakes_the_board_at_once(tmp_path: Path, monkeypatch) -> None:
    service = SessionService(tmp_path / "data")
    sid = service.create(Header(edition="classic", players=("Alice", "Bob"), scoring="none"))
    with service.open(sid) as live:
        for line in ("round 1", "dealer Alice", "start r7"):
            assert live.record(line).ok
    nudged: list[Hub] = []
    real_nudge = Hub.nudge

    def nudge(self: Hub) -> None:
        nudged.append(self)
        real_nudge(self)

    monkeypatch.setattr(Hub, "nudge", nudge)
    with service.open(sid) as writer_side, service.open(sid, read_only=True) as board:
        desk = Desk(writer_side, "none")
        app = create_app(board, TOKEN, writer=LocalWriter(desk))
        join = desk.seats.ask("Bob")
        assert join is not None and desk.seats.approve("Bob")
        got = desk.seats.collect(join.ticket)
        assert got is not None
        headers = {
            "host": HOST,
            "origin": f"http://{HOST}",
            "content-type": "application/json",
            "cookie": f"seat={got[1]}",
        }
        refused = json.dumps({"action": "b3", "seen": 3, "request": "r-0"}).encode()
        status, _headers, _body = await call(app, "POST", f"/s/{TOKEN}/propose", headers, refused)
        assert status == 200 and nudged == []  # nothing stored: nothing to show
        legal = json.dumps({"action": "r5", "seen": 3, "request": "r-1"}).encode()
        status, _headers, body = await call(app, "POST", f"/s/{TOKEN}/propose", headers, legal)
        assert status == 200 and json.loads(body)["status"] == "recorded"
        assert len(nudged) == 1 and nudged[0]._nudged.is_set()
