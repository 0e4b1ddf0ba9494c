"""Changing a session's rules in the app (issue 27): before the first card, from the table, in
Japanese; recorded as `set` lines and replayed exactly."""

from __future__ import annotations

from textual.widgets import Input, Select

from referee import i18n
from referee.engine.public import public_state
from referee.notation import parse_session
from referee.service.replay import replay_session
from screens.rules_change_screen import RulesChangeDialog
from screens.table_screen import TableScreen

from .conftest import settle, type_line
from .test_new_session import open_form


async def test_a_japanese_table_changes_its_rulebook_before_the_first_card_and_it_replays_exactly(
    make_app, service
):
    i18n.use("ja")
    try:
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await open_form(pilot)
            for name in ("太郎", "花子", "次郎"):
                await type_line(pilot, name)
            await pilot.press("f2")
            await settle(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
            table = app.screen
            assert isinstance(table, TableScreen)
            sitting = table.sitting
            assert (sitting.header.rules, sitting.header.scoring) == ("jp", "rounds 5")

            # The family meant the international rules, seven rounds, five cards each.
            await pilot.press("ctrl+r")
            await settle(pilot, lambda: isinstance(app.screen, RulesChangeDialog), "the dialog")
            dialog = app.screen
            assert isinstance(dialog, RulesChangeDialog)
            assert "このセッションのルール" in str(dialog.query_one("Label").render())
            dialog.query_one("#rules", Select).value = "en"
            await pilot.pause()
            dialog.query_one("#limit", Input).value = "7"
            dialog.query_one("#opt-hand-size", Input).value = "5"
            await pilot.pause()
            assert dialog.changes() == [
                "set rules en",
                "set scoring rounds 7",
                "set rule hand-size 5",
            ]
            await pilot.press("f2")
            await settle(pilot, lambda: len(sitting.live.moves) == 5, "the changes recorded")
            assert [m.text for m in sitting.live.moves] == [
                "round 1",
                "dealer 太郎",
                "set rules en",
                "set scoring rounds 7",
                "set rule hand-size 5",
            ]
            assert sitting.header.rules == "en" and sitting.header.scoring == "rounds 7"
            await settle(pilot, lambda: "国際ルール" in str(table.sub_title), "the title")
            assert "7回戦" in str(table.sub_title)

            for line in ("start r5", "花子: r7", "次郎: draw"):
                await type_line(pilot, line)
            await settle(pilot, lambda: len(sitting.live.moves) == 8, "the moves recorded")

            # After the first card the rulebook is the same as it was: the dialog only lets
            # the scoring's number change, and the referee refuses the rest.
            await pilot.press("ctrl+r")
            await settle(pilot, lambda: isinstance(app.screen, RulesChangeDialog), "again")
            assert app.screen.query_one("#rules", Select).disabled
            await pilot.press("escape")
            await settle(pilot, lambda: app.screen is table, "the table again")
            assert table.record("set rules jp") is not None
            assert len(sitting.live.moves) == 8

            state, header = public_state(sitting.referee.state), sitting.header
            sheet, exported = sitting.live.sheet, sitting.live.export()
            sid = sitting.id

        # Reopened, and replayed from its export: exactly the same session.
        with service.open(sid, read_only=True) as live:
            assert live.header == header
            assert public_state(live.referee.state) == state and live.sheet == sheet
            assert live.export() == exported
        done = replay_session(parse_session(exported, "export.uno"))
        assert done.trouble is None
        assert done.referee.header == header
        assert public_state(done.referee.state) == state
    finally:
        i18n.use("en")
