"""`uno-referee config`: where the settings file is, each setting and what applies; set, unset."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TextIO

from ..i18n import LANGUAGES, _, locale_language
from ..notation import visible
from ..store import settings as store
from .common import OK, UNREADABLE, Failure, cells

_PREFIX = "uno-referee config"
# The locale variables in the order POSIX (and referee.i18n.choose) reads them: the first set
# one decides.
_LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


# config (show) ---------------------------------------------------------------------------------


def show(out: TextIO, flag: str | None = None, environ: Mapping[str, str] | None = None) -> int:
    """The settings file's place and state, then each setting: its value, or what applies."""
    path = store.settings_path()
    found = store.load(path)
    if found.unreadable:
        state = _(
            "{path} (it cannot be read, see the warning above; it is left as it is, and "
            "'uno-referee config set' refuses to replace it)"
        )
    elif found.problem is not None:
        state = _(
            "{path} (it cannot be used, see the warning above; 'uno-referee config set' "
            "puts it aside and starts a new one)"
        )
    elif path.exists():
        state = "{path}"
    else:
        state = _("{path} (not created yet; 'uno-referee config set KEY VALUE' creates it)")
    out.write(
        _("Settings file: {state}").format(state=state.format(path=visible(str(path)))) + "\n\n"
    )
    rows = [
        ("language", _language(found.language, flag, environ)),
        (
            "theme",
            found.theme if found.theme is not None else _("not set; the app's own theme applies"),
        ),
        (
            "glyphs",
            found.glyphs
            if found.glyphs is not None
            else _(
                "not set; auto applies: Unicode symbols, or ASCII when the language or the "
                "locale is Japanese"
            ),
        ),
        (
            "hub",
            found.hub
            if found.hub is not None
            else _("not set; the app syncs with no hub (the key is kept apart, in the app)"),
        ),
    ]
    if found.keys:
        rows += [(f"keys.{binding}", key) for binding, key in sorted(found.keys.items())]
    else:
        rows.append(("keys.<binding id>", _("none set; every key does what the app shows")))
    # Names and values from the file or the environment: shown, never acting on the terminal.
    rows = [(visible(name), visible(value)) for name, value in rows]
    width = max(cells(name) for name, _value in rows)
    for name, value in rows:
        out.write(f"  {name}{' ' * (width - cells(name))}  {value}\n")
    return OK


def _language(setting: str | None, flag: str | None, environ: Mapping[str, str] | None) -> str:
    """The language setting, or what chooses the language instead; and --lang if it wins."""
    env = os.environ if environ is None else environ
    if setting is not None:
        text = setting
    else:
        variable = next((name for name in _LOCALE_VARIABLES if env.get(name, "").strip()), None)
        spoken = locale_language(env)
        if variable is None:
            text = _("not set; no locale is set, so {lang} applies").format(lang=LANGUAGES[0])
        elif spoken is None:
            text = _(
                "not set; the locale ({variable}={value}) names no language, so {lang} applies"
            ).format(variable=variable, value=env[variable].strip(), lang=LANGUAGES[0])
        else:
            text = _("not set; the locale ({variable}={value}) gives {lang}").format(
                variable=variable, value=env[variable].strip(), lang=spoken
            )
    if flag is not None:
        return _("{setting} (this run: {lang}, from --lang)").format(setting=text, lang=flag)
    return text


# config set, config unset ----------------------------------------------------------------------


def set_value(key: str, value: str, out: TextIO) -> int:
    """Store one setting; nothing changes when the key or the value is not one it takes."""
    try:
        stored = store.check(key, value)
    except store.SettingsError as exc:
        raise Failure(
            _("{prefix}: {error}; nothing was changed").format(prefix=_PREFIX, error=exc),
            UNREADABLE,
        ) from None
    path = _change(key, stored)
    out.write(
        _("{key} = {value} (saved in {path})").format(
            key=visible(key), value=visible(stored), path=visible(str(path))
        )
        + "\n"
    )
    return OK


def unset(key: str, out: TextIO) -> int:
    """Remove one setting, so that what applies without it applies again."""
    try:
        store.check_key(key)
    except store.SettingsError as exc:
        raise Failure(
            _("{prefix}: {error}; nothing was changed").format(prefix=_PREFIX, error=exc),
            UNREADABLE,
        ) from None
    path = store.settings_path()
    found = store.load(path)
    if found.problem is None and found.value(key) is None:
        out.write(_("{key} was not set; nothing was changed").format(key=visible(key)) + "\n")
        return OK
    _change(key, None)
    out.write(
        _("{key} is no longer set (in {path})").format(key=visible(key), path=visible(str(path)))
        + "\n"
    )
    return OK


def _change(key: str, value: str | None) -> Path:
    path = store.settings_path()
    try:
        kept = store.change(key, value, path).kept
    except store.SettingsError as exc:
        raise Failure(
            _("{prefix}: {error}; nothing was changed").format(prefix=_PREFIX, error=exc),
            UNREADABLE,
        ) from None
    except OSError as exc:
        raise Failure(
            _("{prefix}: cannot write {path}: {reason}").format(
                prefix=_PREFIX, path=str(path), reason=exc.strerror or exc
            ),
            UNREADABLE,
        ) from None
    if kept is not None:
        print(
            visible(
                _(
                    "{prefix}: the settings file could not be read; it was kept as {kept} "
                    "and a new one was started"
                ).format(prefix=_PREFIX, kept=str(kept))
            ),
            file=sys.stderr,
        )
    return path


# The command's `run` (declared in `config_args`) -------------------------------------------


def run(a: argparse.Namespace) -> int:
    if a.action == "set":
        return set_value(a.key, a.value, sys.stdout)
    if a.action == "unset":
        return unset(a.key, sys.stdout)
    return show(sys.stdout, getattr(a, "lang", None))
