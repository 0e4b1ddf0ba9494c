"""The app and the league's hub (issue 28, items 4 and 5): the hub and this laptop's key are set
in a dialog (the key never shown whole), sessions are synced in a thread worker with a status
line on the sessions screen, a ruling never waits on a sync, and the standings screen reads the
league's standings from the hub."""

from __future__ import annotations

import socket

from textual.widgets import DataTable, Input

from referee.engine.events import CardPlayed
from referee.league.remote import hub_played
from referee.league.sync import sync
from referee.notation import format_event
from referee.service import SessionService
from referee.stats.selection import Selection
from referee.stats.standings import standings
from referee.store import settings
from referee.store.hub_key import read_hub_key, save_hub_key
from screens.dialogs.hub_dialog import HubDialog
from screens.sessions_screen import SessionsScreen
from screens.standings_screen import StandingsScreen
from screens.table_screen import TableScreen
from screens.widgets import MoveBox
from tests.league.hubs import stored

from .conftest import settle, text_of


def use_hub(url: str, key: str) -> None:
    """The hub and key as the dialog keeps them, before the app starts."""
    settings.change("hub", url)
    save_hub_key(key)


def hub_line(pilot) -> str:  # type: ignore[no-untyped-def]
    screen = pilot.app.screen
    if not isinstance(screen, SessionsScreen):
        return ""
    return text_of(pilot, "#hub-status")


def rows(app, selector: str) -> list[list[str]]:  # type: ignore[no-untyped-def]
    table = app.screen.query_one(selector, DataTable)
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


async def test_the_status_line_says_what_waits_then_when_the_hub_took_it(
    make_app, service, sqlite_hub
):
    stored(service, "demo.uno", "classic-challenge-catch.uno")
    wrong = "uk_not_this_laptops_key_0000"
    use_hub(sqlite_hub.url, wrong)
    key = sqlite_hub.key("laptop")
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        # The worker counted the sessions, then found the key refused: both said, and no sync
        # pretended to have happened.
        await settle(
            pilot,
            lambda: "2 sessions waiting; the hub cannot be used" in hub_line(pilot),
            "the waiting sessions and the refused key on the status line",
        )
        assert "unknown or revoked key" in hub_line(pilot)
        assert "(trying again)" in hub_line(pilot)
        assert "last sync" not in hub_line(pilot)

        await pilot.press("f7")
        await settle(pilot, lambda: isinstance(app.screen, HubDialog), "the hub dialog")
        dialog = app.screen
        assert dialog.query_one("#url", Input).value == sqlite_hub.url
        kept = dialog.query_one("#key", Input)
        assert kept.password
        # The kept key is named by its last characters only.
        assert "****0000" in kept.placeholder and wrong[:-4] not in kept.placeholder
        await pilot.press("enter")  # the address as it is: on to the key
        await settle(pilot, lambda: kept.has_focus, "the key's field focused")
        kept.value = key
        await pilot.pause()
        shown = app.export_screenshot()
        assert key not in shown and key[:-4] not in shown and wrong[:-4] not in shown
        await pilot.press("enter")

        await settle(
            pilot,
            lambda: "Every session is on the hub, last sync just now" in hub_line(pilot),
            "the sync done and said",
            seconds=300,
        )
        assert read_hub_key() == key
        assert settings.load().hub == sqlite_hub.url
        assert key not in app.export_screenshot()
    sessions, _league = hub_played(sqlite_hub.client(key))
    assert len(sessions) == 2


async def test_no_hub_no_status_line(make_app, service):
    stored(service, "demo.uno")
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert not app.screen.query_one("#hub-status").display
        assert not app.hub_sync.active


async def test_a_move_is_recorded_while_a_sync_waits_on_a_silent_hub(
    make_app, service, monkeypatch
):
    """The hub takes the connection and never answers: the sync's worker waits on it, and the
    table still rules on a move and stores it at once."""
    monkeypatch.setattr("referee.league.client.TIMEOUT", 600.0)
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(8)
    (demo,) = stored(service, "demo.uno")
    use_hub(f"http://127.0.0.1:{silent.getsockname()[1]}", "uk_laptop_key_1234")
    app = make_app(session_id=demo)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            sync_state = app.hub_sync
            await settle(
                pilot,
                lambda: sync_state.status.waiting == 1 and sync_state.status.running,
                "the sync under way, waiting on the hub",
            )
            table = app.screen
            assert isinstance(table, TableScreen)
            ref = table.sitting.referee
            move = next(m for m in ref.legal_moves() if isinstance(m, CardPlayed))
            line = format_event(move, ref.header)
            seq = len(table.sitting.log)
            table.query_one(MoveBox).value = line.partition(": ")[2]
            await pilot.pause()
            await pilot.press("enter")
            await settle(pilot, lambda: len(table.sitting.log) > seq, "the move recorded")
            # Recorded, stored and shown while the sync still waits on the hub.
            assert sync_state.status.running and sync_state.status.synced_at is None
            assert table.sitting.log[-1].text == line
            with service.open(demo, read_only=True) as live:
                assert live.moves[-1].text == line
            silent.close()  # the hub goes away: the sync ends, and says so
            await settle(
                pilot,
                lambda: not sync_state.status.running and sync_state.status.problem is not None,
                "the sync given up",
                seconds=300,
            )
            assert "cannot reach the hub" in (sync_state.status.problem or "")
    finally:
        silent.close()


async def test_the_standings_screen_reads_the_leagues_from_the_hub(
    make_app, service, sqlite_hub, tmp_path
):
    other = SessionService(tmp_path / "other-laptop")
    stored(other, "classic-challenge-catch.uno", "jp-shuffle-hands.uno")
    sync(other.layout, sqlite_hub.client(sqlite_hub.key("other laptop")), lambda said: None)
    stored(service, "demo.uno")  # this laptop's own, not yet sent
    key = sqlite_hub.key("this laptop")
    use_hub(sqlite_hub.url, key)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        # The app sends this laptop's session too: the league's standings count all three.
        await settle(pilot, lambda: app.hub_sync.status.synced_at is not None, "this laptop synced")
        expected = standings(*hub_played(sqlite_hub.client(key)), Selection())
        assert len(expected.sessions) == 3
        await pilot.press("f6")
        await settle(pilot, lambda: isinstance(app.screen, StandingsScreen), "the standings")
        local = [row[1] for row in rows(app, "#standings")]
        assert "Ana" in local
        assert "h shows the league's standings from the hub" in text_of(pilot, "#selection")

        await pilot.press("h")
        await settle(
            pilot,
            lambda: (
                [row[1] for row in rows(app, "#standings")]
                == [line.name for line in expected.players]
            ),
            "the hub's standings on the screen",
            seconds=20,
        )
        assert "Alice" in [row[1] for row in rows(app, "#standings")]
        selection = text_of(pilot, "#selection")
        assert f"from the hub at {sqlite_hub.url}" in selection
        assert f"{len(expected.sessions)} session(s)" in selection
        assert key not in app.export_screenshot()

        await pilot.press("h")  # this laptop's again
        await settle(
            pilot,
            lambda: [row[1] for row in rows(app, "#standings")] == local,
            "this laptop's standings again",
        )


async def _the_hubs_standings(pilot, app) -> None:
    """From the sessions, the standings (F6), then the league's from the hub (`h`)."""
    await pilot.press("f6")
    await settle(pilot, lambda: isinstance(app.screen, StandingsScreen), "the standings")
    await pilot.press("h")


async def test_the_standings_say_when_the_hub_cannot_be_reached(make_app, service):
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    port = closed.getsockname()[1]
    closed.close()  # nothing listens there
    stored(service, "demo.uno")
    use_hub(f"http://127.0.0.1:{port}", "uk_laptop_key_1234")
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await _the_hubs_standings(pilot, app)
        await settle(
            pilot,
            lambda: "The hub cannot be reached: cannot reach the hub" in text_of(pilot, "#problem"),
            "the hub's absence said",
        )
        assert rows(app, "#standings") == []
        assert isinstance(app.screen, StandingsScreen)


async def test_without_a_hub_the_standings_key_says_how_to_set_one(make_app, service):
    stored(service, "demo.uno")
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await _the_hubs_standings(pilot, app)
        await settle(
            pilot, lambda: "No hub is set" in text_of(pilot, "#problem"), "how to set a hub"
        )
        assert not app.screen.from_hub
