"""A whole four-player session through the UI: new session, a round with its disputes, the sheet."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, OptionList, Select

from referee.service import SessionService
from screens.dialogs import CatchDialog, ChallengeDialog, QrDialog
from screens.new_session_screen import NewSessionScreen
from screens.round_end_screen import RoundEndScreen
from screens.score_sheet_screen import ScoreSheetScreen
from screens.sessions_screen import SessionsScreen
from screens.table_screen import TableScreen
from screens.widgets import MoveBox, PlayerList

from .conftest import text_of, type_line

SID = "k3m9p2"

# Whose turn it is needs no name in the move box; these are typed as the scorekeeper would.
OPENING = ["start r3", "r5"]
MIDDLE = ["r7", "g7", "g2", "g9", "w+4 blue"]
AFTER_CHALLENGE = ["b4", "b8", "y8"]
LATER = [
    "y1",
    "y6",
    "ys",
    "y0",
    "yr",
    "y2",
    "y4",
    "y5",
    "g5",
    "g1",
    "g3",
    "g6",
    "g8 uno",
    "b8",
    "b2",
]
ENDING = ["b6 uno", "w red"]

STORED = [
    "round 1",
    "dealer Dev",
    "start r3",
    "Ana: r5",
    "Ben: r7",
    "Chika: g7",
    "Dev: g2",
    "Ana: g9",
    "Ben: w+4 blue",
    "Chika: challenge guilty",
    "Chika: b4",
    "Dev: b8",
    "Ana: y8",
    "Ben: y1",
    "Chika: y6",
    "Dev: ys",
    "Ben: y0",
    "Chika: yr",
    "Ben: y2",
    "Ana: y4",
    "Dev: y5",
    "Chika: g5",
    "Ben: g1",
    "Ana: g3",
    "Dev: g6",
    "Chika: g8 uno",
    "Ben: b8",
    "Ana: b2",
    "Chika: catch Ana",
    "Dev: b6 uno",
    "Chika: w red",
    "hand Ana: r9 b5 w",
    "hand Ben: r2 g4 b+2 w+4",
    "hand Dev: 7",
]


def stored_moves(service: SessionService) -> list[str]:
    with service.open(SID, read_only=True) as live:
        return [move.text for move in live.moves]


async def enter_moves(pilot, moves: list[str]) -> None:
    box = pilot.app.screen.query_one(MoveBox)
    for move in moves:
        box.value = move
        await pilot.press("enter")
        await pilot.pause()
        assert text_of(pilot, "#verdict").startswith("✓"), (move, text_of(pilot, "#verdict"))


async def test_a_whole_session_from_new_session_to_exported_sheet(make_app, service, tmp_path):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SessionsScreen)
        assert "No stored sessions yet" in text_of(pilot, "#welcome")

        # New session: players added, a duplicate refused, the seating reordered.
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, NewSessionScreen)
        form = app.screen
        for name in ("Ben", "Ana", "Chika", "Dev"):
            await type_line(pilot, name)
        await type_line(pilot, "ana")
        assert "Ana is already at the table" in text_of(pilot, "#name-problem")
        seats = form.query_one("#seats", OptionList)
        seats.highlighted = 1
        await pilot.click("#up")
        await pilot.pause()
        assert form.query_one(PlayerList).players == ["Ana", "Ben", "Chika", "Dev"]
        form.query_one("#event", Input).value = "Pilot night"
        form.query_one("#limit", Input).value = "100"
        form.query_one("#dealer", Select).value = "Dev"
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()

        # The table: round 1 and its dealer are stored before the first card.
        assert isinstance(app.screen, TableScreen)
        assert stored_moves(service) == ["round 1", "dealer Dev"]
        assert "Dev deals" in text_of(pilot, "#alerts")
        for move in OPENING:
            await type_line(pilot, move)
        assert "Ana: r5" in text_of(pilot, "#verdict")

        # A refused move: the ruling in place, the text kept for fixing, nothing stored.
        await type_line(pilot, "g9")
        verdict = text_of(pilot, "#verdict")
        assert verdict.startswith("✗ Refused, nothing recorded: 'Ben: g9'")
        assert "[match]" in verdict
        assert app.screen.query_one(MoveBox).value == "g9"
        assert app.screen.query_one(MoveBox).has_class("-invalid")
        assert stored_moves(service)[-1] == "Ana: r5"
        app.screen.query_one(MoveBox).value = ""

        await enter_moves(pilot, MIDDLE)
        assert "Chika may challenge Ben's Wild Draw Four (colour before it: GREEN)" in text_of(
            pilot, "#alerts"
        )

        # The challenge dialog: who, what was in force, the rule, then the ruling.
        await pilot.press("f5")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChallengeDialog)
        shown = " ".join(str(s.render()) for s in dialog.query("Static"))
        assert "Chika challenges Ben's Wild Draw Four" in shown
        assert "Green 9 on top" in shown and "GREEN" in shown
        assert "wd4-legal = color" in shown
        await pilot.click("#guilty")
        await pilot.pause()
        result = text_of(pilot, "#result")
        assert "Guilty" in result and "[wd4-guilty]" in result and "Ben 5 → 9 cards" in result
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert "wd4-guilty" in text_of(pilot, "#verdict")

        # An undo: the move comes back into the box, and Enter records it again.
        await enter_moves(pilot, AFTER_CHALLENGE)
        await pilot.press("f6")
        await pilot.pause()
        assert "Undone" in text_of(pilot, "#verdict")
        assert app.screen.query_one(MoveBox).value == "Ana: y8"
        assert stored_moves(service)[-1] == "Dev: b8"
        await pilot.press("enter")
        await pilot.pause()
        assert stored_moves(service)[-1] == "Ana: y8"

        # A missed UNO, caught by the player who called it: the catch key, then their seat.
        await enter_moves(pilot, LATER)
        alerts = text_of(pilot, "#alerts")
        assert "Ana has one card and did not call UNO: catchable until Dev acts" in alerts
        assert "F4" in alerts
        await pilot.press("f4")
        await pilot.pause()
        assert isinstance(app.screen, CatchDialog)
        assert "Caught: Ana" in text_of(pilot, "#target")
        await pilot.press("3")
        await pilot.pause()
        assert "Chika caught Ana not calling UNO: Ana draws 2" in text_of(pilot, "#verdict")
        assert "catchable" not in text_of(pilot, "#alerts")

        # The round ends; the hands are checked against the tracked counts as they are typed.
        await enter_moves(pilot, ENDING)
        assert "Round 1 is over: Chika went out" in text_of(pilot, "#alerts")
        await pilot.press("f7")
        await pilot.pause()
        assert isinstance(app.screen, RoundEndScreen)
        await type_line(pilot, "r9 b5", submit=False)
        assert "Ana holds 3 cards, not 2" in text_of(pilot, "#check-0")
        await type_line(pilot, " w", submit=False)
        assert "3 card(s), 64 points" in text_of(pilot, "#check-0")
        await pilot.press("enter")
        await type_line(pilot, "r2 g4 b+2 w+4")
        await type_line(pilot, "7")
        await pilot.pause()

        # The updated score sheet, then its exports and the QR code.
        assert isinstance(app.screen, ScoreSheetScreen)
        assert "Chika wins after 1 round" in text_of(pilot, "#standing")
        grid = app.screen.query_one("#grid")
        assert str(grid.get_cell("Chika", "total")) == "147"
        assert "★" in str(grid.get_cell("Chika", "rank"))
        app.screen.query_one("#format", Select).value = "md"
        await pilot.pause()
        assert app.screen.query_one("#path", Input).value == f"uno-{SID}.md"
        await pilot.press("f2")
        await pilot.pause()
        exported = tmp_path / f"uno-{SID}.md"
        assert "Wrote the md export" in text_of(pilot, "#exported")
        assert "Chika" in exported.read_text(encoding="utf-8")
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, QrDialog)
        assert app.screen.payload.endswith("FINAL R1/1 CHIKA 147/2 ANA 0/2 BEN 0/2 DEV 0")
        await pilot.press("escape")
        await pilot.pause()

    assert stored_moves(service) == STORED
    info = service.info(SID)
    assert (info.status, info.leader, info.totals["Chika"]) == ("finished", "Chika", 147)
    assert Path(exported).exists()
