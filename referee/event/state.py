"""An event as it stands: its log replayed once into who plays, each round's tables and clocks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..notation.names import name_key
from .spec import EventSpec

YELLOW_SECONDS = 5 * 60
"""A table's clock turns yellow with five minutes left (red once time is up)."""


@dataclass
class Clock:
    """One table's round clock: seconds used while running, plus extensions."""

    allowed: int
    """Seconds allowed (the event's time per round, plus extensions); 0: untimed."""
    used: float = 0.0
    running_since: float | None = None

    def left(self, now: float) -> float | None:
        """Seconds left at `now` (negative past time); None for an untimed round."""
        if not self.allowed:
            return None
        used = self.used + (now - self.running_since if self.running_since is not None else 0.0)
        return self.allowed - used

    def colour(self, now: float) -> str:
        """`green`, `yellow` or `red` (time up); `none` for an untimed round."""
        left = self.left(now)
        if left is None:
            return "none"
        if left <= 0:
            return "red"
        return "yellow" if left <= YELLOW_SECONDS else "green"


@dataclass
class Round:
    """One round of the event: its tables as published, their sessions, clocks and ends."""

    number: int
    tables: tuple[tuple[str, ...], ...]
    mode: str
    sessions: dict[int, str] = field(default_factory=dict)
    """Table number to the session's local id."""
    uids: dict[int, str | None] = field(default_factory=dict)
    clocks: dict[int, Clock] = field(default_factory=dict)
    ended: dict[int, str] = field(default_factory=dict)
    """Tables whose round the director ended, and why (`early`, `time`, `withdrawal`)."""

    def table_of(self, player: str) -> int | None:
        for number, players in enumerate(self.tables, 1):
            if player in players:
                return number
        return None


@dataclass
class Change:
    """A player's change of status, with its round and reason, for the standings."""

    kind: str
    """`withdraw`, `arrive`, `replace` (this player replaced by `other`), `replaces`."""
    round: int
    other: str = ""
    reason: str = ""
    rule: str = ""
    """A withdrawal's rule: `set-aside` (the player's hand, the others play on) or
    `current-totals` (the table's round ends on its totals)."""

    def sets_aside(self, round_no: int) -> bool:
        """A withdrawal in round `round_no` whose player's hand is set aside at the table."""
        return self.kind == "withdraw" and self.rule == "set-aside" and self.round == round_no


@dataclass
class Penalty:
    player: str
    points: int
    reason: str
    round: int


@dataclass
class EventState:
    """Everything the log says, after `apply` of each entry in order."""

    spec: EventSpec
    registered: list[str]
    playing: list[str]
    """Who is seated in the next round: registered and arrived, not withdrawn or replaced."""
    rounds: list[Round] = field(default_factory=list)
    changes: dict[str, list[Change]] = field(default_factory=dict)
    penalties: list[Penalty] = field(default_factory=list)

    @classmethod
    def new(cls, spec: EventSpec) -> EventState:
        return cls(spec, list(spec.players), list(spec.players))

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def next_round(self) -> int:
        return len(self.rounds) + 1

    def history(self) -> list[list[list[str]]]:
        """Every round's tables as played, for the seating of the next."""
        return [[list(t) for t in r.tables] for r in self.rounds]

    def known(self, typed: str) -> str | None:
        """A registered or arrived player's name as stored, matched without case or width."""
        key = name_key(typed)
        return next((p for p in self.registered if name_key(p) == key), None)

    def clock(self, round_no: int, table: int) -> Clock:
        rnd = self.rounds[round_no - 1]
        return rnd.clocks.setdefault(table, Clock(self.spec.minutes * 60))

    def apply(self, entry: dict[str, Any]) -> None:
        """One entry of the log (already checked by `log.check_entry`)."""
        kind, t = entry["kind"], float(entry["t"])
        if kind == "seated":
            tables = tuple(tuple(players) for players in entry["tables"])
            self.rounds.append(Round(entry["round"], tables, entry["mode"]))
        elif kind == "session":
            rnd = self.rounds[entry["round"] - 1]
            rnd.sessions[entry["table"]] = entry["session"]
            rnd.uids[entry["table"]] = entry["uid"]
        elif kind == "clock":
            self._clock(entry, t)
        elif kind == "ended":
            rnd = self.rounds[entry["round"] - 1]
            rnd.ended.setdefault(entry["table"], entry["reason"])
            clock = self.clock(entry["round"], entry["table"])
            _pause(clock, t)
        elif kind == "penalty":
            self.penalties.append(
                Penalty(entry["player"], entry["points"], entry["reason"], len(self.rounds))
            )
        elif kind == "withdraw":
            self._leave(entry["player"])
            self._change(
                entry["player"],
                Change("withdraw", entry["round"], "", entry["reason"], entry["rule"]),
            )
        elif kind == "arrive":
            self.registered.append(entry["player"])
            self.playing.append(entry["player"])
            self._change(entry["player"], Change("arrive", self.next_round))
        elif kind == "replace":
            old, new = entry["player"], entry["by"]
            if new not in self.registered:
                self.registered.append(new)
            self._leave(old)
            self.playing.append(new)
            self._change(old, Change("replace", entry["round"], new))
            self._change(new, Change("replaces", entry["round"], old))

    def _clock(self, entry: dict[str, Any], t: float) -> None:
        rnd = self.rounds[entry["round"] - 1]
        tables = [entry["table"]] if entry["table"] else range(1, len(rnd.tables) + 1)
        for table in tables:
            if table in rnd.ended:
                continue
            clock = self.clock(entry["round"], table)
            if entry["action"] == "start" and clock.running_since is None:
                clock.running_since = t
            elif entry["action"] == "pause":
                _pause(clock, t)
            elif entry["action"] == "extend" and clock.allowed:
                clock.allowed += entry["seconds"]

    def _leave(self, player: str) -> None:
        if player in self.playing:
            self.playing.remove(player)

    def _change(self, player: str, change: Change) -> None:
        self.changes.setdefault(player, []).append(change)

    def holder(self, player: str, round_no: int) -> str:
        """Who holds `player`'s seat at the end of round `round_no` (a replacement takes the
        seat, and the round's result, from the round it is recorded in)."""
        for change in self.changes.get(player, ()):
            if change.kind == "replace" and change.round <= round_no:
                return self.holder(change.other, round_no)
        return player


def _pause(clock: Clock, t: float) -> None:
    if clock.running_since is not None:
        clock.used += max(0.0, t - clock.running_since)
        clock.running_since = None


def replay(spec: EventSpec, entries: Sequence[dict[str, Any]]) -> EventState:
    state = EventState.new(spec)
    for entry in entries:
        state.apply(entry)
    return state
