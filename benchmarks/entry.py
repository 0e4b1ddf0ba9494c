"""Keystrokes at the table: the demo's tracked round, and a five-round score-only game.

Drives the real app through Pilot, pressing one key at a time as a scorekeeper would, with the
shortest input the app takes: the player the table waits on is implied (`r5`), anyone else is
named by seat number (`3: catch 1`), the quick keys are used where they record exactly the
move (F2 draw or accept, F3 a late UNO call, F4 and the catcher's seat for a catch), a round
starts with F7 and `t` (every move) or the seat of who went out (score only), and the hands
are typed as points totals, Enter after each.

Tracked: a session with the demo's header and its scored first round; its second round, kept
move by move, is entered from F7. Score only: five rounds for four players (who went out and
three hands each, from a fixed seed). Counts the keys per move and per round for each mode, and
times Enter in the move box to the ruling on screen (`benchmarks.app`'s clock). Prints JSON last.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import shutil
import tempfile
from pathlib import Path
from typing import Any

from benchmarks.app import RulingClock
from benchmarks.storage import ms, percentile
from referee.engine.events import Header
from referee.notation import format_event, parse_session
from referee.service import SessionService
from referee.store.tags import header_text

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "sample_sessions" / "demo.uno"


def demo_lines() -> tuple[Header, list[str], list[str]]:
    """The demo's header, its scored first round, and its tracked second round (after
    `round 2`), each as stored lines."""
    session = parse_session(DEMO.read_text(encoding="utf-8"), DEMO.name)
    header = session.header
    lines = [format_event(event, header) for event in session.events]
    second = lines.index("round 2")
    return header, lines[:second], lines[second + 1 :]


class Typist:
    """Presses keys through Pilot and counts them; times each Enter in the move box."""

    def __init__(self, pilot: Any) -> None:
        self.pilot = pilot
        self.keys = 0
        self.latencies: list[float] = []
        self.clock = RulingClock(pilot.app)

    async def press(self, *keys: str) -> None:
        for key in keys:
            self.keys += 1
            await self.pilot.press(key)
        await self.pilot.pause()

    async def line(self, text: str) -> None:
        """Type a line into the move box and press Enter, timing the ruling."""
        from screens.table_screen import TableScreen

        table = self.pilot.app.screen
        assert isinstance(table, TableScreen), table
        self.clock.watch(table)
        for char in text:
            self.keys += 1
            await self.pilot.press(char)
        await self.pilot.pause()
        self.keys += 1
        self.clock.start()
        await self.pilot.press("enter")
        await self.pilot.pause()
        lap = self.clock.lap()
        if lap is not None:
            self.latencies.append(lap[0])


def shortest(ref: Any, line: str) -> str:
    """What a scorekeeper types for `line`: the actor's name left out, another name as a seat."""
    from referee.suggest import actor

    who, colon, rest = line.partition(": ")
    if not colon or who not in ref.players:
        return line
    if who == actor(ref):
        return rest
    seat = ref.players.index(who) + 1
    for name in ref.players:
        if rest.endswith(f" {name}"):
            rest = rest[: -len(name)] + str(ref.players.index(name) + 1)
    return f"{seat}: {rest}"


async def enter_move(typist: Typist, line: str) -> None:
    """One stored line, entered the shortest way the table allows."""
    from referee.suggest import catch_lines, quick_moves

    table = typist.pilot.app.screen
    ref = table.sitting.referee
    quick = quick_moves(ref)
    if line in (quick.get("draw"), quick.get("accept")):
        await typist.press("f2")
    elif line == quick.get("uno"):
        await typist.press("f3")
    elif any(line in by.values() for by in catch_lines(ref).values()):
        catcher = line.partition(": ")[0]
        await typist.press("f4", str(ref.players.index(catcher) + 1))
    else:
        await typist.line(shortest(ref, line))
    stored = table.sitting.live.moves
    if not stored or stored[-1].text != line:
        raise SystemExit(f"`{line}` was not recorded: {table.query_one('#verdict').render()}")


async def tracked(data: Path) -> dict[str, Any]:
    from screens.app import build_app

    header, scored, second = demo_lines()
    service = SessionService(data)
    sid = service.import_text(
        header_text(header) + "".join(f"{line}\n" for line in scored), "demo-round-1.uno"
    ).id
    app = build_app(data, session_id=sid)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        typist = Typist(pilot)
        await typist.press("f7", "t")
        start = typist.keys
        for line in second:
            await enter_move(typist, line)
        moves = len(second)
        return {
            "moves": moves,
            "keys": typist.keys,
            "keys_per_move": round((typist.keys - start) / moves, 2),
            "round_start_keys": start,
            "enter_to_ruling_ms": typist.latencies,
        }


async def score_only(data: Path, rounds: int, seed: int) -> dict[str, Any]:
    from screens.app import build_app
    from screens.round_end_screen import RoundEndScreen
    from screens.table_screen import TableScreen

    rng = random.Random(seed)
    players = ("Ana", "Ben", "Chika", "Dev")
    service = SessionService(data)
    sid = service.create(
        Header(edition="classic", players=players, scoring=f"rounds {rounds}", rules="jp")
    )
    app = build_app(data, session_id=sid)
    per_round: list[int] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        typist = Typist(pilot)
        for _ in range(rounds):
            before = typist.keys
            out = rng.randrange(len(players))
            await typist.press("f7", str(out + 1))
            if not isinstance(app.screen, RoundEndScreen):
                raise SystemExit(f"no round-end screen after `out {players[out]}`")
            for _hand in range(len(players) - 1):
                await typist.press(*str(rng.randrange(0, 80)), "enter")
            while not isinstance(app.screen, TableScreen):
                await typist.press("escape")
            per_round.append(typist.keys - before)
        with service.open(sid, read_only=True) as live:
            if not live.sheet.finished:
                raise SystemExit("the score-only game did not finish")
    return {"rounds": rounds, "keys": typist.keys, "keys_per_round": per_round}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=5, help="score-only rounds")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    data = Path(tempfile.mkdtemp(prefix="uno-entry-bench-"))
    try:
        move_by_move = asyncio.run(tracked(data / "tracked"))
        scores = asyncio.run(score_only(data / "score", args.rounds, args.seed))
    finally:
        shutil.rmtree(data, ignore_errors=True)
    latencies = move_by_move.pop("enter_to_ruling_ms")
    p95 = percentile(latencies, 95)
    print(
        f"tracked round (the demo's round 2): {move_by_move['moves']} moves in "
        f"{move_by_move['keys']} keys, {move_by_move['keys_per_move']} keys a move "
        f"(+{move_by_move['round_start_keys']} to start the round); Enter to ruling on "
        f"screen p95 {ms(p95)} ms over {len(latencies)} typed moves"
    )
    print(
        f"score only: {scores['rounds']} rounds in {scores['keys']} keys "
        f"({', '.join(map(str, scores['keys_per_round']))} a round)"
    )
    print(
        json.dumps(
            {
                "tracked_moves": move_by_move["moves"],
                "tracked_keys": move_by_move["keys"],
                "tracked_keys_per_move": move_by_move["keys_per_move"],
                "tracked_round_start_keys": move_by_move["round_start_keys"],
                "score_only_rounds": scores["rounds"],
                "score_only_keys": scores["keys"],
                "score_only_keys_per_round": scores["keys_per_round"],
                "enter_to_ruling_p50_ms": ms(percentile(latencies, 50)),
                "enter_to_ruling_p95_ms": ms(p95),
                "typed_moves": len(latencies),
            }
        )
    )


if __name__ == "__main__":
    main()
