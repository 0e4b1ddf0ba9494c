"""Which language a run speaks: `--lang`, then the settings file, then the locale, then English."""

from __future__ import annotations

import os
from collections.abc import Mapping

from .catalogue import LANGUAGES

# POSIX order: LC_ALL overrides LC_MESSAGES, which overrides LANG; the first one set decides.
_LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


def locale_language(environ: Mapping[str, str] | None = None) -> str | None:
    """The product language the locale asks for (`ja_JP.UTF-8` is `ja`), or None when the
    locale is unset or `C`/`POSIX`."""
    env = os.environ if environ is None else environ
    for variable in _LOCALE_VARIABLES:
        value = env.get(variable, "").strip()
        if not value:
            continue
        code = value.split(".")[0].split("@")[0].split("_")[0].lower()
        if code in ("c", "posix"):
            return None
        return code if code in LANGUAGES else LANGUAGES[0]
    return None


def choose(
    flag: str | None = None, setting: str | None = None, environ: Mapping[str, str] | None = None
) -> str:
    """The language of this run from the `--lang` flag, the settings file's `language`, the
    locale, in that order; English when none of them names a language the product speaks."""
    for wanted in (flag, setting):
        if wanted and wanted.strip().lower() in LANGUAGES:
            return wanted.strip().lower()
    return locale_language(environ) or LANGUAGES[0]
