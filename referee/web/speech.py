"""Words in one phone's language for a moment, in a process that serves phones in several."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator

from ..i18n import current, use

_speech = threading.Lock()


@contextlib.contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Words in `lang` while it lasts. The catalogue's language is one for the process: every
    switch holds this lock, in the event loop and in the board's worker thread alike."""
    with _speech:
        before = current()
        use(lang)
        try:
            yield
        finally:
            use(before)
