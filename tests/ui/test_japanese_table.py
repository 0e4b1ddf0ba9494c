"""A Japanese table's smaller needs: the rules search in either kana, names normalised, the
new-session form's keys, the demo table in Japanese."""

from __future__ import annotations

from textual import events
from textual.widgets import Input, OptionList

from referee import i18n
from referee.engine.setup import option_specs
from screens.new_session_screen import NewSessionScreen
from screens.rules_screen import RulesScreen
from screens.sessions_screen import SessionsScreen
from screens.table_screen import TableScreen
from screens.widgets import PlayerList

from .conftest import settle, text_of
from .test_new_session import open_form
from .test_typing_ahead import burst


def _shown(listing: OptionList) -> list[str]:
    return [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]


async def test_the_rules_search_finds_a_word_in_either_kana(make_app, demo):
    i18n.use("ja")
    app = make_app(session_id=demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f10")
        await settle(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules screen")
        listing = app.screen.query_one("#rules", OptionList)
        everything = listing.option_count
        for typed, rule, found in (
            ("うの", "uno-call", ""),  # the notation's word, typed in kana mode
            ("すきっぷ", "skip", "スキップ"),  # hiragana finds katakana
            ("ハジメ", "turn-order", "はじめ方"),  # katakana finds hiragana
        ):
            app.screen.query_one("#search", Input).value = ""
            await pilot.press(*typed)
            await settle(
                pilot,
                lambda: any(text.startswith(rule) for text in _shown(listing)),  # noqa: B023
                f"{typed} finds {rule}",
                seconds=30,
            )
            shown = _shown(listing)
            assert len(shown) < everything
            assert all(found in text for text in shown), typed


async def test_a_japanese_first_run_opens_a_japanese_demo_table(make_app, service):
    # The demo offered on the first run is the table the language plays at: Japanese names,
    # 日本ルール and 5回戦, not the English table under the international rules.
    i18n.use("ja")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: app.screen.focused is not None, "the demo offered")
        assert app.screen.focused is not None and app.screen.focused.id == "demo"
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, TableScreen), "the demo table")
        assert "花子" in text_of(pilot, "#alerts")
        assert "健太" in text_of(pilot, "#status")
    [info] = service.list().sessions
    assert info.event == "デモの卓" and info.status == "playing"
    assert (info.edition, info.rules, info.scoring) == ("classic", "jp", "rounds 5")
    assert info.players == ("花子", "健太", "千佳", "大輔")


async def test_ctrl_l_in_the_new_session_form_keeps_the_field_being_typed_in(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(pilot)
        for field, typed in (("#event", "金曜"), ("#players #name", "花子")):
            form.query_one(field, Input).focus()
            await pilot.press(*typed)
            before = i18n.current()
            await pilot.press("ctrl+l")
            await settle(
                pilot,
                lambda: i18n.current() != before and app.focused is not None,  # noqa: B023
                "the form in the other language, a field focused",
            )
            focused = app.focused
            assert isinstance(focused, Input) and focused is form.query_one(field, Input), focused
            await pilot.press("x")
            assert form.query_one(field, Input).value == typed + "x"


async def test_keys_typed_while_the_form_opens_land_in_the_first_field_in_order(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, SessionsScreen), "the sessions")
        # F2 and the names in one burst: the form is not drawn yet when the names arrive.
        f2 = events.Key("f2", None)
        f2.set_sender(app)
        app._driver.send_message(f2)
        burst(app, "花子\nBen\nちか")
        await settle(
            pilot,
            lambda: (
                isinstance(app.screen, NewSessionScreen)
                and app.screen.query_one("#players #name", Input).value == "ちか"
            ),
            "the names typed ahead in the form",
        )
        assert app.screen.query_one(PlayerList).players == ["花子", "Ben"]


async def test_options_are_shown_by_name_in_the_rules_screen_and_the_form(make_app, demo):
    i18n.use("ja")
    app = make_app(session_id=demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f10")
        await settle(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules screen")
        listing = app.screen.query_one("#rules", OptionList)
        await pilot.press(*"ワイルドドロー4の反則")
        await settle(
            pilot,
            lambda: any("wd4-legal = color" in text for text in _shown(listing)),
            "the option found by its name",
        )
        entry = next(text for text in _shown(listing) if "wd4-legal = color" in text)
        assert entry.startswith("ワイルドドロー4の反則  wd4-legal = color"), entry
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(pilot)
        labels = [str(label.render()) for label in form.query("OptionsForm .choice Label")]
        assert "ワイルドドロー4の反則" in labels and "ジャンプイン" in labels, labels
        assert not [label for label in labels if label in option_specs()], labels
