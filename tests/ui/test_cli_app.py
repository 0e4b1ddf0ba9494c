"""`uno-referee` with no command opens the app on the data folder it is given (in a terminal)."""

from __future__ import annotations

import importlib

import pytest

from referee import cli

# The module: the package's `main` attribute is the function it re-exports.
cli_main = importlib.import_module("referee.cli.main")


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The app's `run`, recorded instead of run; the streams count as a terminal."""
    calls: list[object] = []

    def run(data_dir: object = None) -> int:
        calls.append(data_dir)
        return 0

    monkeypatch.setattr("screens.app.run", run)
    monkeypatch.setattr(cli_main, "_terminal", lambda: True)
    return calls


def test_the_bare_command_opens_the_app(opened):
    assert cli.main([]) == 0
    assert opened == [None]


def test_data_dir_reaches_the_app(opened, tmp_path):
    assert cli.main(["--data-dir", str(tmp_path)]) == 0
    assert opened == [str(tmp_path)]


def test_data_dir_before_a_command_is_that_command_s(tmp_path, capsys, opened):
    assert cli.main(["--data-dir", str(tmp_path), "list"]) == 0
    assert str(tmp_path) in capsys.readouterr().out
    assert opened == []


def test_without_a_terminal_the_app_is_not_started(monkeypatch, capsys):
    started: list[object] = []

    def run(data_dir: object = None) -> int:
        started.append(data_dir)
        return 0

    monkeypatch.setattr("screens.app.run", run)
    monkeypatch.setattr(cli_main, "_terminal", lambda: False)
    assert cli.main([]) == 0
    assert started == []
    assert "needs a terminal" in capsys.readouterr().out
