"""The new-session form: names checked as typed, rulebook defaults, options as [Rule] lines."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.widgets import Collapsible, Input, Select

from referee import i18n
from referee.notation import name_problem, parse_session
from referee.service.replay import replay_session
from screens.new_session_screen import NewSessionScreen
from screens.round_end_screen import check_hand
from screens.table_screen import TableScreen
from screens.widgets import PlayerList
from screens.widgets.options_form import OptionsForm
from tests.snapshots.test_screens_ja import cells

from .conftest import text_of, type_line


def test_the_form_asks_the_referee_about_names():
    assert name_problem("Mary Ann", ["Bob"]) is None
    assert name_problem("さくら", []) is None
    assert name_problem("Bo:b", []) == (
        "a name cannot contain ':' (U+003A COLON), character 3 of 'Bo:b'"
    )
    assert name_problem("x" * 25, []) == "a name has at most 24 characters (25 typed)"
    assert str(name_problem("BOB", ["Bob"])).startswith("Bob is already at the table")


async def open_form(pilot) -> NewSessionScreen:
    await pilot.pause()
    await pilot.press("f2")
    await pilot.pause()
    assert isinstance(pilot.app.screen, NewSessionScreen)
    return pilot.app.screen


async def test_the_form_refuses_what_cannot_be_refereed_with_a_precise_message(make_app, service):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(pilot)
        await type_line(pilot, "Ann#1", submit=False)
        assert "a name cannot contain '#'" in text_of(pilot, "#name-problem")
        await pilot.press("enter")
        await pilot.pause()
        assert form.query_one(PlayerList).players == []
        form.query_one("#name", Input).value = "Ann"
        await pilot.press("enter")
        await pilot.press("f2")
        await pilot.pause()
        assert "needs 2 to 10 players; 1 seated so far" in text_of(pilot, "#problem")
        form.query_one("#name", Input).value = "Bo"
        await pilot.press("enter")
        form.query_one("#date", Input).value = "16/05/2025"
        await pilot.press("f2")
        await pilot.pause()
        assert "The date must be YYYY-MM-DD" in text_of(pilot, "#problem")
        form.query_one("#date", Input).value = ""
        form.query_one("#limit", Input).value = "0"
        await pilot.press("f2")
        await pilot.pause()
        assert "scoring" in text_of(pilot, "#problem").casefold()
        assert isinstance(app.screen, NewSessionScreen)
    assert service.list().sessions == ()


async def test_options_follow_the_rulebook_until_edited_and_become_rule_lines(make_app, service):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(pilot)
        options = form.query_one(OptionsForm)
        row = form.query_one("#opt-late-uno").parent
        assert row is not None and row.parent is not None
        assert "(no official rule; table default)" in str(row.parent.query_one(".meaning").render())
        form.query_one("#opt-uno-penalty", Input).value = "4"
        await pilot.pause()  # a person's edit arrives before their next one
        form.query_one("#rules", Select).value = "jp"
        await pilot.pause()
        # jp's own defaults arrive, except where the table already chose.
        assert options.values["wd4-legal"] == "playable"
        assert options.values["uno-penalty"] == "4"
        assert options.overrides("jp", "classic") == [("uno-penalty", "4")]
        for name in ("Ann", "Bo", "Cy"):
            await type_line(pilot, name)
        form.query_one("#scoring", Select).value = "rounds"
        await pilot.pause()
        assert form.query_one("#limit", Input).value == "5"
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        header = app.screen.sitting.header
        assert (header.rules, header.scoring, header.players) == (
            "jp",
            "rounds 5",
            ("Ann", "Bo", "Cy"),
        )
        assert header.overrides == (("uno-penalty", "4"),)
        assert header.date == "2025-05-16"


ROUND_OVER = """\
[Edition "classic"]
[Scoring "target 500"]
[Players "Ann, Ben, Chika"]
[Rule "hand-size" "2"]
round 1
dealer Chika
start r7
Ann: r5 uno
Ben: r6 uno
Chika: takes 1
Chika: draw
Ann: r4
"""


def test_hands_are_checked_against_the_tracked_count():
    """The round-end screen's live check is the referee's ruling on the `hand` line."""
    ref = replay_session(parse_session(ROUND_OVER, "t.uno")).referee
    assert ref.phase == "over"
    assert check_hand(ref, "Chika", "") == (
        False,
        "cards (e.g. 'r5 g+2 w') or a points total (e.g. '27')",
    )
    assert check_hand(ref, "Chika", "r1 r2 w") == (False, "Chika holds 4 cards, not 3")
    assert check_hand(ref, "Chika", "r1 r2 w w+4") == (True, "4 card(s), 103 points")
    assert check_hand(ref, "Chika", "27") == (True, "27 points, as a total")
    assert check_hand(ref, "Chika", "9999") == (
        False,
        "9999 points cannot be Chika's hand of 4 cards",
    )
    ok, why = check_hand(ref, "Chika", "r1 zz")
    assert not ok and "expected a card" in why
    # What a Japanese input method types in full-width mode reads as the same hand.
    assert check_hand(ref, "Chika", "ｒ１\u3000ｒ２ ｗ ｗ＋４") == (True, "4 card(s), 103 points")  # noqa: RUF001
    assert check_hand(ref, "Chika", "２７") == (True, "27 points, as a total")  # noqa: RUF001


async def test_the_rulebook_suggests_its_usual_scoring_until_one_is_chosen(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(pilot)
        assert form.scoring() == "target 500"
        form.query_one("#rules", Select).value = "jp"
        await pilot.pause()
        assert form.scoring() == "rounds 5"
        form.query_one("#rules", Select).value = "en"
        await pilot.pause()
        assert form.scoring() == "target 500"
        form.query_one("#scoring", Select).value = "lowest"
        await pilot.pause()
        form.query_one("#rules", Select).value = "jp"
        await pilot.pause()
        assert form.scoring() == "lowest 500"  # chosen: the rulebook no longer replaces it


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_every_option_value_shows_whole_in_its_dropdown(make_app, lang):
    """At 80x24 each option's box shows any of its values on one line, uncut (`playable`,
    `next-discard`), in English and in Japanese: its widest value, shown whole, is shown with
    room to spare (a box draws its value from its left edge, on one line)."""
    i18n.use(lang)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(pilot)
        form.query_one(Collapsible).collapsed = False
        await pilot.pause()
        for select in form.query_one(OptionsForm).query(Select):
            widest = max(cell_len(str(label)) for label, _value in select._options)
            for label, value in select._options:
                if cell_len(str(label)) < widest:
                    continue
                select.value = value
                select.scroll_visible(animate=False)
                await pilot.pause()
                region = select.region
                strips = app.screen._compositor.render_strips()
                line = "".join(segment.text for segment in strips[region.y + 1])
                # By cells, not characters: a Japanese option name left of it is wide.
                shown = cells(line, region.x, region.right)
                assert f" {value} " in shown, (select.id, value, shown)
    i18n.use("en")


async def test_a_japanese_table_starts_under_the_japanese_rules_without_touching_a_list(
    make_app, service
):
    # Issue 27: in Japanese the form preselects 日本ルール and 5回戦 (and their options); a
    # family that only types the names and starts plays by the rules it expects.
    i18n.use("ja")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(pilot)
        assert form.query_one("#rules", Select).value == "jp"
        assert form.query_one("#scoring", Select).value == "rounds"
        assert form.query_one("#limit", Input).value == "5"
        assert form.query_one(OptionsForm).overrides("jp", "classic") == []
        for name in ("太郎", "花子", "次郎"):
            await type_line(pilot, name)
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        header = app.screen.sitting.header
        assert (header.rules, header.scoring, header.overrides) == ("jp", "rounds 5", ())
