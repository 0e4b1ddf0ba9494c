"""`waiting()`: the sessions a hub has not acknowledged as they are now, counted without reading
a session (the app's status line asks it often)."""

from __future__ import annotations

from referee.engine.events import CardPlayed
from referee.league.sync import sync, waiting
from referee.notation import format_event
from referee.service import SessionService
from tests.league.hubs import stored


def one_move(service: SessionService, sid: str) -> None:
    """Record a card the player on turn may play."""
    with service.open(sid) as live:
        ref = live.referee
        move = next(m for m in ref.legal_moves() if isinstance(m, CardPlayed))
        assert live.record(format_event(move, ref.header)).ok


def test_waiting_counts_what_the_hub_has_not_taken_as_it_is_now(tmp_path, sqlite_hub):
    service = SessionService(tmp_path / "laptop")
    layout = service.layout
    first, second = stored(service, "demo.uno", "classic-challenge-catch.uno")
    assert waiting(layout, sqlite_hub.url) == 2  # never synced

    outcome = sync(layout, sqlite_hub.client(sqlite_hub.key("laptop")), lambda said: None)
    assert outcome.problems == () and outcome.sessions == 2
    assert waiting(layout, sqlite_hub.url) == 0
    assert waiting(layout, sqlite_hub.url + "/") == 0  # the same hub, however its address is typed

    one_move(service, first)
    assert waiting(layout, sqlite_hub.url) == 1
    (third,) = stored(service, "jp-shuffle-hands.uno")
    assert waiting(layout, sqlite_hub.url) == 2

    # Another hub has taken nothing of this laptop's.
    assert waiting(layout, "http://127.0.0.1:9") == 3
    assert waiting(layout, "not a hub") == 3

    service.delete(second)  # in the trash: nothing to send
    assert waiting(layout, sqlite_hub.url) == 2
    assert {first, third} <= set(layout.session_ids())


def test_no_sessions_none_waiting(tmp_path):
    assert waiting(SessionService(tmp_path / "empty").layout, "http://127.0.0.1:9") == 0
