"""Scoreboard load: CLIENTS pages follow a session on loopback while moves are recorded.

A session of STORED self-play moves is served by `uno-referee serve` (its own process, as the
app runs it). CLIENTS followers, in a process of their own like phones at the table, each hold
the page's event stream open (plain HTTP/1.0 on loopback) and note when every `board` event
arrives and which move count (`id:`) it shows. Then RECORD moves are recorded through the
session service as fast as it records them (each stored with fsync before the next); a move's
delay for a client runs from `record` returning to the first event that shows it. Times are
CLOCK_MONOTONIC, one clock for every process on the machine. The server's memory is its
resident set (VmRSS, and the peak VmHWM) after the run.

Then the app's move-to-ruling latency (`benchmarks.app.move_latencies`: Enter in the move box
to the ruling's frame) is measured on a STORED-move session three times: alone, with the server
(started as the app starts it, at a lower priority) and no page, and with the server and
CLIENTS followers on that session. The followers stand for phones but share this machine's
cores. Prints JSON last.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from benchmarks.app import move_latencies
from benchmarks.storage import HEADER, long_game, ms, percentile, write_session
from referee.service import SessionService
from referee.web.process import ServeProcess

Arrivals = list[tuple[int, float]]
"""One client's events: the move count each showed and when it arrived."""


def now() -> float:
    return time.clock_gettime(time.CLOCK_MONOTONIC)


async def _follow(url: str, until: int, arrivals: Arrivals, ready: asyncio.Event) -> None:
    parts = urlsplit(url)
    reader, writer = await asyncio.open_connection(parts.hostname, parts.port)
    # HTTP/1.0: the stream comes without chunked encoding, one SSE line a line.
    writer.write(
        f"GET {parts.path}events HTTP/1.0\r\nHost: {parts.netloc}\r\n"
        "Accept: text/event-stream\r\n\r\n".encode()
    )
    await writer.drain()
    status = await reader.readline()
    if b" 200 " not in status:
        raise SystemExit(f"the stream was refused: {status!r}")
    while (await reader.readline()).strip():
        pass  # the headers
    event_id = None
    while True:
        line = await reader.readline()
        if not line:
            break
        if line.startswith(b"id: "):
            event_id = int(line[4:])
        elif line == b"\n" and event_id is not None:
            arrivals.append((event_id, now()))
            ready.set()
            if event_id >= until:
                break
            event_id = None
    writer.close()


async def _clients(url: str, count: int, until: int, out: Any, timeout: float) -> None:
    arrivals: list[Arrivals] = [[] for _ in range(count)]
    readies = [asyncio.Event() for _ in range(count)]
    tasks = [
        asyncio.create_task(_follow(url, until, arrivals[i], readies[i])) for i in range(count)
    ]
    await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), timeout)
    out.put("ready")
    done, pending = await asyncio.wait(tasks, timeout=timeout)
    for task in pending:
        task.cancel()
    for task in done:
        task.result()
    out.put(arrivals)


def clients_process(url: str, count: int, until: int, out: Any, timeout: float) -> None:
    """The followers, in a process of their own (as phones are devices of their own)."""
    asyncio.run(_clients(url, count, until, out, timeout))


class Followers:
    """CLIENTS followers of `url` in a child process, until they have seen move `until`."""

    def __init__(self, url: str, count: int, until: int, timeout: float = 120) -> None:
        context = multiprocessing.get_context("spawn")
        self.queue = context.Queue()
        self.proc = context.Process(
            target=clients_process, args=(url, count, until, self.queue, timeout)
        )
        self.proc.start()
        if self.queue.get(timeout=timeout) != "ready":
            raise SystemExit("the followers did not connect")

    def result(self, timeout: float = 120) -> list[Arrivals]:
        arrivals: list[Arrivals] = self.queue.get(timeout=timeout)
        self.proc.join(timeout)
        return arrivals


def memory_kb(pid: int) -> dict[str, int]:
    """VmRSS and VmHWM of a process, in kB (Linux's /proc)."""
    found = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _sep, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            found[key] = int(value.split()[0])
    return found


def delays(recorded: list[tuple[int, float]], arrivals: list[Arrivals]) -> list[float]:
    """For every client and move: seconds from the move recorded to the first event showing it."""
    found = []
    for events in arrivals:
        for count, at in recorded:
            shown = next((t for event_id, t in events if event_id >= count and t >= at), None)
            if shown is None:
                raise SystemExit(f"a client never saw move {count}")
            found.append(shown - at)
    return found


def follow_run(
    data: Path, stored: list[dict[str, Any]], upcoming: list[str], clients: int
) -> tuple[list[float], dict[str, int], float]:
    """Record `upcoming` as fast as the service does, CLIENTS pages following."""
    service = SessionService(data)
    sid = write_session(service, stored)
    with ServeProcess(data, sid, host="127.0.0.1") as server:
        assert server.proc is not None
        followers = Followers(server.url, clients, len(stored) + len(upcoming))
        recorded = []
        started = now()
        with service.open(sid) as live:
            for text in upcoming:
                result = live.record(text)
                if not result.ok:
                    raise SystemExit(f"refused while recording `{text}`: {result.message}")
                recorded.append((len(live.moves), now()))
        seconds = now() - started
        arrivals = followers.result()
        memory = memory_kb(server.proc.pid)
    return delays(recorded, arrivals), memory, seconds


def app_run(
    data: Path, stored: list[dict[str, Any]], upcoming: list[str], clients: int | None
) -> list[float]:
    """The app's move-to-ruling latencies with the server (as the app starts it) and CLIENTS
    followers; None: no server either."""
    service = SessionService(data)
    sid = write_session(service, stored)
    if clients is None:
        return asyncio.run(move_latencies(data, sid, upcoming))[0]
    with ServeProcess(data, sid, host="127.0.0.1") as server:
        followers = Followers(server.url, clients, len(stored) + len(upcoming)) if clients else None
        latencies = asyncio.run(move_latencies(data, sid, upcoming))[0]
        if followers is not None:
            followers.result()
    return latencies


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--clients", type=int, default=30, help="pages following the session")
    parser.add_argument("--stored", type=int, default=1000, help="moves already stored")
    parser.add_argument("--record", type=int, default=200, help="moves recorded and timed")
    args = parser.parse_args()
    data = Path(tempfile.mkdtemp(prefix="uno-serve-bench-"))
    SessionService(data).layout.ensure()
    try:
        game = long_game(1, args.stored + args.record)
        stored = game[: args.stored]
        upcoming = [entry["text"] for entry in game[args.stored : args.stored + args.record]]
        follow, memory, seconds = follow_run(data, stored, upcoming, args.clients)
        alone = app_run(data, stored, upcoming, None)
        served = app_run(data, stored, upcoming, 0)
        watched = app_run(data, stored, upcoming, args.clients)
    finally:
        shutil.rmtree(data, ignore_errors=True)

    p50, p95 = percentile(follow, 50), percentile(follow, 95)
    print(
        f"{args.clients} pages following {args.record} moves recorded in {seconds:.2f} s "
        f"({HEADER.edition}, {len(HEADER.players)} players, {args.stored} moves stored): "
        f"record to page p50 {ms(p50)} ms, p95 {ms(p95)} ms, max {ms(max(follow))} ms "
        f"(goal p95 < 1000 ms); server RSS {memory['VmRSS'] / 1024:.1f} MiB "
        f"(peak {memory['VmHWM'] / 1024:.1f} MiB)"
    )
    print(
        f"app move to ruling p95: {ms(percentile(alone, 95))} ms alone, "
        f"{ms(percentile(served, 95))} ms with the server and no page, "
        f"{ms(percentile(watched, 95))} ms with the server and {args.clients} pages"
    )
    print(
        json.dumps(
            {
                "clients": args.clients,
                "stored_moves": args.stored,
                "recorded_moves": args.record,
                "record_seconds": round(seconds, 3),
                "record_to_page_p50_ms": ms(p50),
                "record_to_page_p95_ms": ms(p95),
                "record_to_page_max_ms": ms(max(follow)),
                "updates_measured": len(follow),
                "server_rss_mib": round(memory["VmRSS"] / 1024, 1),
                "server_peak_rss_mib": round(memory["VmHWM"] / 1024, 1),
                "app_move_to_ruling_p50_ms_alone": ms(percentile(alone, 50)),
                "app_move_to_ruling_p95_ms_alone": ms(percentile(alone, 95)),
                "app_move_to_ruling_p50_ms_server_only": ms(percentile(served, 50)),
                "app_move_to_ruling_p95_ms_server_only": ms(percentile(served, 95)),
                "app_move_to_ruling_p50_ms_with_clients": ms(percentile(watched, 50)),
                "app_move_to_ruling_p95_ms_with_clients": ms(percentile(watched, 95)),
            }
        )
    )


if __name__ == "__main__":
    main()
