"""A Japanese table's smaller needs: the rules search in either kana, names normalised, the
new-session form's keys, the demo table in Japanese."""

from __future__ import annotations

from textual.widgets import Input, OptionList

from referee import i18n
from screens.rules_screen import RulesScreen

from .conftest import settle


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
