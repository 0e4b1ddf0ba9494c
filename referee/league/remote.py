"""A hub's sessions and book as the standings read them, fetched over HTTP: local `stats` code
then counts them exactly as it counts a laptop's own."""

from __future__ import annotations

from typing import Any

from ..i18n import _
from ..stats.league import League, parse_book
from ..stats.selection import Played
from .client import HubClient, HubError


def hub_played(client: HubClient) -> tuple[list[Played], League]:
    answer = client.call("GET", "/api/v1/played")
    try:
        return played_from(answer)
    except (KeyError, TypeError, ValueError):
        raise HubError(
            _("{url} sent standings this version cannot read").format(url=client.url)
        ) from None


def played_from(answer: Any) -> tuple[list[Played], League]:
    """The sessions and book of a hub's `/played` answer; ValueError if malformed."""
    book = answer["book"]
    league = parse_book(book) if book else League()
    sessions = [
        Played(
            str(s["id"]),
            str(s["date"]),
            s.get("event"),
            s.get("site"),
            tuple(s.get("labels", ())),
            dict(s["figures"]),
        )
        for s in answer["sessions"]
    ]
    return sessions, league


def played_json(sessions: list[Played], league: League) -> dict[str, Any]:
    return {
        "sessions": [
            {
                "id": p.id,
                "date": p.date,
                "event": p.event,
                "site": p.site,
                "labels": list(p.labels),
                "figures": p.figures,
            }
            for p in sessions
        ],
        "book": league.to_json(),
    }
