"""Snapshot determinism: a private data folder, fixed session ids, a fixed date, no blinking."""

from __future__ import annotations

import datetime
import itertools
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from referee.service import SessionService
from screens.app import RefereeApp, build_app
from screens.samples import import_demo

SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"
SIZE = (80, 24)
"""Every snapshot at the size the app promises to work at."""


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Sessions under tmp_path: the developer's own sessions never leak into a picture."""
    home = tmp_path / "data"
    monkeypatch.setenv("UNO_REFEREE_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def fixed_ids(monkeypatch: pytest.MonkeyPatch) -> None:
    """The session id shows in titles and export names; a random one changes every picture."""
    counter = itertools.count(2)
    monkeypatch.setattr("referee.service.sessions.new_id", lambda: f"k3m9p{next(counter)}")


@pytest.fixture
def demo_app(data_home: Path, tmp_path: Path) -> RefereeApp:
    """The app opened on the demo table, with the date and folders fixed."""
    sid = import_demo(SessionService(data_home), SAMPLES).id
    return build_app(data_home, session_id=sid, today=lambda: datetime.date(2025, 5, 16),
                     samples=SAMPLES, cwd=tmp_path)


async def settle(pilot: Pilot[None]) -> None:
    """No blinking cursor (it would be on or off at random), then let the screen settle."""
    await pilot.pause()
    for box in pilot.app.screen.query(Input):
        box.cursor_blink = False
    await pilot.pause()
