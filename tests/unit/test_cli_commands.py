"""A run declares only the command it names, and parses its line as the whole command line does."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import random
from pathlib import Path

import pytest

from referee.cli.commands import COMMAND_MODULES, DECLARED_IN, _parser, build_parser, named_command
from referee.cli.parsing import ArgumentParser
from referee.i18n import current, use
from tests.fuzz.arguments import Place, command_line

EDGES: tuple[list[str], ...] = (
    ["check", "f.uno"],
    ["--data-dir", "D", "move", "abc", "Ann: r5"],
    ["--data-dir=D", "--lang", "ja", "list"],
    ["--lang=ja", "rules", "--edition", "flip"],
    ["--data-dir", "check", "list"],
    ["--data", "D", "list"],
    ["--", "check", "f.uno"],
    ["-h"],
    ["check", "--help"],
    ["config", "set", "--help"],
    ["move"],
    ["chek", "f.uno"],
    ["list", "--bogus"],
    ["--data-dir"],
    ["--lang", "fr", "list"],
    ["event", "standings", "E1", "--json"],
    [],
)
"""Lines at the edges of what `named_command` reads: options with values, abbreviations, `--`,
help, usage errors, an unknown command, nothing at all."""


def _subcommands(parser: argparse.ArgumentParser) -> list[str]:
    return [
        name
        for action in parser._actions
        if isinstance(action, argparse._SubParsersAction)
        for name in action.choices
    ]


def test_the_table_names_the_commands_each_module_declares() -> None:
    listed: list[str] = []
    for module, names in COMMAND_MODULES.items():
        alone = ArgumentParser(prog="uno-referee")
        importlib.import_module(f"referee.cli.{module}").register(alone.add_subparsers())
        assert tuple(_subcommands(alone)) == names, module
        listed += names
    # `--help` lists them in the table's order.
    assert _subcommands(build_parser()) == listed == list(DECLARED_IN)


def test_named_command_reads_past_the_options_that_take_a_value() -> None:
    assert named_command(["--data-dir", "D", "--lang=ja", "move", "x"]) == "move"
    assert named_command(["--data-dir=D", "check"]) == "check"
    # What argparse alone knows the meaning of: left to the whole command line.
    for words in (["--data", "D", "list"], ["--", "check"], ["-h", "check"], ["chek"], []):
        assert named_command(words) is None


def _outcome(parser: argparse.ArgumentParser, words: list[str]) -> tuple[object, str, str]:
    """What parsing `words` gives: the arguments or the exit code, and what was printed."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            result: object = vars(parser.parse_args(words))
        except SystemExit as exc:
            result = ("exit", exc.code)
    return result, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_line_parses_alike_with_its_command_alone(tmp_path: Path, lang: str) -> None:
    was = current()
    use(lang)
    try:
        rng = random.Random(30)
        place = Place(tmp_path, ["abcdef"])
        lines = [*EDGES, *(command_line(rng, place) for _ in range(400))]
        whole = _parser(lang, None)
        narrowed = 0
        for words in lines:
            alone = build_parser(words)
            narrowed += alone is not whole
            assert _outcome(alone, words) == _outcome(whole, words), words
    finally:
        use(was)
    # Most lines name their command, and were parsed with it alone.
    assert narrowed > len(lines) // 2
