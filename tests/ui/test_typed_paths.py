"""Paths typed in the app (the import dialog, the sheet's export) are checked as the command line
checks them: a home folder of a user the machine does not have, a NUL or a named pipe is a
message under the box, never a traceback or an app that waits for ever."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from textual.widgets import Input

from screens.dialogs.import_dialog import ImportDialog, read_session_file
from screens.score_sheet_screen import ScoreSheetScreen

from .conftest import SAMPLES, settle, text_of


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("~nosuchuser/x.uno", "there is no user nosuchuser"),
        ("a\0b.uno", "NUL"),
        (".", "is a folder"),
        ("missing.uno", "no such file"),
    ],
)
def test_a_typed_path_that_cannot_be_read_is_a_reason(
    tmp_path: Path, typed: str, said: str
) -> None:
    with pytest.raises(ValueError, match=said):
        read_session_file(typed, tmp_path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_is_not_read(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.uno")
    # On the code before, this waited for a writer that never came.
    with pytest.raises(ValueError, match="named pipe"):
        read_session_file("pipe.uno", tmp_path)


async def test_typed_paths_in_the_app_are_messages(make_app, service, tmp_path):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f3")
        await settle(pilot, lambda: isinstance(app.screen, ImportDialog), "the import dialog")
        app.screen.query_one("#path", Input).value = "~nosuchuser/game.uno"
        await pilot.press("enter")
        await settle(
            pilot, lambda: "nosuchuser" in text_of(pilot, "#problem"), "the import dialog's reason"
        )
        app.screen.query_one("#path", Input).value = str(SAMPLES / "demo.uno")
        await pilot.press("enter")
        await settle(pilot, lambda: not isinstance(app.screen, ImportDialog), "the table")
        await pilot.press("f8")
        await settle(pilot, lambda: isinstance(app.screen, ScoreSheetScreen), "the sheet")
        for typed, said in (
            ("~nosuchuser/sheet.md", "there is no user nosuchuser"),
            ("sheet\0.md", "NUL"),
        ):
            app.screen.query_one("#path", Input).value = typed
            await pilot.press("f2")

            def exported(said: str = said) -> bool:
                return said in text_of(pilot, "#exported")

            await settle(pilot, exported, f"the export's reason for {typed!r}")
    assert not list(tmp_path.glob("sheet*"))
