"""The table's own day of a stored time, in this machine's time zone."""

from __future__ import annotations

import datetime


def local_day(stamp: str) -> str:
    """The table's own date (`YYYY-MM-DD`, in this machine's time zone) of a UTC time as the
    store writes them (`2026-01-31T23:30:00.000Z`): a session begun at 8:30 on 1 February in
    Tokyo is stored as 31 January in UTC, and belongs to February. Text that is not such a
    time gives its first ten characters."""
    try:
        moment = datetime.datetime.fromisoformat(stamp)
    except (TypeError, ValueError):
        return str(stamp)[:10]
    if moment.tzinfo is None:
        return moment.date().isoformat()
    try:
        return moment.astimezone().date().isoformat()
    except (OverflowError, OSError, ValueError):
        return stamp[:10]
