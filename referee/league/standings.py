"""The league's standings from a hub's record: the same figures, selections and JSON as local
`stats`, over every laptop's sessions (each named by its global id)."""

from __future__ import annotations

import json
import threading
from collections import Counter, OrderedDict
from collections.abc import Callable
from typing import Any

from ..service.shipped import shipped_row
from ..stats.days import local_day
from ..stats.league import League, parse_book
from ..stats.selection import Played, Selection
from ..stats.standings import (
    Standings,
    Tally,
    chosen_of,
    combined,
    finish,
    standings,
    tally,
    usual_of,
)
from .remote import played_json
from .store import LeagueStore


def book_of(store: LeagueStore) -> League:
    """The league book the hub keeps (merges, guests, labels by global id)."""
    body = store.book()
    return parse_book(body) if body else League()


def played(store: LeagueStore) -> tuple[list[Played], League]:
    """Every session the hub holds as the standings see it, and the book."""
    league = book_of(store)
    sessions = []
    # Each session as last seen, while its row (a new object whenever the session changes)
    # and its labels stay the same: 10,000 of them are not built again for one new session.
    seen: dict[str, tuple[object, tuple[str, ...], Played]] = store.derived.setdefault("played", {})
    rows = store.rows(shipped_row)
    for uid in set(seen) - set(rows):
        seen.pop(uid, None)
    for uid, row in rows.items():
        labels = tuple(league.labels.get(uid, ()))
        kept = seen.get(uid)
        if kept is not None and kept[0] is row and kept[1] == labels:
            sessions.append(kept[2])
            continue
        date = row.get("date") or local_day(str(row.get("created", "")))
        one = Played(uid, date, row.get("event"), row.get("site"), labels, row["stats"])
        seen[uid] = (row, labels, one)
        sessions.append(one)
    return sessions, league


def hub_standings(store: LeagueStore, selection: Selection) -> Standings:
    sessions, league = played(store)
    return standings(sessions, league, selection)


PARTS = 16
"""The parts a hub tallies the sessions in: a new session is counted again with its part only."""


def part_of(uid: str) -> int:
    # A UUIDv7 ends in random bits: the parts are even.
    try:
        return int(uid[-4:], 16) % PARTS
    except ValueError:
        return 0


class Tallies:
    """The standings of a hub counted in parts (`referee.stats.standings.tally`), each part kept
    while its sessions stay the very same objects (`played` keeps them until they change):
    after one session arrives, one part of 10,000 sessions is counted again, then the parts
    are added up. With merged names in the book, a name's usual spelling depends on every
    session: the whole is counted at once."""

    def __init__(self, store: LeagueStore) -> None:
        self.store = store
        self._kept: dict[tuple[Selection, int], tuple[list[Played], frozenset[str], Tally]] = {}
        self._lock = threading.Lock()

    def standings(self, selection: Selection) -> Standings:
        sessions, league = played(self.store)
        chosen = chosen_of(sessions, selection)
        if league.aliases:
            return finish(
                selection, chosen, tally(chosen, league, usual_of(sessions, league), selection)
            )
        parts: list[list[Played]] = [[] for _ in range(PARTS)]
        for session in chosen:
            parts[part_of(session.id)].append(session)
        guests = frozenset(league.guests)
        tallies = []
        with self._lock:
            if len({key[0] for key in self._kept}) > 8:
                self._kept.clear()  # many selections asked for: start again
            for n, part in enumerate(parts):
                kept = self._kept.get((selection, n))
                if (
                    kept is not None
                    and kept[1] == guests
                    and len(kept[0]) == len(part)
                    and all(a is b for a, b in zip(kept[0], part, strict=True))
                ):
                    tallies.append(kept[2])
                    continue
                counted = tally(part, league, Counter(), selection)
                self._kept[(selection, n)] = (part, guests, counted)
                tallies.append(counted)
        return finish(selection, chosen, combined(tallies))


class Answers:
    """The hub's standings and session lists as JSON, kept until what they rest on changes
    (`LeagueStore.token`): the organiser and every laptop asking again, with nothing new
    since, are answered without counting 10,000 sessions again."""

    KEPT = 32

    def __init__(self, store: LeagueStore) -> None:
        self.store = store
        self.tallies = Tallies(store)
        self._kept: OrderedDict[tuple[Any, ...], bytes] = OrderedDict()
        self._making: dict[tuple[Any, ...], threading.Lock] = {}
        self._lock = threading.Lock()

    def standings(self, selection: Selection) -> bytes:
        return self._answer(
            ("standings", selection), lambda: self.tallies.standings(selection).to_json()
        )

    def played(self) -> bytes:
        return self._answer(("played",), lambda: played_json(*played(self.store)))

    def _answer(self, what: tuple[Any, ...], make: Callable[[], Any]) -> bytes:
        key = (self.store.token(), *what)
        with self._lock:
            found = self._kept.get(key)
            if found is not None:
                self._kept.move_to_end(key)
                return found
            # One count of each answer at a time: whoever asks while it is being counted
            # (the refresher and a laptop, after a session arrived) waits for it.
            making = self._making.setdefault(key, threading.Lock())
        with making:
            with self._lock:
                found = self._kept.get(key)
            if found is not None:
                return found
            body = json.dumps(make(), ensure_ascii=False).encode()
            with self._lock:
                self._kept[key] = body
                self._making.pop(key, None)
                while len(self._kept) > self.KEPT:
                    self._kept.popitem(last=False)
        return body


def selection_from(query: dict[str, Any]) -> Selection:
    """A Selection from a request's query (`label`, `event`, `site`, `since`, `until`,
    `guests`); ValueError naming what does not read."""
    import datetime

    def day(name: str) -> datetime.date | None:
        text = query.get(name)
        if not text:
            return None
        return datetime.date.fromisoformat(str(text))

    def text(name: str) -> str | None:
        value = query.get(name)
        return str(value) if value is not None else None

    return Selection(
        label=text("label"),
        event=text("event"),
        site=text("site"),
        since=day("since"),
        until=day("until"),
        guests=str(query.get("guests", "")).lower() in ("1", "true", "yes"),
    )
