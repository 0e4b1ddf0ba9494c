"""The turn banner, the web page's turn line and the challenge dialog say what the referee says
it waits for and which rule judges the card, never a guess of their own."""

from __future__ import annotations

from referee.engine.events import Header
from referee.service import SessionService
from referee.web.board import board_of
from screens.dialogs import ChallengeDialog
from screens.widgets.table_status import TurnBanner, banner

from .conftest import settle

PLAYERS = ("Ana", "Ben", "Chika", "Dev")


def stored(service: SessionService, header: Header, moves: tuple[str, ...]) -> str:
    sid = service.create(header)
    with service.open(sid) as live:
        for move in moves:
            assert live.record(move).ok, move
    return sid


def test_a_waiting_draw_two_is_not_called_a_draw_four(service: SessionService) -> None:
    sid = stored(
        service,
        Header(
            edition="classic",
            players=PLAYERS,
            scoring="target 500",
            overrides=(("stacking", "same"),),
        ),
        ("round 1", "dealer Dev", "start r7", "Ana: r+2"),
    )
    with service.open(sid, read_only=True) as live:
        markup, name = banner(live.referee)
        assert name == "Ben" and "stacks or takes" in markup and "+4" not in markup
        board = board_of(live)
        assert board.turn_text == "Ben stacks or takes"
        assert [alert.text for alert in board.alerts] == [
            "Ben takes 2 or stacks on the Red Draw Two"
        ]


def test_a_turn_is_a_turn(service: SessionService) -> None:
    sid = stored(
        service,
        Header(edition="classic", players=PLAYERS, scoring="target 500"),
        ("round 1", "dealer Dev", "start r7"),
    )
    with service.open(sid, read_only=True) as live:
        markup, name = banner(live.referee)
        assert name == "Ana" and "to play" in markup
        assert board_of(live).turn_text == "Ana to play"


async def test_the_challenge_dialog_cites_flips_own_rule(make_app, service) -> None:
    sid = stored(
        service,
        Header(edition="flip", players=PLAYERS, scoring="target 500"),
        ("round 1", "dealer Dev", "start r7", "Ana: w+2 blue"),
    )
    app = make_app(session_id=sid)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: type(app.screen).__name__ == "TableScreen", "the table")
        banner_text = str(app.screen.query_one(TurnBanner).render())
        assert "Ben" in banner_text and "challenge" in banner_text
        await pilot.press("f5")
        await settle(pilot, lambda: isinstance(app.screen, ChallengeDialog), "the dialog")
        dialog = app.screen
        title = str(dialog.query_one("#title").render())
        rule = str(dialog.query_one("#rule").render())
        assert "Wild Draw Two" in title and "Four" not in title
        assert rule.startswith(
            "Rule in force, wd4-legal = color: A Wild Draw Two or Wild Draw "
            "Color is illegal only when"
        ), rule
