"""`uno-referee config`: where the settings file is, each setting and what applies; set, unset."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.i18n.catalogue import translations
from referee.store import settings


def rows(out: str) -> dict[str, str]:
    """The settings `config` lists, by name."""
    found = {}
    for line in out.splitlines():
        if line.startswith("  "):
            name, _, value = line.strip().partition("  ")
            found[name] = value.strip()
    return found


def test_without_a_file_it_says_where_it_would_be_and_what_applies(run, _private_settings):
    code, out, err = run("config")
    assert (code, err) == (0, "")
    assert out.startswith(f"Settings file: {_private_settings} (not created yet; ")
    shown = rows(out)
    assert list(shown) == ["language", "theme", "glyphs", "hub", "keys.<binding id>"]
    assert shown["language"] == "not set; no locale is set, so en applies"
    assert shown["theme"] == "not set; the app's own theme applies"
    assert shown["glyphs"].startswith("not set; auto applies")
    assert shown["hub"].startswith("not set; the app syncs with no hub")
    assert shown["keys.<binding id>"].startswith("none set")
    assert not _private_settings.exists()


def test_the_locale_is_what_applies_when_no_language_is_set(run, monkeypatch):
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")
    _, out, _ = run("config", "--lang", "en")
    assert rows(out)["language"] == (
        "not set; the locale (LC_ALL=en_GB.UTF-8) gives en (this run: en, from --lang)"
    )
    monkeypatch.delenv("LC_ALL")
    _, out, _ = run("config", "--lang", "en")
    assert rows(out)["language"].startswith("not set; the locale (LANG=ja_JP.UTF-8) gives ja")
    monkeypatch.setenv("LANG", "C")
    _, out, _ = run("config")
    assert rows(out)["language"] == "not set; the locale (LANG=C) names no language, so en applies"


def test_set_writes_the_file_and_config_shows_the_values(run, _private_settings):
    assert run("config", "set", "theme", "nord") == (
        0,
        f"theme = nord (saved in {_private_settings})\n",
        "",
    )
    assert run("config", "set", "glyphs", "ASCII")[0] == 0
    assert run("config", "set", "keys.table.undo", "ctrl+u")[0] == 0
    loaded = settings.load()
    assert (loaded.theme, loaded.glyphs, dict(loaded.keys)) == (
        "nord",
        "ascii",
        {"table.undo": "ctrl+u"},
    )
    code, out, _ = run("config")
    assert code == 0 and out.startswith(f"Settings file: {_private_settings}\n")
    shown = rows(out)
    assert (shown["theme"], shown["glyphs"], shown["keys.table.undo"]) == (
        "nord",
        "ascii",
        "ctrl+u",
    )
    assert "keys.<binding id>" not in shown


def test_set_language_then_the_next_run_speaks_it(run):
    assert run("config", "set", "language", "ja")[0] == 0
    code, out, _ = run("config")
    assert code == 0 and out.startswith(
        translations("ja").gettext("Settings file: {state}").split("{")[0]
    )
    assert rows(out)["language"] == "ja"
    assert rows(run("--lang", "en", "config")[1])["language"] == "ja (this run: en, from --lang)"


@pytest.mark.parametrize(
    ("key", "value", "needle"),
    [
        ("language", "fr", "language takes en, ja, not 'fr'"),
        ("glyphs", "fancy", "glyphs takes auto, unicode, ascii, not 'fancy'"),
        ("colour", "red", "there is no setting 'colour'"),
        ("keys.table.undo", "ctrl+\x1b", "keys.table.undo takes a name"),
    ],
)
def test_a_bad_key_or_value_exits_2_and_changes_nothing(run, _private_settings, key, value, needle):
    run("config", "set", "theme", "nord")
    before = _private_settings.read_bytes()
    code, out, err = run("config", "set", key, value)
    assert (code, out) == (2, "")
    assert err.startswith("uno-referee config: ") and needle in err
    assert err.endswith("; nothing was changed\n")
    assert _private_settings.read_bytes() == before


def test_a_bad_value_leaves_even_an_unreadable_file_where_it_is(run, _private_settings):
    _private_settings.write_text("theme = [unclosed\n", encoding="utf-8")
    code, _, err = run("config", "set", "language", "klingon")
    assert code == 2 and "language takes" in err
    assert _private_settings.read_text(encoding="utf-8") == "theme = [unclosed\n"
    assert not list(_private_settings.parent.glob("settings.toml.unreadable-*"))


def test_unset_removes_a_setting_and_says_so_when_there_was_none(run, _private_settings):
    run("config", "set", "theme", "nord")
    assert run("config", "unset", "theme") == (
        0,
        f"theme is no longer set (in {_private_settings})\n",
        "",
    )
    assert settings.load().theme is None
    assert run("config", "unset", "theme") == (0, "theme was not set; nothing was changed\n", "")
    code, _, err = run("config", "unset", "colour")
    assert code == 2 and "there is no setting 'colour'" in err


def test_unset_without_a_file_creates_none(run, _private_settings):
    assert run("config", "unset", "language")[0] == 0
    assert not _private_settings.exists()


def test_an_unreadable_file_is_a_warning_once_then_set_aside_by_set(run, _private_settings):
    _private_settings.write_text('language = "ja"\ntheme = [unclosed\n', encoding="utf-8")
    code, out, err = run("config")
    assert code == 0
    assert err.count("uno-referee: warning: the settings file") == 1
    assert "it cannot be used, see the warning above" in out
    assert rows(out)["language"].startswith("not set")  # the file is ignored as a whole
    code, _, err = run("config", "set", "glyphs", "ascii")
    assert code == 0 and "it was kept as" in err
    aside = list(_private_settings.parent.glob("settings.toml.unreadable-*"))
    assert len(aside) == 1 and "[unclosed" in aside[0].read_text(encoding="utf-8")
    assert settings.load() == settings.Settings(glyphs="ascii")
    assert run("config")[2] == ""


def test_a_wrong_value_in_the_file_warns_and_every_command_goes_on(
    run, _private_settings, tmp_path: Path
):
    _private_settings.write_text('language = "klingon"\n', encoding="utf-8")
    code, out, err = run("rules")
    assert code == 0 and out.startswith("Rulebook in force")
    assert err == (
        f"uno-referee: warning: the settings file {_private_settings} is ignored: "
        "language takes en, ja, not 'klingon'\n"
    )


def test_a_file_that_cannot_be_written_is_a_plain_error(run, tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv(settings.CONFIG_VARIABLE, str(blocker / "settings.toml"))
    code, out, err = run("config", "set", "theme", "nord")
    assert (code, out) == (2, "")
    assert err.splitlines()[-1].startswith("uno-referee config: cannot write ")
