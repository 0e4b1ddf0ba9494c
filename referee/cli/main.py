"""The `uno-referee` command line in the language of the run: its commands, and (bare) the app."""

from __future__ import annotations

import argparse
import contextlib
import functools
import importlib
import io
import os
import sys
from collections.abc import Mapping, Sequence
from typing import NoReturn

from .. import __version__
from ..i18n import LANGUAGES, _, choose, current, use
from ..notation import visible
from ..store import settings
from ..store.cache import CACHE_VARIABLE
from ..store.paths import HOME_VARIABLE, PathError, user_path
from . import config_cmd, export_cmd, file_cmds, serve_cmd, session_cmds, stats_cmd
from .common import UNREADABLE, Failure, not_utf8, utf8_text, warn
from .parsing import ArgumentParser, speak_argparse

INTERNAL_ERROR = 3


# Each module adds its subcommands with `register(subparsers)`, setting `run(args) -> int`.
COMMAND_MODULES = (file_cmds, export_cmd, session_cmds, stats_cmd, serve_cmd, config_cmd)


def build_parser() -> argparse.ArgumentParser:
    """The whole command line in the language in use (its help is written as it is built)."""
    return _parser(current())


@functools.cache
def _parser(lang: str) -> argparse.ArgumentParser:
    """Built once per language and process (argparse looks up its translations on every
    argument it adds: several milliseconds, paid again by every in-process caller)."""
    parser = ArgumentParser(
        prog="uno-referee",
        description=_("A referee and scorekeeper for UNO played with real cards."),
        epilog=_("exit status: 0 every line legal, 1 a refused move, 2 a syntax error or a file "
                 "that cannot be read"))
    parser.add_argument("--version", action="version", version=f"uno-referee {__version__}",
                        help=_("show the program's version number and exit"))
    # Its own dest: a subcommand's --data-dir (default None) would overwrite a shared one.
    parser.add_argument("--data-dir", metavar="DIR", dest="app_data_dir",
                        help=_("where sessions are stored (default: $UNO_REFEREE_HOME, else the "
                               "user data folder)"))
    _add_lang(parser, None)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title=_("commands"))
    for module in COMMAND_MODULES:
        module.register(sub)
    _lang_everywhere(sub)
    return parser


def _add_lang(parser: argparse.ArgumentParser, default: object) -> None:
    parser.add_argument("--lang", choices=LANGUAGES, default=default,
                        help=_("the language of this run: en or ja (default: the settings "
                               "file's language, else the locale's)"))


def _lang_everywhere(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    # `uno-referee rules --lang ja` reads as naturally as `uno-referee --lang ja rules`. Left
    # out, a subcommand's --lang does not overwrite the one given before it.
    for parser in sub.choices.values():
        _add_lang(parser, argparse.SUPPRESS)
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                _lang_everywhere(action)


class _Prelude(argparse.ArgumentParser):
    """Finds `--lang` alone, before the command line is built; never prints or exits."""

    def error(self, message: str) -> NoReturn:
        raise argparse.ArgumentError(None, message)


def lang_flag(words: Sequence[str]) -> str | None:
    """The value of `--lang` in `words` (wherever it is), or None; a value the product does not
    speak is left for the full parser to refuse."""
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
    try:
        found = settings.load()
        # Every command passes here: what a `config set` killed mid-write left goes.
        settings.sweep()
    except PathError:
        # $UNO_REFEREE_CONFIG names no folder: `usable_input` says so, in the language chosen.
        found = settings.Settings()
    use(choose(lang_flag(words), found.language))
    speak_argparse()
    if found.problem is not None:
        # Read again, so that the problem is told in the language just chosen.
        warn(settings.load().problem or found.problem)


PATH_VARIABLES = (HOME_VARIABLE, settings.CONFIG_VARIABLE, CACHE_VARIABLE)
"""The environment variables naming the program's folders and files."""


def usable_input(words: Sequence[str], environ: Mapping[str, str] | None = None) -> list[str]:
    """The arguments as text; Failure (exit 2) naming the first argument or variable that holds
    bytes that are not UTF-8 (a Shift_JIS file name) or a NUL, or a variable naming the folder
    of a user this machine does not have. Checked once, before any command: past here, every
    word is text."""
    for n, word in enumerate(words, 1):
        if "\0" in word:
            # No command line can hold one (a C string ends there), but a caller in this
            # process can, and no file name or text of the program takes it.
            raise Failure(_("uno-referee: argument {n}, {shown}, holds a NUL character (at "
                            "offset {offset})").format(n=n, shown=visible(word),
                                                       offset=word.index("\0")))
        found = not_utf8(word)
        if found is not None:
            raise Failure(_("uno-referee: argument {n}, {shown}, is not UTF-8 text (byte "
                            "{byte} at offset {offset}); arguments must be UTF-8: rename a file "
                            "or folder whose name is not").format(
                                n=n, shown=visible(word), byte=f"0x{found[1]:02x}",
                                offset=found[0]))
    env = os.environ if environ is None else environ
    for name in PATH_VARIABLES:
        value = env.get(name, "").strip()
        found = not_utf8(value)
        if found is not None:
            raise Failure(_("uno-referee: the variable {name}, {shown}, is not UTF-8 text (byte "
                            "{byte} at offset {offset}); set it to a UTF-8 path").format(
                                name=name, shown=visible(value), byte=f"0x{found[1]:02x}",
                                offset=found[0]))
        if value:
            user_path(value, name)
    return [utf8_text(word) for word in words]


def _run(args: argparse.Namespace) -> int:
    run = getattr(args, "run", None)
    if run is None:
        return _open_app(args.app_data_dir)
    if args.app_data_dir and getattr(args, "data_dir", False) is None:
        # `uno-referee --data-dir DIR list` means the same as `uno-referee list --data-dir DIR`.
        args.data_dir = args.app_data_dir
    return int(run(args))


def _no_terminal() -> str:
    return _("uno-referee: the table app needs a terminal. Without one, try:\n"
             "  uno-referee check FILE       is every line legal?\n"
             "  uno-referee replay FILE      the ruling on each statement\n"
             "  uno-referee score FILE       the score sheet\n"
             "  uno-referee rules            the rulebook in force\n"
             "  uno-referee --help           all commands")


def _terminal() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def _open_app(data_dir: str | None) -> int:
    if not _terminal():
        # A pipe or a script: a full-screen app would wait for keys that never come.
        print(_no_terminal())
        return 0
    # Loaded by name, and only here: the engine package holds no import of the UI, and the
    # headless commands do not pay for loading Textual.
    app = importlib.import_module("screens.app")
    return int(app.run(data_dir))


def _utf8_streams() -> None:
    # Japanese player names must print on consoles whose default encoding is not UTF-8. A lone
    # surrogate (a byte that was not UTF-8, in a path the system gave) that reached a message
    # some other way than through `visible` is written as `\udc83`, never an encoding error.
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(AttributeError, ValueError, io.UnsupportedOperation):
            stream.reconfigure(encoding="utf-8",  # type: ignore[union-attr]
                               errors="backslashreplace")


def _exit_code(exc: SystemExit) -> int:
    """argparse exits for --help, --version and usage errors; main returns the code instead."""
    if exc.code is None or isinstance(exc.code, int):
        return exc.code or 0
    print(exc.code, file=sys.stderr)
    return 1


def _silence_stdout() -> None:
    # The reader went away (`| head`): point stdout at /dev/null so that the flush at exit
    # does not raise a second BrokenPipeError (the recipe of the Python signal docs).
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, io.UnsupportedOperation):
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; never lets a traceback reach the user."""
    _utf8_streams()
    words = list(sys.argv[1:] if argv is None else argv)
    try:
        # Before the parser is built: its --help is written in the language of the run.
        speak(words)
        args = build_parser().parse_args(usable_input(words))
        return _run(args)
    except SystemExit as exc:
        return _exit_code(exc)
    except Failure as failure:
        # A message may quote a name or a move as typed: its controls must not reach the terminal.
        print(visible(failure.message, lines=True), file=sys.stderr)
        return failure.code
    except PathError as exc:
        # `--data-dir ~nobody`, or such a variable, found where the folder is first needed.
        print(visible(_("uno-referee: {error}").format(error=exc.message), lines=True),
              file=sys.stderr)
        return UNREADABLE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        _silence_stdout()
        return 1
    except Exception as exc:  # the last line of defence: no traceback reaches a user
        print(_("uno-referee: internal error: {kind}: {error}").format(
            kind=type(exc).__name__, error=exc), file=sys.stderr)
        return INTERNAL_ERROR

