"""The league's hub in the settings (`config set hub URL`) and this laptop's key in a private
file beside them, never shown whole (issue 28, item 4)."""

from __future__ import annotations

import os
import stat

import pytest

from referee.store import settings
from referee.store.hub_key import (
    HubKeyRefused,
    check_key,
    forget_hub_key,
    key_path,
    masked,
    read_hub_key,
    save_hub_key,
)

KEY = "uk_7f3a9c2e51b84d06aa1f"


def test_config_keeps_the_hubs_address_without_its_trailing_slash(run):
    code, out, _err = run("config", "set", "hub", "http://192.168.1.20:8766/")
    assert code == 0
    assert settings.load().hub == "http://192.168.1.20:8766"
    _code, out, _err = run("config")
    assert "  hub" in out and "http://192.168.1.20:8766" in out


@pytest.mark.parametrize(
    "typed", ["ftp://hub.example", "192.168.1.20:8790", "http://", "http://a b"]
)
def test_an_address_that_is_not_a_hubs_is_refused_and_nothing_changes(run, typed):
    code, _out, err = run("config", "set", "hub", typed)
    assert code == 2
    assert "hub takes a hub's address such as http://HOST:PORT" in err
    assert "nothing was changed" in err
    assert settings.load().hub is None


def test_the_key_is_kept_for_this_user_alone_and_read_back():
    save_hub_key(f"  {KEY}\n")
    path = key_path()
    assert path.parent == settings.settings_path().parent
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert read_hub_key() == KEY
    # Not in the settings file, which `config` prints.
    assert not settings.settings_path().exists() or KEY not in settings.settings_path().read_text()
    save_hub_key("uk_second_key_0000")
    assert read_hub_key() == "uk_second_key_0000"
    forget_hub_key()
    assert read_hub_key() is None
    forget_hub_key()  # twice: nothing to forget


def test_a_key_file_others_can_read_is_not_trusted():
    save_hub_key(KEY)
    os.chmod(key_path(), 0o644)
    assert read_hub_key() is None
    assert key_path().read_text() == KEY  # left as it is


@pytest.mark.parametrize("typed", ["", "   ", "two words", "ctl\x1bchar", "k" * 5000])
def test_a_key_that_is_not_one_printable_word_is_refused(typed):
    with pytest.raises(HubKeyRefused):
        check_key(typed)
    with pytest.raises(HubKeyRefused):
        save_hub_key(typed)
    assert not key_path().exists()


def test_a_key_is_shown_by_its_last_four_characters_only():
    assert masked(KEY) == "****" + KEY[-4:]
    assert KEY[:-4] not in masked(KEY)
    assert masked("short") == "****"
