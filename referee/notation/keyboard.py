"""What a person types, read as the notation reads it: full-width input becomes ASCII, and the
words a Japanese table types become the notation's."""

# Full-width characters are what this is about: ruff's look-alike warnings do not apply.
# ruff: noqa: RUF002

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

_TOKENS = re.compile(r'"[^"]*"?|「[^」]*」?|\S+')
"""A quoted reason is one token and is never read as words."""


def from_keyboard(line: str, players: Sequence[str] = ()) -> str:
    """A typed move line in the notation's characters and words.

    A Japanese input method in full-width mode types `ｒ５`, `ｗ　ｂｌｕｅ` or
    `キャロル：ｃａｔｃｈ`; NFKC makes those `r5`, `w blue` and `キャロル:catch`
    (full-width letters, digits, spaces, colons and signs to ASCII, half-width katakana to
    the usual ones), as player names are stored (`normal_name`). Then the words people type in
    Japanese become the notation's (`kana.word`): `花子: うの`, `赤2、赤2`, `ワイルド 青`,
    `hand 花子: 27点`, `2回戦`. The players' names (before the colon, after `catch`, `@`,
    `dealer`...) and quoted reasons stay as typed; `players` are the session's names, which a
    refused line's kana may belong to (`kana_mode`). Only what people type goes through here:
    `.uno` files are read exactly as written, so that a file replays the same forever; what is
    stored is the canonical notation of what was read.
    """
    line = unicodedata.normalize("NFKC", line)
    if line.isascii():
        return line  # nearly every line: nothing Japanese to read
    from . import kana  # the tables are built from the catalogue, on the first such line

    whole = kana.round_line(line)
    if whole is not None:
        return whole
    colon = _outside_quotes(line, ":")
    head, action = ("", line) if colon < 0 else (line[:colon], line[colon + 1 :])
    if head:
        first, _space, rest = head.strip().partition(" ")
        if rest and kana.word(first) == "hand":
            head = "hand " + rest
    tokens = _TOKENS.findall(kana.separated(action))
    out: list[str] = []
    for token in tokens:
        if token.startswith("「"):
            out.append('"' + token[1:].removesuffix("」") + '"')
        elif token.startswith('"') or (out and out[-1] == "@"):
            out.append(token)
        else:
            out.append(kana.words([*out[-1:], token])[-1] if out else kana.word(token))
    if out == tokens and head == line[: max(colon, 0)]:
        return line  # nothing Japanese read as the notation: the line as typed
    said = " ".join(out)
    return f"{head}:{action[: len(action) - len(action.lstrip())]}{said}" if colon >= 0 else said


def _outside_quotes(line: str, mark: str) -> int:
    """Where `mark` first stands outside a quoted text, or -1."""
    quoted = False
    for at, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == mark and not quoted:
            return at
    return -1


def kana_mode(line: str, players: Sequence[str] = ()) -> bool:
    """Whether a refused line looks typed with the input method in kana mode: kana left where
    the notation has only ASCII (outside the players' names and quoted reasons)."""
    from . import kana

    rest = _TOKENS.findall(unicodedata.normalize("NFKC", line))
    names = {unicodedata.normalize("NFKC", name).casefold() for name in players}
    return any(
        kana.has_kana(token.split(":")[-1])
        for token in rest
        if not token.startswith(('"', "「")) and token.casefold().strip(":@") not in names
    )
