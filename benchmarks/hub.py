"""The league hub's timings: laptops sending their sessions at once, and standings over them.

For each store (PostgreSQL, started here from the system's binaries, and the embedded SQLite
file): a real `uno-referee hub` process; LAPTOPS processes, each with its own key, send their
share of SESSIONS sessions of ENTRIES log entries (self-play games of a club, chained as
`sync` sends them, one request per session over a kept-alive connection), all starting at
once. `ingest_entries_per_s` is every entry over the wall time from the start to the last
acknowledgement. Then the standings over every session through the API: the first answer
(the figures the hub computed as sessions arrived), `standings_ms` (the median of the next
ones: what the organiser and every laptop pay while nothing changes),
`standings_after_a_new_session_ms` (asked for right after one more session arrives: counted
over every session again) and the first answer of a restarted hub (figures read back from the
store). Prints JSON last.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from referee.engine.events import Header
from referee.league.database import open_store
from referee.league.store import LeagueStore
from referee.store import chain
from referee.store.tags import tags_of
from tests.league.hubs import Hub
from tests.league.logs import game_lines
from tests.league.postgres import Server

CLUB = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "太郎", "花子", "次郎", "Ken")


def pool(games: int, entries: int) -> list[tuple[Header, list[str]]]:
    """`games` distinct self-play games of at least `entries` moves, cut to `entries`."""
    found: list[tuple[Header, list[str]]] = []
    seed = 0
    while len(found) < games:
        seed += 1
        rng = random.Random(seed)
        header = Header(
            edition="classic",
            players=tuple(rng.sample(CLUB, 4)),
            scoring="target 500",
            rules=rng.choice(("en", "jp")),
            event="League night",
            date=f"2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
        )
        lines = game_lines(seed, rounds=6, header=header)
        if len(lines) >= entries:
            found.append((header, lines[:entries]))
    return found


def bodies(games: list[tuple[Header, list[str]]], sessions: range) -> list[tuple[str, bytes]]:
    """Each session's request: its path and body, as `sync` sends a new session."""
    out = []
    for n in sessions:
        header, lines = games[n % len(games)]
        uid = chain.new_uid()
        meta: dict[str, Any] = {"tags": tags_of(header), "created": "2026-11-26T19:00:00.000Z"}
        docs = [
            {"seq": i, "ts": "2026-11-26T19:00:00.000Z", "kind": "move", "text": line}
            for i, line in enumerate(lines, 1)
        ]
        body = {
            "meta": meta,
            "alias": f"s{n:05d}",
            "entries": chain.chained(uid, meta["tags"], docs),
        }
        out.append((f"/api/v1/sessions/{uid}", json.dumps(body, ensure_ascii=False).encode()))
    return out


def laptop(
    port: int,
    key: str,
    games: list[tuple[Header, list[str]]],
    sessions: range,
    ready: Any,
    start: Any,
    done: Any,
) -> None:
    """One laptop: its requests made, then sent one after another once `start` is set."""
    requests = bodies(games, sessions)
    ready.release()
    start.wait()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
    stored = 0
    for path, body in requests:
        connection.request("POST", path, body, headers)
        answer = connection.getresponse()
        said = json.loads(answer.read())
        if answer.status != 200:
            done.put((None, f"the hub refused {path}: {answer.status} {said}"))
            return
        stored += said["added"]
    connection.close()
    done.put((time.perf_counter(), stored))


def post(port: int, key: str, path: str, body: bytes) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    connection.request("POST", path, body, {"Authorization": f"Bearer {key}"})
    answer = connection.getresponse()
    answer.read()
    connection.close()
    if answer.status != 200:
        raise SystemExit(f"{path}: {answer.status}")


def get_ms(port: int, key: str, path: str) -> tuple[float, Any]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    began = time.perf_counter()
    connection.request("GET", path, headers={"Authorization": f"Bearer {key}"})
    answer = connection.getresponse()
    said = json.loads(answer.read())
    elapsed = (time.perf_counter() - began) * 1000
    connection.close()
    if answer.status != 200:
        raise SystemExit(f"{path}: {answer.status} {said}")
    return elapsed, said


def run_store(target: str, work: Path, args: argparse.Namespace, games: Any) -> dict[str, Any]:
    hub = Hub(target, work)
    keys = [hub.key(f"laptop {n + 1}") for n in range(args.laptops)]
    reader = hub.key("organiser", organiser=True)
    hub.start()
    ctx = multiprocessing.get_context("fork")
    ready, start, done = ctx.Semaphore(0), ctx.Event(), ctx.Queue()
    share = [range(n, args.sessions, args.laptops) for n in range(args.laptops)]
    procs = [
        ctx.Process(target=laptop, args=(hub.port, keys[n], games, share[n], ready, start, done))
        for n in range(args.laptops)
    ]
    for proc in procs:
        proc.start()
    for _proc in procs:
        ready.acquire()
    began = time.perf_counter()
    start.set()
    results = [done.get() for _ in procs]
    for proc in procs:
        proc.join()
    for at, said in results:
        if at is None:
            hub.stop()
            raise SystemExit(said)
    ended = max(at for at, _stored in results)
    stored = sum(n for _at, n in results)
    wall = ended - began
    store = LeagueStore(open_store(target))
    counted = store.count()
    store.engine.dispose()
    first, table = get_ms(hub.port, reader, "/api/v1/standings")
    warm = [get_ms(hub.port, reader, "/api/v1/standings")[0] for _ in range(args.repeat)]
    # One more session arrives, then the standings are asked for at once: over every session
    # again (the one new session's figures computed), whatever the hub kept.
    changed = []
    extra = bodies(games, range(args.sessions, args.sessions + args.repeat))
    for path, body in extra:
        post(hub.port, keys[0], path, body)
        changed.append(get_ms(hub.port, reader, "/api/v1/standings")[0])
    hub.stop()
    hub.start()
    restarted, again = get_ms(hub.port, reader, "/api/v1/standings")
    hub.stop()
    if len(again["sessions"]) != len(table["sessions"]) + len(extra):
        raise SystemExit("the restarted hub's standings do not hold every session")
    return {
        "sessions": counted[0],
        "entries": counted[1],
        "entries_stored_by_laptops": stored,
        "ingest_wall_s": round(wall, 2),
        "ingest_entries_per_s": round(stored / wall),
        "standings_first_s": round(first / 1000, 2),
        "standings_ms": round(statistics.median(warm), 1),
        "standings_after_a_new_session_ms": round(statistics.median(changed), 1),
        "standings_after_restart_ms": round(restarted, 1),
        "standings_sessions": len(table["sessions"]),
        "players": len(table["players"]),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sessions", type=int, default=10_000)
    parser.add_argument("--entries", type=int, default=100, help="log entries per session")
    parser.add_argument("--laptops", type=int, default=20)
    parser.add_argument("--games", type=int, default=200, help="distinct self-play games")
    parser.add_argument("--repeat", type=int, default=7, help="warm standings timed")
    parser.add_argument("--stores", default="postgres,sqlite")
    args = parser.parse_args()
    games = pool(args.games, args.entries)
    out: dict[str, Any] = {
        "sessions": args.sessions,
        "entries_per_session": args.entries,
        "laptops": args.laptops,
        "goals": {"ingest_entries_per_s": ">= 5000", "standings_ms": "<= 200"},
    }
    with tempfile.TemporaryDirectory(prefix="uno-hub-bench-") as folder:
        work = Path(folder)
        for name in args.stores.split(","):
            if name == "postgres":
                server = Server()
                try:
                    out["postgres"] = run_store(server.new_database(), work, args, games)
                finally:
                    server.stop()
            elif name == "sqlite":
                out["sqlite"] = run_store(str(work / "hub.sqlite3"), work, args, games)
            else:
                raise SystemExit(f"unknown store {name!r}: postgres or sqlite")
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
