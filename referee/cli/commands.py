"""The whole command line, declared without loading any command: its options, and each
command's arguments and `run`.

A command's `run` is named, not imported: `set_defaults(run="MODULE:FUNCTION")`, a module of
this package and its function taking the parsed arguments (`main` loads it when the command
runs). Declaring needs argparse and the catalogue only, so `--help` and a command's usage error
load no engine, service or store, and each command loads only what it uses.
"""

from __future__ import annotations

import argparse
import functools
import importlib
from collections.abc import Sequence

from .. import __version__
from ..i18n import _, current
from .language import add_lang, lang_on_command
from .parsing import ArgumentParser, LazyParser

COMMAND_MODULES = {
    "file_args": ("check", "replay", "score", "rules"),
    "export_args": ("export",),
    "session_args": (
        "new",
        "list",
        "show",
        "move",
        "undo",
        "correct",
        "import",
        "delete",
        "restore",
    ),
    "stats_args": ("stats", "players", "label"),
    "serve_args": ("serve",),
    "hub_args": ("hub", "sync"),
    "event_args": ("event",),
    "config_args": ("config",),
}
"""The modules of this package that declare the commands, each with the commands it adds
(`register(subparsers)`, naming their `run`), in the order `--help` lists them."""

DECLARED_IN = {command: module for module, names in COMMAND_MODULES.items() for command in names}

TOP_OPTIONS_WITH_VALUE = ("--data-dir", "--lang")
"""The options before a command that take a value (see `_parser`)."""


def build_parser(words: Sequence[str] = ()) -> argparse.ArgumentParser:
    """The command line in the language in use (its help is written as it is built): only
    the command `words` name, when they name one for certain, else all of them."""
    return _parser(current(), DECLARED_IN.get(named_command(words) or ""))


def named_command(words: Sequence[str]) -> str | None:
    """The command `words` run, when nothing before it can be anything else: past the options
    that take a value (as `--lang ja` or `--data-dir=DIR`), any other option (`--help`, an
    abbreviation, `--`) leaves the command line to the whole parser, as does an unknown name."""
    at = 0
    while at < len(words):
        word = words[at]
        option, joined, _value = word.partition("=")
        if option in TOP_OPTIONS_WITH_VALUE:
            at += 1 if joined else 2
        elif word.startswith("-"):
            return None
        else:
            return word if word in DECLARED_IN else None
    return None


@functools.cache
def _parser(lang: str, only: str | None = None) -> argparse.ArgumentParser:
    """Built once per language (and command module: `only`, or None for all) and process:
    argparse looks up its translations on every argument it adds, several milliseconds paid
    again by every in-process caller. A run of one command declares that command's module
    alone, and parses its line as the whole command line would: the usage and errors of the
    line before the command name no command (`COMMAND`)."""
    parser = ArgumentParser(
        prog="uno-referee",
        description=_("A referee and scorekeeper for UNO played with real cards."),
        epilog=_(
            "exit status: 0 every line legal, 1 a refused move, 2 a syntax error or a file "
            "that cannot be read"
        ),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"uno-referee {__version__}",
        help=_("show the program's version number and exit"),
    )
    # Its own dest: a subcommand's --data-dir (default None) would overwrite a shared one.
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        dest="app_data_dir",
        help=_("where sessions are stored (default: $UNO_REFEREE_HOME, else the user data folder)"),
    )
    add_lang(parser, None)
    # Each command's parser is built when that command is parsed (or its help shown): argparse
    # calls this factory as it would a parser class.
    sub = parser.add_subparsers(  # type: ignore[call-overload]
        dest="command",
        metavar="COMMAND",
        title=_("commands"),
        parser_class=functools.partial(LazyParser, finish=lang_on_command),
    )
    for module in COMMAND_MODULES if only is None else (only,):
        importlib.import_module(f"{__package__}.{module}").register(sub)
    return parser
