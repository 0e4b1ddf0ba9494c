"""Every phone a table terminal: the scorekeeper's keys per move, a phone's tap to every phone's
board, racing phones, and the app's Enter-to-ruling with ten phones connected.

Keys per move: a self-play game (four players, ROUNDS rounds) is proposed move by move by the
seats' own phones to the table's writer (`referee.table.Desk`), once per confirmation mode. The
scorekeeper presses Enter for each proposal that waits (a challenge's verdict is confirmed by the
challenged player's phone first). The dealer's phone opens each round with its start card (one
proposal: `round N`, the dealer where the round has none, and `start`). The scorekeeper types
the lines no phone may send, the table's own rulings: penalties and misplays (each the shortest
way the move box takes it, as `benchmarks.entry` types it, Enter included). Keys per move is
every key the scorekeeper pressed over every move the log holds.

Tap to phones: TAPS moves of a ten-player self-play round are proposed over real HTTP on
loopback by the seats' phones (each holding its seat's cookie, taken and approved as a phone
does it) while all ten phones follow the page's event stream; the writer is in this process and
the server is `uno-referee serve` started as the app starts it (`ServeProcess`, its messages
answered over the pipe), every legal move going straight in (`none`). The phones are asyncio
clients in a process of their own. A tap's time runs from just before the phone's POST is sent
to the moment the last of the ten streams has delivered the board holding that move
(CLOCK_MONOTONIC).

Races: `tests/selfplay/race.py` (RACES races under each confirmation mode): the races, and the
proposals lost, duplicated, out of order and answered wrongly.

Enter to ruling: `benchmarks.app.move_latencies` (Enter in the move box to the ruling's frame) on
a session of STORED self-play moves, RECORD moves typed: once alone and once with the app's own
phones' server started (F12, seats by pipe) and ten phones following its event stream.

Prints JSON last.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import shutil
import tempfile
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from benchmarks.app import move_latencies
from benchmarks.entry import shortest
from benchmarks.serve import clients_process
from benchmarks.storage import long_game, ms, percentile, write_session
from referee.engine import Referee, changes_nothing
from referee.engine import events as ev
from referee.engine.events import Header
from referee.notation import format_event
from referee.service import SessionService
from referee.table import CONFIRM_MODES, Desk
from referee.table.confirm import Confirm
from referee.table.protocol import handle
from referee.web.process import ServeProcess
from tests.selfplay import SelfPlay, Tendencies
from tests.selfplay.race import PHONE_EVENTS, RaceStats, action_of, race
from tests.selfplay.tables import NAMES

FOUR = Header(edition="classic", players=("Ana", "Ben", "Chika", "Dev"), scoring="none")
TEN = Header(edition="classic", players=NAMES, scoring="none")


def now() -> float:
    return time.clock_gettime(time.CLOCK_MONOTONIC)


# The scorekeeper's keys -------------------------------------------------------------------------


def scorekeeper_keys(data: Path, confirm: Confirm, seed: int, rounds: int) -> dict[str, Any]:
    """Keys the scorekeeper presses while the phones propose a whole self-play game."""
    sim = SelfPlay(seed, check=False)
    sim.play_game(FOUR, rounds=rounds)
    service = SessionService(data)
    sid = service.create(FOUR)
    typed = enters = proposed = 0
    with service.open(sid) as live:
        desk = Desk(live, confirm)
        dealer = FOUR.players[0]
        for number, event in enumerate(sim.log):
            line = format_event(event, FOUR)
            if isinstance(event, ev.DealerNamed):
                dealer = event.player
            if isinstance(event, (ev.RoundStarted, ev.DealerNamed)):
                continue  # the dealer's phone opens the round with its start card (below)
            if isinstance(event, ev.StartTurned):
                # One proposal from the dealer's phone: `round N` (and `dealer`, where the
                # round has none yet) go in with it.
                reply = desk.propose(dealer, line, len(live.moves), f"k{number}")
                if reply.status not in ("recorded", "waiting"):
                    raise SystemExit(f"`{line}` from the dealer's phone was refused: {reply.rule}")
                proposed += 1
                while desk.queue:
                    enters += 1
                    desk.accept()
                continue
            if isinstance(event, PHONE_EVENTS):
                reply = desk.propose(
                    event.player, action_of(line, event.player), len(live.moves), f"k{number}"
                )
                if reply.status in ("recorded", "waiting"):
                    proposed += 1
                elif reply.status == "refused":
                    raise SystemExit(f"`{line}` from its own phone was refused: {reply.rule}")
                for pending in list(desk.queue):
                    if pending.second is not None and pending.seconded is None:
                        desk.second(pending.second, True)  # the challenged player's phone
                while desk.queue:
                    enters += 1
                    desk.accept()
                continue
            keys = (
                2 if isinstance(event, ev.RoundStarted) else len(shortest(live.referee, line)) + 1
            )
            answer = live.record(line)
            if answer.ok:
                typed += keys
                desk.recheck()
            elif not answer.note:
                raise SystemExit(f"the scorekeeper's `{line}` was refused: {answer.rule}")
        moves = len(live.moves)
    return {
        "moves": moves,
        "proposed": proposed,
        "keys": typed + enters,
        "typed_keys": typed,
        "enters": enters,
        "keys_per_move": round((typed + enters) / moves, 3),
        "enters_per_proposed_move": round(enters / max(1, proposed), 3),
    }


# A tap to every phone --------------------------------------------------------------------------


def tap_game(seed: int, taps: int) -> tuple[list[str], list[tuple[str, str]]]:
    """A ten-player round: the scorekeeper's opening lines, and `taps` moves from then on that
    the seats propose (each changing the table), with no scorekeeper's line among them."""
    for attempt in range(seed, seed + 200):
        sim = SelfPlay(attempt, check=False, tendencies=Tendencies(misplay=0, side_action=0))
        sim.play_game(TEN, rounds=1)
        opening: list[str] = []
        moves: list[tuple[str, str]] = []
        ref = Referee(TEN)
        for event in sim.log:
            ruling = ref.check(event)
            holds = ruling.ok and not changes_nothing(ref.state, ruling)
            ref.apply(event)
            line = format_event(event, TEN)
            if not isinstance(event, PHONE_EVENTS):
                if moves:
                    break
                opening.append(line)
            elif holds and opening:
                moves.append((event.player, action_of(line, event.player)))
        if len(moves) >= taps:
            return opening, moves[:taps]
    raise SystemExit(f"no ten-player round with {taps} moves from the phones in a row")


async def http(
    url: str, method: str, path: str, cookie: str = "", body: dict[str, Any] | None = None
) -> tuple[int, dict[str, str], bytes]:
    """One request as a phone's browser sends it (HTTP/1.0: the answer ends with the
    connection): its status, the cookies it sets, its body."""
    parts = urlsplit(url)
    reader, writer = await asyncio.open_connection(parts.hostname, parts.port)
    data = json.dumps(body).encode() if body is not None else b""
    head = [f"{method} {parts.path}{path} HTTP/1.0", f"Host: {parts.netloc}"]
    if cookie:
        head.append(f"Cookie: {cookie}")
    if body is not None:
        head += [
            f"Origin: {parts.scheme}://{parts.netloc}",
            "Content-Type: application/json",
            f"Content-Length: {len(data)}",
        ]
    writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
    await writer.drain()
    answer = await reader.read()
    writer.close()
    header, _sep, content = answer.partition(b"\r\n\r\n")
    lines = header.decode("latin-1").split("\r\n")
    cookies = {}
    for line in lines[1:]:
        name, _colon, value = line.partition(":")
        if name.lower() == "set-cookie":
            key, _eq, rest = value.strip().partition("=")
            cookies[key] = rest.split(";", 1)[0]
    return int(lines[0].split()[1]), cookies, content


class Stream:
    """One phone's event stream: the newest board's move count, and a way to wait for one."""

    def __init__(self) -> None:
        self.shown = -1
        self.changed = asyncio.Event()

    async def follow(self, url: str, cookie: str) -> None:
        parts = urlsplit(url)
        reader, writer = await asyncio.open_connection(parts.hostname, parts.port)
        writer.write(
            f"GET {parts.path}events HTTP/1.0\r\nHost: {parts.netloc}\r\nCookie: {cookie}\r\n"
            "Accept: text/event-stream\r\n\r\n".encode()
        )
        await writer.drain()
        if b" 200 " not in await reader.readline():
            raise SystemExit("a phone's stream was refused")
        while (await reader.readline()).strip():
            pass  # the headers
        event_id = None
        try:
            while line := await reader.readline():
                if line.startswith(b"id: "):
                    event_id = int(line[4:])
                elif line == b"\n" and event_id is not None:
                    self.shown = event_id
                    self.changed.set()
                    event_id = None
        finally:
            writer.close()

    async def until(self, count: int) -> None:
        while self.shown < count:
            self.changed.clear()
            await self.changed.wait()


async def _phones(
    url: str, taps: list[tuple[str, str]], start: int, timeout: float
) -> tuple[list[float], list[float]]:
    seats: dict[str, str] = {}
    for player in TEN.players:
        status, cookies, _body = await http(url, "POST", "seat", body={"player": player})
        if status != 200 or "join" not in cookies:
            raise SystemExit(f"{player}'s phone could not ask for a seat: {status}")
        _status, cookies, _body = await http(url, "GET", "pad", f"join={cookies['join']}")
        if "seat" not in cookies:
            raise SystemExit(f"{player}'s seat was not given")
        seats[player] = f"seat={cookies['seat']}"
    streams = {player: Stream() for player in TEN.players}
    tasks = [asyncio.create_task(stream.follow(url, seats[p])) for p, stream in streams.items()]
    await asyncio.wait_for(asyncio.gather(*(s.until(start) for s in streams.values())), timeout)
    to_all: list[float] = []
    to_answer: list[float] = []
    count = start
    for number, (player, action) in enumerate(taps):
        body = {"action": action, "seen": count, "request": f"tap-{number}"}
        began = now()
        status, _cookies, content = await http(url, "POST", "propose", seats[player], body)
        answered = now()
        got = json.loads(content)
        if status != 200 or got.get("status") != "recorded":
            raise SystemExit(f"{player}'s `{action}` was not recorded: {status} {got}")
        count += 1
        await asyncio.wait_for(asyncio.gather(*(s.until(count) for s in streams.values())), timeout)
        to_all.append(now() - began)
        to_answer.append(answered - began)
    for task in tasks:
        task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await asyncio.gather(*tasks, return_exceptions=True)
    return to_all, to_answer


def phones_process(url: str, taps: list[tuple[str, str]], start: int, out: Any) -> None:
    """The ten phones, in a process of their own (as phones are devices of their own)."""
    try:
        out.put(asyncio.run(_phones(url, taps, start, 60)))
    except BaseException as exc:
        out.put(f"{type(exc).__name__}: {exc}")


def tap_to_phones(data: Path, seed: int, taps: int) -> tuple[list[float], list[float]]:
    opening, moves = tap_game(seed, taps)
    service = SessionService(data)
    sid = service.create(TEN)
    with service.open(sid) as live:
        for line in opening:
            if not live.record(line).ok:
                raise SystemExit(f"the opening line `{line}` was refused")
    lock = threading.Lock()
    with service.open(sid) as live:
        desk = Desk(live, "none")

        def writer(message: dict[str, Any]) -> dict[str, Any]:
            """The app's side of the pipe, with the scorekeeper approving every seat asked."""
            with lock:
                answer = handle(desk, message)
                if message.get("op") == "ask" and "ticket" in answer:
                    desk.seats.approve(str(message.get("player")))
                return answer

        with ServeProcess(data, sid, host="127.0.0.1", seats=writer) as server:
            context = multiprocessing.get_context("spawn")
            out = context.Queue()
            proc = context.Process(
                target=phones_process, args=(server.url, moves, len(live.moves), out)
            )
            proc.start()
            got = out.get(timeout=600)
            proc.join(30)
    if isinstance(got, str):
        raise SystemExit(f"the phones failed: {got}")
    to_all, to_answer = got
    return to_all, to_answer


# The app's Enter with phones connected ---------------------------------------------------------


def enter_to_ruling(
    data: Path, stored: list[dict[str, Any]], upcoming: list[str], phones: int
) -> list[float]:
    """`move_latencies` on a fresh copy of the session; with `phones`, the app serves its
    phones first (F12: seats by pipe, on loopback) and that many phones follow the page."""
    import referee.web.process as app_module  # where the app finds the server it starts

    service = SessionService(data)
    sid = write_session(service, stored)
    if not phones:
        return asyncio.run(move_latencies(data, sid, upcoming))[0]
    made: list[ServeProcess] = []
    real = app_module.ServeProcess

    def on_loopback(*args: Any, **kwargs: Any) -> ServeProcess:
        kwargs["host"] = "127.0.0.1"
        made.append(real(*args, **kwargs))
        return made[-1]

    # The phones' process is started before the app (a process started from inside the app's
    # test harness cannot inherit its descriptors); it connects once it is given the address.
    context = multiprocessing.get_context("spawn")
    inbox, out = context.Queue(), context.Queue()
    until = len(stored) + len(upcoming)
    proc = context.Process(target=waiting_phones, args=(inbox, phones, until, out, 300.0))
    proc.start()

    async def serve_phones(pilot: Any) -> None:
        await pilot.press("f12")
        deadline = now() + 60
        while not (made and made[-1].url):
            if now() > deadline:
                raise SystemExit("the app's phones' server did not start")
            await pilot.pause(0.05)
        await pilot.press("escape")
        inbox.put(made[-1].url)
        if await asyncio.to_thread(out.get, True, 120) != "ready":
            raise SystemExit("the phones did not connect")
        await pilot.pause()

    app_module.ServeProcess = on_loopback  # type: ignore[misc,assignment]
    try:
        latencies = asyncio.run(move_latencies(data, sid, upcoming, setup=serve_phones))[0]
        out.get(timeout=120)  # the phones saw every move
    finally:
        app_module.ServeProcess = real  # type: ignore[misc]
        for server in made:
            server.stop()
        proc.join(30)
    return latencies


def waiting_phones(inbox: Any, count: int, until: int, out: Any, timeout: float) -> None:
    """`benchmarks.serve`'s followers, once the address comes."""
    clients_process(inbox.get(timeout=timeout), count, until, out, timeout)


# The whole -------------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=3, help="rounds of the keys' game")
    parser.add_argument("--taps", type=int, default=60, help="moves tapped on the phones")
    parser.add_argument("--races", type=int, default=1000, help="races per confirmation mode")
    parser.add_argument("--stored", type=int, default=300, help="moves stored (Enter to ruling)")
    parser.add_argument("--record", type=int, default=100, help="moves typed (Enter to ruling)")
    parser.add_argument("--phones", type=int, default=10)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    data = Path(tempfile.mkdtemp(prefix="uno-terminals-bench-"))
    try:
        keys = {
            mode: scorekeeper_keys(data / f"keys-{mode}", mode, args.seed, args.rounds)
            for mode in CONFIRM_MODES
        }
        to_all, to_answer = tap_to_phones(data / "taps", args.seed, args.taps)
        races: dict[str, RaceStats] = {
            mode: race(SessionService(data / f"race-{mode}"), args.races, args.seed, mode)
            for mode in CONFIRM_MODES
        }
        game = long_game(1, args.stored + args.record)
        stored = game[: args.stored]
        upcoming = [entry["text"] for entry in game[args.stored : args.stored + args.record]]
        service = SessionService(data / "app")
        service.layout.ensure()
        alone = enter_to_ruling(data / "app", stored, upcoming, 0)
        with_phones = enter_to_ruling(data / "app", stored, upcoming, args.phones)
    finally:
        shutil.rmtree(data, ignore_errors=True)

    for mode, found in keys.items():
        print(
            f"{mode}: {found['keys']} scorekeeper keys over {found['moves']} moves, "
            f"{found['keys_per_move']} a move ({found['enters']} Enters for "
            f"{found['proposed']} proposed moves, {found['typed_keys']} keys typing the lines "
            f"no phone sends)"
        )
    print(
        f"tap to all {len(TEN.players)} phones' boards: p50 {ms(percentile(to_all, 50))} ms, "
        f"p95 {ms(percentile(to_all, 95))} ms over {len(to_all)} taps (goal p95 <= 150 ms); "
        f"the tapping phone's answer p95 {ms(percentile(to_answer, 95))} ms"
    )
    total = RaceStats()
    for raced in races.values():
        for name in (
            "races",
            "proposals",
            "lost",
            "duplicated",
            "misordered",
            "wrong",
            "contested",
        ):
            setattr(total, name, getattr(total, name) + getattr(raced, name))
    print(
        f"races: {total.races} ({total.proposals} proposals), lost {total.lost}, duplicated "
        f"{total.duplicated}, out of order {total.misordered}, answered wrongly {total.wrong}"
    )
    print(
        f"app Enter to ruling p95: {ms(percentile(alone, 95))} ms alone, "
        f"{ms(percentile(with_phones, 95))} ms with {args.phones} phones connected"
    )
    print(
        json.dumps(
            {
                "scorekeeper_keys_per_move": {m: k["keys_per_move"] for m, k in keys.items()},
                "scorekeeper_keys": keys,
                "tap_to_phones_p50_ms": ms(percentile(to_all, 50)),
                "tap_to_phones_p95_ms": ms(percentile(to_all, 95)),
                "tap_to_phones_max_ms": ms(max(to_all)),
                "tap_answer_p95_ms": ms(percentile(to_answer, 95)),
                "taps": len(to_all),
                "phones": len(TEN.players),
                "races": total.races,
                "race_proposals": total.proposals,
                "races_decided_by_arrival_order": total.contested,
                "lost": total.lost,
                "duplicated": total.duplicated,
                "misordered": total.misordered,
                "answered_wrongly": total.wrong,
                "enter_to_ruling_p95_ms": ms(percentile(alone, 95)),
                "enter_to_ruling_p95_ms_with_phones": ms(percentile(with_phones, 95)),
                "enter_to_ruling_p50_ms": ms(percentile(alone, 50)),
                "enter_to_ruling_p50_ms_with_phones": ms(percentile(with_phones, 50)),
                "phones_connected": args.phones,
                "typed_moves": len(alone),
            }
        )
    )


if __name__ == "__main__":
    main()
