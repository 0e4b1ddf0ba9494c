"""The settings file: language, theme, glyphs, the league's hub and key bindings, kept between
runs (TOML)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from types import MappingProxyType

from ..i18n import LANGUAGES, _
from ..named import NamedTuple
from ..notation.names import visible
from . import documents
from .paths import user_folder_name, user_path_name
from .reading import MAX_DEPTH, check_nesting, read_regular

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

# Every command reads this file first, to choose its language: what only a change of the file
# or a file that is there needs (tomllib, platformdirs, the atomic writer, the lock) is loaded
# where used.

CONFIG_VARIABLE = "UNO_REFEREE_CONFIG"
"""A settings file to use instead of the one in the platform's config folder (tests, kiosks)."""
FILE_NAME = "settings.toml"
GLYPHS = ("auto", "unicode", "ascii")
"""`auto` draws Unicode symbols unless the language or locale is Japanese, where terminals may
draw East Asian Ambiguous characters two cells wide; `ascii` never draws them."""
KEYS = ("language", "theme", "glyphs", "hub")
"""The plain settings, in the order `uno-referee config` shows them; key bindings follow."""
MAX_BYTES = 1_000_000
"""A settings file larger than this is not read: a few hundred bytes is usual."""
_LOCK_WAIT = 30.0
"""Seconds a change waits for other processes changing the file. Each holds the lock for a
read and a synced write, milliseconds; many at once on a busy disk queue up behind each other,
and a change that gave up would be a setting lost."""


class SettingsError(ValueError):
    """A change the settings file does not take: a setting's value the product does not take
    (its message says which it takes), or a file that is there but cannot be read (which is
    never replaced) or is being changed by another process too long."""


class Settings(NamedTuple):
    """What the settings file says; None where it says nothing."""

    language: str | None = None
    theme: str | None = None
    glyphs: str | None = None
    hub: str | None = None
    """The league's hub this laptop syncs with (`http://HOST:PORT`); its key is kept apart,
    in a private file (`hub_key`)."""
    keys: Mapping[str, str] = MappingProxyType({})
    """Key bindings by binding id (`table.undo = "ctrl+u"`), as Textual's keymap takes them."""
    problem: str | None = None
    """Why the file could not be read (it is then left as it is and ignored)."""
    unreadable: bool = False
    """The file is there but could not be read at all (no permission, a folder, a named pipe):
    unlike a damaged one, it is never set aside or replaced, and a change is refused."""

    def value(self, key: str) -> str | None:
        if key.startswith("keys."):
            return self.keys.get(key[5:])
        return getattr(self, key) if key in KEYS else None


def settings_path() -> Path:
    """`$UNO_REFEREE_CONFIG`, else `settings.toml` in the platform's config folder."""
    from pathlib import Path

    return Path(_settings_file())


def _settings_file() -> str | Path:
    """`settings_path()`, a string where no variable names it: every command reads the file
    (`load`, `sweep`), and only a change of it needs pathlib."""
    explicit = os.environ.get(CONFIG_VARIABLE, "").strip()
    if explicit:
        return user_path_name(explicit, CONFIG_VARIABLE)
    return os.path.join(user_folder_name("config"), FILE_NAME)


def check_key(key: str) -> None:
    """SettingsError unless `key` names a setting (`language`, ..., `keys.<binding id>`)."""
    # A binding id is a dotted name: one with a control character (which would act on the
    # terminal where `config` lists it) names no binding.
    if key not in KEYS and not (key.startswith("keys.") and len(key) > 5 and visible(key) == key):
        raise SettingsError(
            _("there is no setting {key!r} (settings: {known})").format(
                key=key, known=", ".join((*KEYS, "keys.<binding id>"))
            )
        )


def check(key: str, value: str) -> str:
    """The value to store for `key`, or SettingsError naming what the key takes."""
    check_key(key)
    value = value.strip()
    if key == "language":
        if value.lower() not in LANGUAGES:
            raise SettingsError(
                _("language takes {choices}, not {value!r}").format(
                    choices=", ".join(LANGUAGES), value=value
                )
            )
        return value.lower()
    if key == "glyphs":
        if value.lower() not in GLYPHS:
            raise SettingsError(
                _("glyphs takes {choices}, not {value!r}").format(
                    choices=", ".join(GLYPHS), value=value
                )
            )
        return value.lower()
    if key == "hub":
        return _hub_address(value)
    # The theme and the key bindings: a name, shown as it is (no control character).
    if not value or visible(value) != value:
        raise SettingsError(_("{key} takes a name, not {value!r}").format(key=key, value=value))
    return value


def _hub_address(value: str) -> str:
    """A hub's address as kept: `http(s)://HOST[:PORT]`, without a trailing slash."""
    import urllib.parse

    parts = urllib.parse.urlsplit(value)
    if (
        parts.scheme not in ("http", "https")
        or not parts.netloc
        or visible(value) != value
        or any(c.isspace() for c in value)
    ):
        raise SettingsError(
            _("hub takes a hub's address such as http://HOST:PORT, not {value!r}").format(
                value=value
            )
        )
    return value.rstrip("/")


def load(path: str | Path | None = None) -> Settings:
    """The settings file's contents; defaults when there is none. A file that cannot be read or
    holds values the product does not take is ignored and left untouched, with a problem."""
    path = path or _settings_file()
    try:
        return _read(path)
    except OSError as exc:
        return Settings(
            problem=_(
                "the settings file {path} cannot be read ({reason}); it is "
                "ignored and left as it is"
            ).format(path=str(path), reason=exc.strerror or exc),
            unreadable=True,
        )


def _read(path: str | Path) -> Settings:
    """The file's contents, defaults when there is none, or a problem when it is damaged; an
    OSError when it is there but cannot be read (no permission, not a regular file)."""
    try:
        raw = read_regular(path, MAX_BYTES)
    except FileNotFoundError:
        return Settings()
    try:
        if len(raw) > MAX_BYTES:
            raise ValueError(_("it is larger than {limit:,} bytes").format(limit=MAX_BYTES))
        text = raw.decode("utf-8")
        check_nesting(text)
        import tomllib

        data = tomllib.loads(text)
    except UnicodeDecodeError as exc:
        reason = _("not UTF-8 text at byte {offset}").format(offset=exc.start)
    except (ValueError, RecursionError) as exc:  # tomllib.TOMLDecodeError is a ValueError
        reason = str(exc) or type(exc).__name__
    else:
        return _settings(path, data)
    return Settings(
        problem=_("the settings file {path} cannot be read ({reason}); it is ignored").format(
            path=str(path), reason=reason
        )
    )


def _settings(path: str | Path, data: dict[str, Any]) -> Settings:
    try:
        plain = {key: check(key, _text(key, data[key])) for key in KEYS if key in data}
        keys = data.get("keys", {})
        if not isinstance(keys, dict):
            raise SettingsError(_("keys must be a table of binding ids and keys"))
        bound = {k: check(f"keys.{k}", _text(f"keys.{k}", v)) for k, v in _bindings(keys)}
    except SettingsError as exc:
        return Settings(
            problem=_("the settings file {path} is ignored: {reason}").format(
                path=str(path), reason=str(exc)
            )
        )
    return Settings(
        language=plain.get("language"),
        theme=plain.get("theme"),
        glyphs=plain.get("glyphs"),
        hub=plain.get("hub"),
        keys=bound,
    )


def _bindings(keys: dict[str, Any]) -> list[tuple[str, Any]]:
    """The `[keys]` table as (binding id, key) pairs: `table.undo = "ctrl+u"` written unquoted
    is a table in TOML, read back as the dotted id it was written as."""
    pairs: list[tuple[str, Any]] = []
    # A loop rather than recursion: dotted keys nest without brackets, as deep as a file is long.
    tables: list[tuple[str, dict[str, Any]]] = [("", keys)]
    while tables:
        prefix, table = tables.pop()
        for name, value in table.items():
            if isinstance(value, dict) and prefix.count(".") < MAX_DEPTH:
                tables.append((f"{prefix}{name}.", value))
            else:
                pairs.append((f"{prefix}{name}", value))
    return sorted(pairs)


def _text(key: str, value: object) -> str:
    # Never str() of a table: TOML's dotted keys nest without brackets, and the text of a
    # table nested thousands deep is a RecursionError.
    if isinstance(value, str):
        return value
    if isinstance(value, bool | int | float):
        return str(value)
    raise SettingsError(_("{key} takes text, not a table, an array or a date").format(key=key))


def _dump(settings: Settings) -> bytes:
    # tomli-w writes TOML correctly (quoting, escapes) where hand-made lines would not.
    import tomli_w

    data: dict[str, object] = {
        key: settings.value(key) for key in KEYS if settings.value(key) is not None
    }
    if settings.keys:
        data["keys"] = dict(settings.keys)
    return tomli_w.dumps(data).encode("utf-8")


class Changed(NamedTuple):
    """The settings after a change, and where a damaged file was set aside (None if not)."""

    settings: Settings
    kept: Path | None


def change(key: str, value: str | None, path: Path | None = None) -> Changed:
    """Set (or with None, remove) one setting and write the file, creating it on first change.

    Read, changed and written under the file's lock, so that two changes at once both last. A
    damaged file is set aside (`settings.toml.unreadable-<time>`) first, never overwritten; a
    file that cannot be read at all is left as it is and the change refused (SettingsError)."""
    path = path or settings_path()
    # Checked before anything is touched: a refused value leaves even an unreadable file as is.
    check_key(key)
    stored = None if value is None else check(key, value)
    from . import locks

    try:
        with documents.changing(path, _LOCK_WAIT):
            return _change(path, key, stored)
    except locks.Timeout:
        raise SettingsError(
            _("another process is changing the settings file {path}; try again").format(
                path=str(path)
            )
        ) from None


def _change(path: Path, key: str, stored: str | None) -> Changed:
    try:
        current = _read(path)
    except OSError as exc:
        raise SettingsError(
            _(
                "the settings file {path} cannot be read ({reason}), so it is left "
                "as it is: make it a file you can read, or remove it"
            ).format(path=str(path), reason=exc.strerror or exc)
        ) from None
    kept = None
    if current.problem is not None:
        kept = _set_aside(path)
        current = Settings()
    if key.startswith("keys."):
        keys = dict(current.keys)
        if stored is None:
            keys.pop(key[5:], None)
        else:
            keys[key[5:]] = stored
        updated = current._replace(keys=keys)
    else:
        updated = current._replace(**{key: stored})  # type: ignore[arg-type]
    from .atomic import write_atomically

    write_atomically(path, _dump(updated))
    return Changed(updated, kept)


def _set_aside(path: Path) -> Path:
    """Move the damaged file to a name of its own beside it (never over another one)."""
    import datetime

    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%dT%H%M%SZ")
    for n in range(1000):
        target = path.with_name(f"{path.name}.unreadable-{stamp}{f'-{n}' if n else ''}")
        if not target.exists():
            path.replace(target)
            return target
    raise FileExistsError(target)


def sweep(path: str | Path | None = None) -> None:
    """Remove the temp files a `change` killed mid-write left beside the settings file."""
    documents.sweep(path or _settings_file())
