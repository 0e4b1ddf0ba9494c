"""Snapshot determinism: a private data folder, fixed ids and date, no blinking; Japanese apps."""

from __future__ import annotations

import datetime
import itertools
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from referee import i18n
from referee.service import SessionService
from screens.app import RefereeApp, build_app
from screens.samples import import_demo

SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"
SIZE = (80, 24)
"""Every snapshot at the size the app promises to work at."""
FOLDER = Path("/home/taro/uno")
"""The folder the Japanese apps say they were started in (imports are relative to it): the same
on every machine, so that the import dialog's picture is too. Nothing is written there."""


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
    return build_app(
        data_home,
        session_id=sid,
        today=lambda: datetime.date(2025, 5, 16),
        samples=SAMPLES,
        cwd=tmp_path,
    )


async def settle(pilot: Pilot[None]) -> None:
    """No blinking cursor (it would be on or off at random), then let the screen settle."""
    await pilot.pause()
    for box in pilot.app.screen.query(Input):
        box.cursor_blink = False
    await pilot.pause()


ROUND_OVER = """\
[Event "金曜日のUNO会"]
[Date "2025-05-16"]
[Edition "classic"]
[Scoring "target 500"]
[Players "太郎, 花子, 次郎"]
[Rule "hand-size" "2"]
round 1
dealer 次郎
start r7
太郎: r5 uno
花子: r6 uno
次郎: takes 1
次郎: draw
太郎: r4
"""
"""A round just over (two-card hands): the hands of 花子 and 次郎 are still to enter."""


@pytest.fixture
def ja_demo_app(data_home: Path) -> RefereeApp:
    """The demo table, the app speaking Japanese from its start (symbols ASCII-safe: auto).

    The English demo table (Ana, Ben...), as the English pictures show it: each Japanese picture
    is the English one's screen in Japanese, and the routes type that table's moves."""
    i18n.use("ja")
    sid = import_demo(SessionService(data_home), SAMPLES, lang="en").id
    return build_app(
        data_home,
        session_id=sid,
        today=lambda: datetime.date(2025, 5, 16),
        samples=SAMPLES,
        cwd=FOLDER,
    )


@pytest.fixture
def ja_round_over_app(data_home: Path) -> RefereeApp:
    """A Japanese table whose round is over, its hands still to enter."""
    i18n.use("ja")
    sid = SessionService(data_home).import_text(ROUND_OVER, "round-over.uno").id
    return build_app(
        data_home,
        session_id=sid,
        today=lambda: datetime.date(2025, 5, 16),
        samples=SAMPLES,
        cwd=FOLDER,
    )


FIVE_ROUNDS = """\
[Event "金曜UNO会"]
[Date "2025-05-16"]
[Edition "classic"]
[Rules "jp"]
[Scoring "rounds 5"]
[Players "花子, 健太, 千佳, 大輔"]

round 1
dealer 花子
out 健太
hand 花子: 40
hand 千佳: 70
hand 大輔: 8

round 2
out 千佳
hand 花子: 9
hand 健太: 28
hand 大輔: 36

round 3
out 健太
hand 花子: 30
hand 千佳: 15
hand 大輔: 33

round 4
out 千佳
hand 花子: 9
hand 健太: 21
hand 大輔: 11

round 5
out 健太
hand 花子: 33
hand 千佳: 10
hand 大輔: 28
"""
"""A Japanese five-round game (日本ルール, 5回戦), kept as a score sheet only: the numbers of the
Minecraft UNO manual's example (【5回戦の場合】), four players with Japanese names."""


@pytest.fixture
def ja_five_rounds_app(data_home: Path) -> RefereeApp:
    """A Japanese table after its five rounds: the final score sheet is one key away."""
    i18n.use("ja")
    sid = SessionService(data_home).import_text(FIVE_ROUNDS, "five-rounds.uno").id
    return build_app(
        data_home,
        session_id=sid,
        today=lambda: datetime.date(2025, 5, 16),
        samples=SAMPLES,
        cwd=FOLDER,
    )
