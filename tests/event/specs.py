"""Events for the tests: a set-up with every field given, changed where a test says, and an
event stored with its first round seated."""

from __future__ import annotations

from typing import Any

from referee.event import director
from referee.event.files import EventBook
from referee.event.spec import EventSpec
from referee.service import SessionService


def spec(players: tuple[str, ...], **changes: Any) -> EventSpec:
    base = EventSpec(
        name="Club Cup",
        players=players,
        tables_of=4,
        rounds=2,
        scoring="placement",
        scale=(5, 3, 2, 1),
        game="rounds 1",
        edition="classic",
        rules="en",
        minutes=0,
        at_time="finish-deal",
        semifinal=0,
        final=0,
        seed="tests",
    )
    return base._replace(**changes)


def seated(
    service: SessionService, players: tuple[str, ...], *, clock: bool = False, **changes: Any
) -> str:
    """An event stored with its first round published (with `clock`, its clocks started); its
    id."""
    with EventBook(service.layout).create(spec(players, **changes)) as event:
        director.publish(service, event, director.propose(service, event), "mix")
        if clock:
            director.clock(event, "start")
        return event.id
