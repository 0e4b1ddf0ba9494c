"""The settings file: created on first change, values checked, a damaged file set aside."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.store import settings


def test_no_file_means_defaults_and_the_first_change_creates_it(_private_settings: Path) -> None:
    assert not _private_settings.exists()
    assert settings.load() == settings.Settings()
    assert settings.settings_path() == _private_settings
    settings.change("language", "JA")
    settings.change("theme", "nord")
    settings.change("keys.table.undo", "ctrl+u")
    loaded = settings.load()
    assert (loaded.language, loaded.theme, loaded.glyphs) == ("ja", "nord", None)
    assert loaded.keys == {"table.undo": "ctrl+u"}
    settings.change("theme", None)
    settings.change("keys.table.undo", None)
    assert settings.load() == settings.Settings(language="ja")


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("language", "fr"),
        ("glyphs", "fancy"),
        ("colour", "red"),
        ("theme", ""),
        ("keys.table.undo", "ctrl+\x1b"),
    ],
)
def test_a_value_the_product_does_not_take_changes_nothing(
    _private_settings: Path, key: str, value: str
) -> None:
    settings.change("glyphs", "ascii")
    before = _private_settings.read_bytes()
    with pytest.raises(settings.SettingsError):
        settings.change(key, value)
    assert _private_settings.read_bytes() == before


def test_a_damaged_file_is_ignored_then_set_aside_never_overwritten(
    _private_settings: Path,
) -> None:
    _private_settings.write_text('language = "ja"\ntheme = [unclosed\n', encoding="utf-8")
    loaded = settings.load()
    assert loaded.language is None and loaded.problem and "settings.toml" in loaded.problem
    settings.change("glyphs", "ascii")
    aside = list(_private_settings.parent.glob("settings.toml.unreadable-*"))
    assert len(aside) == 1 and "[unclosed" in aside[0].read_text(encoding="utf-8")
    assert settings.load() == settings.Settings(glyphs="ascii")


def test_a_wrong_value_in_the_file_is_reported_not_used(_private_settings: Path) -> None:
    _private_settings.write_text('language = "klingon"\n', encoding="utf-8")
    loaded = settings.load()
    assert loaded.language is None and loaded.problem and "klingon" in loaded.problem


def test_names_with_quotes_and_unicode_survive_the_round_trip(_private_settings: Path) -> None:
    settings.change("theme", 'my "テーマ" \\ one')
    assert settings.load().theme == 'my "テーマ" \\ one'


def test_a_refused_value_leaves_even_an_unreadable_file_where_it_is(
    _private_settings: Path,
) -> None:
    _private_settings.write_text("theme = [unclosed\n", encoding="utf-8")
    with pytest.raises(settings.SettingsError):
        settings.change("language", "fr")
    assert _private_settings.read_text(encoding="utf-8") == "theme = [unclosed\n"
    assert list(_private_settings.parent.glob("settings.toml.unreadable-*")) == []
