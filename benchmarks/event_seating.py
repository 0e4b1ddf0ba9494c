"""Event seating: 16 players x 5 rounds, 40 x 6 and 100 x 8 at tables of 4; prints JSON.

Every round is seated by `seat_round` from the tables of the rounds before it (round 1 the
draw), as an event seats them; each size reports its repeated table-mates over all its rounds,
the slowest single round and the time of all rounds, in milliseconds.
"""

from __future__ import annotations

import json
import time

from referee.event.seating import repeats, seat_round

SIZES = ((16, 5), (40, 6), (100, 8))
SEED = "benchmark"
TABLES_OF = 4


def seat_event(players: int, rounds: int, seed: str = SEED) -> tuple[list[list[list[str]]], float]:
    """Every round of one event, seated in turn from the history; and the slowest round, s."""
    names = [f"Player {i + 1}" for i in range(players)]
    history: list[list[list[str]]] = []
    slowest = 0.0
    for round_no in range(1, rounds + 1):
        start = time.perf_counter()
        seating = seat_round(
            names, history, seed=seed, round_no=round_no, rounds=rounds, tables_of=TABLES_OF
        )
        slowest = max(slowest, time.perf_counter() - start)
        history.append([list(table) for table in seating.tables])
    return history, slowest


def measure() -> dict[str, object]:
    """For each size: rounds, repeats, seating_ms (the slowest round) and total_ms."""
    result: dict[str, object] = {}
    for players, rounds in SIZES:
        start = time.perf_counter()
        history, slowest = seat_event(players, rounds)
        total = time.perf_counter() - start
        result[str(players)] = {
            "rounds": rounds,
            "repeats": repeats(history),
            "seating_ms": round(slowest * 1000, 1),
            "total_ms": round(total * 1000, 1),
        }
    return result


if __name__ == "__main__":
    print(json.dumps(measure()))
