"""Wrapping as Japanese and English are set: lines that fit, nothing lost, no short lines."""
# ruff: noqa: RUF001 - Japanese text and its marks are what these tests wrap

from __future__ import annotations

import itertools
import re

from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len
from textual.content import Content

from screens.prose import breaks, folded

MIXED = st.text(alphabet="あいう漢字。、」「（）ーabc d e9`:　", max_size=120)


@given(MIXED, st.integers(min_value=2, max_value=60))
def test_every_line_fits_and_nothing_is_lost(text, width):
    offsets = breaks(text, width)
    assert offsets == sorted(set(offsets)) and all(0 < at < len(text) for at in offsets)
    lines = folded(Content(text), width)
    assert all(cell_len(line.plain) <= width for line in lines)
    # Only the spaces at a break go.
    assert re.sub(r"\s", "", "".join(line.plain for line in lines)) == re.sub(r"\s", "", text)


def test_a_run_of_japanese_starts_where_the_line_has_room():
    # Textual's own wrapping (at spaces) moved the whole run to the next line.
    entry = "#29 Ana: b5  Anaが青の5を出しました。Anaはウノ宣言をしていません。Devが行動する。"
    lines = [line.plain for line in folded(Content(entry), 40)]
    assert lines[0].startswith("#29 Ana: b5  Anaが青")
    assert cell_len(lines[0]) >= 39
    assert Content(entry).wrap(40)[0].plain == "#29 Ana: b5"


def test_english_breaks_at_spaces_only():
    text = "Round 1: Taro deals. Turn up the start card and type it, e.g. `start r7`"
    assert [line.plain for line in folded(Content(text), 30)] == [
        line.plain for line in Content(text).wrap(30)
    ]


def test_no_line_begins_with_a_closing_mark_or_ends_with_an_opening_one():
    lines = [line.plain for line in folded(Content("あいうえおかきくけ。」さしすせそ"), 20)]
    assert lines == ["あいうえおかきく", "け。」さしすせそ"]
    lines = [line.plain for line in folded(Content("あいうえおかきく「けこ」"), 18)]
    assert lines == ["あいうえおかきく", "「けこ」"]


def test_a_word_longer_than_a_line_is_cut_where_the_line_ends():
    assert [line.plain for line in folded(Content("a" * 25 + " bb"), 10)] == [
        "a" * 10,
        "a" * 10,
        "aaaaa bb",
    ]


def test_spaces_the_text_ends_with_are_kept():
    # A key drawn reversed, ` F4 `, keeps its last space.
    assert folded(Content("catch  F4 "), 40)[-1].plain == "catch  F4 "


# Issue 27: every Japanese text the program says, broken at every width from 30 to 80 cells,
# keeps the Japanese line-breaking rules (JIS X 4051's classes, as a terminal needs them).
def _catalogue_texts() -> list[str]:
    from pathlib import Path

    from babel.messages.pofile import read_po

    samples = {
        "player": "花子",
        "name": "花子",
        "offender": "太郎",
        "victim": "次郎",
        "target": "次郎",
        "card": "赤のドロー2",
        "top": "青の5",
        "colour": "赤",
        "drawn": 108,
        "count": 12,
        "n": 3,
        "round": 3,
        "seq": 27,
        "amount": 4,
    }
    texts = []
    root = Path(__file__).resolve().parents[2] / "referee" / "i18n" / "po" / "ja"
    for path in sorted(root.glob("*.po")):
        with path.open("rb") as handle:
            for message in read_po(handle):
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                for text in strings:
                    if not isinstance(text, str) or not text:
                        continue
                    filled = re.sub(
                        r"\{(\w+)[^{}]*\}", lambda m: str(samples.get(m.group(1), "値")), text
                    )
                    texts.extend(filled.split("\n"))
    return texts


_NO_START = "、。，．・：；？！ー）」』】〉》〕｝…～ぁぃぅぇぉっゃゅょァィゥェォッャュョ"
_NO_END = "（「『【〈《〔｛"
_WIDE_RE = re.compile("[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")


def test_every_japanese_text_breaks_by_the_japanese_rules_at_every_width():
    texts = _catalogue_texts()
    assert len(texts) > 500
    bad = []
    for text in texts:
        for width in range(30, 81):
            offsets = breaks(text, width)
            cuts = [0, *offsets, len(text)]
            lines = [text[a:b] for a, b in itertools.pairwise(cuts)]
            for before, after in itertools.pairwise(lines):
                word = re.search(r"[A-Za-z0-9`_\-]+$", before)
                following = re.match(r"[A-Za-z0-9`_\-]+", after)
                if after[:1] in _NO_START:
                    bad.append((width, "starts with a closing mark", before, after))
                elif before.rstrip()[-1:] in _NO_END:
                    bad.append((width, "ends with an opening mark", before, after))
                elif before[-1:].isdigit() and _WIDE_RE.match(after[:1]):
                    bad.append((width, "a number split from its counter", before, after))
                elif word and following and cell_len(word.group() + following.group()) <= width:
                    bad.append((width, "a word cut", before, after))
    assert not bad, bad[:5]
