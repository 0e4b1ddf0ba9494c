"""The per-user folders found without platformdirs are those platformdirs names."""

from __future__ import annotations

import sys
from pathlib import Path

import platformdirs
import pytest

from referee.store import cache, settings
from referee.store.paths import APP_NAME, Layout, PathError, data_dir, user_folder, user_path_name

KINDS = ("data", "config", "cache")
VARIABLES = ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME")


def platformdirs_folder(kind: str) -> Path:
    return Path(getattr(platformdirs, f"user_{kind}_dir")(APP_NAME, appauthor=False))


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(
    ("home", "xdg"),
    [
        ("/home/ann", None),
        ("/home/ann/", None),
        ("/", None),
        ("/home/ann", "/srv/xdg"),
        ("/home/ann", "/srv/xdg/"),
        ("/home/ann", ""),
        ("/home/ann", "relative/xdg"),
        ("/home/ann", "~/xdg"),
        ("relative-home", "/srv/xdg"),
        ("relative-home", None),
        (None, "/srv/xdg"),
        (None, None),
    ],
)
def test_the_folders_are_platformdirs_own(
    monkeypatch: pytest.MonkeyPatch, kind: str, home: str | None, xdg: str | None
) -> None:
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)
    if home is None:
        monkeypatch.delenv("HOME", raising=False)
    else:
        monkeypatch.setenv("HOME", home)
    if xdg is not None:
        monkeypatch.setenv(VARIABLES[KINDS.index(kind)], xdg)
    try:
        expected = platformdirs_folder(kind)
    except RuntimeError:
        # No home folder to be found: platformdirs' own answer (and error) is what is given.
        with pytest.raises(RuntimeError):
            user_folder(kind)
        return
    assert user_folder(kind) == expected


def test_each_store_folder_is_its_kind(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("UNO_REFEREE_HOME", settings.CONFIG_VARIABLE, cache.CACHE_VARIABLE):
        monkeypatch.delenv(name, raising=False)
    for name in VARIABLES:
        monkeypatch.setenv(name, str(tmp_path / name))
    assert data_dir() == platformdirs_folder("data") == tmp_path / "XDG_DATA_HOME" / APP_NAME
    assert settings.settings_path() == platformdirs_folder("config") / settings.FILE_NAME
    assert cache.cache_dir() == platformdirs_folder("cache")


@pytest.mark.skipif(sys.platform != "linux", reason="elsewhere platformdirs answers")
def test_linux_folders_load_no_platformdirs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", "/home/ann")
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delitem(sys.modules, "platformdirs", raising=False)
    assert user_folder("config") == Path("/home/ann/.config") / APP_NAME
    assert "platformdirs" not in sys.modules


def test_a_path_without_a_tilde_is_read_as_given(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", "/home/ann")
    assert user_path_name("/srv/uno/settings.toml", "VAR") == "/srv/uno/settings.toml"
    assert user_path_name("~/settings.toml", "VAR") == Path("/home/ann/settings.toml")
    with pytest.raises(PathError, match="VAR: there is no user no-such-user-here"):
        user_path_name("~no-such-user-here/settings.toml", "VAR")
    with pytest.raises(PathError):
        user_path_name("./~no-such-user-here/settings.toml", "VAR")


@pytest.mark.parametrize("root", ["absolute", "absolute/", "relative", "./relative/"])
def test_a_layouts_places_by_name_are_its_places(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, root: str
) -> None:
    monkeypatch.chdir(tmp_path)
    named = str(tmp_path / root) if root.startswith("absolute") else root
    layout = Layout(named)
    assert Path(layout.folder) == layout.root == Path(named)
    assert Path(layout.sessions_folder) == layout.sessions
    assert Path(layout.session_file("abc234")) == layout.session("abc234")
    assert Path(layout.lock_file("abc234")) == layout.lock("abc234")
    layout.ensure()
    assert layout.sessions.is_dir()
    assert layout.session_ids() == []
    (layout.sessions / "abc234.json").write_text("{}")
    assert layout.session_ids() == ["abc234"]


@pytest.mark.parametrize("in_the_way", ["data", "data/sessions"])
def test_a_file_in_the_way_of_the_folders_is_not_a_folder(tmp_path: Path, in_the_way: str) -> None:
    # Not "taken" (FileExistsError), which the callers read as an id clash.
    (tmp_path / "data").mkdir(exist_ok=in_the_way == "data/sessions")
    if in_the_way == "data":
        (tmp_path / "data").rmdir()
    (tmp_path / in_the_way).write_text("a file")
    with pytest.raises(NotADirectoryError):
        Layout(tmp_path / "data").ensure()
