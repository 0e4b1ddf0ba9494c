"""Nothing a phone was told is recorded is lost, and nothing is recorded twice: the table's
writer (`Desk`) is SIGKILLed at file operations drawn by a seed while phones' proposals arrive,
and every retry after it comes back is answered from the log."""

from __future__ import annotations

import os
import random
import traceback
from collections import Counter
from pathlib import Path

import pytest

from referee.service import SessionService, build_header
from referee.store.cache import cache_dir
from referee.table import Desk
from tests.crash.chains import chain_verifies
from tests.crash.killing import arm, said, wait_for

KILLS = 60
PROPOSALS = 12
"""Proposals a writer is sent before it would end by itself (a kill lands among them)."""
PLAYERS = ("Ann", "Bob", "Cy")

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL (POSIX)")


def child(service: SessionService, sid: str, first: int, out: int, at: int, retry: str) -> None:
    try:
        with service.open(sid) as live:
            desk = Desk(live, "none")
            # Counted from here: every kill lands among the proposals, none while opening.
            arm([os.fspath(service.layout.root), os.fspath(cache_dir())], at)
            if retry:
                # The phone that was told nothing sends its last proposal again.
                reply = desk.propose(PLAYERS[0], "draw", -1, retry)
                os.write(out, f"retried {retry} {reply.status}\n".encode())
            for number in range(first, first + PROPOSALS):
                on_turn = live.referee.actor()
                assert on_turn is not None
                request = f"p{number}"
                reply = desk.propose(on_turn, "draw", len(live.moves), request)
                if reply.status != "recorded":
                    os.write(out, f"error {request} {reply.status} {reply.rule}\n".encode())
                    os._exit(1)
                # Told to the phone only now: after `propose` stored it.
                os.write(out, f"ack {request}\n".encode())
        os.write(out, b"finished\n")
        os._exit(0)
    except BaseException:
        os.write(out, ("error " + traceback.format_exc().replace("\n", " | ") + "\n").encode())
        os._exit(1)


def test_a_killed_writer_loses_no_acknowledged_proposal_and_records_none_twice(
    tmp_path: Path,
) -> None:
    service = SessionService(tmp_path / "data")
    sid = service.create(build_header(", ".join(PLAYERS), "classic", "target 500", "en"))
    with service.open(sid) as live:
        for line in ("round 1", "dealer Cy", "start r7"):
            assert live.record(line).ok
    rng = random.Random(26)
    acked: list[str] = []
    number, retry, killed = 0, "", 0
    stored: dict[str, int] = {}
    for _kill in range(KILLS):
        at = rng.randint(1, 3 * PROPOSALS)  # drawn here: a child's draw is lost with it
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read_end)
            child(service, sid, number, write_end, at, retry)
        os.close(write_end)
        chunks: list[bytes] = []
        killed += wait_for(pid, read_end, chunks)
        lines, error, acks = said(chunks)
        assert error is None, error
        answered = [line.split()[2] for line in lines if line.startswith("retried ")]
        if retry in stored and answered:
            # Stored but never acknowledged (killed in between): the retry is told it is in.
            assert answered[0] == "recorded", f"retried {retry}: {answered[0]}"
        now = acks.split()
        acked += now
        with service.open(sid, read_only=True) as live:
            stored = live.requests()
            assert live.trouble is None
            for request in acked:
                assert request in stored, f"acknowledged proposal {request} was lost"
        chain_verifies(service.layout, sid)
        # The next writer goes on after what is stored; the phone whose request was cut off
        # sends it again.
        retry = f"p{number + len(now)}"
        number += PROPOSALS + 1
    assert killed > KILLS // 2, f"only {killed} of {KILLS} writers were killed"
    with service.open(sid, read_only=True) as live:
        # The log as stored: each entry's request id, however many entries carry it.
        counts = Counter(e.get("request") for e in live._file.entries if e.get("request"))
    assert counts and max(counts.values()) == 1, "a request was recorded twice"
    assert set(acked) <= set(counts)
