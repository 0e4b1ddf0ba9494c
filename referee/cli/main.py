"""The `uno-referee` command line in the language of the run: its commands, and (bare) the app."""

from __future__ import annotations

import contextlib
import gc
import importlib
import io
import os
import sys
from collections.abc import Sequence

from .. import __version__

TYPE_CHECKING = False  # as typing's, without loading typing before `--version` answers
if TYPE_CHECKING:
    import argparse

INTERNAL_ERROR = 3

VERSION = f"uno-referee {__version__}"
"""What `--version` prints (argparse's `version` action prints the same)."""

# What a command needs is loaded when it runs, and only then: `--version` answers before
# anything is loaded, `--help` loads the declarations of the commands (`commands`), and a
# command loads its own module (its `run`) and what that uses. Scripts call `move` once a move.


def build_parser(words: Sequence[str] = ()) -> argparse.ArgumentParser:
    """The command line in the language in use (its help is written as it is built): the
    whole of it, or only the command `words` name (see `commands.build_parser`)."""
    from .commands import build_parser as build

    return build(words)


def _run(args: argparse.Namespace) -> int:
    run = getattr(args, "run", None)
    if run is None:
        _loaded()
        return _open_app(args.app_data_dir)
    if args.app_data_dir and getattr(args, "data_dir", False) is None:
        # `uno-referee --data-dir DIR list` means the same as `uno-referee list --data-dir DIR`.
        args.data_dir = args.app_data_dir
    # "MODULE:FUNCTION" (see `commands`): the command's module is loaded now (by the import
    # statement's machinery, which `-X importtime` reports; importlib's is not).
    module, _sep, function = run.partition(":")
    command = getattr(__import__(f"{__package__}.{module}", fromlist=[function]), function)
    _loaded()
    return int(command(args))


_one_command = False
"""Whether this process runs one command and ends (`main` as the console script), where the
collector is held back while the program loads (see `_loaded`)."""


def _loaded() -> None:
    """The command's modules are loaded: the cyclic garbage collector works again.

    In a process that runs one command, `main` stops it while the program loads: loading makes
    tens of thousands of objects (modules, classes, functions, tables) that live as long as
    the process, and each collection while they pile up, and the last one at exit, walked
    them all again for nothing (a tenth of a `check`). They are set aside from collections
    (`gc.freeze`); what the command makes from here on is collected as usual."""
    if _one_command:
        gc.freeze()
        gc.enable()


def _no_terminal() -> str:
    from ..i18n import _

    return _(
        "uno-referee: the table app needs a terminal. Without one, try:\n"
        "  uno-referee check FILE       is every line legal?\n"
        "  uno-referee replay FILE      the ruling on each statement\n"
        "  uno-referee score FILE       the score sheet\n"
        "  uno-referee rules            the rulebook in force\n"
        "  uno-referee --help           all commands"
    )


def _terminal() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def open_app(data_dir: str | None, event_id: str | None = None) -> int:
    """The app in this terminal (the director's screen of `event_id` over it)."""
    return _open_app(data_dir, event_id)


def _open_app(data_dir: str | None, event_id: str | None = None) -> int:
    global _app_ran
    if not _terminal():
        # A pipe or a script: a full-screen app would wait for keys that never come.
        print(_no_terminal())
        return 0
    # Its framework ends its own way (the terminal given back, its workers stopped).
    _app_ran = True
    # Loaded by name, and only here: the engine package holds no import of the UI, and the
    # headless commands do not pay for loading Textual.
    app = importlib.import_module("screens.app")
    if event_id is not None:
        return int(app.run(data_dir, event_id=event_id))
    return int(app.run(data_dir))


def _utf8_streams() -> None:
    # Japanese player names must print on consoles whose default encoding is not UTF-8. A lone
    # surrogate (a byte that was not UTF-8, in a path the system gave) that reached a message
    # some other way than through `visible` is written as `\udc83`, never an encoding error.
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(AttributeError, ValueError, io.UnsupportedOperation):
            stream.reconfigure(  # type: ignore[union-attr]
                encoding="utf-8", errors="backslashreplace"
            )


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
    global _one_command
    _utf8_streams()
    if argv is None and gc.isenabled():
        # The console script: one command, then the process ends (see `_loaded`). A caller
        # that passes the arguments (a test running commands in its own process) keeps its
        # collector as it is.
        _one_command = True
        gc.disable()
    words = list(sys.argv[1:] if argv is None else argv)
    if words == ["--version"]:
        # The same in every language, and asked for by scripts: nothing to read or choose.
        try:
            print(VERSION)
        except BrokenPipeError:
            _silence_stdout()
            return 1
        return 0
    code = _command(words)
    if _one_command and not _app_ran:
        _end_now(code)
    return code


_app_ran = False
"""Whether this process ran the app (see `_end_now`)."""


def _end_now(code: int) -> None:
    """End a process that has run its one command and written its answer, without tearing the
    interpreter down: emptying every module the command loaded, one by one, took about a
    twentieth of a `check`, and the system frees the memory, closes the files and releases
    the locks at once (what a command stores is stored before it answers). Only when nothing
    is left to do at exit: no exit function registered (by a library, say) and no other thread
    running; else, or if the answer cannot be written out, the process ends as usual."""
    import atexit

    callbacks = getattr(atexit, "_ncallbacks", None)  # CPython's count: unknown elsewhere
    threading = sys.modules.get("threading")
    if callbacks is None or callbacks() or (threading is not None and threading.active_count() > 1):
        return
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        return  # a closed or broken stream: the usual ending reports and ignores it
    os._exit(code)


def _command(words: list[str]) -> int:
    # Loaded past `--version`, which needs none of it.
    from ..i18n import _
    from ..notation.names import visible
    from ..store.paths import PathError
    from .arguments import usable_input
    from .common import UNREADABLE, Failure
    from .language import speak

    try:
        # Before the parser is built: its --help is written in the language of the run.
        speak(words)
        line = usable_input(words)
        args = build_parser(line).parse_args(line)
        return _run(args)
    except SystemExit as exc:
        return _exit_code(exc)
    except Failure as failure:
        # A message may quote a name or a move as typed: its controls must not reach the terminal.
        print(visible(failure.message, lines=True), file=sys.stderr)
        return failure.code
    except PathError as exc:
        # `--data-dir ~nobody`, or such a variable, found where the folder is first needed.
        print(
            visible(_("uno-referee: {error}").format(error=exc.message), lines=True),
            file=sys.stderr,
        )
        return UNREADABLE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        _silence_stdout()
        return 1
    except Exception as exc:  # the last line of defence: no traceback reaches a user
        print(
            _("uno-referee: internal error: {kind}: {error}").format(
                kind=type(exc).__name__, error=exc
            ),
            file=sys.stderr,
        )
        return INTERNAL_ERROR
