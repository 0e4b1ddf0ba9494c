"""Sessions to serve, and the system's Chromium for the browser tests."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from referee.service import SessionService, build_header

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
PHONE: ViewportSize = {"width": 390, "height": 844}
"""A phone held upright (CSS pixels)."""


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def service(data_dir: Path) -> SessionService:
    return SessionService(data_dir)


def new_session(
    service: SessionService,
    players: str = "Alice, Bob, Carol, Dave",
    event: str | None = "Thursday UNO night",
) -> str:
    return service.create(build_header(players, "classic", "target 500", "en", event=event))


def _chromium_path() -> str | None:
    if os.path.exists(CHROMIUM):
        return CHROMIUM
    return shutil.which("chromium")


def _chromium() -> Iterator[object]:
    """Chromium from the system packages, driven by Playwright (never its own download).

    Skipped only where Chromium is missing and CI is not set: under CI=true a missing browser
    fails the run instead of hiding the tests.
    """
    path = _chromium_path()
    if path is None:
        if os.environ.get("CI", "").lower() in ("true", "1", "yes"):
            pytest.fail(f"CI is set but Chromium is not installed ({CHROMIUM})")
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        # CI runs as root, where Chromium refuses its sandbox; containers have a small /dev/shm.
        launched = playwright.chromium.launch(
            executable_path=path, headless=True, args=["--no-sandbox", "--disable-dev-shm-usage"]
        )
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def browser() -> Iterator[object]:
    """One Chromium per test, as Playwright's synchronous API holds an event loop that the
    app's asynchronous tests must not find running (`shared_browser`: for a module that has
    none)."""
    yield from _chromium()


@pytest.fixture(scope="module")
def module_chromium() -> Iterator[object]:
    yield from _chromium()


@pytest.fixture
def shared_browser(module_chromium: object) -> Iterator[object]:
    """The Chromium of a module whose tests are all synchronous, started once for them
    (starting it is a second or two of the machine's time): a module uses it as its `browser`
    (`@pytest.fixture(name="browser")`). pytest ends it before a test of another module runs,
    so no asynchronous test finds its event loop; each test's pages are closed after it, so
    the next test starts with no page, cookie or script of the one before, as with a browser
    of its own."""
    yield module_chromium
    for context in list(module_chromium.contexts):  # type: ignore[attr-defined]
        context.close()


@pytest.fixture
def phone(browser: object) -> Iterator[object]:
    """A page the size of a phone's screen, in a fresh browser context."""
    context = browser.new_context(  # type: ignore[attr-defined]
        viewport=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    try:
        yield page
    finally:
        context.close()
