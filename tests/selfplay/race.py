"""Racing phones: a self-play game's true moves proposed by the seats' own phones, with racing
claims sent within the same 100 ms, fed to a table's writer (`Desk`) in their arrival order and
checked against what the engine says that order must give.

A *race* is one window of 100 ms at one step of the true game, on the table as the true game
left it: the true move's player sends it from their phone, and one or two other phones send
claims that race it:

- a catch of a player on one card (a real one when someone forgot UNO, else a false catch),
- that player's own UNO call (UNO vs catch),
- the next true move, sent early by the next player (the next play vs a catch or UNO call),
- now and then another seat's move sent from the wrong phone (always refused: rule `seat`),

and any of these may be sent again with the same request id (a retry), or carry a stale `seen`
(a move count from before the last moves). Each phone's message gets a random moment within the
window; the writer takes them in the order of those moments (the arrival order). Under `plays`
and `all` the scorekeeper presses Enter at random moments in between, and for everything still
waiting once the window is over.

The engine's verdict on that arrival order (`expected`): each proposal judged in arrival order
on the table as it is once the earlier ones that hold are in (a retry answered as its first),
whatever its `seen`: not the seat's own move -> refused; refused by the engine -> refused; taken
but changes nothing -> noted; else it must be recorded, and the table moves on. The checks:

- lost: a proposal the engine says holds that is not in the log (by its request id),
- duplicated: a request id in the log more than once (the session file, read back, and read
  again after the session is reopened and every recorded id retried),
- misordered: the window's new log lines, in the log's order, not the recorded proposals in
  arrival order (text and request id),
- wrong: a phone's answer (after the scorekeeper's Enters) not the engine's verdict, or a
  retry answered otherwise than the first.

Then the table is brought back to the true game: the window's moves are undone and the
scorekeeper types the true move (unless the window recorded exactly that), and the session's
public state must equal the true game's, so the next race starts from the self-play game again.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field

from referee.engine import Referee, changes_nothing
from referee.engine import events as ev
from referee.engine.events import Header
from referee.engine.public import public_state
from referee.engine.state import Game
from referee.notation import NotationError, format_event, read_move
from referee.service import LiveSession, SessionService
from referee.table import Desk, Reply
from referee.table.confirm import Confirm
from referee.table.desk import PROPOSED

from .driver import SelfPlay
from .tables import random_header

WINDOW_MS = 100.0
PHONE_EVENTS = (*PROPOSED, ev.HandRevealed)
"""What a seat's phone sends; the rest of a game's lines are the scorekeeper's."""


@dataclass(frozen=True)
class Proposal:
    """One phone's message: who sent it, what, when within the window."""

    phone: str
    action: str
    """As the phone sends it: a move without its name, `hand: ...`, or a whole line."""
    line: str
    """The whole line it stands for (what the engine is asked)."""
    request: str
    seen: int
    at_ms: float


@dataclass
class RaceStats:
    races: int = 0
    """Windows in which two or three phones sent something."""
    proposals: int = 0
    retries: int = 0
    stale: int = 0
    recorded: int = 0
    lost: int = 0
    duplicated: int = 0
    misordered: int = 0
    wrong: int = 0
    contested: int = 0
    """Races whose outcome the arrival order decided: the reverse order would record others."""
    games: int = 0
    failures: list[str] = field(default_factory=list)

    def fail(self, what: str) -> None:
        if len(self.failures) < 20:
            self.failures.append(what)


def action_of(line: str, player: str) -> str:
    """What a phone sends for its own `line`: the line without its name."""
    if line.startswith(f"hand {player}: "):
        return "hand: " + line[len(f"hand {player}: ") :]
    return line.split(": ", 1)[1]


def expected(state_before: Game, header: Header, arrivals: list[Proposal]) -> dict[str, str]:
    """The engine's verdict on each request of `arrivals`, taken in that order."""
    ref = Referee.at(state_before)
    verdicts: dict[str, str] = {}
    for p in arrivals:
        if p.request in verdicts:
            continue  # a retry: answered as the first
        try:
            event = read_move(p.line, header).event
        except NotationError:
            verdicts[p.request] = "refused"
            continue
        if not isinstance(event, PHONE_EVENTS) or getattr(event, "player", None) != p.phone:
            verdicts[p.request] = "refused"
            continue
        ruling = ref.check(event)
        if not ruling.ok:
            verdicts[p.request] = "refused"
        elif changes_nothing(ref.state, ruling):
            verdicts[p.request] = "noted"
        else:
            verdicts[p.request] = "recorded"
            ref.state = ruling.state
    return verdicts


class Race:
    """Plays self-play games and races phones at every step of them (see the module)."""

    def __init__(self, service: SessionService, seed: int, confirm: Confirm) -> None:
        self.service = service
        self.rng = random.Random(seed)
        self.seed = seed
        self.confirm = confirm
        self.stats = RaceStats()
        self._ids = 0

    def request_id(self) -> str:
        self._ids += 1
        return f"{self.seed:x}-{self._ids}"

    # A game -----------------------------------------------------------------------------------

    def game(self, races: int, players: int | None = None) -> None:
        """One self-play game raced step by step, until it ends or `races` races were run."""
        rng = self.rng
        header = random_header(
            rng, "classic", rng.choice(("en", "jp")), players or rng.choice((2, 3, 3, 4)), 0.2
        )
        sim = SelfPlay(rng.randrange(2**32), check=False)
        sim.play_game(header, rounds=1)
        sid = self.service.create(header)
        live = self.service.open(sid)
        try:
            truth = Referee(header)
            desk = Desk(live, self.confirm)
            log = sim.log
            for index, event in enumerate(log):
                if self.stats.races >= races:
                    break
                line = format_event(event, header)
                if isinstance(event, PHONE_EVENTS):
                    start = len(live.moves)
                    self.window(live, desk, header, line, event.player, log[index + 1 :])
                    self.back_to_truth(live, header, line, truth, start)
                else:
                    # The scorekeeper's own line (a round, a start card, a penalty): typed.
                    answer = live.record(line)
                    if not answer.ok and not answer.note:
                        raise AssertionError(f"the scorekeeper's {line!r}: {answer}")
                ruling = truth.apply(event)
                assert ruling.ok, (line, ruling.rule)
        finally:
            live.close()
        self.reopened(sid)
        self.stats.games += 1

    # One race ---------------------------------------------------------------------------------

    def claims(
        self, live: LiveSession, header: Header, actor: str, later: list[ev.Event]
    ) -> list[tuple[str, str]]:
        """Racing claims on the table as it is: (phone, whole line), from other phones."""
        rng = self.rng
        players = header.players
        table = live.referee.state.table
        others = [p for p in players if p != actor]
        on_one = [players[i] for i in (table.catchable if table is not None else ())]
        found: list[tuple[str, str]] = []
        # A catch: of someone who forgot UNO if there is one, else of anyone (a false catch).
        catcher = rng.choice(others)
        targets = [p for p in on_one if p != catcher] or [p for p in players if p != catcher]
        found.append((catcher, f"{catcher}: catch {rng.choice(targets)}"))
        # UNO vs catch: the player on one card calls it.
        if on_one:
            caller = rng.choice(on_one)
            found.append((caller, f"{caller}: uno"))
        # The next true move of another seat, sent early.
        for event in later[:4]:
            if isinstance(event, PHONE_EVENTS) and event.player != actor:
                found.append((event.player, format_event(event, header)))
                break
        # Another seat's move from the wrong phone.
        if rng.random() < 0.05:
            found.append((catcher, f"{actor}: uno"))
        return found

    def window(
        self,
        live: LiveSession,
        desk: Desk,
        header: Header,
        line: str,
        actor: str,
        later: list[ev.Event],
    ) -> None:
        rng = self.rng
        moves = len(live.moves)
        claims = self.claims(live, header, actor, later)
        rng.shuffle(claims)
        phones = {actor}
        sent: list[tuple[str, str]] = [(actor, line)]
        for phone, claim in claims:
            if len(phones | {phone}) > rng.choice((2, 3)):
                continue
            phones.add(phone)
            sent.append((phone, claim))
        proposals: list[Proposal] = []
        for phone, whole in sent:
            stale = rng.random() < 0.2 and moves > 0
            seen = moves - rng.randint(1, min(3, moves)) if stale else moves
            mine = whole.startswith(f"{phone}: ") or whole.startswith(f"hand {phone}: ")
            action = action_of(whole, phone) if mine else whole
            at = rng.uniform(0, WINDOW_MS)
            p = Proposal(phone, action, whole, self.request_id(), seen, at)
            proposals.append(p)
            if rng.random() < 0.3:
                # A retry: the phone heard nothing back and sends it again, same id.
                later_at = rng.uniform(at, WINDOW_MS)
                proposals.append(Proposal(phone, action, whole, p.request, seen, later_at))
        arrivals = sorted(proposals, key=lambda p: p.at_ms)
        stats = self.stats
        if len(phones) > 1:
            stats.races += 1
        stats.proposals += len({p.request for p in arrivals})
        stats.retries += len(arrivals) - len({p.request for p in arrivals})
        stats.stale += sum(1 for p in arrivals if p.seen != moves)

        state_before = live.referee.state
        verdicts = expected(state_before, header, arrivals)
        if verdicts != expected(state_before, header, arrivals[::-1]):
            stats.contested += 1
        first: dict[str, Reply] = {}
        for p in arrivals:
            reply = desk.propose(p.phone, p.action, p.seen, p.request)
            if p.request in first and reply != first[p.request]:
                now = desk.answer(p.request)
                if reply != now:
                    stats.wrong += 1
                    stats.fail(f"retry of {p.line!r} answered {reply.status}, not as before")
            first[p.request] = reply
            if desk.queue and rng.random() < 0.3:
                desk.accept()  # the scorekeeper's Enter, between two phones' messages
        while desk.queue:
            desk.accept()
        self.check(live, desk, header, moves, arrivals, verdicts)

    def check(
        self,
        live: LiveSession,
        desk: Desk,
        header: Header,
        moves: int,
        arrivals: list[Proposal],
        verdicts: dict[str, str],
    ) -> None:
        stats = self.stats
        held = live.requests()
        order: list[Proposal] = []
        for p in arrivals:
            if p.request in (q.request for q in order):
                continue
            want = verdicts[p.request]
            got = desk.answer(p.request)
            status = got.status if got is not None else None
            if want == "recorded":
                order.append(p)
                if p.request not in held:
                    stats.lost += 1
                    stats.fail(f"lost {p.line!r} from {p.phone}")
            elif p.request in held:
                stats.wrong += 1
                stats.fail(f"{p.line!r} from {p.phone} recorded; the engine says {want}")
            if status != want:
                stats.wrong += 1
                stats.fail(f"{p.line!r} from {p.phone}: {status}, the engine says {want}")
        new = live.moves[moves:]
        stats.recorded += len(new)
        # Entries by number (`requests()` gives the entry that recorded each id).
        mine = {p.request for p in arrivals}
        by_seq = {seq: request for request, seq in held.items() if request in mine}
        got_order = [(m.text, by_seq.get(m.entry)) for m in new]
        want_order = [(_canonical(p.line, header), p.request) for p in order]
        if got_order != want_order:
            # More lines than requests recorded is a duplicate; else the order is wrong.
            if len(got_order) > len(want_order):
                stats.duplicated += len(got_order) - len(want_order)
            else:
                stats.misordered += 1
            stats.fail(f"log {got_order}, arrival order {want_order}")

    def back_to_truth(
        self, live: LiveSession, header: Header, line: str, truth: Referee, start: int
    ) -> None:
        """The table as the true game has it after `line` (for the next race): the window's
        moves undone and the true move typed, unless the window recorded exactly that."""
        ruling = truth.check(read_move(line, header).event)
        holds = ruling.ok and not changes_nothing(truth.state, ruling)
        window = [move.text for move in live.moves[start:]]
        if window != ([_canonical(line, header)] if holds else []):
            while len(live.moves) > start:
                live.undo()
            if holds:
                answer = live.record(line)
                assert answer.ok, (line, answer)
        after = ruling.state if holds else truth.state
        if public_state(after) != live.state():
            raise AssertionError(f"the session left the true game at {line!r}")

    def reopened(self, sid: str) -> None:
        """The session reopened: every recorded id retried is answered, never recorded again;
        the file holds each request id once."""
        with self.service.open(sid) as live:
            held = live.requests()
            before = len(live.moves)
            desk = Desk(live, self.confirm)
            for request in held:
                reply = desk.propose("?", "draw", -1, request)
                if reply.status != "recorded":
                    self.stats.wrong += 1
                    self.stats.fail(f"retried {request} after reopening: {reply.status}")
            if len(live.moves) != before:
                self.stats.duplicated += len(live.moves) - before
                self.stats.fail("a retry after reopening was recorded again")
        doc = json.loads(self.service.layout.session(sid).read_text(encoding="utf-8"))
        counts = Counter(
            entry["request"]
            for entry in doc["log"].values()
            if isinstance(entry, dict) and "request" in entry
        )
        for request, count in counts.items():
            if count > 1:
                self.stats.duplicated += count - 1
                self.stats.fail(f"request {request} in the log {count} times")


def _canonical(line: str, header: Header) -> str:
    return read_move(line, header).text


def race(service: SessionService, races: int, seed: int, confirm: Confirm) -> RaceStats:
    """Race phones over self-play games until `races` races were run."""
    runner = Race(service, seed, confirm)
    while runner.stats.races < races:
        runner.game(races)
    return runner.stats
