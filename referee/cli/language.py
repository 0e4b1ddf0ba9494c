"""The language of the run: `--lang` (wherever it is given), the settings file, the locale."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from ..i18n import LANGUAGES, _, choose, use
from ..store import settings
from ..store.paths import PathError
from .common import warn
from .parsing import ArgumentParser, speak_argparse

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    from typing import NoReturn


def add_lang(parser: argparse.ArgumentParser, default: object) -> None:
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=default,
        help=_(
            "the language of this run: en or ja (default: the settings "
            "file's language, else the locale's)"
        ),
    )


def lang_on_command(parser: argparse.ArgumentParser) -> None:
    """`--lang` on a command's parser and on its subcommands' (`config set`)."""
    # `uno-referee rules --lang ja` reads as naturally as `uno-referee --lang ja rules`. Left
    # out, a subcommand's --lang does not overwrite the one given before it.
    add_lang(parser, argparse.SUPPRESS)
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for inner in action.choices.values():
                lang_on_command(inner)


class _Prelude(ArgumentParser):
    """Finds `--lang` alone, before the command line is built; never prints or exits."""

    def error(self, message: str) -> NoReturn:
        raise argparse.ArgumentError(None, message)


def lang_flag(words: Sequence[str]) -> str | None:
    """The value of `--lang` in `words` (wherever it is), or None; a value the product does not
    speak is left for the full parser to refuse."""
    if not any(word.startswith("--l") for word in words):
        # No `--lang`, nor the abbreviation argparse would take for it (`--l`, `--la`...):
        # the parser built below would find none.
        return None
    prelude = _Prelude(add_help=False, exit_on_error=False)
    prelude.add_argument("--lang")
    try:
        known, _rest = prelude.parse_known_args(list(words))
    except argparse.ArgumentError:
        return None
    value = known.lang
    return value if isinstance(value, str) and value in LANGUAGES else None


def speak(words: Sequence[str]) -> None:
    """Choose the language of the run (`--lang`, the settings file, the locale) and use it;
    warn once about a settings file that cannot be used."""
    # First, so that even the parser finding `--lang` asks our catalogue for argparse's words
    # (English until the language is chosen): argparse's own gettext looks for catalogue files
    # on the disk for each word, on every run.
    speak_argparse()
    try:
        found = settings.load()
        # Every command passes here: what a `config set` killed mid-write left goes.
        settings.sweep()
    except PathError:
        # $UNO_REFEREE_CONFIG names no folder: `usable_input` says so, in the language chosen.
        found = settings.Settings()
    use(choose(lang_flag(words), found.language))
    if found.problem is not None:
        # Read again, so that the problem is told in the language just chosen.
        warn(settings.load().problem or found.problem)
