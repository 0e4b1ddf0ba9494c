"""The message catalogue is complete: every text has English and Japanese with the same fields."""

from __future__ import annotations

import re
import unicodedata

import pytest

from referee import i18n
from referee.engine.cards import card
from referee.engine.messages import CATALOGUE, Colour
from referee.engine.units import load_standard
from referee.i18n import build
from referee.render import card_name, colour_name, render

load_standard()  # every edition and house rule: their messages and rules are in the catalogue

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def test_the_catalogue_is_complete_and_compiled() -> None:
    """What `python -m referee.i18n.build --check` checks: every text the code has is in a
    part, translated, with the English text's fields, and the compiled file is current."""
    found = []
    templates = build.templates()
    for part in build.PARTS:
        po = build._read(build._po_path("ja", part), "ja")
        found += build.problems("ja", part, templates[part], po)
    data = build.compile_mo("ja")
    if build._compiled_texts(build.mo_path("ja").read_bytes()) != build._compiled_texts(data):
        found.append("the compiled catalogue is stale: run python -m referee.i18n.build")
    assert found == []


def test_every_message_key_reads_in_both_languages_with_its_fields() -> None:
    translations = i18n.catalogue.translations("ja")
    for key, message in CATALOGUE.items():
        japanese = translations.pgettext(key, message.template)
        # Untranslated, unless it has no English words (its fields' names are not words).
        words = re.sub(r"\{[^}]*\}", "", message.template)
        assert japanese != message.template or not any(
            ch.isalpha() and ch.isascii() for ch in words
        ), key
        assert build.fields(japanese) == build.fields(message.template) == set(message.fields)


def test_japanese_texts_use_no_ambiguous_width_characters() -> None:
    """Terminals set up for Japanese draw East Asian Ambiguous characters two cells wide."""
    bad = {}
    for message in build.merged("ja"):
        strings = [message.string] if isinstance(message.string, str) else (message.string or ())
        for text in strings:
            wide = {ch for ch in text if unicodedata.east_asian_width(ch) == "A"}
            if wide:
                bad[message.id if isinstance(message.id, str) else message.id[0]] = wide
    assert bad == {}


def test_rulings_render_in_the_language_in_use() -> None:
    played = next(m for k, m in CATALOGUE.items() if "{card}" in m.template)
    params = {name: (card("r5") if name == "card" else "太郎") for name in played.fields}
    english = render((played(**params),))
    i18n.use("ja")
    japanese = render((played(**params),))
    assert japanese != english and "赤の5" in japanese and "太郎" in japanese
    assert render((played(**params),), "en") == english  # an explicit language wins


def test_cards_and_colours_have_japanese_names() -> None:
    i18n.use("ja")
    assert card_name(card("w+4")) == "ワイルドドロー4"
    assert card_name(card("bs")) == "青のスキップ"
    assert card_name(card("g+2")) == "緑のドロー2"
    assert colour_name(Colour("y")) == "黄"
    i18n.use("en")
    assert card_name(card("bs")) == "Blue Skip" and colour_name("y") == "yellow"


def test_the_language_comes_from_the_flag_then_the_settings_then_the_locale() -> None:
    assert i18n.choose("ja", "en", {"LANG": "en_US.UTF-8"}) == "ja"
    assert i18n.choose(None, "ja", {"LANG": "en_US.UTF-8"}) == "ja"
    assert i18n.choose(None, None, {"LANG": "ja_JP.UTF-8"}) == "ja"
    assert i18n.choose(None, None, {"LC_ALL": "en_GB.UTF-8", "LANG": "ja_JP.UTF-8"}) == "en"
    assert i18n.choose(None, None, {"LANG": "fr_FR.UTF-8"}) == "en"
    assert i18n.choose(None, None, {"LANG": "C.UTF-8"}) == "en"
    assert i18n.choose(None, None, {}) == "en"
    assert i18n.choose("xx", None, {"LANG": "ja_JP"}) == "ja"  # an unknown flag is no choice


def test_keys_with_the_same_fields_are_each_their_own():
    # Their code is compiled once for each number of fields; each key is its own function,
    # which makes messages that name it, and takes exactly its fields.
    from referee.engine.messages import Key

    played, shown = Key("{player} played {card}"), Key("{player} showed {card}")
    assert played is not shown and played.template != shown.template
    message = played(player="Ann", card="r5")
    assert message == (played, ("Ann", "r5")) and message[0] is played
    assert shown(card="g2", player="Bob") == (shown, ("Bob", "g2"))
    with pytest.raises(TypeError):
        played(player="Ann")
    with pytest.raises(TypeError):
        played(player="Ann", card="r5", colour="r")
    all_keys = list(CATALOGUE.values())
    assert len({id(key) for key in all_keys}) == len(all_keys)
    assert all(key(**dict.fromkeys(key.fields))[0] is key for key in all_keys)


@pytest.mark.parametrize("template", ["{0} went out", "{class} is taken", "{player.name}"])
def test_a_key_whose_fields_are_not_names_is_refused(template: str) -> None:
    from referee.engine.messages import Key

    with pytest.raises(ValueError):
        Key(template)
