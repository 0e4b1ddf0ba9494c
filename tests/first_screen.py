"""The app run as `uno-referee` runs it, in a fresh process, until its first screen is shown:
what that process then holds (its screen, its modules, its collector)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from referee.service import SessionService, build_header

ROOT = Path(__file__).resolve().parents[1]

# `App.run`, headless, as the program runs the app; written once the first screen is shown.
_FIRST_SCREEN = """
import gc, json, sys
from screens.app import build_app
app = build_app(sys.argv[2])
async def shown(pilot):
    await pilot.pause()
    found = {
        "screen": type(pilot.app.screen).__name__,
        "frozen": gc.get_freeze_count(),
        "collecting": gc.isenabled(),
        "modules": sorted(sys.modules),
    }
    with open(sys.argv[1], "w", encoding="utf-8") as out:
        json.dump(found, out)
    pilot.app.exit()
app.run(headless=True, size=(80, 24), auto_pilot=shown)
"""


def first_screen(tmp_path: Path) -> dict[str, Any]:
    """What a fresh process that ran the app to its first screen holds, on a stored session
    (the session list, its rows in the index)."""
    SessionService(tmp_path / "home").create(build_header("Ann, Bob, Cy", "classic", "target 500"))
    report = tmp_path / "first.json"
    env = {
        **os.environ,
        "UNO_REFEREE_CONFIG": str(tmp_path / "settings.toml"),
        "UNO_REFEREE_CACHE": str(tmp_path / "cache"),
    }
    done = subprocess.run(
        [sys.executable, "-c", _FIRST_SCREEN, str(report), str(tmp_path / "home")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    found: dict[str, Any] = json.loads(report.read_text(encoding="utf-8"))
    assert found["screen"] == "SessionsScreen"
    return found
