"""Start-up: what each command costs beyond starting Python, as a ratio to `python -c pass`.

Every sample is a whole process, as a user (or a script calling `move` once a move) runs it:
the console script beside this interpreter when installed, with its bytecode cached. The
commands are run in turn, round after round (paired: a machine that slows down slows all of
them alike), and each figure is the median of ROUNDS rounds:

- `version_ratio`: `uno-referee --version` against `python -c pass`;
- `check_small_ratio`: `uno-referee check` of a 20-move session file, against the same;
- `move_5000_ms_over_version`: what `uno-referee move` on a stored session of 5,000 moves
  takes beyond `--version` (the session is put back with `undo` between rounds, untimed);
- `help_ratio`: `uno-referee --help` against the same: what every command but `--version` pays
  before its own work (choosing the language from `--lang`, the settings file or the locale,
  and declaring the command line). `--version` answers before any of it, so
  `move_5000_ms_over_version` counts it too.

Prints JSON last.
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
from pathlib import Path

from benchmarks.storage import HEADER, ms, write_session
from referee.engine.events import Session
from referee.notation import format_event, format_session
from referee.service import SessionService
from referee.store.cache import CACHE_VARIABLE
from tests.selfplay import SelfPlay

ROUNDS = 10
SMALL_MOVES = 20
LONG_MOVES = 5000


def _game(moves: int, seed: int) -> tuple[object, list[str], list[object]]:
    """A self-play game of more than `moves` moves: its header, texts and events."""
    rounds = moves // 30 + 10
    header = HEADER._replace(scoring=f"rounds {rounds}")
    sim = SelfPlay(seed, check=False)
    sim.play_game(header, rounds=rounds)
    if len(sim.recorded) <= moves:
        raise SystemExit(f"the self-play game has only {len(sim.recorded)} moves")
    return header, [format_event(event, header) for event in sim.recorded], sim.recorded


def _timed(command: list[str], env: dict[str, str], cpu: list[float] | None = None) -> float:
    """The wall time of one run of `command`; its processor time is added to `cpu`."""
    used = _children_cpu()
    started = time.perf_counter()
    done = subprocess.run(command, env=env, capture_output=True)
    took = time.perf_counter() - started
    if cpu is not None:
        cpu.append(_children_cpu() - used)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{command} exited {done.returncode}: {done.stderr.decode()}")
    return took


def _children_cpu() -> float:
    """Seconds of processor time the ended child processes took, user and system."""
    import resource  # POSIX only, as the benchmarks are run

    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def measure(folder: Path, rounds: int) -> dict[str, float]:
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env[CACHE_VARIABLE] = str(folder / "cache")
    script = Path(sys.executable).with_name("uno-referee")
    runner = [str(script)] if script.exists() else [sys.executable, "-m", "referee.cli"]

    header, texts, events = _game(LONG_MOVES, seed=LONG_MOVES)
    small = folder / "small.uno"
    small.write_text(
        format_session(Session(header, events[:SMALL_MOVES])),  # type: ignore[arg-type]
        encoding="utf-8",
    )
    service = SessionService(folder / "data")
    service.layout.ensure()
    entries = [
        {"seq": seq, "ts": "2025-03-06T19:00:00.000Z", "kind": "move", "text": text}
        for seq, text in enumerate(texts[:LONG_MOVES], 1)
    ]
    sid = write_session(service, entries, header)  # type: ignore[arg-type]
    data = ["--data-dir", str(service.root)]
    move = [*runner, "move", *data, sid, texts[LONG_MOVES]]
    undo = [*runner, "undo", *data, sid]
    commands = {
        "pass": [sys.executable, "-c", "pass"],
        "version": [*runner, "--version"],
        "help": [*runner, "--help"],
        "check": [*runner, "check", str(small)],
        "move": move,
    }
    # Warm: bytecode written, the long session's snapshot kept, as on a machine in use.
    for command in (*commands.values(), undo):
        _timed(command, env)
    times: dict[str, list[float]] = {name: [] for name in commands}
    cpu: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(rounds):
        for name, command in commands.items():
            times[name].append(_timed(command, env, cpu[name]))
        _timed(undo, env)
    median = {name: statistics.median(samples) for name, samples in times.items()}
    used = {name: statistics.median(samples) for name, samples in cpu.items()}
    return {
        "version_ratio": round(median["version"] / median["pass"], 2),
        "check_small_ratio": round(median["check"] / median["pass"], 2),
        "move_5000_ms_over_version": ms(median["move"] - median["version"]),
        "help_ratio": round(median["help"] / median["pass"], 2),
        "pass_ms": ms(median["pass"]),
        "version_ms": ms(median["version"]),
        "help_ms": ms(median["help"]),
        "check_small_ms": ms(median["check"]),
        "move_5000_ms": ms(median["move"]),
        "rounds": rounds,
        # The same figures on processor time (user and system): on a shared machine, less
        # swayed by what else runs than wall time.
        "cpu_version_ratio": round(used["version"] / used["pass"], 2),
        "cpu_check_small_ratio": round(used["check"] / used["pass"], 2),
        "cpu_move_5000_ms_over_version": ms(used["move"] - used["version"]),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="uno-startup-"))
    try:
        print(json.dumps(measure(folder, args.rounds)))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
