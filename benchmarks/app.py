"""App timings: cold start to the first frame, and move box to ruling on screen at 1,000 moves.

Cold start against a bare Textual app (`cold_start_ratio`): whole processes, run in turn (the
app, then a bare Textual app that shows one screen of one line: paired, so a machine that
slows down slows both alike), each started as `uno-referee` starts the app and run headless
until its first screen is mounted and the app is idle after painting it (an auto pilot then
ends it: the same harness for both); the figure is the ratio of the medians of ROUNDS pairs.

Cold start runs a fresh interpreter per sample (`python -c` on `screens.app`, headless, 80x24)
and takes the time from just before the interpreter starts to the first frame: the screen
composed, laid out and painted (Pilot's first `pause()` returns once the app is idle after
that). It is measured twice: to the sessions screen (what `uno-referee` shows first) and to
the table of a resumed 1,000-move session (`session_id` given, so the replay is included).

Move to ruling drives the real app in this process: a session of MOVES self-play moves is
stored and opened at the table, and each of the next RECORD moves is put in the move box and
Enter is pressed through Pilot GAP seconds later (a person's last key comes at least that long
before their Enter; the same moves are timed again with no gap, as a paste would come). The
time runs from the key press to the first frame composed after the ruling was stored (fsync)
and set on the verdict line; headless, that frame is handed to `App._display`, which only skips
the terminal write. (Textual paints on a 60 Hz grid: a frame painted just before the Enter holds
the next one back until the grid's next tick, which is what the no-gap figure shows.) The
ruling's frame holds the verdict line and the emptied box; the table's other views are drawn
once it is painted, and the time to the frame showing them is printed too. Prints JSON last.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from benchmarks.storage import HEADER, long_game, ms, percentile, write_session
from referee.service import SessionService

ROOT = Path(__file__).resolve().parent.parent

_START = """
import asyncio, sys, time
started = float(sys.argv[1])
from screens.app import build_app
app = build_app(sys.argv[2], session_id=sys.argv[3] or None)
async def first_frame():
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        print(time.time() - started, type(app.screen).__name__)
asyncio.run(first_frame())
"""


# Both run headless until the first screen is shown, then exit: `pilot.pause()` returns once the
# app is idle after its first screen was composed, laid out and painted.
_FIRST_SCREEN = """
import sys
{build}
async def shown(pilot):
    await pilot.pause()
    print(type(pilot.app.screen).__name__)
    pilot.app.exit()
app.run(headless=True, size=(80, 24), auto_pilot=shown)
"""

_OURS = _FIRST_SCREEN.format(
    build="from screens.app import build_app\napp = build_app(sys.argv[1])"
)

_BARE = _FIRST_SCREEN.format(
    build=(
        "from textual.app import App\n"
        "from textual.screen import Screen\n"
        "from textual.widgets import Static\n"
        "class One(Screen):\n"
        "    def compose(self):\n"
        "        yield Static('UNO Referee')\n"
        "class Bare(App):\n"
        "    def on_mount(self):\n"
        "        self.push_screen(One())\n"
        "app = Bare()"
    )
)

ROUNDS = 10


def cold_start_ratio(data: Path, rounds: int = ROUNDS) -> dict[str, Any]:
    """The app's whole process to its first screen against a bare Textual app's, paired."""
    ours: list[float] = []
    bare: list[float] = []
    cpu: dict[str, list[float]] = {"ours": [], "bare": []}
    shown = set()
    runs = (("ours", _OURS, ours), ("bare", _BARE, bare))
    # Bytecode written and used, as on a machine in use.
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    for round_no in range(rounds + 1):
        for name, code, times in runs:
            used = _children_cpu()
            started = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-c", code, str(data)],
                capture_output=True,
                text=True,
                cwd=ROOT,
                env=env,
                check=True,
            )
            took = time.perf_counter() - started
            if round_no:  # the first round writes bytecode and warms the disk: not counted
                times.append(took)
                cpu[name].append(_children_cpu() - used)
            shown.add(done.stdout.split()[-1])
    if shown != {"SessionsScreen", "One"}:
        raise SystemExit(f"unexpected first screens: {sorted(shown)}")
    return {
        "cold_start_ratio": round(statistics.median(ours) / statistics.median(bare), 2),
        "cold_start_app_ms": ms(statistics.median(ours)),
        "cold_start_bare_ms": ms(statistics.median(bare)),
        "cold_start_rounds": rounds,
        # The processor time each took (user and system): on a shared machine, less swayed by
        # what else runs than the wall time the ratio above is taken on.
        "cold_start_cpu_ratio": round(
            statistics.median(cpu["ours"]) / statistics.median(cpu["bare"]), 2
        ),
    }


def _children_cpu() -> float:
    """Seconds of processor time the ended child processes took, user and system."""
    import resource  # POSIX only, as the benchmarks are run

    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def cold_start(data: Path, session_id: str, samples: int) -> tuple[list[float], str]:
    """Seconds from launching the interpreter to the first frame, and the screen shown."""
    times: list[float] = []
    screen = ""
    for _ in range(samples):
        done = subprocess.run(
            [sys.executable, "-c", _START, repr(time.time()), str(data), session_id],
            capture_output=True,
            text=True,
            cwd=ROOT,
            check=True,
        )
        seconds, screen = done.stdout.split()
        times.append(float(seconds))
    return times, screen


class RulingClock:
    """Times Enter in the move box to the ruling on screen, through private hooks (in the
    benchmarks only): the frame hand-over (`App._display`), the table's `record` and its
    `redraw` (every view from the referee's state).

    `start()` just before the key press; after the app has settled, `lap()` gives the seconds
    to the first frame composed after the ruling was stored and shown, to the ruling stored
    and set on the verdict line (the handler's own share), and to the first frame composed
    after every other view was drawn again (the whole table showing the move); None if
    nothing was ruled.
    """

    def __init__(self, app: Any) -> None:
        self._frames: list[float] = []
        self._handled: list[float] = []
        self._drawn: list[float] = []
        self._started = 0.0
        display = app._display

        def painted(screen: Any, update: Any) -> None:
            if update is not None:
                self._frames.append(time.perf_counter())
            display(screen, update)

        app._display = painted

    def watch(self, table: Any) -> None:
        """Hook the table's `record` and `redraw` (again for each new table screen)."""
        if getattr(table, "_clocked", False):
            return
        record, redraw = table.record, table.redraw

        def timed(line: str) -> Any:
            result = record(line)
            self._handled.append(time.perf_counter())
            return result

        def drawn() -> None:
            redraw()
            self._drawn.append(time.perf_counter())

        table.record, table.redraw = timed, drawn
        table._clocked = True

    def start(self) -> None:
        self._frames.clear()
        self._handled.clear()
        self._drawn.clear()
        self._started = time.perf_counter()

    def lap(self) -> tuple[float, float, float] | None:
        if not self._handled:
            return None
        done = self._handled[0]
        frame = self._first_frame(done)
        drawn = next((t for t in self._drawn if t >= done), None)
        table = self._first_frame(drawn) if drawn is not None else None
        if frame is None or table is None:
            return None
        return frame - self._started, done - self._started, table - self._started

    def _first_frame(self, since: float) -> float | None:
        return next((t for t in self._frames if t >= since), None)


async def move_latencies(
    data: Path,
    session_id: str,
    moves: list[str],
    gap: float = 0.0,
    setup: Callable[[Any], Awaitable[None]] | None = None,
) -> tuple[list[float], list[float], list[float]]:
    """Per move: seconds from Enter to the first frame showing its ruling, to the ruling
    being stored and set on the verdict line (the handler's own share), and to the first
    frame showing every view drawn again. `gap`: seconds between the move appearing in the
    box and the Enter (a person's last key and Enter). `setup(pilot)`: run at the table before
    the first move (`benchmarks.terminals` serves the phones there)."""
    from screens.app import build_app
    from screens.widgets import MoveBox

    app = build_app(data, session_id=session_id)
    to_frame: list[float] = []
    to_ruling: list[float] = []
    to_table: list[float] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if setup is not None:
            await setup(pilot)
        table = app.screen
        box = table.query_one(MoveBox)
        verdict = table.query_one("#verdict")
        clock = RulingClock(app)
        clock.watch(table)
        for text in moves:
            box.value = text
            await pilot.pause()
            if gap:
                await asyncio.sleep(gap)
            clock.start()
            await pilot.press("enter")
            await pilot.pause()
            shown = str(verdict.render())
            lap = clock.lap()
            if not shown.startswith("✓") or lap is None:
                raise SystemExit(f"refused while recording `{text}`: {shown}")
            to_frame.append(lap[0])
            to_ruling.append(lap[1])
            to_table.append(lap[2])
    return to_frame, to_ruling, to_table


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--moves", type=int, default=1000, help="moves already stored")
    parser.add_argument("--record", type=int, default=200, help="moves typed and timed")
    parser.add_argument("--starts", type=int, default=5, help="cold starts timed, per screen")
    parser.add_argument(
        "--cold-only",
        action="store_true",
        help="only the cold start against a bare Textual app (cold_start_ratio)",
    )
    parser.add_argument("--rounds", type=int, default=ROUNDS, help="paired cold starts")
    parser.add_argument(
        "--gap",
        type=float,
        default=0.05,
        help="seconds between the move filling the box and Enter: a fast "
        "typist's last key and Enter (the moves are also timed with none)",
    )
    args = parser.parse_args()
    data = Path(tempfile.mkdtemp(prefix="uno-app-bench-"))
    try:
        service = SessionService(data)
        service.layout.ensure()
        game = long_game(1, args.moves + args.record)
        sid = write_session(service, game[: args.moves])
        upcoming = [entry["text"] for entry in game[args.moves : args.moves + args.record]]

        against_bare = cold_start_ratio(data, args.rounds)
        if args.cold_only:
            print(json.dumps(against_bare))
            return
        sessions_start, first = cold_start(data, "", args.starts)
        table_start, resumed = cold_start(data, sid, args.starts)
        assert (first, resumed) == ("SessionsScreen", "TableScreen"), (first, resumed)
        latencies, handler, whole = asyncio.run(move_latencies(data, sid, upcoming, args.gap))
        # The same moves again on a fresh copy of the session, each Enter at once.
        burst = (
            asyncio.run(move_latencies(data, write_session(service, game[: args.moves]), upcoming))[
                0
            ]
            if args.gap
            else latencies
        )
    finally:
        shutil.rmtree(data, ignore_errors=True)

    median_sessions = statistics.median(sessions_start)
    median_table = statistics.median(table_start)
    p50, p95 = percentile(latencies, 50), percentile(latencies, 95)
    print(
        f"cold start to first frame: sessions screen median {median_sessions:.2f} s, "
        f"table of a {args.moves}-move session median {median_table:.2f} s "
        f"(target < 1.5 s; {args.starts} starts each)"
    )
    print(
        f"move box to ruling on screen at {args.moves} moves ({HEADER.edition}, "
        f"{len(HEADER.players)} players): p50 {ms(p50)} ms, p95 {ms(p95)} ms, "
        f"max {ms(max(latencies))} ms over {len(latencies)} moves (target p95 <= 16 ms, "
        f"one frame at 60 Hz); ruling stored and set: p50 {ms(percentile(handler, 50))} ms, "
        f"p95 {ms(percentile(handler, 95))} ms; every view showing the move: "
        f"p50 {ms(percentile(whole, 50))} ms, p95 {ms(percentile(whole, 95))} ms; "
        f"Enter {ms(args.gap)} ms after the box was filled (with none, as a paste: ruling "
        f"p95 {ms(percentile(burst, 95))} ms)"
    )
    print(
        json.dumps(
            {
                "cold_start_sessions_s": round(median_sessions, 3),
                "cold_start_sessions_max_s": round(max(sessions_start), 3),
                "cold_start_table_s": round(median_table, 3),
                "cold_start_table_max_s": round(max(table_start), 3),
                "stored_moves": args.moves,
                "timed_moves": len(latencies),
                "move_to_ruling_p50_ms": ms(p50),
                "move_to_ruling_p95_ms": ms(p95),
                "move_to_ruling_max_ms": ms(max(latencies)),
                "ruling_stored_p50_ms": ms(percentile(handler, 50)),
                "ruling_stored_p95_ms": ms(percentile(handler, 95)),
                "move_to_table_p50_ms": ms(percentile(whole, 50)),
                "move_to_table_p95_ms": ms(percentile(whole, 95)),
                "enter_gap_ms": ms(args.gap),
                "move_to_ruling_no_gap_p50_ms": ms(percentile(burst, 50)),
                "move_to_ruling_no_gap_p95_ms": ms(percentile(burst, 95)),
                **against_bare,
            }
        )
    )


if __name__ == "__main__":
    main()
