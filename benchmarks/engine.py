"""Engine throughput: random four-player games refereed move by move; prints JSON last."""

from __future__ import annotations

import argparse
import json
import random
import time

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--edition", default="classic")
    parser.add_argument("--rules", default="en")
    args = parser.parse_args()
    header = Header(edition=args.edition, players=PLAYERS, scoring="none", rules=args.rules)
    started = time.perf_counter()
    logs = record_games(args.games, args.seed, args.edition, args.rules)
    recorded = time.perf_counter() - started
    started = time.perf_counter()
    actions = referee_games(logs, header)
    seconds = time.perf_counter() - started
    # The whole loop (random players on real hands + engine) for a like-for-like comparison
    # with game simulators that pick random legal actions.
    print(f"recorded {args.games} games with self-play in {recorded:.2f} s")
    print(json.dumps({
        "games": args.games, "actions": actions, "seconds": round(seconds, 4),
        "actions_per_s": round(actions / seconds), "edition": args.edition, "rules": args.rules,
        "selfplay_plus_engine_actions_per_s": round(actions / (recorded + seconds)),
    }))


if __name__ == "__main__":
    random.seed(0)
    main()
