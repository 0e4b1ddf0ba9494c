"""The settings file survives what the machine does to it (issue 24): a pipe in its place hangs
nothing, a file nested too deep stops no command, one that cannot be read is never replaced,
changes at once all last, and a killed writer's temp file goes."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from referee.store import settings

DEADLINE = 120
"""Seconds a command run in its own process has; one that hangs on a named pipe never ends."""


def command(*argv: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "referee.cli", *argv],
        capture_output=True,
        text=True,
        timeout=DEADLINE,
        env=env,
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_as_the_settings_file_hangs_no_command(_private_settings: Path) -> None:
    os.mkfifo(_private_settings)
    for argv in (("rules",), ("config",)):
        done = command(*argv)
        assert done.returncode == 0, done.stderr
        assert "a named pipe, not a file" in done.stderr and "left as it is" in done.stderr
    done = command("config", "set", "theme", "nord")
    assert done.returncode == 2
    assert f"the settings file {_private_settings} cannot be read" in done.stderr
    assert done.stderr.rstrip().endswith("nothing was changed")
    assert _private_settings.is_fifo()


@pytest.mark.parametrize(
    "text",
    [
        "a = " + "[" * 500 + "]" * 500 + "\n",
        "a = " + "{ b = " * 500 + "1" + " }" * 500 + "\n",
        # Dotted keys nest without brackets: never turned into text.
        "language" + ".a" * 5000 + " = 1\n",
        "[keys]\n" + "t" + ".a" * 5000 + " = 1\n",
    ],
    ids=["arrays", "inline-tables", "dotted-language", "dotted-binding"],
)
def test_a_deeply_nested_file_stops_no_command_and_set_repairs_it(
    run, _private_settings, text: str
) -> None:
    _private_settings.write_text(text, encoding="utf-8")
    code, out, err = run("rules")
    assert code == 0 and out.startswith("Rulebook in force")
    assert err.startswith(f"uno-referee: warning: the settings file {_private_settings}")
    code, out, err = run("config")
    assert code == 0 and "it cannot be used" in out
    code, out, err = run("config", "set", "theme", "nord")
    assert code == 0 and out.startswith("theme = nord") and "it was kept as" in err
    assert settings.load() == settings.Settings(theme="nord")
    [aside] = _private_settings.parent.glob("settings.toml.unreadable-*")
    assert aside.read_text(encoding="utf-8") == text


def test_a_file_too_large_is_a_problem_not_a_read(_private_settings: Path) -> None:
    _private_settings.write_bytes(b"# " + b"x" * settings.MAX_BYTES + b"\n")
    found = settings.load()
    assert found.problem is not None and "larger than 1,000,000 bytes" in found.problem


def test_an_unreadable_file_is_never_replaced(run, _private_settings, unreadable) -> None:
    _private_settings.write_text('theme = "nord"\n', encoding="utf-8")
    unreadable(_private_settings)
    for argv in (("config", "set", "glyphs", "ascii"), ("config", "unset", "theme")):
        code, _out, err = run(*argv)
        assert code == 2, argv
        assert "cannot be read (Permission denied), so it is left as it is" in err
    assert not list(_private_settings.parent.glob("settings.toml.unreadable-*"))
    code, _out, err = run("rules")
    assert code == 0 and "cannot be read (Permission denied)" in err
    code, out, _err = run("config")
    assert code == 0 and "it cannot be read, see the warning above; it is left as it is" in out
    with open(
        os.path.join(_private_settings.parent, ".", _private_settings.name), encoding="utf-8"
    ) as stream:
        assert stream.read() == 'theme = "nord"\n'


def test_eight_config_sets_at_once_all_last(_private_settings: Path) -> None:
    # Eight processes, each ready to run `config set` the moment the line is released, so that
    # all eight read and write the file at once.
    starter = (
        "import sys\n"
        "from referee import cli\n"
        "sys.stdout.write('ready\\n'); sys.stdout.flush()\n"
        "sys.stdin.readline()\n"
        "sys.exit(cli.main(sys.argv[1:]))\n"
    )
    bindings = {f"test.action{n}": f"ctrl+{chr(ord('a') + n)}" for n in range(8)}
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", starter, "config", "set", f"keys.{binding}", key],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for binding, key in bindings.items()
    ]
    try:
        for proc in procs:
            assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
        for proc in procs:
            assert proc.stdin is not None
            proc.stdin.write("go\n")
            proc.stdin.flush()
        answers = [proc.communicate(timeout=DEADLINE) for proc in procs]
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
    assert [proc.returncode for proc in procs] == [0] * 8, answers
    assert all(out.startswith("keys.test.action") for out, _err in answers)
    assert dict(settings.load().keys) == bindings
    assert tomllib.loads(_private_settings.read_text(encoding="utf-8"))["keys"] == bindings


def test_a_killed_writers_temp_file_is_swept_by_the_next_command(run, _private_settings) -> None:
    run("config", "set", "theme", "nord")
    stale = _private_settings.parent / ".settings.toml.k1ll3d.tmp"
    stale.write_text('theme = "no', encoding="utf-8")
    assert run("rules")[0] == 0
    assert not stale.exists()
    assert settings.load().theme == "nord"


def test_control_characters_in_a_key_are_refused_and_never_echoed(run, _private_settings) -> None:
    code, out, err = run("config", "set", "keys.a\x1b[2Jb", "ctrl+u")
    assert (code, out) == (2, "")
    assert "there is no setting 'keys.a\\x1b[2Jb'" in err and "\x1b" not in err
    code, out, err = run("config", "set", "theme", "nord\u202e")
    assert code == 2 and "\u202e" not in err
    assert not _private_settings.exists()


def test_config_shows_what_a_file_or_the_locale_holds_as_stand_ins(
    run, _private_settings, monkeypatch
) -> None:
    _private_settings.write_text('[keys]\n"a\\u001b[31mb" = "ctrl+u"\n', encoding="utf-8")
    code, out, err = run("config")
    assert code == 0 and "\x1b" not in out + err
    _private_settings.write_text('theme = "evil\\u202eliam"\n', encoding="utf-8")
    code, out, err = run("config")
    assert code == 0 and "\u202e" not in out + err
    _private_settings.unlink()
    monkeypatch.setenv("LANG", "xx\x1b]0;title\x07")
    code, out, err = run("config")
    assert code == 0 and "\x1b" not in out and "\x07" not in out
    assert "LANG=xx␛]0;title␇" in out


def test_a_binding_written_as_a_dotted_key_is_read_by_its_id(run, _private_settings) -> None:
    # Unquoted, `table.undo` is a table in TOML: it is the binding id all the same.
    _private_settings.write_text(
        'language = "en"\n[keys]\ntable.undo = "ctrl+u"\n', encoding="utf-8"
    )
    assert settings.load() == settings.Settings(language="en", keys={"table.undo": "ctrl+u"})
    assert run("config", "set", "keys.app.quit", "ctrl+q")[0] == 0
    assert dict(settings.load().keys) == {"table.undo": "ctrl+u", "app.quit": "ctrl+q"}
