"""An event's timings: a whole event played by simulated players through the venue's phone API
(a real `uno-referee event serve`, the director's screen run headless), and the seating.

`director_p95_ms`: from a phone sending a move to the director's tile showing it, the 95th
percentile over every move (40 players at 10 tables for 5 rounds, and 100 at 25); the
standings under both scorings are checked against the players' own account as well. Then the
seating (`benchmarks.event_seating`): 16 players for 5 rounds, 40 for 6, 100 for 8, each round
from the ones before, with `seating_ms` (the slowest round) and `repeats`. Prints JSON last.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from benchmarks import event_seating
from tests.event.simulation import simulate

SIZES = ((40, 5), (100, 5))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="16 players for 2 rounds only")
    args = parser.parse_args()
    sizes = ((16, 2),) if args.quick else SIZES
    events = {}
    for players, rounds in sizes:
        with tempfile.TemporaryDirectory() as folder:
            started = time.monotonic()
            report = simulate(Path(folder), players, rounds)
            report["wall_s"] = round(time.monotonic() - started, 1)
            events[str(players)] = report
    seating = event_seating.measure()
    print(
        json.dumps(
            {
                "director_p95_ms": {k: v["director_p95_ms"] for k, v in events.items()},
                "seating_ms": {k: v["seating_ms"] for k, v in seating.items()},
                "repeats": {k: v["repeats"] for k, v in seating.items()},
                "events": events,
                "seating": seating,
            },
            ensure_ascii=False,
        )
    )


if __name__ == "__main__":
    main()
