"""The settings file: language, theme, glyphs and key bindings, kept between runs (TOML)."""

from __future__ import annotations

import os
import time
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

import platformdirs

from ..i18n import LANGUAGES, _
from .atomic import write_atomically
from .paths import APP_NAME

CONFIG_VARIABLE = "UNO_REFEREE_CONFIG"
"""A settings file to use instead of the one in the platform's config folder (tests, kiosks)."""
FILE_NAME = "settings.toml"
GLYPHS = ("auto", "unicode", "ascii")
"""`auto` draws Unicode symbols unless the language or locale is Japanese, where terminals may
draw East Asian Ambiguous characters two cells wide; `ascii` never draws them."""
KEYS = ("language", "theme", "glyphs")
"""The plain settings, in the order `uno-referee config` shows them; key bindings follow."""


class SettingsError(ValueError):
    """A setting's value the product does not take; its message says which it takes."""


@dataclass(frozen=True)
class Settings:
    """What the settings file says; None where it says nothing."""

    language: str | None = None
    theme: str | None = None
    glyphs: str | None = None
    keys: Mapping[str, str] = field(default_factory=dict)
    """Key bindings by binding id (`table.undo = "ctrl+u"`), as Textual's keymap takes them."""
    problem: str | None = None
    """Why the file could not be read (it is then left as it is and ignored)."""

    def value(self, key: str) -> str | None:
        if key.startswith("keys."):
            return self.keys.get(key[5:])
        return getattr(self, key) if key in KEYS else None


def settings_path() -> Path:
    """`$UNO_REFEREE_CONFIG`, else `settings.toml` in the platform's config folder."""
    explicit = os.environ.get(CONFIG_VARIABLE, "").strip()
    if explicit:
        return Path(explicit).expanduser()
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)) / FILE_NAME


def check_key(key: str) -> None:
    """SettingsError unless `key` names a setting (`language`, ..., `keys.<binding id>`)."""
    if key not in KEYS and not (key.startswith("keys.") and len(key) > 5):
        raise SettingsError(_("there is no setting {key!r} (settings: {known})").format(
            key=key, known=", ".join((*KEYS, "keys.<binding id>"))))


def check(key: str, value: str) -> str:
    """The value to store for `key`, or SettingsError naming what the key takes."""
    check_key(key)
    value = value.strip()
    if key == "language":
        if value.lower() not in LANGUAGES:
            raise SettingsError(_("language takes {choices}, not {value!r}").format(
                choices=", ".join(LANGUAGES), value=value))
        return value.lower()
    if key == "glyphs":
        if value.lower() not in GLYPHS:
            raise SettingsError(_("glyphs takes {choices}, not {value!r}").format(
                choices=", ".join(GLYPHS), value=value))
        return value.lower()
    # The theme and the key bindings: a name.
    if not value or any(ch < " " for ch in value):
        raise SettingsError(_("{key} takes a name, not {value!r}").format(key=key, value=value))
    return value


def load(path: Path | None = None) -> Settings:
    """The settings file's contents; defaults when there is none. A file that cannot be read or
    holds values the product does not take is ignored and left untouched, with a problem."""
    path = path or settings_path()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Settings()
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        return Settings(problem=_("the settings file {path} cannot be read ({reason}); it is "
                                  "ignored").format(path=str(path), reason=str(exc)))
    try:
        plain = {key: check(key, str(data[key])) for key in KEYS if key in data}
        keys = data.get("keys", {})
        if not isinstance(keys, dict):
            raise SettingsError(_("keys must be a table of binding ids and keys"))
        bound = {str(k): check(f"keys.{k}", str(v)) for k, v in keys.items()}
    except SettingsError as exc:
        return Settings(problem=_("the settings file {path} is ignored: {reason}").format(
            path=str(path), reason=str(exc)))
    return Settings(keys=bound, **plain)


def _dump(settings: Settings) -> bytes:
    # tomli-w writes TOML correctly (quoting, escapes) where hand-made lines would not.
    import tomli_w
    data: dict[str, object] = {key: settings.value(key) for key in KEYS
                               if settings.value(key) is not None}
    if settings.keys:
        data["keys"] = dict(settings.keys)
    return tomli_w.dumps(data).encode("utf-8")


def change(key: str, value: str | None, path: Path | None = None) -> Settings:
    """Set (or with None, remove) one setting and write the file, creating it on first change.
    A file that could not be read is set aside (`settings.toml.unreadable-<time>`) first, never
    overwritten."""
    path = path or settings_path()
    # Checked before anything is touched: a refused value leaves even an unreadable file as is.
    check_key(key)
    stored = None if value is None else check(key, value)
    current = load(path)
    if current.problem is not None and path.exists():
        path.replace(path.with_name(f"{path.name}.unreadable-{int(time.time())}"))
        current = Settings()
    if key.startswith("keys."):
        keys = dict(current.keys)
        if stored is None:
            keys.pop(key[5:], None)
        else:
            keys[key[5:]] = stored
        updated = replace(current, keys=keys)
    else:
        updated = replace(current, **{key: stored})  # type: ignore[arg-type]
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, _dump(updated))
    return updated
