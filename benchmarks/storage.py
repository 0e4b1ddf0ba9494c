"""Storage timings: move record latency (with fsync) among 1,000 stored sessions, and resume time.

Sets up SESSIONS stored sessions of MOVES moves each (self-play games written straight to their
files), then records moves through the session service and times each `record` call, which
parses, rules, writes the whole session file atomically and fsyncs it and its folder. Then times
opening (lock, read, snapshot or replay) a session of RESUME moves, with and without the
snapshot a previous open left. Prints JSON last.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from referee.engine import Referee
from referee.engine.events import Event, Header
from referee.engine.state import Game
from referee.notation import format_event
from referee.service import SessionService
from referee.service.summary import summarize
from referee.store import new_id
from referee.store.atomic import encode
from referee.store.cache import CACHE_VARIABLE, cache_path
from referee.store.session_file import LOG, META, SCHEMA_VERSION
from referee.store.tags import tags_of
from tests.selfplay import SelfPlay

HEADER = Header(
    edition="classic",
    players=("Ann", "Bob", "Cy", "Dee"),
    scoring="rounds 60",
    event="Benchmark night",
)


def log_entries(header: Header, events: Iterable[Event]) -> Iterator[tuple[dict[str, Any], Game]]:
    """Each event as the service logs it (with a summary when it changes), and the state it
    leaves."""
    ref = Referee(header)
    summary = None
    for seq, event in enumerate(events, 1):
        if not ref.apply(event).ok:
            raise SystemExit(f"self-play move refused: {event}")
        entry: dict[str, Any] = {
            "seq": seq,
            "ts": "2025-03-06T19:00:00.000Z",
            "kind": "move",
            "text": format_event(event, header),
        }
        now = summarize(ref)
        if now != summary:
            entry["summary"] = summary = now
        yield entry, ref.state


def long_game(seed: int, at_least: int) -> list[dict[str, Any]]:
    """Log entries (with summaries, as the service writes them) of a self-play game."""
    sim = SelfPlay(seed, check=False)
    sim.play_game(HEADER, rounds=60)
    entries = [entry for entry, _state in log_entries(HEADER, sim.recorded)]
    if len(entries) < at_least:
        raise SystemExit(f"game {seed} has only {len(entries)} moves; pick another seed")
    return entries


def write_session(
    service: SessionService, entries: list[dict[str, Any]], header: Header = HEADER
) -> str:
    """A session file written directly (setup only: no fsync, no lock)."""
    sid = new_id()
    while service.layout.session(sid).exists():
        sid = new_id()
    meta = {
        "schema": SCHEMA_VERSION,
        "id": sid,
        "created": "2025-03-06T19:00:00.000Z",
        "tags": tags_of(header),
    }
    data = {META: {"1": meta}, LOG: {str(e["seq"]): e for e in entries}}
    service.layout.session(sid).write_bytes(encode(data))
    return sid


def cli_ms(service: SessionService, size: int) -> dict[str, float]:
    """Median wall times of `uno-referee move`, `undo` (back to `size`) and `show` on a session
    of `size` moves, each a fresh interpreter with its bytecode cached, as a user runs them."""
    rounds = size // 30 + 10
    header = HEADER._replace(scoring=f"rounds {rounds}")
    sim = SelfPlay(size, check=False)
    sim.play_game(header, rounds=rounds)
    if len(sim.recorded) <= size:
        raise SystemExit(f"the self-play game has only {len(sim.recorded)} moves")
    texts = [format_event(event, header) for event in sim.recorded[: size + 1]]
    entries = [
        {"seq": seq, "ts": "2025-03-06T19:00:00.000Z", "kind": "move", "text": text}
        for seq, text in enumerate(texts[:size], 1)
    ]
    sid = write_session(service, entries, header)
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    # The console script a user runs, beside this interpreter when installed in its venv.
    script = Path(sys.executable).with_name("uno-referee")
    runner = [str(script)] if script.exists() else [sys.executable, "-m", "referee.cli"]
    command = [*runner, "--data-dir", str(service.root)]
    subprocess.run([*command, "list"], env=env, check=True, capture_output=True)
    times: dict[str, list[float]] = {"move": [], "undo": [], "show": []}
    for _ in range(7):
        for name, args in (
            ("move", ["move", sid, texts[size]]),
            ("undo", ["undo", sid]),
            ("show", ["show", sid]),
        ):
            t0 = time.perf_counter()
            subprocess.run([*command, *args], env=env, check=True, capture_output=True)
            times[name].append(time.perf_counter() - t0)
    return {
        f"cli_{name}_ms_at_{size}": ms(statistics.median(samples))
        for name, samples in times.items()
    }


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def ms(seconds: float) -> float:
    return round(seconds * 1000, 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=500, help="moves per stored session")
    parser.add_argument("--record", type=int, default=1000, help="moves recorded and timed")
    parser.add_argument("--resume", type=int, default=2000, help="moves in the resumed session")
    parser.add_argument("--data-dir", help="keep the data here (default: a temporary folder)")
    parser.add_argument(
        "--cli",
        default="5000,50000",
        help="session sizes at which `uno-referee move`, `undo` and `show` are "
        "timed as commands (wall time, interpreter start-up included); "
        "'' skips them",
    )
    args = parser.parse_args()
    in_data_folder(args.data_dir, "uno-bench-", lambda service: run(service, args))


def in_data_folder(kept: str | None, prefix: str, body: Any) -> None:
    """`body(service)` on the folder `kept`, else on a temporary one removed afterwards."""
    root = Path(kept) if kept else Path(tempfile.mkdtemp(prefix=prefix))
    # Snapshots of the benchmark's sessions stay beside them, not in the user's cache.
    os.environ[CACHE_VARIABLE] = str(root / "cache")
    try:
        body(SessionService(root))
    finally:
        if not kept:
            shutil.rmtree(root, ignore_errors=True)


def run(service: SessionService, args: argparse.Namespace) -> None:
    started = time.perf_counter()
    need = max(args.moves + 200, args.resume)
    games = [long_game(seed, need) for seed in range(1, 9)]
    service.layout.ensure()
    ids = [
        write_session(service, games[i % len(games)][: args.moves]) for i in range(args.sessions)
    ]
    setup = time.perf_counter() - started

    started = time.perf_counter()
    listing = service.list()
    list_cold = time.perf_counter() - started
    started = time.perf_counter()
    service.list()
    list_warm = time.perf_counter() - started
    assert len(listing.sessions) == args.sessions and not listing.warnings

    # Record into several sessions in turn, as a table moving from game to game would.
    latencies: list[float] = []
    per_session = 100
    for n, sid in enumerate(ids[: -(-args.record // per_session)]):
        game = games[n % len(games)]
        with service.open(sid) as live:
            for entry in game[args.moves : args.moves + per_session]:
                if len(latencies) == args.record:
                    break
                t0 = time.perf_counter()
                result = live.record(entry["text"])
                latencies.append(time.perf_counter() - t0)
                if not result.ok:
                    raise SystemExit(f"refused while recording: {result.message}")

    big = write_session(service, games[0][: args.resume])
    snapshot_file = cache_path("snapshots", service.layout.session(big))
    cold: list[float] = []
    opens: list[float] = []
    for _ in range(20):
        # Without a snapshot (the first open, or after any change to the engine): a replay.
        snapshot_file.unlink(missing_ok=True)
        t0 = time.perf_counter()
        live = service.open(big)
        cold.append(time.perf_counter() - t0)
        assert len(live.moves) == args.resume and live.trouble is None
        live.close()  # leaves the snapshot the next open reads
        t0 = time.perf_counter()
        live = service.open(big)
        opens.append(time.perf_counter() - t0)
        assert len(live.moves) == args.resume and live.trouble is None
        live.close()

    sizes = {
        "file_kib_at_moves": round(service.layout.session(ids[-1]).stat().st_size / 1024),
        "file_kib_at_resume": round(service.layout.session(big).stat().st_size / 1024),
    }
    print(
        f"set up {args.sessions} sessions of {args.moves} moves in {setup:.1f} s; "
        f"list: {ms(list_cold)} ms reading every file, {ms(list_warm)} ms from the index"
    )
    print(
        f"record (parse, rule, atomic write + fsync): p50 {ms(percentile(latencies, 50))} ms, "
        f"p99 {ms(percentile(latencies, 99))} ms, max {ms(max(latencies))} ms "
        f"over {len(latencies)} moves (target p99 <= 15 ms)"
    )
    print(
        f"open and resume {args.resume} moves: median {ms(statistics.median(opens))} ms, "
        f"max {ms(max(opens))} ms from its snapshot; median "
        f"{ms(statistics.median(cold))} ms replaying it (target <= 150 ms)"
    )
    cli: dict[str, float] = {}
    for size in (int(n) for n in args.cli.split(",") if n):
        cli.update(cli_ms(service, size))
    for key, value in cli.items():
        print(f"{key.replace('_', ' ')}: {value} (median of 7; goal at 5000 moves <= 150 ms)")
    print(
        json.dumps(
            {
                **cli,
                "sessions": args.sessions,
                "moves_per_session": args.moves,
                "record_p50_ms": ms(percentile(latencies, 50)),
                "record_p99_ms": ms(percentile(latencies, 99)),
                "record_max_ms": ms(max(latencies)),
                "resume_moves": args.resume,
                "resume_median_ms": ms(statistics.median(opens)),
                "resume_max_ms": ms(max(opens)),
                "resume_replay_median_ms": ms(statistics.median(cold)),
                "list_cold_ms": ms(list_cold),
                "list_warm_ms": ms(list_warm),
                **sizes,
            }
        )
    )


if __name__ == "__main__":
    main()
