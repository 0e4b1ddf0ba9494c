"""Reading the files the program keeps: regular files only, bounded in nesting; the lock and the
sweep of small documents (issue 24)."""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path

import pytest

from referee.store import locks
from referee.store.cache import read_private
from referee.store.documents import changing, lock_path, sweep
from referee.store.reading import MAX_DEPTH, NotAFile, check_nesting, read_regular
from tests.unit.pipes import named_pipe

posix_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")


def test_a_regular_file_is_read_up_to_one_byte_past_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "f"
    path.write_bytes(b"x" * 100)
    assert read_regular(path, 1000) == b"x" * 100
    assert read_regular(path, 10) == b"x" * 11
    with pytest.raises(FileNotFoundError):
        read_regular(tmp_path / "missing", 10)


@posix_only
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    with named_pipe(pipe) as waited:
        # A plain open() would wait here for a process to open the pipe to write.
        with pytest.raises(NotAFile) as caught:
            read_regular(pipe, 10)
        assert caught.value.strerror == "a named pipe, not a file"
        assert caught.value.filename == str(pipe)
        assert read_private(pipe) is None
        assert not waited.is_set()


def test_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(OSError) as caught:
        read_regular(tmp_path, 10)
    if isinstance(caught.value, NotAFile):
        assert caught.value.strerror == "a folder, not a file"


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_a_device_is_refused_rather_than_read_for_ever() -> None:
    with pytest.raises(NotAFile) as caught:
        read_regular(Path("/dev/zero"), 10)
    assert caught.value.strerror == "a device, not a file"


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX owners and modes")
def test_a_private_read_refuses_a_file_others_may_write(tmp_path: Path) -> None:
    path = tmp_path / "item"
    path.write_bytes(b"data")
    path.chmod(0o600)
    assert read_private(path) == b"data"
    path.chmod(0o620)
    assert read_private(path) is None
    path.chmod(0o600)
    link = tmp_path / "link"
    link.symlink_to(path)
    assert read_private(link) is None  # not a link either


# Nesting ---------------------------------------------------------------------------------------


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize(
    "text",
    [
        nested(MAX_DEPTH),
        f"a = {nested(MAX_DEPTH)}",
        '{"a": {"b": [[1]]}}',
        # Brackets in strings and comments do not nest.
        json.dumps({"label": "[" * 500, "name": "{" * 500}),
        f'a = "{"[" * 50}"',
        f"a = '{'[' * 50}'",
        f'a = """\n{"[" * 50}\n"""',
        f"a = '''\n{'[' * 50}\n'''",
        f"# {'[' * 50}\na = 1",
        f'a = "\\"{"[" * 50}"',
        "[[tables]]\na = 1\n[[tables]]\na = 2\n",
    ],
)
def test_shallow_documents_pass(text: str) -> None:
    check_nesting(text)


@pytest.mark.parametrize(
    "text",
    [
        nested(MAX_DEPTH + 1),
        "[" * 500,
        f"a = {nested(500)}",
        "{" * 40,
        # A multi-line string may end in one or two quotes of its own: what follows is structure.
        f'a = ["""x"""", {nested(40)}]',
        f"a = ['''x'''', {nested(40)}]",
        # An unclosed string ends at its line: the parser stops there, the next line is counted.
        f'"unclosed\n{nested(40)}',
        f'a = "x\\\n{nested(40)}',
    ],
)
def test_deep_documents_are_refused_before_a_parser_recurses(text: str) -> None:
    with pytest.raises(ValueError, match=f"nests more than {MAX_DEPTH} levels"):
        check_nesting(text)


def dotted(parts: int, joint: str = ".") -> str:
    """A TOML key of `parts` parts."""
    return joint.join(["a"] * parts)


@pytest.mark.parametrize(
    "text",
    [
        f"{dotted(MAX_DEPTH + 1)} = 1",
        f"[{dotted(MAX_DEPTH + 1)}]\nb = 1",
        f"[[{dotted(MAX_DEPTH + 1)}]]",
        f"x = {{ {dotted(MAX_DEPTH + 1)} = 1 }}",
        f"{dotted(MAX_DEPTH + 1, ' . ')} = 1",
        dotted(MAX_DEPTH + 1, '."q".') + " = 1",
        f"language{'.a' * 5000} = 1",
    ],
    ids=["key", "table", "array-of-tables", "inline", "spaced", "quoted-parts", "thousands"],
)
def test_keys_dotted_too_deep_are_refused_before_the_parser_reads_them(text: str) -> None:
    with pytest.raises(ValueError, match=f"a key nests more than {MAX_DEPTH} levels"):
        check_nesting(text)


@pytest.mark.parametrize(
    "text",
    [
        f"{dotted(MAX_DEPTH)} = 1",
        f"[{dotted(MAX_DEPTH)}]\nb = 1.5",
        "x = [" + ", ".join(["1.5"] * 100) + "]",
        "x = [\n" + ",\n".join(["1.5"] * 100) + "\n]",
        "".join(f"t{n} = 1979-05-27T07:32:00.999999-07:00\nu{n} = 07:32:00.5\n" for n in range(40)),
        f'a = "{"." * 100}"\n# {"." * 100}',
        json.dumps({"scores": [1.5] * 100, "name": "." * 100}),
    ],
    ids=["key", "table", "floats", "floats-by-line", "times", "strings", "json"],
)
def test_dotted_keys_within_the_limit_and_numbers_pass(text: str) -> None:
    check_nesting(text)
    if not text.startswith("{"):
        assert tomllib.loads(text)


def test_what_passes_the_check_parses_without_recursing_too_deep() -> None:
    for depth in (MAX_DEPTH, 900):
        text = f"a = {nested(depth)}"
        try:
            check_nesting(text)
        except ValueError:
            assert depth > MAX_DEPTH
            continue
        assert tomllib.loads(text)
        assert json.loads(nested(depth)) is not None


# Small documents: the lock, the sweep ----------------------------------------------------------


def test_a_change_holds_the_lock_and_sweeps_a_killed_writers_temp_files(tmp_path: Path) -> None:
    path = tmp_path / "conf" / "doc.toml"
    with changing(path, wait=1):
        assert path.parent.is_dir() and lock_path(path).exists()
        other = locks.FileLock(lock_path(path), timeout=0)
        with pytest.raises(locks.Timeout):
            other.acquire()
    stale = path.parent / ".doc.toml.x1y2.tmp"
    stale.write_bytes(b"half")
    unrelated = path.parent / ".other.toml.x1y2.tmp"
    unrelated.write_bytes(b"not ours")
    with changing(path, wait=1):
        assert not stale.exists()
    assert unrelated.exists()


def test_the_sweep_leaves_the_temp_files_of_a_writer_at_work(tmp_path: Path) -> None:
    path = tmp_path / "doc.json"
    stale = tmp_path / ".doc.json.abc.tmp"
    stale.write_bytes(b"in flight")
    held = locks.FileLock(lock_path(path), timeout=0)
    held.acquire()
    try:
        sweep(path)
        assert stale.exists()
    finally:
        held.release()
    sweep(path)
    assert not stale.exists()
