"""The command line in this process, on a data folder of the test's own."""

from __future__ import annotations

import builtins
import errno
import io
import os
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


@pytest.fixture
def unreadable(monkeypatch: pytest.MonkeyPatch) -> Callable[[Path], None]:
    """Make reading one file fail as it does without read permission. The tests run as root in
    CI, where mode 000 reads fine: every way of opening it for reading is refused instead."""

    def make(path: Path) -> None:
        target = os.fspath(path)
        os_open, open_ = os.open, builtins.open

        def denied() -> PermissionError:
            return PermissionError(errno.EACCES, os.strerror(errno.EACCES), target)

        def guarded_os_open(file, flags, *args, **kwargs):  # type: ignore[no-untyped-def]
            if os.fspath(file) == target and not flags & (os.O_WRONLY | os.O_RDWR):
                raise denied()
            return os_open(file, flags, *args, **kwargs)

        def guarded_open(file, mode="r", *args, **kwargs):  # type: ignore[no-untyped-def]
            if (
                isinstance(file, str | os.PathLike)
                and os.fspath(file) == target
                and not set(mode) & set("wax+")
            ):
                raise denied()
            return open_(file, mode, *args, **kwargs)

        monkeypatch.setattr(os, "open", guarded_os_open)
        monkeypatch.setattr(builtins, "open", guarded_open)
        monkeypatch.setattr(io, "open", guarded_open)

    return make
