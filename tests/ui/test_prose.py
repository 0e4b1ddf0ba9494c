"""Wrapping as Japanese and English are set: lines that fit, nothing lost, no short lines."""
# ruff: noqa: RUF001 - Japanese text and its marks are what these tests wrap

from __future__ import annotations

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
        line.plain for line in Content(text).wrap(30)]


def test_no_line_begins_with_a_closing_mark_or_ends_with_an_opening_one():
    lines = [line.plain for line in folded(Content("あいうえおかきくけ。」さしすせそ"), 20)]
    assert lines == ["あいうえおかきく", "け。」さしすせそ"]
    lines = [line.plain for line in folded(Content("あいうえおかきく「けこ」"), 18)]
    assert lines == ["あいうえおかきく", "「けこ」"]


def test_a_word_longer_than_a_line_is_cut_where_the_line_ends():
    assert [line.plain for line in folded(Content("a" * 25 + " bb"), 10)] == [
        "a" * 10, "a" * 10, "aaaaa bb"]


def test_spaces_the_text_ends_with_are_kept():
    # A key drawn reversed, ` F4 `, keeps its last space.
    assert folded(Content("catch  F4 "), 40)[-1].plain == "catch  F4 "
