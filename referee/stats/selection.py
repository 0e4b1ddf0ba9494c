"""Which sessions standings are computed over: a label, an event, a place, a date range."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from ..named import NamedTuple


class Played(NamedTuple):
    """One stored session as the standings see it (from its index row and the league book)."""

    id: str
    date: str
    """`YYYY-MM-DD`: the Date tag, else the local day it was created (`local_day`)."""
    event: str | None
    site: str | None
    labels: tuple[str, ...]
    figures: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Selection:
    """Sessions to count; every field left at None selects all of them."""

    label: str | None = None
    event: str | None = None
    site: str | None = None
    since: datetime.date | None = None
    until: datetime.date | None = None
    guests: bool = False
    """Whether players marked as guests are in the standings."""

    def takes(self, played: Played) -> bool:
        if self.label is not None and self.label not in played.labels:
            return False
        if self.event is not None and played.event != self.event:
            return False
        if self.site is not None and played.site != self.site:
            return False
        if self.since is not None or self.until is not None:
            day = session_day(played.date)
            if day is None:
                return False
            if self.since is not None and day < self.since:
                return False
            if self.until is not None and day > self.until:
                return False
        return True

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "event": self.event,
            "site": self.site,
            "from": self.since.isoformat() if self.since else None,
            "to": self.until.isoformat() if self.until else None,
            "guests": self.guests,
        }


def session_day(text: str) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(text[:10])
    except ValueError:
        return None


def month_range(month: str) -> tuple[datetime.date, datetime.date]:
    """The first and last day of `YYYY-MM`; ValueError if it is not a month."""
    first = datetime.date.fromisoformat(month + "-01")
    following = datetime.date(first.year + first.month // 12, first.month % 12 + 1, 1)
    return first, following - datetime.timedelta(days=1)
