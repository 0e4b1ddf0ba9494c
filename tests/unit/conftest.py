"""The command line in this process, on a data folder of the test's own."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from referee import cli


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every command in these tests stores under a temporary $UNO_REFEREE_HOME."""
    monkeypatch.setenv("UNO_REFEREE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], home: Path) -> Callable[..., tuple[int, str, str]]:
    """`uno-referee ARGS...` as (exit status, standard output, standard error); never a
    traceback."""
    def _run(*argv: str) -> tuple[int, str, str]:
        code = cli.main(list(argv))
        out, err = capsys.readouterr()
        assert "Traceback" not in err
        return code, out, err
    return _run
