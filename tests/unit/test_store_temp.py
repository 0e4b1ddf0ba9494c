"""The atomic writer's temp files: new, private, beside their target, named for their writer."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest

from referee.store import atomic


def test_a_new_private_file_beside_the_target(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    fd, name = atomic.temp_file(".", prefix=".s.json.123-w", suffix=".tmp")
    try:
        os.write(fd, b"x")
    finally:
        os.close(fd)
    assert os.path.isabs(name) and Path(name).parent == tmp_path
    base = os.path.basename(name)
    assert base.startswith(".s.json.123-w") and base.endswith(".tmp")
    assert len(base) == len(".s.json.123-w") + 16 + len(".tmp")
    assert Path(name).read_bytes() == b"x"
    if sys.platform != "win32":
        assert stat.S_IMODE(os.stat(name).st_mode) == 0o600


def test_a_taken_name_is_never_opened(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    draws = iter([b"\0" * 8, b"\0" * 8, b"\1" * 8])
    monkeypatch.setattr(atomic.os, "urandom", lambda n: next(draws))
    taken = tmp_path / f"p{'00' * 8}.tmp"
    taken.write_bytes(b"kept")
    fd, name = atomic.temp_file(tmp_path, prefix="p", suffix=".tmp")
    os.close(fd)
    assert name == str(tmp_path / f"p{'01' * 8}.tmp")
    assert taken.read_bytes() == b"kept"


def test_no_free_name_is_an_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(atomic.os, "urandom", lambda n: b"\0" * n)
    (tmp_path / f"p{'00' * 8}.tmp").write_bytes(b"")
    with pytest.raises(FileExistsError):
        atomic.temp_file(tmp_path, prefix="p", suffix=".tmp")


def test_a_link_in_the_way_is_not_followed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(atomic.os, "urandom", lambda n: b"\0" * n)
    (tmp_path / f"p{'00' * 8}.tmp").symlink_to(tmp_path / "elsewhere")
    with pytest.raises(FileExistsError):
        atomic.temp_file(tmp_path, prefix="p", suffix=".tmp")
    assert not (tmp_path / "elsewhere").exists()


def test_a_write_leaves_the_whole_file_and_no_temp_file(tmp_path: Path) -> None:
    target = tmp_path / "s.json"
    target.write_bytes(b"old")
    atomic.write_atomically(target, b"new")
    assert target.read_bytes() == b"new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.json"]


@pytest.mark.parametrize("named", ["s.json", "./s.json", "sub/s.json"])
def test_a_file_named_by_a_string_is_written_whole_beside_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, named: str
) -> None:
    # A move names its session's file by a string; a bare name is in the current folder.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub").mkdir()
    atomic.write_atomically(named, b"new")
    assert Path(named).read_bytes() == b"new"
    folder = Path(named).parent
    assert sorted(p.name for p in folder.iterdir() if p.is_file()) == ["s.json"]
