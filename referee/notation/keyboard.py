"""What a person types, read as the notation reads it: full-width input becomes ASCII."""

# Full-width characters are what this is about: ruff's look-alike warnings do not apply.
# ruff: noqa: RUF002

from __future__ import annotations

import unicodedata


def from_keyboard(line: str) -> str:
    """A typed move line in the notation's characters.

    A Japanese input method in full-width mode types `ｒ５`, `ｗ　ｂｌｕｅ` or
    `キャロル：ｃａｔｃｈ`; NFKC makes those `r5`, `w blue` and `キャロル:catch`
    (full-width letters, digits, spaces, colons and signs to ASCII, half-width katakana to
    the usual ones), as player names are stored (`normal_name`). Only what people type goes
    through here: `.uno` files are read exactly as written, so that a file replays the same
    forever.
    """
    return unicodedata.normalize("NFKC", line)
