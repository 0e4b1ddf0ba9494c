"""Engine throughput: random four-player games refereed move by move; prints JSON last.

`--rlcard PYTHON` also times RLCard 1.2's UnoGame playing as many random four-player games
with random legal actions in that interpreter (`benchmarks/rlcard_uno.py`), in the same run and
alternating with ours (ours, theirs, ours, theirs... `--repeat` runs each, so that both see the
machine as it is: other work on a shared machine comes and goes), and prints both rates (the
median and the best run of each) and their ratios.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from referee.engine import Referee
from referee.engine.events import Event, Header
from tests.selfplay import SelfPlay

PLAYERS = ("Ann", "Bob", "Cy", "Dee")


def record_games(games: int, seed: int, edition: str, rules: str) -> list[list[Event]]:
    """Self-play (unchecked) records each game's moves; recording is not what is timed."""
    header = Header(edition=edition, players=PLAYERS, scoring="none", rules=rules)
    sim = SelfPlay(seed, check=False)
    logs = []
    for _ in range(games):
        sim.play_game(header)
        logs.append(sim.log)
    return logs


def referee_games(logs: list[list[Event]], header: Header) -> int:
    """Every move of every game through a fresh Referee, as `check` and the app do."""
    actions = 0
    for log in logs:
        ref = Referee(header)
        apply = ref.apply
        for event in log:
            if not apply(event).ok:
                raise SystemExit(f"refused a recorded move: {event}")
        actions += len(log)
    return actions


def rlcard_rate(python: str, games: int) -> int:
    """RLCard's actions per second, measured by `benchmarks/rlcard_uno.py` in `python`."""
    script = Path(__file__).with_name("rlcard_uno.py")
    done = subprocess.run(
        [python, str(script), "--games", str(games)], capture_output=True, text=True, check=True
    )
    return int(json.loads(done.stdout.strip().splitlines()[-1])["actions_per_s"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--edition", default="classic")
    parser.add_argument("--rules", default="en")
    parser.add_argument(
        "--repeat",
        type=int,
        default=5,
        help="timed runs of each (alternated with RLCard's); median and best",
    )
    parser.add_argument(
        "--rlcard",
        metavar="PYTHON",
        help="an interpreter with rlcard installed, to compare in the same run",
    )
    args = parser.parse_args()
    header = Header(edition=args.edition, players=PLAYERS, scoring="none", rules=args.rules)
    started = time.perf_counter()
    logs = record_games(args.games, args.seed, args.edition, args.rules)
    recorded = time.perf_counter() - started
    ours: list[float] = []
    theirs: list[int] = []
    actions = 0
    for _ in range(args.repeat):
        # Alternated, so that both see the same machine (other work on it comes and goes).
        started = time.perf_counter()
        actions = referee_games(logs, header)
        ours.append(actions / (time.perf_counter() - started))
        if args.rlcard:
            theirs.append(rlcard_rate(args.rlcard, args.games))
    median, best = statistics.median(ours), max(ours)
    # The whole loop (random players on real hands + engine) for a like-for-like comparison
    # with game simulators that pick random legal actions.
    print(f"recorded {args.games} games with self-play in {recorded:.2f} s", file=sys.stderr)
    result: dict[str, object] = {
        "games": args.games,
        "actions": actions,
        "runs": args.repeat,
        "actions_per_s": round(median),
        "best_actions_per_s": round(best),
        "edition": args.edition,
        "rules": args.rules,
        "selfplay_plus_engine_actions_per_s": round(actions / (recorded + actions / median)),
    }
    if theirs:
        their_median, their_best = statistics.median(theirs), max(theirs)
        print(
            f"ours {round(median)} actions/s (best {round(best)}), RLCard's UnoGame "
            f"{round(their_median)} (best {their_best}): {median / their_median:.2f}x "
            f"(median of {args.repeat} alternated runs each; best against best "
            f"{best / their_best:.2f}x)",
            file=sys.stderr,
        )
        result.update(
            rlcard_actions_per_s=round(their_median),
            rlcard_best_actions_per_s=their_best,
            ratio=round(median / their_median, 2),
            best_ratio=round(best / their_best, 2),
            runs_actions_per_s=[round(rate) for rate in ours],
            rlcard_runs_actions_per_s=theirs,
        )
    print(json.dumps(result))


if __name__ == "__main__":
    random.seed(0)
    main()
