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

from .. import __version__
from ..i18n import _, current
from . import (
    config_args,
    event_args,
    export_args,
    file_args,
    hub_args,
    serve_args,
    session_args,
    stats_args,
)
from .language import add_lang, lang_on_command
from .parsing import ArgumentParser, LazyParser

# Each module adds its subcommands with `register(subparsers)`, naming their `run`.
COMMAND_MODULES = (
    file_args,
    export_args,
    session_args,
    stats_args,
    serve_args,
    hub_args,
    event_args,
    config_args,
)


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
    for module in COMMAND_MODULES:
        module.register(sub)
    return parser
