"""Text wrapped as Japanese and English are set: Japanese between any two characters, English
at spaces, no line begun by a closing mark such as 。 or 」 nor ended by an opening one, and a
number kept with its counter (JIS X 4051's line-breaking rules, as a terminal needs them)."""

from __future__ import annotations

import re

from rich.cells import cell_len
from textual.content import Content
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual

# Hand-written, not a library: uniseg implements Unicode's line breaking (UAX #14) in full but
# took 8.5 ms for one ruling here, and the log of a 1,000-move session wraps every entry as it
# opens; the few rules Japanese text on a terminal needs take 0.06 ms for the same ruling.

_WIDE = "\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef"
"""Japanese punctuation, kana, kanji and the full-width forms: a line may break beside any."""

_PIECES = re.compile(rf"[{_WIDE}]\s*|[^\s{_WIDE}]+\s*|\s+")
"""What a line may not be broken inside: one Japanese character, or a word of other letters,
each with the spaces after it."""

_NO_START = frozenset("、。，．・：；？！ー）」』】〉》〕｝…～ぁぃぅぇぉっゃゅょァィゥェォッャュョ")  # noqa: RUF001 - the marks themselves
"""Marks that never begin a line in Japanese (kinsoku): the character before goes down too."""

_NO_END = frozenset("（「『【〈《〔｛")  # noqa: RUF001 - the marks themselves
"""Marks that never end a line: they go down with what they open."""

_MOST_MOVED = 4
"""How many characters a mark may take down with it: a run of marks breaks where it must."""


_WIDE_CHAR = re.compile(f"[{_WIDE}]")


def _counted(text: str, at: int) -> bool:
    """A number and the counter after it stay on one line (「108」「枚」, 「3」「回戦」)."""
    return text[at - 1].isdigit() and _WIDE_CHAR.match(text[at]) is not None


def breaks(text: str, width: int) -> list[int]:
    """The offsets at which to break one line of `text` so that no line is wider than `width`
    cells: before a word that does not fit, or inside a run of Japanese at the last character
    that fits; a word longer than a line is cut where the line ends."""
    if cell_len(text) <= width:
        return []  # most lines: a ruling, an alert, a log entry on a wide screen
    offsets: list[int] = []
    used = 0
    starts: list[int] = []
    """Where the pieces on this line start."""
    for match in _PIECES.finditer(text):
        start, piece = match.start(), match.group()
        if not piece.strip():
            used += cell_len(piece)  # spaces end a line, never begin one
            continue
        size = cell_len(piece.rstrip())
        if used and used + size > width:
            at = start
            floor = offsets[-1] if offsets else 0
            for _moved in range(_MOST_MOVED):
                # A closing mark does not begin a line, an opening one does not end it: the
                # piece before goes down too, if the line keeps something and it all fits.
                prev = max((s for s in starts if s < at), default=floor)
                if prev <= floor or cell_len(text[prev:start]) + size > width:
                    break
                if (
                    text[at] not in _NO_START
                    and text[prev] not in _NO_END
                    and not _counted(text, at)
                ):
                    break
                at = prev
            offsets.append(at)
            used, starts = cell_len(text[at:start]), [s for s in starts if s >= at]
        while used + size > width:
            fits, cells = 0, used
            for ch in piece:
                if cells + cell_len(ch) > width:
                    break
                cells, fits = cells + cell_len(ch), fits + 1
            if fits == 0:
                break  # a character wider than the line: nothing to gain
            start, piece = start + fits, piece[fits:]
            offsets.append(start)
            used, size, starts = 0, cell_len(piece.rstrip()), []
        starts.append(start)
        used += cell_len(piece)
    return offsets


def folded(content: Content, width: int) -> list[Content]:
    """`content` in lines of at most `width` cells, broken as `breaks` says."""
    lines: list[Content] = []
    for line in content.split("\n", allow_blank=True):
        pieces = line.divide(breaks(line.plain, width)) if width > 0 else [line]
        # The spaces at a break go; those the text ends with are its own (a key's padding),
        # unless they would not fit.
        last = pieces[-1]
        if cell_len(last.plain) > width:
            last = last.rstrip()
        lines += [piece.rstrip() for piece in pieces[:-1]] + [last]
    return lines


class Prose(Visual):
    """Content whose lines break as `breaks` says, where Textual's own wrapping (at spaces
    only) would move a run of Japanese to the next line whole and leave a short line before
    it. Styles, links and markup work as in the content itself."""

    def __init__(self, content: Content) -> None:
        self.content = content
        self._folded: tuple[int, Content] | None = None

    def _at(self, width: int) -> Content:
        if self._folded is None or self._folded[0] != width:
            self._folded = (width, Content("\n").join(folded(self.content, width)))
        return self._folded[1]

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        pad = options.rules.get("line_pad", 0) * 2
        return self._at(width - pad).render_strips(width, height, style, options)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return self.content.get_optimal_width(rules, container_width)

    def get_minimal_width(self, rules: RulesMap) -> int:
        return self.content.get_minimal_width(rules)

    def get_height(self, rules: RulesMap, width: int) -> int:
        pad = rules.get("line_pad", 0) * 2
        return self._at(width - pad).get_height(rules, width)

    def __str__(self) -> str:
        return str(self.content)


def prose(markup: str) -> Prose:
    """A paragraph of the program's own words (markup allowed), wrapped as `Prose` wraps."""
    return Prose(Content.from_markup(markup))
