"""argparse in the language of the run: its own words from our catalogue, help wrapped by cells."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterable

from ..i18n import N_, _, ngettext
from .common import cells, wrap

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    from typing import Any

# argparse writes its own words ("usage: ", "options", "the following arguments are required")
# through its module-level `_` and `ngettext`, which it looks up each time it needs a text, not
# once at import. Pointing those two names at our catalogue puts all of `--help` and every usage
# error in the language of the run without copying argparse's formatting and parsing code into
# subclasses. In English our catalogue gives each text back as written, as argparse's own
# gettext does, so any other user of argparse in the process sees no change.
ARGPARSE_TEXTS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("ignored explicit argument %r"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
)
"""The argparse texts our command line can show (Python 3.11's wording), so that the catalogue
extracts them; argparse itself asks for them."""


def _argparse_gettext(message: str) -> str:
    # argparse also asks for the translation of None (a subparsers group without description).
    return _(message) if message else message


def speak_argparse() -> None:
    """Let argparse ask our catalogue for its words (see ARGPARSE_TEXTS); idempotent."""
    routed: tuple[tuple[str, Callable[..., str]], ...] = (
        ("_", _argparse_gettext),
        ("ngettext", ngettext),
    )
    for name, function in routed:
        setattr(argparse, name, function)


def terminal_columns() -> int:
    """The columns `shutil.get_terminal_size` gives: `$COLUMNS` if a positive number, else the
    terminal's, else 80. Without shutil, which loads bz2, lzma and zlib for its archives:
    argparse asks for the width on every argument declared, help or not."""
    try:
        columns = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class HelpFormatter(argparse.HelpFormatter):
    """Help wrapped by terminal cells: a Japanese character takes two, and Japanese has no
    spaces to break at, which argparse's own wrapping (textwrap) needs."""

    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        # As argparse's own default width (two columns short of the terminal's).
        width = terminal_columns() - 2 if width is None else width
        super().__init__(prog, indent_increment, max_help_position, width)

    def _split_lines(self, text: str, width: int) -> list[str]:
        return wrap(text, width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n".join(indent + line for line in wrap(text, width - len(indent)))

    def _format_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[argparse._MutuallyExclusiveGroup],
        prefix: str | None,
    ) -> str:
        # argparse lines up the usage's later lines under the end of `usage: ` by counting its
        # characters; a Japanese prefix is wider than that. It lays out a stand-in as wide.
        if prefix is None:
            prefix = _("usage: ")
        stand_in = "\0" * cells(prefix)
        text = super()._format_usage(usage, actions, groups, stand_in)
        return text.replace(stand_in, prefix, 1)


class RawDescriptionHelpFormatter(argparse.RawDescriptionHelpFormatter, HelpFormatter):
    """As HelpFormatter, with the description and epilog printed as written (a list)."""


class ArgumentParser(argparse.ArgumentParser):
    """An argparse parser whose help is wrapped by cells (its subcommands' parsers too)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]


class _Calls:
    """The calls made to a parser (or a group, or subparsers) being declared, kept to be made
    on the real one; each call whose result is declared on in turn keeps its own."""

    def __init__(self) -> None:
        self._calls: list[tuple[str, tuple[Any, ...], dict[str, Any], _Calls | None]] = []

    def _keep(
        self, name: str, args: tuple[Any, ...], kwargs: dict[str, Any], inner: _Calls | None = None
    ) -> None:
        self._calls.append((name, args, kwargs, inner))

    def make_on(self, target: Any) -> None:
        for name, args, kwargs, inner in self._calls:
            result = getattr(target, name)(*args, **kwargs)
            if inner is not None:
                inner.make_on(result)

    def add_argument(self, *args: Any, **kwargs: Any) -> None:
        self._keep("add_argument", args, kwargs)

    def set_defaults(self, **kwargs: Any) -> None:
        self._keep("set_defaults", (), kwargs)

    def add_mutually_exclusive_group(self, **kwargs: Any) -> _Calls:
        inner = _Calls()
        self._keep("add_mutually_exclusive_group", (), kwargs, inner)
        return inner

    def add_subparsers(self, **kwargs: Any) -> _Calls:
        inner = _Calls()
        self._keep("add_subparsers", (), kwargs, inner)
        return inner

    def add_parser(self, name: str, **kwargs: Any) -> _Calls:
        inner = _Calls()
        self._keep("add_parser", (name,), kwargs, inner)
        return inner


class LazyParser(_Calls):
    """A command's parser, built when the command is parsed or its help asked for: a run
    parses one command, and building the parsers of all of them (argparse sets up each one,
    and each argument, with a formatter) costs more than parsing. Declared as a parser is (its
    arguments, defaults, groups and subcommands), through the same methods; anything else
    asked of it builds the parser and asks that. The subparsers' `parser_class`."""

    def __init__(self, *, finish: Callable[[argparse.ArgumentParser], None], **kwargs: Any) -> None:
        super().__init__()
        self._kwargs = kwargs
        self._finish = finish
        self._built: argparse.ArgumentParser | None = None

    def parser(self) -> argparse.ArgumentParser:
        """The parser, built on first use, then given `finish` (what every command has)."""
        if self._built is None:
            built = ArgumentParser(**self._kwargs)
            self.make_on(built)
            self._finish(built)
            self._built = built
        return self._built

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name in ("_kwargs", "_finish", "_built", "_calls"):
            raise AttributeError(name)
        return getattr(self.parser(), name)


def add_data_dir(parser: argparse.ArgumentParser) -> None:
    """The `--data-dir` option of a command that reads or writes the stored sessions."""
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        help=_("where sessions are stored (default: $UNO_REFEREE_HOME, else the user data folder)"),
    )
