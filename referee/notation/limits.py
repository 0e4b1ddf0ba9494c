"""The largest session the notation reads: far beyond a real evening, short of a flood."""

from __future__ import annotations

from ..i18n import _
from .errors import NotationError

MAX_FILE_BYTES = 8_000_000
"""A `.uno` file: a real evening is under 50 kB; 50,000 moves are about 1.3 MB."""
MAX_LINE_CHARS = 1_000
"""A statement or tag line: the longest real one (ten players' names, a hand of 30 cards)
is under 250 characters."""
MAX_STATEMENTS = 100_000
"""Statements in one session: a long evening has about 1,000; ten times it and more fit."""
ECHO_CHARS = 60
"""The most of a person's input a message repeats."""


def shorten(text: str, limit: int = ECHO_CHARS) -> str:
    """`text` as a message quotes it: at most `limit` characters, `...` where cut."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def check_file(text: str, filename: str) -> None:
    """NotationError at 1:1 if the whole file is over the limit."""
    size = len(text.encode("utf-8", errors="surrogatepass"))
    if size > MAX_FILE_BYTES:
        raise NotationError(
            filename,
            1,
            1,
            _("the file is {size:,} bytes long; the limit is {limit:,}").format(
                size=size, limit=MAX_FILE_BYTES
            ),
        )


def check_line(raw: str, filename: str, number: int) -> None:
    if len(raw) > MAX_LINE_CHARS:
        raise NotationError(
            filename,
            number,
            MAX_LINE_CHARS + 1,
            _("the line is {size:,} characters long; the limit is {limit:,}").format(
                size=len(raw), limit=MAX_LINE_CHARS
            ),
        )


def check_count(count: int, filename: str, number: int) -> None:
    if count > MAX_STATEMENTS:
        raise NotationError(
            filename,
            number,
            1,
            _("more than {limit:,} statements; that is the limit of one session").format(
                limit=MAX_STATEMENTS
            ),
        )
