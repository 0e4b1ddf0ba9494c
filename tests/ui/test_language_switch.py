"""Ctrl+L switches the table between Japanese and English without a restart: every text is
drawn again in the new language, the move being typed stays, and the settings file keeps the
choice; the theme and key bindings come from the settings file too."""

from __future__ import annotations

from textual.pilot import Pilot

from referee import i18n
from referee.store import settings
from screens import glyphs
from screens.app import THEME
from screens.table_screen import TableScreen
from screens.widgets import MoveBox, RulingLog, Seating
from screens.widgets.footer import Footer

from .conftest import text_of, type_line


def footer_text(pilot: Pilot[None]) -> str:
    """The footer's line as drawn."""
    footer = pilot.app.screen.query_one(Footer)
    strips = pilot.app.screen._compositor.render_strips()
    return "".join(segment.text for segment in strips[footer.region.y])


async def switch(pilot: Pilot[None]) -> None:
    await pilot.press("ctrl+l")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.pause()


async def test_ctrl_l_switches_the_table_and_back(make_app, demo):
    app = make_app(session_id=demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        await type_line(pilot, "Ben: b7")  # refused: the verdict under the move box
        assert "Refused, nothing recorded" in text_of(pilot, "#verdict")
        app.screen.query_one(MoveBox).value = "dra"
        assert "Draw" in footer_text(pilot) and "Sheet" in footer_text(pilot)

        await switch(pilot)
        assert i18n.current() == "ja"
        assert app.screen is table  # the same table, drawn again
        assert "引く" in footer_text(pilot) and "得点表" in footer_text(pilot)
        assert "Draw" not in footer_text(pilot)
        assert "席順" in str(app.screen.query_one(Seating).border_title)
        assert "裁定" in str(app.screen.query_one(RulingLog).border_title)
        assert "認められません" in text_of(pilot, "#verdict")
        assert "山札" in text_of(pilot, "#status")
        log = app.screen.query_one(RulingLog)
        assert "出しました" in str(log.get_option_at_index(log.option_count - 1).prompt)
        assert app.screen.query_one(MoveBox).value == "dra"  # what was typed stays
        assert settings.load().language == "ja"
        # The command palette offers the way back, in the language in use.
        titles = {command.title for command in app.get_system_commands(app.screen)}
        assert "英語（English）に切り替え" in titles and "テーマ" in titles  # noqa: RUF001

        await switch(pilot)
        assert i18n.current() == "en"
        assert "Draw" in footer_text(pilot) and "引く" not in footer_text(pilot)
        assert "Seating" in str(app.screen.query_one(Seating).border_title)
        assert "Refused, nothing recorded" in text_of(pilot, "#verdict")
        assert settings.load().language == "en"
        titles = {command.title for command in app.get_system_commands(app.screen)}
        assert "Switch to Japanese (日本語)" in titles and "Theme" in titles


async def test_glyphs_follow_the_language_when_auto(make_app, demo):
    app = make_app(session_id=demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert glyphs.mode() == "unicode"
        assert "·" in app.screen.sub_title
        await switch(pilot)
        assert glyphs.mode() == "ascii"
        assert "·" not in app.screen.sub_title
        lines = ["".join(s.text for s in strip) for strip in app.screen._compositor.render_strips()]
        assert not any(ch in line for line in lines for ch in "╭─│▶·■")


async def test_a_settings_file_that_cannot_be_written_is_only_noted(make_app, demo, monkeypatch):
    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(settings, "change", refuse)
    app = make_app(session_id=demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await switch(pilot)
        assert i18n.current() == "ja"
        notes = [n.message for n in app._notifications]
        assert any("Permission denied" in note for note in notes)


async def test_the_chosen_theme_is_kept(make_app, demo):
    app = make_app(session_id=demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.theme == THEME.name
        assert settings.load().theme is None  # nothing written until the user chooses
        app.theme = "nord"
        await pilot.pause()
    assert settings.load().theme == "nord"
    again = make_app(session_id=demo)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert again.theme == "nord"


async def test_an_unknown_theme_falls_back_to_ours(make_app, demo):
    settings.change("theme", "no-such-theme")
    app = make_app(session_id=demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.theme == THEME.name


async def test_key_bindings_come_from_the_settings_file(make_app, demo):
    settings.change("keys.table.undo", "f12")
    settings.change("keys.table.catch", "f11")
    app = make_app(session_id=demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        # The alert names the key that catches now.
        assert " F11 " in text_of(pilot, "#alerts") and " F4 " not in text_of(pilot, "#alerts")
        await pilot.press("f12")
        await pilot.pause()
        assert text_of(pilot, "#verdict").startswith("↶ Undone #29 Ana: b5")
        assert "f12 Undo" in footer_text(pilot)


async def test_the_keys_panel_speaks_the_language_in_use(make_app, demo):
    """Textual's Keys command: the descriptions of its keys and the app's, translated."""
    app = make_app(session_id=demo)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await switch(pilot)
        app.action_show_help_panel()
        await pilot.pause()
        await pilot.pause()
        lines = ["".join(s.text for s in strip) for strip in app.screen._compositor.render_strips()]
        text = "\n".join(lines)
        assert "入力欄" in text and "カーソルを左へ" in text
        assert "Move cursor left" not in text
