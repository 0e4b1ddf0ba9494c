"""The `uno-referee` command line: check, replay, score and rules, and (bare) the app."""

from __future__ import annotations

import argparse
import contextlib
import functools
import importlib
import io
import os
import sys
from collections.abc import Sequence

from .. import __version__
from ..notation import visible
from . import export_cmd, file_cmds, session_cmds
from .common import Failure

INTERNAL_ERROR = 3

_DESCRIPTION = "A referee and scorekeeper for UNO played with real cards."
_EPILOG = ("exit status: 0 every line legal, 1 a refused move, 2 a syntax error or a file that "
           "cannot be read")


# Each module adds its subcommands with `register(subparsers)`, setting `run(args) -> int`.
COMMAND_MODULES = (file_cmds, export_cmd, session_cmds)


@functools.cache
def build_parser() -> argparse.ArgumentParser:
    """The whole command line, built once per process (argparse looks up its translations on
    every argument it adds: several milliseconds, paid again by every in-process caller)."""
    parser = argparse.ArgumentParser(prog="uno-referee", description=_DESCRIPTION,
                                     epilog=_EPILOG)
    parser.add_argument("--version", action="version", version=f"uno-referee {__version__}")
    # Its own dest: a subcommand's --data-dir (default None) would overwrite a shared one.
    parser.add_argument("--data-dir", metavar="DIR", dest="app_data_dir",
                        help="where sessions are stored (default: $UNO_REFEREE_HOME, else the "
                             "user data folder)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in COMMAND_MODULES:
        module.register(sub)
    return parser


def _run(args: argparse.Namespace) -> int:
    run = getattr(args, "run", None)
    if run is None:
        return _open_app(args.app_data_dir)
    if args.app_data_dir and getattr(args, "data_dir", False) is None:
        # `uno-referee --data-dir DIR list` means the same as `uno-referee list --data-dir DIR`.
        args.data_dir = args.app_data_dir
    return int(run(args))


_NO_TERMINAL = ("uno-referee: the table app needs a terminal. Without one, try:\n"
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
        print(_NO_TERMINAL)
        return 0
    # Loaded by name, and only here: the engine package holds no import of the UI, and the
    # headless commands do not pay for loading Textual.
    app = importlib.import_module("screens.app")
    return int(app.run(data_dir))


def _utf8_streams() -> None:
    # Japanese player names must print on consoles whose default encoding is not UTF-8.
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(AttributeError, ValueError, io.UnsupportedOperation):
            stream.reconfigure(encoding="utf-8")  # type: ignore[union-attr]


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
    try:
        args = build_parser().parse_args(argv)
        return _run(args)
    except SystemExit as exc:
        return _exit_code(exc)
    except Failure as failure:
        # A message may quote a name or a move as typed: its controls must not reach the terminal.
        print(visible(failure.message, lines=True), file=sys.stderr)
        return failure.code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        _silence_stdout()
        return 1
    except Exception as exc:  # the last line of defence: no traceback reaches a user
        print(f"uno-referee: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return INTERNAL_ERROR

