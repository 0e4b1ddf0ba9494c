"""In Japanese the table fits 80x24 even where the terminal draws East Asian Ambiguous
characters two cells wide: with `glyphs = auto` no line holds one, so no line outgrows the
screen (wide and Ambiguous characters counted as two cells)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator

import pytest
from textual.pilot import Pilot

from referee import i18n
from screens import glyphs
from screens.dialogs import ChallengeDialog, RuleDialog
from screens.table_screen import TableScreen

from .conftest import settle, text_of, type_line

WIDTH, HEIGHT = 80, 24


@pytest.fixture(autouse=True)
def _japanese() -> Iterator[None]:
    # As the command line leaves it for a Japanese user (glyphs not set: auto).
    i18n.use("ja")
    yield
    glyphs.configure(None)


def cells(text: str) -> int:
    """The width of `text` in a terminal set up for Japanese: W, F and A take two cells."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WFA" else 1 for ch in text)


def screen_lines(pilot: Pilot[None]) -> list[str]:
    return [
        "".join(segment.text for segment in strip)
        for strip in pilot.app.screen._compositor.render_strips()
    ]


def verdict_shown(pilot: Pilot[None]) -> bool:
    """The line under the move box says something, and the screen shows its start."""
    said = text_of(pilot, "#verdict").strip()
    return bool(said) and said[:8] in "".join(screen_lines(pilot))


def check_fits(pilot: Pilot[None]) -> list[str]:
    lines = screen_lines(pilot)
    assert len(lines) == HEIGHT
    too_wide = [(cells(line), line) for line in lines if cells(line) > WIDTH]
    assert not too_wide, too_wide
    return lines


async def test_the_table_fits_with_ambiguous_characters_wide(make_app, demo):
    app = make_app(session_id=demo)
    async with app.run_test(size=(WIDTH, HEIGHT)) as pilot:
        # Each step waits until the screen it checks is drawn (a loaded machine draws later).
        await settle(
            pilot,
            lambda: (
                isinstance(app.screen, TableScreen) and "席順" in "\n".join(screen_lines(pilot))
            ),
            "the table, drawn",
        )
        assert glyphs.mode() == "ascii"
        lines = check_fits(pilot)
        text = "\n".join(lines)
        assert "席順" in text and "山札" in text and "得点表" in text  # Japanese indeed
        # A refused move, a ruling and its rule: the verdict line and the dialog fit too.
        await type_line(pilot, "Ben: b7")
        await settle(pilot, lambda: verdict_shown(pilot), "the refusal, drawn")
        check_fits(pilot)
        await pilot.press("tab")
        await pilot.press("enter")
        await settle(
            pilot,
            lambda: isinstance(app.screen, RuleDialog) and len(screen_lines(pilot)) == HEIGHT,
            "the rule dialog, drawn",
        )
        check_fits(pilot)


async def test_the_challenge_dialog_fits(make_app, demo):
    app = make_app(session_id=demo)
    async with app.run_test(size=(WIDTH, HEIGHT)) as pilot:
        await pilot.pause()
        await pilot.press(*"w+4 green", "enter", "f5")
        await pilot.pause()
        assert isinstance(app.screen, ChallengeDialog)
        text = "\n".join(check_fits(pilot))
        assert "チャレンジ" in text
