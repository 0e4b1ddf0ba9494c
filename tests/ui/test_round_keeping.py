"""Two ways to keep a round, offered as it starts: every move, or the score only; per round."""

from __future__ import annotations

import pytest
from textual.widgets import Input, OptionList, Select

from referee.service import SessionService
from screens.dialogs import RoundStartDialog
from screens.round_end_screen import RoundEndScreen
from screens.score_sheet_screen import ScoreSheetScreen
from screens.table_screen import TableScreen

from .conftest import text_of
from .test_new_session import open_form


def stored(service: SessionService) -> list[str]:
    (only,) = service.list().sessions
    with service.open(only.id, read_only=True) as live:
        return [move.text for move in live.moves]


async def hands(pilot, *typed: str) -> None:
    screen = pilot.app.screen
    assert isinstance(screen, RoundEndScreen)
    for index, hand in enumerate(typed):
        screen.query_one(f"#hand-{index}", Input).value = hand
    await pilot.press("f2")
    await pilot.pause()


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_score_only_game_then_a_tracked_round(make_app, service, size):
    app = make_app()
    async with app.run_test(size=size) as pilot:
        form = await open_form(pilot)
        await pilot.press(*"Ana", "enter", *"Ben", "enter", *"Chika", "enter")
        await pilot.pause()
        form.query_one("#keeping", Select).value = "score"
        assert "Score only: at each round's end type who went out" in text_of(
            pilot, "#keeping-help"
        )
        await pilot.press("f2")
        await pilot.pause()
        await pilot.pause()
        # Kept for the score only: the table asks at once who went out.
        assert isinstance(app.screen, RoundStartDialog)
        assert app.screen.query_one("#out", OptionList).has_focus
        await pilot.press("2")
        await pilot.pause()
        assert isinstance(app.screen, RoundEndScreen)
        await hands(pilot, "27", "r5 g+2")
        assert stored(service) == [
            "round 1",
            "dealer Ana",
            "out Ben",
            "hand Ana: 27",
            "hand Chika: r5 g+2",
        ]
        if isinstance(app.screen, ScoreSheetScreen):
            await pilot.press("escape")
            await pilot.pause()
        assert isinstance(app.screen, TableScreen)

        # The next round: the table offers the way the last one was kept.
        await pilot.press("f7")
        await pilot.pause()
        assert isinstance(app.screen, RoundStartDialog)
        assert app.screen.query_one("#out", OptionList).has_focus
        # This one is tracked: `t`, then the dealer and the start card in the move box.
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert "Round 2: Ben deals. Turn up the start card" in text_of(pilot, "#alerts")
        assert "or keep this round for the score only: 'out NAME'" in text_of(pilot, "#alerts")
        await pilot.press(*"start r7", "enter")
        await pilot.pause()
        assert text_of(pilot, "#verdict").startswith("✓")
    assert stored(service)[-2:] == ["round 2", "start r7"]


async def test_a_round_begun_may_still_be_kept_for_the_score_only(make_app, service):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_form(pilot)
        await pilot.press(*"Ana", "enter", *"Ben", "enter")
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert "F7" in text_of(pilot, "#alerts")
        await pilot.press("f7")
        await pilot.pause()
        # Every move by default; Escape changes nothing.
        assert app.screen.query_one("#track").has_focus
        await pilot.press("escape")
        await pilot.pause()
        assert stored(service) == ["round 1", "dealer Ana"]
        await pilot.press("f7", "tab", "down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, RoundEndScreen)
    assert stored(service) == ["round 1", "dealer Ana", "out Ben"]
