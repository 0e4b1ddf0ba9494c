"""Phones racing over real HTTP (issue 26): three phones' threads post at the same instant to the
server (in this process, its writer a `LocalWriter`) a catch, an UNO call, the next play and a
retry of it; whatever order the writer took them in, the log holds what the engine says that
order gives, once each, in that order."""

from __future__ import annotations

import contextlib
import http.client
import json
import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import uvicorn

from referee.engine.events import Header
from referee.service import SessionService
from referee.table import Desk, Reply
from referee.web.server import ServerOptions, bind, build_server
from referee.web.writer import LocalWriter
from tests.selfplay.race import Proposal, expected

TOKEN = "r" * 22
HEADER = Header(
    edition="classic",
    players=("Alice", "Bob", "Carol"),
    scoring="none",
    overrides=(("hand-size", "2"),),
)
ROUNDS = 25
PATIENCE = 60.0
"""Seconds a request may take on a loaded machine before the test gives up on it."""


@contextlib.contextmanager
def in_thread(server: uvicorn.Server) -> Iterator[int]:
    """`server` on a free loopback port in a thread; its port."""
    sock = bind("127.0.0.1", 0)
    port = int(sock.getsockname()[1])
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    started = threading.Event()

    def wait() -> None:
        while not server.started and thread.is_alive():
            started.wait(0.01)

    waiter = threading.Thread(target=wait)
    waiter.start()
    waiter.join(PATIENCE)
    assert server.started, "the server did not start"
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(PATIENCE)
        sock.close()


def post(port: int, cookie: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=PATIENCE)
    try:
        conn.request(
            "POST",
            f"/s/{TOKEN}/propose",
            json.dumps(body),
            {
                "Origin": f"http://127.0.0.1:{port}",
                "Content-Type": "application/json",
                "Cookie": cookie,
            },
        )
        response = conn.getresponse()
        return response.status, json.loads(response.read())
    finally:
        conn.close()


def phone(
    port: int,
    cookie: str,
    body: dict[str, Any],
    *,
    barrier: threading.Barrier,
    answers: list[tuple[str, int, dict[str, Any]]],
) -> None:
    """One phone's thread: waits for the others, then posts with them."""
    barrier.wait(PATIENCE)
    status, answer = post(port, cookie, body)
    answers.append((body["request"], status, answer))


def test_phones_posting_at_the_same_instant(tmp_path: Path) -> None:
    service = SessionService(tmp_path / "data")
    sid = service.create(HEADER)
    with service.open(sid) as live:
        for line in ("round 1", "dealer Alice", "start r7"):
            assert live.record(line).ok
    rng = random.Random(26)
    with service.open(sid) as live, service.open(sid, read_only=True) as board:
        desk = Desk(live, "none")
        taken: list[tuple[str, str, int, str]] = []
        """What the writer took, in the order it took it."""
        real_propose = desk.propose

        def propose(player: str, action: str, seen: int, request: str) -> Reply:
            taken.append((player, action, seen, request))
            return real_propose(player, action, seen, request)

        desk.propose = propose  # type: ignore[method-assign]
        writer = LocalWriter(desk)
        cookies = {}
        for player in HEADER.players:
            join = desk.seats.ask(player)
            assert join is not None and desk.seats.approve(player)
            got = desk.seats.collect(join.ticket)
            assert got is not None
            cookies[player] = f"seat={got[1]}"
        server = build_server(board, ServerOptions("127.0.0.1", 0, TOKEN), writer=writer)
        with in_thread(server) as port:
            for number in range(ROUNDS):
                with writer._lock:
                    # Bob is down to one card without calling UNO.
                    assert live.record("Bob: r5").ok
                    start, before = len(live.moves), live.referee.state
                claims = [
                    ("Alice", "catch Bob", f"{number}-catch"),
                    ("Bob", "uno", f"{number}-uno"),
                    ("Carol", "r9", f"{number}-next"),
                    ("Carol", "r9", f"{number}-next"),  # the same tap, retried
                ]
                rng.shuffle(claims)
                barrier = threading.Barrier(len(claims))
                answers: list[tuple[str, int, dict[str, Any]]] = []

                del taken[:]
                threads = [
                    threading.Thread(
                        target=phone,
                        args=(port, cookies[p], {"action": a, "seen": start, "request": r}),
                        kwargs={"barrier": barrier, "answers": answers},
                    )
                    for p, a, r in claims
                ]
                for thread in threads:
                    thread.start()
                for thread in threads:
                    thread.join(PATIENCE)
                arrivals = [
                    Proposal(p, a, f"{p}: {a}", r, s, float(i))
                    for i, (p, a, s, r) in enumerate(taken)
                ]
                assert len(arrivals) == len(claims) == len(answers)
                verdicts = expected(before, HEADER, arrivals)
                for request, status, answer in answers:
                    assert status == 200 and answer["status"] == verdicts[request], (
                        taken,
                        answer,
                    )
                with writer._lock:
                    held = live.requests()
                    new = live.moves[start:]
                    firsts = dict.fromkeys(r for _p, _a, _s, r in taken)
                    want = [r for r in firsts if verdicts[r] == "recorded"]
                    assert [held.get(r) for r in want] == [m.entry for m in new]
                    assert [m.text for m in new] == [
                        next(p.line for p in arrivals if p.request == r) for r in want
                    ]
                    # Back to before Bob's card, for the next race.
                    while len(live.moves) > start - 1:
                        live.undo()
    doc = json.loads(service.layout.session(sid).read_text(encoding="utf-8"))
    requests = [e["request"] for e in doc["log"].values() if "request" in e]
    assert len(requests) == len(set(requests)) > ROUNDS
