"""Pilot fixtures: each test gets its own data folder, a fixed date and a fixed session id."""

from __future__ import annotations

import datetime
import itertools
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from referee.service import SessionService
from screens import glyphs
from screens.app import RefereeApp, build_app
from screens.samples import import_demo

TODAY = datetime.date(2025, 5, 16)
SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test's sessions live under tmp_path, even if a factory call forgets `data_dir`.

    Without it a test could read or write the developer's real sessions folder.
    """
    home = tmp_path / "data"
    monkeypatch.setenv("UNO_REFEREE_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def _glyphs_reset() -> Iterator[None]:
    """A test that chooses a glyph set leaves the next one the setting's own."""
    yield
    glyphs.configure(None)


@pytest.fixture
def demo(service: SessionService) -> str:
    """The demo session, stored: its id."""
    return import_demo(service, SAMPLES).id


@pytest.fixture(autouse=True)
def fixed_ids(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Session ids in creation order (k3m9p2, k3m9p3...) instead of random ones.

    Random ids show in titles and default export names; tests name the session they expect.
    """
    counter = itertools.count(2)
    monkeypatch.setattr("referee.service.sessions.new_id", lambda: f"k3m9p{next(counter)}")
    yield


@pytest.fixture
def make_app(data_home: Path, tmp_path: Path) -> Callable[..., RefereeApp]:
    def make(**kwargs: object) -> RefereeApp:
        return build_app(data_home, today=lambda: TODAY, cwd=tmp_path, samples=SAMPLES, **kwargs)  # type: ignore[arg-type]

    return make


@pytest.fixture
def service(data_home: Path) -> SessionService:
    """A second look at the same data folder: what is stored, not what is on screen."""
    return SessionService(data_home)


def text_of(pilot: Pilot[None], selector: str) -> str:
    """The plain text a Static shows, on the active screen."""
    widget = pilot.app.screen.query_one(selector, Static)
    return str(widget.render())


async def settle(
    pilot: Pilot[None], ready: Callable[[], bool], what: str, seconds: float = 120.0
) -> None:
    """Let the app run until `ready()` holds: the state a test reads, however busy the machine
    (a fixed number of pauses can end before a loaded machine has drawn it). `seconds` only
    stops a test that would otherwise wait forever."""
    deadline = time.monotonic() + seconds
    while not ready():
        assert time.monotonic() < deadline, f"the app never reached this state: {what}"
        await pilot.pause()


async def type_line(pilot: Pilot[None], text: str, submit: bool = True) -> None:
    """Type into the focused widget, then Enter."""
    await pilot.press(*text)
    if submit:
        await pilot.press("enter")
    await pilot.pause()
