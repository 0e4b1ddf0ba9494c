"""The table screen on the demo: bad input, suggestions, clicks, rules, watchers, the palette."""

from __future__ import annotations

from textual.widgets import DataTable

from referee.service import SessionService
from referee.suggest import misplay_instead
from screens.dialogs import RuleDialog
from screens.help_screen import HelpScreen
from screens.table_screen import TableScreen
from screens.widgets import MoveBox, RulingLog, expand

from .conftest import text_of, type_line


def moves_of(service: SessionService, sid: str) -> int:
    with service.open(sid, read_only=True) as live:
        return len(live.moves)


async def test_a_syntax_error_names_the_column_and_records_nothing(make_app, service, demo):
    before = moves_of(service, demo)
    app = make_app(session_id=demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await type_line(pilot, "zz")
        verdict = text_of(pilot, "#verdict")
        assert verdict.startswith("✗ Not a move, nothing recorded: column 1:")
        assert "expected a card or an action" in verdict
        await pilot.press(*["backspace"] * 2)
        await type_line(pilot, "Chika r5")
        assert "expected ':' after 'Chika'" in text_of(pilot, "#verdict")
    assert moves_of(service, demo) == before


async def test_out_of_turn_moves_name_their_player(make_app, service, demo):
    app = make_app(session_id=demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await type_line(pilot, "Ben: b7")
        verdict = text_of(pilot, "#verdict")
        assert "Refused, nothing recorded: 'Ben: b7'" in verdict and "[turn-order]" in verdict
        app.screen.query_one(MoveBox).value = ""
        await type_line(pilot, "Ana: uno")
        assert "Ana called UNO late" in text_of(pilot, "#verdict")
        assert "catchable" not in text_of(pilot, "#alerts")


async def test_the_suggestion_completes_with_the_right_arrow(make_app, demo):
    app = make_app(session_id=demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        await pilot.press("right")
        box = app.screen.query_one(MoveBox)
        taken = box.value
        # The colour in force (blue) comes first among the playable faces.
        assert taken.startswith("b") and len(taken) > 1
        await pilot.press("enter")
        await pilot.pause()
        assert text_of(pilot, "#verdict").startswith(f"✓ #30 Dev: {taken}")
        assert box.value == ""


def test_the_move_box_implies_the_player_the_table_waits_on(service, demo):
    with service.open(demo, read_only=True) as live:
        ref = live.referee
        assert expand("y5", ref) == "Dev: y5"
        assert expand("Chika: catch Ana", ref) == "Chika: catch Ana"
        assert expand("chika uno", ref) == "chika uno"
        assert expand("round 3", ref) == "round 3"
        assert expand("  ", ref) == ""


def test_a_name_may_be_typed_as_its_seat_or_the_start_of_one_name(service, demo):
    """Ana, Ben, Chika, Dev: `3` is Chika, `ch` is Chika, `A`... is Ana; the line recorded
    names them in full. What stands for no one, or for two, is kept for the parser to explain."""
    with service.open(demo, read_only=True) as live:
        ref = live.referee
        assert expand("3: catch 1", ref) == "Chika: catch Ana"
        assert expand("ch: catch a", ref) == "Chika: catch Ana"
        assert expand("catch An", ref) == "Dev: catch Ana"
        assert expand("chika: r5", ref) == "Chika: r5"
        assert expand("9: r5", ref) == "9: r5"
        assert expand("Zed: r5", ref) == "Zed: r5"


async def test_clicking_a_player_starts_their_move(make_app, demo):
    app = make_app(session_id=demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        seating = app.screen.query_one("#seating")
        # Line 2 of the seating (after the border and the column heading) is Ben.
        await pilot.click("#seating", offset=(4, 3))
        await pilot.pause()
        assert app.screen.query_one(MoveBox).value == "Ben: ", seating.render()


async def test_a_ruling_in_the_log_shows_its_rule_and_source(make_app, demo):
    app = make_app(session_id=demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        log = app.screen.query_one(RulingLog)
        log.focus()
        log.highlighted = 0  # `round 1`, whose ruling rests on the notation's `session` rule
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RuleDialog)
        rule = text_of(pilot, "#rule")
        assert rule.startswith("session")
        assert "Source: The referee's own session notation (.uno files)" in rule
        await pilot.press("escape")
        await pilot.pause()
        # The late-UNO rule is the product's own ruling: the screen says so.
        app.screen.query_one(MoveBox).value = "Ana: uno"
        app.screen.query_one(MoveBox).focus()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.click("#verdict")
        await pilot.pause()
        assert isinstance(app.screen, RuleDialog)
        assert "(no official rule; table default)" in text_of(pilot, "#rule")


async def test_a_watcher_follows_the_moves_recorded_elsewhere(make_app, service, demo):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.open_session(demo, read_only=True)
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and table is app.screen
        assert app.screen.query_one(MoveBox).disabled
        with service.open(demo) as writer:
            assert writer.record("Dev: catch Ana").ok
        table._watch()
        await pilot.pause()
        assert "Dev caught Ana" in str(
            app.screen.query_one(RulingLog).get_option_at_index(-1).prompt
        )


async def test_help_and_palette_list_the_main_actions(make_app, demo):
    app = make_app(session_id=demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        names = {command.title for command in app.get_system_commands(app.screen)}
        assert {
            "New session",
            "Undo last move",
            "Score sheet",
            "Export score sheet",
            "Show QR code",
            "History and corrections",
            "Rules in force",
            "Help: keys and moves",
            "Open the demo table",
            "Import a .uno file",
        } <= names
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "F4" in text_of(pilot, "#keys") and "catch" in text_of(pilot, "#keys")
        await pilot.press("escape")
        await pilot.pause()
        assert app.theme == "uno-table"


async def test_a_session_open_elsewhere_can_be_watched(make_app, service, demo):
    app = make_app()
    with service.open(demo) as writer:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("enter")  # resume the highlighted (only) session
            await pilot.pause()
            dialog = app.screen
            assert "open for recording in another window" in str(
                dialog.query_one("#question").render()
            )
            await pilot.click("#yes")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen) and app.screen.sitting.read_only
            assert "watching" in text_of(pilot, "#turn")
            assert writer.record("Dev: catch Ana").ok


async def test_a_catch_typed_by_seat_numbers_is_stored_with_the_names(make_app, service, demo):
    app = make_app(session_id=demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await type_line(pilot, "3: catch 1")
        assert text_of(pilot, "#verdict").startswith("✓")
    with service.open(demo, read_only=True) as live:
        assert live.moves[-1].text == "Chika: catch Ana"


async def test_a_refused_play_offers_the_misplay_line_that_records_it(make_app, service, demo):
    app = make_app(session_id=demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await type_line(pilot, "y9")
        verdict = text_of(pilot, "#verdict")
        assert verdict.startswith("✗ Refused")
        assert "'Dev: misplay y9' records the misplay" in verdict
        await pilot.press(*["backspace"] * 2)
        await type_line(pilot, "Dev: misplay y9")
        assert text_of(pilot, "#verdict").startswith("✓")
    with service.open(demo, read_only=True) as live:
        assert live.moves[-1].text == "Dev: misplay y9"


def test_only_a_card_play_the_referee_would_take_as_a_misplay_is_offered(service, demo):
    with service.open(demo, read_only=True) as live:
        ref = live.referee
        assert misplay_instead(ref, "Dev: y9") == "Dev: misplay y9"
        assert misplay_instead(ref, "Dev: b5") is None  # it can go there: no misplay
        assert misplay_instead(ref, "Dev: draw") is None
        assert misplay_instead(ref, "Dev: zz") is None


async def test_a_move_recorded_after_an_undo_takes_its_number_and_says_what_it_replaced(
    make_app, service, demo
):
    with service.open(demo, read_only=True) as live:
        last = live.moves[-1]
    app = make_app(session_id=demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f6")
        await pilot.pause()
        assert f"Undone #{last.seq} {last.text}" in text_of(pilot, "#verdict")
        await pilot.press("enter")
        await pilot.pause()
        assert text_of(pilot, "#verdict").startswith(f"✓ #{last.seq} {last.text}: ")
        assert text_of(pilot, "#verdict").endswith(f"(in place of '{last.text}')")
        await pilot.press("f9")
        await pilot.pause()
        row = app.screen.query_one("#moves", DataTable).get_row(str(last.seq))
        assert f"(in place of '{last.text}')" in str(row[-1])
    with service.open(demo, read_only=True) as live:
        assert (live.moves[-1].seq, live.moves[-1].replaced) == (last.seq, (last.text,))
