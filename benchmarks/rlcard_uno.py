"""RLCard's UnoGame playing random legal actions, timed: the comparison for `benchmarks.engine`.

Run by `benchmarks.engine --rlcard PYTHON` in a separate interpreter (one with `rlcard` and
`numpy` installed, e.g. a throwaway venv: `pip install rlcard==1.2.0`), so that the project
never depends on RLCard. Prints JSON last.
"""

from __future__ import annotations

import argparse
import json
import random
import time


def play(games: int, players: int, seed: int) -> tuple[int, float]:
    """`games` four-player games, each action a random legal one; (actions, seconds)."""
    import numpy as np  # only in the comparison's interpreter
    from rlcard.games.uno.game import UnoGame

    rng = random.Random(seed)
    actions = 0
    started = time.perf_counter()
    for _ in range(games):
        game = UnoGame(num_players=players)
        game.np_random = np.random.RandomState(rng.randrange(2**31))
        game.init_game()
        while not game.is_over():
            game.step(rng.choice(game.get_legal_actions()))
            actions += 1
    return actions, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    actions, seconds = play(args.games, args.players, args.seed)
    print(
        json.dumps(
            {
                "games": args.games,
                "actions": actions,
                "seconds": round(seconds, 4),
                "actions_per_s": round(actions / seconds),
            }
        )
    )


if __name__ == "__main__":
    main()
