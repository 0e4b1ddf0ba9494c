"""The writers' OS lock (`store.locks`): one holder at a time, across processes and within one."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest

from referee.store import locks

HOLD = (
    "import sys\n"
    "from referee.store import locks\n"
    "lock = locks.FileLock(sys.argv[1], timeout=0)\n"
    "lock.acquire()\n"
    "print('held', flush=True)\n"
    "sys.stdin.readline()\n"
)
"""Holds the lock at argv[1] until a line comes on its standard input."""


def test_a_second_lock_on_the_same_file_waits_for_the_first(tmp_path: Path) -> None:
    path = tmp_path / "s.lock"
    first = locks.FileLock(path, timeout=0)
    with first:
        assert first.is_locked
        with pytest.raises(locks.Timeout):
            locks.FileLock(path, timeout=0).acquire()
    assert not first.is_locked
    with locks.FileLock(path, timeout=0) as second:
        assert second.is_locked
    assert path.exists()  # left in place for the next waiter


def test_a_lock_held_by_another_process_is_refused_until_it_ends(tmp_path: Path) -> None:
    path = tmp_path / "s.lock"
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        with pytest.raises(locks.Timeout):
            locks.FileLock(path, timeout=0).acquire()
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=60)
    # The OS let go of it with the process.
    with locks.FileLock(path, timeout=0) as lock:
        assert lock.is_locked


def test_a_waiter_gets_the_lock_once_it_is_released(tmp_path: Path) -> None:
    path = tmp_path / "s.lock"
    first = locks.FileLock(path, timeout=0).acquire()
    got = threading.Event()

    def wait() -> None:
        with locks.FileLock(path, timeout=60):
            got.set()

    waiter = threading.Thread(target=wait)
    waiter.start()
    assert not got.is_set()
    first.release()
    waiter.join(timeout=60)
    assert got.is_set()


@pytest.mark.skipif(sys.platform == "win32", reason="Windows cannot remove an open file")
def test_a_lock_file_removed_by_its_holder_is_not_what_the_next_one_locks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The holder removes the file (as `sweep_leftovers` does) just as another process has
    # opened it: that process must lock the file at the path, not the removed one.
    path = tmp_path / "s.lock"
    holder = locks.FileLock(path, timeout=0).acquire()
    opened: list[int] = []
    real_try = locks._try_lock

    def try_after_removal(fd: int) -> bool:
        if not opened:
            opened.append(fd)
            path.unlink()
            holder.release()
        return real_try(fd)

    monkeypatch.setattr(locks, "_try_lock", try_after_removal)
    with locks.FileLock(path, timeout=0) as lock:
        assert path.exists()
        with pytest.raises(locks.Timeout):
            locks.FileLock(path, timeout=0).acquire()
        assert lock.is_locked
