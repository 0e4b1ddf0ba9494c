"""The app as the table's one writer for its phones: F12 serves the page with seats, a phone's
seat is approved with one key, its legal play goes in at once, a catch waits for Enter, Ctrl+N
turns one down, and the log keeps who proposed each move."""

from __future__ import annotations

import asyncio
import http.cookiejar
import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from textual.widgets import DataTable

from referee.service import SessionService
from screens.app import build_app
from screens.dialogs import ServeDialog
from screens.history_screen import HistoryScreen
from screens.table_screen import TableScreen

from .conftest import new_session
from .test_serve_dialog import on_loopback, shown_url, until


class Phone:
    """One phone's browser, as far as the server can tell: its cookies and its requests."""

    def __init__(self, url: str) -> None:
        self.url = url
        parts = urlsplit(url)
        self.origin = f"{parts.scheme}://{parts.netloc}"
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def post(self, path: str, data: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        request = urllib.request.Request(
            self.url + path,
            data=json.dumps(data).encode(),
            method="POST",
            headers={"Content-Type": "application/json", "Origin": self.origin},
        )
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read() or b"{}")

    def pad(self) -> str:
        with self.opener.open(self.url + "pad", timeout=30) as response:
            return str(response.read().decode("utf-8"))


def by_of(service: SessionService, sid: str) -> list[tuple[str, str | None]]:
    """Every stored move with who proposed it (None: the scorekeeper)."""
    with service.open(sid, read_only=True) as live:
        by = live.proposed_by()
        return [(m.text, by.get(m.entry)) for m in live.moves]


@pytest.mark.parametrize("lang", ["en"])
async def test_a_phone_takes_a_seat_and_proposes_its_moves(
    service: SessionService, data_dir: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    on_loopback(monkeypatch)
    sid = new_session(service, players="Alice, Bob, Carol")
    with service.open(sid) as live:
        for line in ("round 1", "dealer Carol", "start r7"):
            assert live.record(line).ok
    app = build_app(data_dir, session_id=sid)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        await pilot.press("f12")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ServeDialog)
        url = await shown_url(pilot, dialog)
        await pilot.press("escape")
        alice, bob = Phone(url), Phone(url)

        status, _answer = await asyncio.to_thread(alice.post, "seat", {"player": "Alice"})
        assert status == 200
        desk = table.sitting.desk
        assert desk is not None and [j.player for j in desk.seats.asking()] == ["Alice"]
        await pilot.press("ctrl+y")  # the scorekeeper approves with one key
        assert "Your seat: Alice" in await asyncio.to_thread(alice.pad)

        # Another phone's guess at a code, and a move before any seat: refused.
        await asyncio.to_thread(bob.post, "seat", {"player": "Bob"})
        status, _answer = await asyncio.to_thread(bob.post, "code", {"code": "000000x"})
        assert status == 403
        status, _answer = await asyncio.to_thread(
            bob.post, "propose", {"action": "b7", "seen": 3, "request": "b-1"}
        )
        assert status == 403

        # Alice's legal play goes straight in (the default: plays of the player on turn).
        status, answer = await asyncio.to_thread(
            alice.post, "propose", {"action": "r5", "seen": 3, "request": "a-1"}
        )
        assert (status, answer["status"]) == (200, "recorded"), answer
        # A retry of the same request is answered the same and recorded once.
        status, again = await asyncio.to_thread(
            alice.post, "propose", {"action": "r5", "seen": 3, "request": "a-1"}
        )
        assert again == answer
        # Alice cannot play Bob's turn, nor propose Bob's move.
        status, answer = await asyncio.to_thread(
            alice.post, "propose", {"action": "r6", "seen": 4, "request": "a-2"}
        )
        assert answer["status"] == "refused" and answer["rule"] == "turn-order"
        status, answer = await asyncio.to_thread(
            alice.post, "propose", {"action": "Bob: r6", "seen": 4, "request": "a-3"}
        )
        assert answer["status"] == "refused"

        await pilot.press("ctrl+y")
        assert "Your seat: Bob" in await asyncio.to_thread(bob.pad)
        # Bob's play goes in; his UNO-less catch of Alice waits for the scorekeeper.
        status, answer = await asyncio.to_thread(
            bob.post, "propose", {"action": "r9", "seen": 4, "request": "b-2"}
        )
        assert answer["status"] == "recorded", answer
        status, answer = await asyncio.to_thread(
            bob.post, "propose", {"action": "catch Alice", "seen": 5, "request": "b-3"}
        )
        assert answer["status"] in ("waiting", "noted", "refused"), answer
        # The scorekeeper types a move meanwhile: the table is its own as always.
        assert table.record("Carol: draw")
        await until(pilot, _async(lambda: not desk.queue), "the queue is judged again")

        # Every proposal waits for the scorekeeper: `c` in the phones' dialog (plays, none, all).
        await pilot.press("f12")
        await pilot.pause()
        await pilot.press("c", "c")
        assert desk.confirm == "all"
        await pilot.press("escape")
        status, answer = await asyncio.to_thread(
            alice.post, "propose", {"action": "r3", "seen": 6, "request": "a-4"}
        )
        assert answer["status"] == "waiting", answer
        assert "Enter accepts" in str(table.query_one("#phones").render())
        await pilot.press("enter")  # the move box is empty: Enter accepts the proposal
        status, answer = await asyncio.to_thread(alice.post, "answer", {"request": "a-4"})
        assert answer["status"] == "recorded", answer
        status, answer = await asyncio.to_thread(
            bob.post, "propose", {"action": "r4", "seen": 7, "request": "b-4"}
        )
        assert answer["status"] == "waiting", answer
        await pilot.press("ctrl+n")
        status, answer = await asyncio.to_thread(bob.post, "answer", {"request": "b-4"})
        assert answer["status"] == "rejected", answer
        assert not desk.queue

        # The scorekeeper revokes Bob's seat: his phone can do nothing more, and is asked to
        # take a seat again.
        table.revoke_seat("Bob")
        status, answer = await asyncio.to_thread(
            bob.post, "propose", {"action": "draw", "seen": 7, "request": "b-5"}
        )
        assert status == 403
        assert "Take a seat" in await asyncio.to_thread(bob.pad)

        # History says whose phone proposed each move.
        await pilot.press("f9")
        await pilot.pause()
        history = app.screen
        assert isinstance(history, HistoryScreen)
        moves = history.query_one("#moves", DataTable)
        assert "Phone" in [str(c.label) for c in moves.columns.values()]
        assert [str(cell) for cell in moves.get_column("by")][3:5] == ["Alice", "Bob"]
        await pilot.press("escape")

    assert by_of(service, sid) == [
        ("round 1", None),
        ("dealer Carol", None),
        ("start r7", None),
        ("Alice: r5", "Alice"),
        ("Bob: r9", "Bob"),
        ("Carol: draw", None),
        ("Alice: r3", "Alice"),
    ]


def _async(check: Any) -> Any:
    async def ready() -> bool:
        return bool(check())

    return ready
