"""Where the sample sessions are (a checkout or an installed wheel) and the demo table import."""

from __future__ import annotations

from pathlib import Path

import referee
from referee.i18n import _, current
from referee.service import Imported, SessionService

DEMO_FILE = "demo.uno"
DEMO_FILES = {"ja": "demo.ja.uno"}
"""The demo table of a language that has its own (names, event and rulebook of that table:
日本ルール, 5回戦); any other language opens `DEMO_FILE`."""


def samples_dir() -> Path | None:
    """The `sample_sessions` folder, or None if this install has none.

    In a checkout (or an editable install) it sits beside the packages; the wheel carries it
    inside `referee/` (pyproject's force-include), because only packages land in site-packages.
    """
    candidates = (
        Path(__file__).resolve().parent.parent / "sample_sessions",
        Path(referee.__file__).resolve().parent / "sample_sessions",
    )
    for folder in candidates:
        if (folder / DEMO_FILE).is_file():
            return folder
    return None


def import_demo(
    service: SessionService, folder: Path | None = None, lang: str | None = None
) -> Imported:
    """Store the demo session of `lang` (the language in use) as a new session;
    FileNotFoundError if the samples are missing."""
    folder = folder or samples_dir()
    if folder is None:
        raise FileNotFoundError(
            _("the sample sessions ({file}) are not installed").format(file=DEMO_FILE)
        )
    path = folder / DEMO_FILES.get(lang or current(), DEMO_FILE)
    if not path.is_file():
        path = folder / DEMO_FILE
    # A fresh demo table each time: the last one may be half played.
    return service.import_text(path.read_text(encoding="utf-8"), path.name, again=True)
