"""A fixed-seed slice of the command-line fuzz run: no input makes any command exit 3."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

import pytest

from referee.cli.main import build_parser

from .arguments import SHAPES
from .harness import command_lines, run_command_lines, run_input
from .mutations import inputs

# CI runs a larger slice; `python -m tests.fuzz --inputs 1000000` is the full run.
IN_CI = os.environ.get("CI", "").lower() not in ("", "0", "false")
SLICES, PER_SLICE = (8, 2500) if IN_CI else (8, 250)


@pytest.mark.parametrize("seed", range(SLICES))
def test_no_mutated_file_breaks_a_command(seed: int, tmp_path: Path) -> None:
    broken = []
    for n, text in enumerate(inputs(seed, PER_SLICE)):
        broken += [(b.argv[0], b.code, b.stderr, text) for b in run_input(text, tmp_path, n)]
    assert broken == []


@pytest.mark.parametrize("seed", range(SLICES))
def test_no_mutated_command_line_breaks_a_command(seed: int, tmp_path: Path) -> None:
    """Every command's arguments typed wrong or hostile, not UTF-8 included (`arguments.py`)."""
    broken = [(b.argv, b.code, b.stderr) for b in run_command_lines(seed, PER_SLICE, tmp_path)]
    assert broken == []


def test_every_command_line_is_fuzzed() -> None:
    """Every command but `serve` (which runs until stopped) has its arguments fuzzed."""
    commands = {
        name
        for action in build_parser()._actions
        if isinstance(action, argparse._SubParsersAction)
        for name in action.choices
    }
    assert commands - {"serve"} <= set(SHAPES)


def test_every_file_command_is_fuzzed(tmp_path: Path) -> None:
    names = {argv[0] for argv in command_lines(tmp_path / "f.uno", tmp_path)}
    formats = {
        argv[3] for argv in command_lines(tmp_path / "f.uno", tmp_path) if argv[0] == "export"
    }
    assert names == {"check", "replay", "score", "import", "export"}
    assert formats == {"csv", "md", "html", "json", "uno", "svg", "png"}


def test_the_harness_sees_an_internal_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def explode(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr("referee.cli.file_cmds.parse_session", explode)
    broken = run_input('[Edition "classic"]\n', tmp_path, 0)
    assert [(b.argv[0], b.code) for b in broken] == [("check", 3)]
