"""The league's standings from a hub's record: the same figures, selections and JSON as local
`stats`, over every laptop's sessions (each named by its global id)."""

from __future__ import annotations

from typing import Any

from ..service.shipped import shipped_row
from ..stats.league import League, parse_book
from ..stats.selection import Played, Selection, local_day
from ..stats.standings import Standings, standings
from .store import LeagueStore


def book_of(store: LeagueStore) -> League:
    """The league book the hub keeps (merges, guests, labels by global id)."""
    body = store.book()
    return parse_book(body) if body else League()


def played(store: LeagueStore) -> tuple[list[Played], League]:
    """Every session the hub holds as the standings see it, and the book."""
    league = book_of(store)
    sessions = []
    for uid, row in store.rows(shipped_row).items():
        date = row.get("date") or local_day(str(row.get("created", "")))
        sessions.append(
            Played(
                uid,
                date,
                row.get("event"),
                row.get("site"),
                tuple(league.labels.get(uid, ())),
                row["stats"],
            )
        )
    return sessions, league


def hub_standings(store: LeagueStore, selection: Selection) -> Standings:
    sessions, league = played(store)
    return standings(sessions, league, selection)


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
