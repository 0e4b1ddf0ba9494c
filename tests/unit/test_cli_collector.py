"""The console script holds the garbage collector back while the program loads, then sets what
it loaded aside from collections; a caller that runs commands in its own process is left as
it was."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path

from referee.cli import main

SAMPLE = Path(__file__).resolve().parents[2] / "sample_sessions" / "classic-challenge-catch.uno"

# Runs `check` as the console script does (no arguments given to main), and says how the
# collector was while the command's own work ran and after. Its exit function keeps the
# process to the usual ending, so that the script goes on past `main` (see `main._end_now`).
_AS_SCRIPT = (
    "import atexit, gc, sys\n"
    "atexit.register(gc.collect)\n"
    "from referee.cli import file_cmds, main\n"
    "seen = []\n"
    "check = file_cmds.run_check\n"
    "def watched(args):\n"
    "    seen.append((gc.isenabled(), gc.get_freeze_count() > 0))\n"
    "    return check(args)\n"
    "file_cmds.run_check = watched\n"
    "sys.argv = ['uno-referee', 'check', sys.argv[1]]\n"
    "code = main()\n"
    "print(code, seen, gc.isenabled())\n"
)


def test_the_script_loads_without_collections_then_collects(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", _AS_SCRIPT, str(SAMPLE)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "UNO_REFEREE_CONFIG": str(tmp_path / "settings.toml")},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "0 [(True, True)] True"


def test_a_caller_with_arguments_keeps_its_collector() -> None:
    frozen = gc.get_freeze_count()
    assert main(["check", str(SAMPLE)]) == 0
    assert gc.isenabled()
    assert gc.get_freeze_count() == frozen
