"""Bytes that are not UTF-8 in a file name, an argument or a variable, and `~user` paths for no
such user: a located message and exit 2, never exit 3 or a traceback (issue 24)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from referee.cli.common import not_utf8
from referee.store.cache import CACHE_VARIABLE
from referee.store.paths import HOME_VARIABLE
from referee.store.settings import CONFIG_VARIABLE

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "sample_sessions" / "classic-challenge-catch.uno"
SJIS = b"\x83e\x83X\x83g.uno"
"""テスト.uno in Shift_JIS, as a Japanese Windows or an old archive names it."""
NAME = os.fsdecode(SJIS)
"""The name as Python hands it over on Linux: each byte that is not UTF-8 a lone surrogate."""
SHOWN = "\\x83e\\x83X\\x83g.uno"
NOBODY = "~no-such-user-issue-24"

posix_only = pytest.mark.skipif(os.name != "posix", reason="byte file names are POSIX")


@pytest.fixture
def sjis_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A session file whose name is Shift_JIS, in the current folder; its name as argv has it."""
    shutil.copyfile(SAMPLE, os.path.join(os.fsencode(tmp_path), SJIS))
    monkeypatch.chdir(tmp_path)
    return NAME


def test_where_the_first_byte_that_is_not_utf8_is() -> None:
    assert not_utf8("テスト.uno") is None
    assert not_utf8(NAME) == (0, 0x83)
    assert not_utf8("ab" + os.fsdecode(b"\xff")) == (2, 0xFF)
    assert not_utf8("é" + os.fsdecode(b"\xe9")) == (2, 0xE9)


@posix_only
@pytest.mark.parametrize(
    "argv",
    [
        ("check", "{name}"),
        ("replay", "{name}"),
        ("score", "{name}"),
        ("import", "{name}"),
        ("export", "{name}", "--format", "csv"),
        ("export", SAMPLE, "-o", "{name}.csv"),
        ("stats", "--html", "{name}.html"),
        ("list", "--data-dir", "{name}"),
        ("--data-dir", "{name}", "list"),
        ("config", "set", "theme", "{name}"),
        ("players", "merge", "{name}", "Bob"),
        ("label", "abc234", "{name}"),
        ("rules", "--rule", "{name}=1"),
    ],
)
def test_a_shift_jis_name_in_any_argument_is_a_located_refusal(run, sjis_file, argv) -> None:
    words = [str(word).format(name=sjis_file) for word in argv]
    code, out, err = run(*words)
    n = next(i for i, word in enumerate(words, 1) if sjis_file in word)
    assert (code, out) == (2, "")
    assert err.startswith(f"uno-referee: argument {n}, ")
    assert SHOWN in err and "(byte 0x83 at offset 0)" in err
    assert "\udc83" not in err


@posix_only
def test_the_real_bytes_on_the_command_line_give_exit_2(tmp_path: Path, sjis_file) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "referee.cli", "check", SJIS],
        cwd=tmp_path,
        capture_output=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 2
    assert done.stderr.decode("utf-8").startswith(
        f"uno-referee: argument 2, {SHOWN}, is not UTF-8 text (byte 0x83 at offset 0)"
    )


@posix_only
@pytest.mark.parametrize("variable", [HOME_VARIABLE, CONFIG_VARIABLE, CACHE_VARIABLE])
def test_a_variable_that_is_not_utf8_is_named(
    run, tmp_path: Path, monkeypatch, variable: str
) -> None:
    monkeypatch.setenv(variable, str(tmp_path / NAME))
    for argv in (("list",), ("config",), ("rules",), ("stats",)):
        code, out, err = run(*argv)
        assert (code, out) == (2, ""), argv
        offset = len(os.fsencode(tmp_path)) + 1
        assert err == (
            f"uno-referee: the variable {variable}, {tmp_path}/{SHOWN}, is not UTF-8 "
            f"text (byte 0x83 at offset {offset}); set it to a UTF-8 path\n"
        )


@pytest.mark.parametrize(
    ("argv", "where"),
    [
        (("list", "--data-dir", NOBODY), "--data-dir"),
        (("--data-dir", f"{NOBODY}/sessions", "list"), "--data-dir"),
        (("stats", "--data-dir", NOBODY), "--data-dir"),
        (("players", "guest", "Bob", "--data-dir", NOBODY), "--data-dir"),
    ],
)
def test_a_folder_of_no_such_user_is_a_located_refusal(run, argv, where: str) -> None:
    code, out, err = run(*argv)
    assert (code, out) == (2, "")
    assert err.startswith(
        f"uno-referee: {where}: there is no user no-such-user-issue-24 on this machine (in {NOBODY}"
    )


@pytest.mark.parametrize("variable", [HOME_VARIABLE, CONFIG_VARIABLE, CACHE_VARIABLE])
def test_a_variable_naming_no_such_user_is_named(run, monkeypatch, variable: str) -> None:
    monkeypatch.setenv(variable, f"{NOBODY}/folder")
    code, out, err = run("rules")
    assert (code, out) == (2, "")
    assert err == (
        f"uno-referee: {variable}: there is no user no-such-user-issue-24 on this "
        f"machine (in {NOBODY}/folder)\n"
    )


def test_a_file_of_no_such_user_is_no_such_file(run) -> None:
    assert run("check", f"{NOBODY}/x.uno") == (2, "", f"{NOBODY}/x.uno: no such file\n")


def test_bytes_that_form_utf8_are_read_as_the_text_they_form(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A caller in this process may hand a character over as its bytes (lone surrogates) where
    the system would have given the character: it is that character, never an internal error
    when stored (found by the command-line fuzz: 'ß' as `\\udcc3\\udc9f`)."""
    from referee import cli
    from referee.service import SessionService

    split = "".join(chr(0xDC00 + b) for b in "ß".encode())
    code = cli.main(["new", "--data-dir", str(tmp_path), "--players", f"Ann, {split}"])
    assert code == 0, capsys.readouterr().err
    (info,) = SessionService(tmp_path).list().sessions
    assert list(info.players) == ["Ann", "ß"]
