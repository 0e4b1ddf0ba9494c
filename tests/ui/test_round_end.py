"""The round-end screen says when every hand adds up, and what they come to, in both languages."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from referee import i18n
from screens.round_end_screen import RoundEndScreen

from .conftest import text_of
from .test_typing_ahead import ROUND_OVER


@pytest.fixture
def japanese() -> None:
    # The suite's conftest sets English back after each test.
    i18n.use("ja")


async def open_round_end(make_app, service):
    sid = service.import_text(ROUND_OVER, "over.uno").id
    return make_app(session_id=sid)


async def round_end(pilot) -> RoundEndScreen:
    """F7 at the table of a round just over: the round-end screen."""
    await pilot.pause()
    await pilot.press("f7")
    await pilot.pause()
    assert isinstance(pilot.app.screen, RoundEndScreen)
    return pilot.app.screen


async def test_once_every_hand_checks_the_screen_says_so_with_the_total(make_app, service):
    app = await open_round_end(make_app, service)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await round_end(pilot)
        screen.query_one("#hand-0", Input).value = "g3"
        await pilot.press("f2")
        await pilot.pause()
        assert "Some hands are not right yet" in text_of(pilot, "#problem")
        # Bo's Green 3 (3) and Cy's four cards: 1 + 2 + 3 + 20 (a Draw Two).
        screen.query_one("#hand-1", Input).value = "r1 b2 y3 g+2"
        await pilot.pause()
        said = text_of(pilot, "#problem")
        assert "not right" not in said
        assert "Every hand adds up: 2 hands, 29 points in all" in said
        assert screen.query_one("#problem").has_class("-ok")
        # A hand made wrong again takes the message back.
        screen.query_one("#hand-1", Input).value = "r1 b2"
        await pilot.pause()
        assert text_of(pilot, "#problem") == ""


async def test_the_total_is_said_in_japanese_too(make_app, service, japanese):
    app = await open_round_end(make_app, service)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await round_end(pilot)
        screen.query_one("#hand-0", Input).value = "g3"
        screen.query_one("#hand-1", Input).value = "27"
        await pilot.pause()
        said = text_of(pilot, "#problem")
        assert "30" in said
        assert "Every hand" not in said
