"""Player names as typed (normalised, checked) and text from people and files made safe to show."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from ..i18n import _

MAX_NAME = 24
"""Characters in a player name."""

RESERVED = ':,@#"'
"""Characters the notation gives a meaning to, so never part of a name."""

ZERO_WIDTH = frozenset("\u200b\u200c\u200d\u2060\ufeff")
"""Invisible characters: two names that look the same could differ by one."""

BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Bidirectional embeddings, overrides and isolates: they reorder the text drawn after them."""

_LINE_BREAKS = frozenset("\u2028\u2029")

_SHOWN = {**{code: chr(0x2400 + code) for code in range(0x20)}, 0x7F: "\u2421"}
"""C0 controls and DEL as the Unicode control pictures (`␛` for ESC, `␉` for a tab)."""


def _shown(ch: str) -> str:
    code = ord(ch)
    if code in _SHOWN:
        return _SHOWN[code]
    if 0x80 <= code <= 0x9F:
        return f"\\x{code:02x}"
    if 0xDC80 <= code <= 0xDCFF:
        # A byte that was not UTF-8 (a Shift_JIS file name), as Python's surrogateescape
        # carries it: shown as that byte.
        return f"\\x{code - 0xDC00:02x}"
    return f"\\u{code:04x}"


def visible(text: str, *, lines: bool = False) -> str:
    """`text` with every character that would act on the terminal (C0 and C1 controls, DEL, line
    separators, bidi overrides and isolates) replaced by a visible stand-in, so that a name or a
    file cannot move the cursor, recolour the screen or reorder what follows; `lines` keeps
    newlines (for text of several lines). A lone surrogate (a byte that was not UTF-8, in a file
    name or an argument) cannot be written to a UTF-8 terminal at all: it is shown as `\\x83`."""
    if text.isprintable() and not any(ch in BIDI_CONTROLS for ch in text):
        return text  # the usual case, without building a new string
    return "".join(_shown(ch) if _acts(ch) and not (lines and ch == "\n") else ch for ch in text)


def _acts(ch: str) -> bool:
    return unicodedata.category(ch) in ("Cc", "Cs") or ch in _LINE_BREAKS or ch in BIDI_CONTROLS


def describe_char(ch: str) -> str:
    """`U+202E RIGHT-TO-LEFT OVERRIDE`; a control character has no Unicode name, only a code."""
    name = unicodedata.name(ch, "")
    code = f"U+{ord(ch):04X}"
    return f"{code} {name}" if name else _("{code} (a control character)").format(code=code)


def _quoted(name: str) -> str:
    # In a message about a name, an invisible character must show where it is too.
    shown = "".join(_shown(ch) if ch in ZERO_WIDTH else ch for ch in visible(name))
    return _("'{text}'").format(text=shown if len(shown) <= 40 else f"{shown[:37]}...")


def normal_name(typed: str) -> str:
    """A typed name as it is stored: NFKC (full-width letters, ligatures and compatibility forms
    become the usual ones, so that names that look the same are the same) and trimmed."""
    return unicodedata.normalize("NFKC", typed).strip()


def name_key(name: str) -> str:
    """What two names must differ in: their caseless, width-less form (NFKC and case folding)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def _refused(ch: str) -> bool:
    return (
        unicodedata.category(ch) == "Cc"
        or ch in _LINE_BREAKS
        or ch in ZERO_WIDTH
        or ch in BIDI_CONTROLS
    )


def name_problem(name: str, others: Sequence[str] = ()) -> str | None:
    """Why a new player name (after `normal_name`) cannot join `others`, or None.

    Only for names typed now (the new-session form, `uno-referee new`): a `.uno` file is read by
    the notation's own check, which stays as it was so that every stored session replays.
    """
    if not name:
        return _("a name cannot be empty: type a name")
    if len(name) > MAX_NAME:
        return _("a name has at most {limit} characters ({n} typed)").format(
            limit=MAX_NAME, n=len(name)
        )
    for position, ch in enumerate(name, 1):
        if ch in RESERVED:
            return _(
                "a name cannot contain '{char}' ({described}), character {position} of {name}"
            ).format(char=ch, described=describe_char(ch), position=position, name=_quoted(name))
        if _refused(ch):
            return _("a name cannot contain {described}, character {position} of {name}").format(
                described=describe_char(ch), position=position, name=_quoted(name)
            )
    key = name_key(name)
    same = next((other for other in others if name_key(other) == key), None)
    if same is not None:
        return _("{name} is already at the table (names are matched without case or width)").format(
            name=visible(same)
        )
    return None


def players_problem(names: Sequence[str]) -> str | None:
    """Why a list of new names (each after `normal_name`) cannot be the players, or None; the
    message names the player by place. The count (2 to 10) is the notation's to check."""
    for index, name in enumerate(names):
        earlier = names[:index]
        problem = name_problem(name, ())
        if problem is None and any(name_key(o) == name_key(name) for o in earlier):
            same = next(o for o in earlier if name_key(o) == name_key(name))
            problem = _(
                "duplicate player {name} (already {first}; names are matched without case or width)"
            ).format(name=_quoted(name), first=_quoted(same))
        if problem is not None:
            return _("player {n}: {problem}").format(n=index + 1, problem=problem)
    return None
