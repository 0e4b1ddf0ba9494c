"""Statistics timings: standings over 1,000 stored sessions (cold and warm) and their cost to
recording.

Sets up SESSIONS finished self-play games (four of a club of twelve at each, three rounds)
written straight to their files. Times the standings with no index (every session replayed and
its figures computed: what a first run or a new version pays once), then warm (the index
holds every session's figures: what `uno-referee stats` and the standings screen pay), then
records moves through the session service as the app does and times each `record` and each
`close` (which computes the session's figures and puts its row in the index), and the figures
alone. Prints JSON last.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from benchmarks.storage import in_data_folder, log_entries, ms, percentile, write_session
from referee.engine.events import Header
from referee.service import SessionService
from referee.service.standings import standings_of
from referee.stats.selection import Selection
from tests.selfplay import SelfPlay

CLUB = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "太郎", "花子", "次郎", "Ken")


def game(seed: int) -> tuple[Header, list[dict[str, Any]], int]:
    """A finished three-round game's header, its log entries, and a point halfway through
    where a round is in play."""
    rng = random.Random(seed)
    header = Header(
        edition="classic",
        players=tuple(rng.sample(CLUB, 4)),
        scoring="rounds 3",
        rules=rng.choice(("en", "jp")),
        event="Club night",
        date=f"2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
    )
    sim = SelfPlay(seed, check=False)
    sim.play_game(header, rounds=3)
    entries: list[dict[str, Any]] = []
    playing: list[int] = []
    for entry, state in log_entries(header, sim.log):
        entries.append(entry)
        if state.phase == "play":
            playing.append(entry["seq"])
    cut = min(playing, key=lambda seq: abs(seq - len(entries) // 2))
    return header, entries, cut


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--games", type=int, default=40, help="distinct self-play games")
    parser.add_argument("--record", type=int, default=600, help="moves recorded and timed")
    parser.add_argument("--data-dir", help="keep the data here (default: a temporary folder)")
    args = parser.parse_args()
    in_data_folder(args.data_dir, "uno-stats-", lambda service: run(service, args))


def standings_ms(service: SessionService) -> tuple[float, int]:
    t0 = time.perf_counter()
    table = standings_of(service, Selection()).standings
    return time.perf_counter() - t0, len(table.sessions)


def run(service: SessionService, args: argparse.Namespace) -> None:
    started = time.perf_counter()
    games = [game(seed) for seed in range(1, args.games + 1)]
    service.layout.ensure()
    unfinished = []
    for i in range(args.sessions):
        header, entries, cut = games[i % len(games)]
        if i % 10:
            write_session(service, entries, header)
        else:
            # One in ten stopped halfway through a round: the evening's tables, recorded into.
            unfinished.append(write_session(service, entries[:cut], header))
    setup = time.perf_counter() - started

    cold, counted = standings_ms(service)
    assert counted == args.sessions
    warm = [standings_ms(service)[0] for _ in range(7)]

    # Record into the unfinished sessions in turn (a table moving from game to game), 60 moves
    # to a session: `penalty 1` lines, which a round in play takes at any time.
    latencies: list[float] = []
    closes: list[float] = []
    figures: list[float] = []
    per_session = 60
    for sid in unfinished[: -(-args.record // per_session)]:
        live = service.open(sid)
        header = live.header
        moves = [f"{header.players[n % 4]}: penalty 1" for n in range(per_session)]
        for text in moves:
            if len(latencies) == args.record:
                break
            t0 = time.perf_counter()
            result = live.record(text)
            latencies.append(time.perf_counter() - t0)
            if not result.ok:
                raise SystemExit(f"refused while recording {text!r}: {result.message}")
        t0 = time.perf_counter()
        live.figures()
        figures.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        live.close()
        closes.append(time.perf_counter() - t0)
    after, _counted = standings_ms(service)

    print(
        f"set up {args.sessions} sessions in {setup:.1f} s; standings: {ms(cold)} ms "
        f"computing every session's figures, {ms(statistics.median(warm))} ms from the "
        f"index (median of 7; target < 200 ms)"
    )
    print(
        f"record: p50 {ms(percentile(latencies, 50))} ms, p99 "
        f"{ms(percentile(latencies, 99))} ms over {len(latencies)} moves (target p99 <= 15 "
        f"ms); close (figures + index row): median {ms(statistics.median(closes))} ms, max "
        f"{ms(max(closes))} ms, of which the session's figures {ms(statistics.median(figures))} "
        f"ms; standings after recording {ms(after)} ms"
    )
    print(
        json.dumps(
            {
                "sessions": args.sessions,
                "standings_cold_ms": ms(cold),
                "standings_warm_ms": ms(statistics.median(warm)),
                "standings_warm_max_ms": ms(max(warm)),
                "record_p50_ms": ms(percentile(latencies, 50)),
                "record_p99_ms": ms(percentile(latencies, 99)),
                "record_max_ms": ms(max(latencies)),
                "close_median_ms": ms(statistics.median(closes)),
                "close_max_ms": ms(max(closes)),
                "figures_median_ms": ms(statistics.median(figures)),
                "figures_max_ms": ms(max(figures)),
                "standings_after_recording_ms": ms(after),
            }
        )
    )


if __name__ == "__main__":
    main()
