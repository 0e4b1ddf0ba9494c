"""The compiled catalogue at run time: which language is in use, and its texts.

English is the source language: every text is written in English in the code (the gettext
msgid), and the Japanese catalogue (`locale/ja/LC_MESSAGES/uno_referee.mo`, compiled from the
`po/ja/*.po` parts by `python -m referee.i18n.build`) gives its translation. The standard
library reads the compiled file, so the program needs no extra package to speak Japanese.

The language is one setting for the whole process: the app switches it without a restart, the
command line sets it once from `--lang`, the settings file or the locale.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping
from functools import cache

DOMAIN = "uno_referee"
LOCALE_DIR = os.path.join(os.path.dirname(__file__), "locale")
LANGUAGES = ("en", "ja")
"""The languages the product speaks; the first is the source and the fallback."""


class Supplied(gettext.NullTranslations):
    """Translations a unit registered from outside the program brings with it (its texts are
    in no `.po` file): the compiled catalogue falls back to them."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: dict[tuple[str | None, str], str] = {}

    def gettext(self, message: str) -> str:
        return self.texts.get((None, message), message)

    def pgettext(self, context: str, message: str) -> str:
        return self.texts.get((context, message), message)


SUPPLIED = {lang: Supplied() for lang in LANGUAGES[1:]}
"""By language: (msgctxt or None, msgid) -> translation (see `supply`)."""


def supply(lang: str, texts: Mapping[tuple[str | None, str], str]) -> None:
    """Add translations of texts the catalogue does not hold (a unit registered from outside);
    the catalogue's own translation wins where it has one."""
    SUPPLIED[lang].texts.update(texts)


def withdraw(lang: str, texts: Mapping[tuple[str | None, str], str]) -> None:
    """Take out translations `supply` added."""
    for key in texts:
        SUPPLIED[lang].texts.pop(key, None)


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalogue of `lang`; English (and any unknown language) is the texts as written."""
    if lang == LANGUAGES[0] or lang not in LANGUAGES:
        return gettext.NullTranslations()
    found = gettext.translation(DOMAIN, LOCALE_DIR, [lang], fallback=True)
    found.add_fallback(SUPPLIED[lang])
    return found


_lang = LANGUAGES[0]
_active = translations(_lang)


def use(lang: str) -> None:
    """Speak `lang` from now on (ValueError for a language the product does not speak)."""
    global _lang, _active
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}")
    _lang, _active = lang, translations(lang)


def current() -> str:
    """The language in use: `en` or `ja`."""
    return _lang


def _(message: str) -> str:
    """`message` in the language in use."""
    return _active.gettext(message)


def pgettext(context: str, message: str) -> str:
    """`message` in the language in use, where the same English words need context (a colour
    name, a message key)."""
    return _active.pgettext(context, message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural text for `count`, in the language in use."""
    return _active.ngettext(singular, plural, count)


def N_(message: str) -> str:
    """Marks `message` for the catalogue without translating it: for texts kept in data (a
    table of labels) and translated where they are shown."""
    return message


def NC_(context: str, message: str) -> str:
    """As `N_`, for a text that needs a context (see `pgettext`)."""
    return message
