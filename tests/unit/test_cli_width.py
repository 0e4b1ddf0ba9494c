"""The help's width is the terminal's as shutil gives it, found without loading shutil."""

from __future__ import annotations

import shutil

import pytest

from referee.cli.parsing import HelpFormatter, terminal_columns


@pytest.mark.parametrize("columns", [None, "", "100", "37", "0", "-4", "wide", " 90 "])
def test_the_columns_are_shutils(monkeypatch: pytest.MonkeyPatch, columns: str | None) -> None:
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert terminal_columns() == shutil.get_terminal_size().columns


def test_help_is_two_columns_short_of_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    assert HelpFormatter("uno-referee")._width == 58
    assert HelpFormatter("uno-referee", width=30)._width == 30
