"""Simulated players at an event's tables: each holds real cards from a shuffled deck, sees the
table as a person at it would (the board: whose turn, the top card, every hand's count), and
sends its own moves through its phone to the venue's server: a seat taken with the card's code,
then plays, draws, UNO calls, the start card and its hand at each deal's end.

What each deal scored is kept here by hand (who went out, the points left in each hand, counted
from the cards themselves), so that the event's standings can be checked against a computation
that shares nothing with the referee's.
"""

from __future__ import annotations

import http.client
import json
import random
import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from referee.engine.moves import legal_moves
from referee.engine.rounds import missing_hands
from referee.engine.waiting import actor
from referee.notation import format_event
from referee.service import LiveSession, SessionService

COLOURS = "rygb"
HAND = 7
ANSWER_SECONDS = 120


def classic_deck() -> list[str]:
    """The 108 cards of classic UNO, as the notation writes them."""
    cards = []
    for colour in COLOURS:
        cards.append(f"{colour}0")
        for face in [*map(str, range(1, 10)), "s", "r", "+2"]:
            cards += [f"{colour}{face}"] * 2
    return cards + ["w"] * 4 + ["w+4"] * 4


def card_points(card: str) -> int:
    """The English rules sheet's and the Japanese manuals' values: a number its face, an action
    card 20, a Wild 50."""
    if card.startswith("w"):
        return 50
    face = card[1:]
    return int(face) if face.isdigit() else 20


@dataclass
class Deal:
    """One deal as the players saw it end."""

    winner: str
    left: dict[str, int]
    """Points in each other player's hand, counted from its cards."""


@dataclass
class Phone:
    """One player's phone: its seat's cookie, and the venue it talks to."""

    host: str
    port: int
    token: str
    cookie: str = ""

    def post(self, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any], str]:
        deadline = time.monotonic() + ANSWER_SECONDS
        while True:
            conn = http.client.HTTPConnection(self.host, self.port, timeout=ANSWER_SECONDS)
            headers = {
                "Content-Type": "application/json",
                "Origin": f"http://{self.host}:{self.port}",
            }
            if self.cookie:
                headers["Cookie"] = self.cookie
            try:
                conn.request("POST", f"/s/{self.token}/{path}", json.dumps(body), headers)
                answer = conn.getresponse()
                raw = answer.read()
                cookie = answer.getheader("set-cookie") or ""
                status = answer.status
            except OSError:
                if time.monotonic() > deadline:
                    raise
                continue  # the same request again (a proposal keeps its id: recorded once)
            finally:
                conn.close()
            if status == 503 and time.monotonic() < deadline:
                continue
            try:
                data = json.loads(raw)
            except ValueError:
                data = {}
            return status, data if isinstance(data, dict) else {}, cookie.split(";")[0]

    def sit(self, player: str, code: str) -> None:
        """Ask for `player`'s seat, then type the code on the table's card (the table opens once
        the venue has read the round: until then its address is unknown)."""
        deadline = time.monotonic() + ANSWER_SECONDS
        while True:
            status, _data, join = self.post("seat", {"player": player})
            if status == 200:
                break
            if time.monotonic() > deadline:
                raise AssertionError(f"table {self.token} never opened ({status})")
            # Polled: the venue reads the event every half second.
            threading.Event().wait(0.05)
        self.cookie = join
        status, data, seat = self.post("code", {"code": code})
        assert status == 200 and data.get("player") == player, (status, data)
        self.cookie = seat


@dataclass
class TablePlayers:
    """The players of one table for one round, driving its session through their phones."""

    host: str
    port: int
    token: str
    players: tuple[str, ...]
    codes: dict[str, str]
    service: SessionService
    sid: str
    seed: str
    sent: dict[int, float] = field(default_factory=dict)
    """Move count -> when the move that made it was sent (for the director's timings)."""
    deals: list[Deal] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.phones = {p: Phone(self.host, self.port, self.token) for p in self.players}
        self.hands: dict[str, list[str]] = {p: [] for p in self.players}
        self.deck: list[str] = []
        self.pile: list[str] = []

    # Seats ------------------------------------------------------------------------------------

    def sit(self) -> None:
        """Each player takes their seat with the code on the table's card."""
        for player, phone in self.phones.items():
            phone.sit(player, self.codes[player])

    # Cards ------------------------------------------------------------------------------------

    def _take(self) -> str:
        if not self.deck:
            top, self.deck = self.pile[-1], self.pile[:-1]
            self.rng.shuffle(self.deck)
            self.pile = [top]
        return self.deck.pop()

    def _deal(self) -> str:
        self.deck = classic_deck()
        self.rng.shuffle(self.deck)
        self.pile = []
        for player in self.players:
            self.hands[player] = [self.deck.pop() for _ in range(HAND)]
        # The start card: the first number card turned up (the others go back under the deck,
        # as the table would turn again; the referee sees only the card that starts).
        while not self.deck[-1][1:].isdigit() or self.deck[-1].startswith("w"):
            self.deck.insert(0, self.deck.pop())
        start = self.deck.pop()
        self.pile.append(start)
        return start

    def _sync(self, live: LiveSession) -> None:
        """The counts the referee tracked are the cards each hand really got (a Draw Two, an
        accepted Wild Draw Four): the players draw what they were told to."""
        table = live.referee.state.table
        if table is None:
            return
        for seat, count in enumerate(table.hands):
            hand = self.hands[table.players[seat]]
            while len(hand) < count:
                hand.append(self._take())

    # Playing ----------------------------------------------------------------------------------

    def _send(self, live: LiveSession, player: str, action: str) -> dict[str, Any]:
        before = len(live.moves)
        self.sent.setdefault(before + 1, time.time())
        request = uuid.uuid4().hex
        status, data, _cookie = self.phones[player].post(
            "propose", {"action": action, "seen": before, "request": request}
        )
        if status != 200 or data.get("status") != "recorded":
            self.problems.append(f"{player}: {action} -> {status} {data}")
        return data

    def play(self) -> None:
        """The whole game of this table: deals until the referee says it is decided."""
        live = self.service.open(self.sid, read_only=True)
        try:
            while True:
                live.refresh()
                state = live.referee.state
                if live.sheet.finished or len(self.problems) > 3:
                    return
                self._sync(live)
                missing = missing_hands(state)
                if missing:
                    self._hands(live, missing)
                elif state.phase == "play":
                    self._turn(live)
                else:
                    start = self._deal()
                    self._send(live, self.players[0], f"start {start}")
                self._wait(live)
        finally:
            live.close()

    def _wait(self, live: LiveSession) -> None:
        """Until the move just recorded is in the file (it is: the venue answers after it is
        stored; a read-only watcher only looks again)."""
        live.refresh()

    def _hands(self, live: LiveSession, missing: list[str]) -> None:
        state = live.referee.state
        table = state.table
        winner = next(
            (p for p in self.players if table is not None and not self.hands[p]), state.winner
        )
        if not self.deals or len(self.deals) < state.round_no:
            self.deals.append(
                Deal(str(winner), {p: sum(map(card_points, self.hands[p])) for p in missing})
            )
        for player in missing:
            cards = " ".join(self.hands[player])
            self._send(live, player, f"hand {cards}")

    def _turn(self, live: LiveSession) -> None:
        state = live.referee.state
        who = actor(state)
        if who is None:
            return
        header = live.header
        options = []
        for event in legal_moves(state, who):
            line = format_event(event, header)
            options.append(line.split(": ", 1)[1] if ": " in line else line)
        hand = self.hands[who]
        if "accept" in options:
            self._send(live, who, "accept")
            return
        table = state.table
        assert table is not None
        colour = table.color
        choice = self._choose(hand, options, colour)
        if choice is None:
            self._send(live, who, "draw")
            return
        card = choice.split()[0]
        hand.remove(card)
        self.pile.append(card)
        if len(hand) == 1:
            choice += " uno"
        data = self._send(live, who, choice)
        if data.get("status") != "recorded":
            hand.append(card)
            self.pile.pop()

    def _choose(self, hand: list[str], options: list[str], colour: str | None) -> str | None:
        """A card of the hand that the referee would take: coloured cards first, a Wild Draw
        Four only when no card of the colour in force is held (an honest one)."""
        held = Counter(hand)
        favourite = max(COLOURS, key=lambda c: sum(1 for card in hand if card[0] == c))
        name = {"r": "red", "y": "yellow", "g": "green", "b": "blue"}[favourite]
        plays = [o for o in options if o.split()[0] in held and not o.startswith("draw")]
        coloured = [o for o in plays if not o.startswith("w")]
        if coloured:
            return self.rng.choice(coloured)
        wild = [o for o in plays if o.split()[0] == "w" and name in o.split()]
        if wild:
            return wild[0]
        honest = colour is None or not any(card[0] == colour[0] for card in hand if card[0] != "w")
        four = [o for o in plays if o.split()[0] == "w+4" and name in o.split()]
        if four and honest:
            return four[0]
        return None


def run_tables(tables: list[TablePlayers]) -> None:
    """Every table at once, a thread each (a table's players act one after another)."""
    failures: list[BaseException] = []

    def run(table: TablePlayers) -> None:
        try:
            table.sit()
            table.play()
        except BaseException as exc:
            failures.append(exc)

    threads = [threading.Thread(target=run, args=(t,), daemon=True) for t in tables]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise failures[0]
