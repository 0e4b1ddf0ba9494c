"""A command run as the console script ends once its answer is out, without tearing the
interpreter down, unless something is left to do at exit; its answer and code are whole."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from referee.cli import main

SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"
SAMPLE = SAMPLES / "classic-challenge-catch.uno"

# Runs a command as the console script does (no arguments given to main). Ending the process
# at once (`os._exit`) is seen: "ended at once" is written on standard output, after whatever
# the command wrote. With `EXIT_FUNCTION` set, an exit function is registered first and says
# on standard error when it runs.
_AS_SCRIPT = (
    "import atexit, os, sys\n"
    "end = os._exit\n"
    "def seen(code):\n"
    "    os.write(1, b'ended at once\\n')\n"
    "    end(code)\n"
    "os._exit = seen\n"
    "if os.environ.get('EXIT_FUNCTION'):\n"
    "    atexit.register(lambda: sys.stderr.write('exit function ran\\n'))\n"
    "from referee.cli import main\n"
    "sys.argv = ['uno-referee', *sys.argv[1:]]\n"
    "sys.exit(main())\n"
)
ENDED = "ended at once\n"


def _script(tmp_path: Path, *argv: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", _AS_SCRIPT, *argv],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "UNO_REFEREE_CONFIG": str(tmp_path / "settings.toml"), **env},
        check=False,
    )


def test_a_command_ends_at_once_after_its_whole_answer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(SAMPLE)]) == 0
    answer = capsys.readouterr().out
    assert len(answer.splitlines()) == 40  # a ruling on each statement
    done = _script(tmp_path, "replay", str(SAMPLE))
    assert done.returncode == 0, done.stderr
    assert done.stdout == answer + ENDED
    assert done.stderr == ""


def test_a_refused_move_ends_with_its_code_and_message(tmp_path: Path) -> None:
    refused = tmp_path / "refused.uno"
    text = SAMPLE.read_text(encoding="utf-8")
    refused.write_text(text + "\nAlice: r1\n", encoding="utf-8")
    done = _script(tmp_path, "check", str(refused))
    assert done.returncode == 1
    assert done.stderr.startswith(f"{refused}:")
    assert done.stdout == ENDED


def test_an_exit_function_is_run_at_the_usual_ending(tmp_path: Path) -> None:
    done = _script(tmp_path, "check", str(SAMPLE), EXIT_FUNCTION="1")
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"{SAMPLE}: ok (40 statements, 1 round)\n"
    assert "exit function ran" in done.stderr


@pytest.mark.parametrize("command", ["replay", "score"])
def test_a_reader_that_went_away_gets_no_traceback(tmp_path: Path, command: str) -> None:
    with subprocess.Popen(
        [sys.executable, "-m", "referee.cli", command, str(SAMPLE)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
        env={**os.environ, "UNO_REFEREE_CONFIG": str(tmp_path / "settings.toml")},
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.close()  # as `| head -0` does
        errors = process.stderr.read().decode()
        code = process.wait()
    # Whether the answer met the closed pipe or was written before it closed, it ends quietly.
    assert code in (0, 1), errors
    assert errors == ""
