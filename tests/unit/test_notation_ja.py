"""The Japanese notation guide (docs/notation.ja.md): its sessions replay, every example in its
tables is a statement of them, and its card and colour names are the catalogue's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.engine import Referee
from referee.engine.cards import card
from referee.notation import from_keyboard, parse_session
from referee.render import card_name, colour_name, render

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "notation.ja.md"
TEXT = GUIDE.read_text(encoding="utf-8")
BLOCKS = re.findall(r"^```uno\n(.*?)^```$", TEXT, flags=re.M | re.S)


def section(heading: str) -> str:
    """The text under `## heading`, up to the next heading of that level."""
    start = TEXT.index(f"\n## {heading}\n")
    end = TEXT.find("\n## ", start + 1)
    return TEXT[start : end if end > 0 else None]


def rows(text: str) -> list[list[str]]:
    """The cells of each table row (not the heading or the rule under it)."""
    found = []
    for line in text.splitlines():
        if line.startswith("|") and not line.startswith("|---"):
            found.append([cell.strip() for cell in line.strip("|").split("|")])
    return [row for row in found if row[0] not in ("記号", "書き方", "キー", "入力")]


def statements() -> set[str]:
    """Every statement of the guide's sessions, as written, without its comment."""
    return {
        line.partition("#")[0].strip()
        for block in BLOCKS
        for line in block.splitlines()
        if line.strip() and not line.startswith(("[", "#"))
    }


@pytest.mark.parametrize("block", BLOCKS, ids=[f"session{n + 1}" for n in range(len(BLOCKS))])
def test_every_session_in_the_guide_is_accepted_move_by_move(block: str) -> None:
    session = parse_session(block, "notation.ja.md")
    ref = Referee(session.header)
    for event in session.events:
        ruling = ref.apply(event)
        assert ruling.ok, render(ruling.parts, "ja")


def test_the_guide_has_sessions_for_the_examples() -> None:
    assert len(BLOCKS) >= 3


@pytest.mark.parametrize("heading", ["手の書き方", "ラウンドの始めと終わり", "ルールの変更"])
def test_every_example_in_the_tables_is_a_statement_of_the_sessions(heading: str) -> None:
    examples = [re.fullmatch(r"`(.*)`", row[2]) for row in rows(section(heading)) if row[2]]
    assert examples and all(examples), heading
    missing = [m.group(1) for m in examples if m and m.group(1) not in statements()]
    assert not missing, missing


def test_every_move_keyword_of_the_notation_has_a_row() -> None:
    forms = " ".join(row[0] for row in rows(section("手の書き方")))
    for word in (
        "draw",
        "accept",
        "challenge guilty",
        "challenge innocent",
        "challenge shows",
        "uno",
        "catch",
        "misplay",
        "penalty",
        "jump",
        "takes",
        "gives",
        "@",
        "top",
    ):
        assert word in forms, word


def test_colour_names_are_the_catalogues() -> None:
    table = rows(section("色"))
    assert len(table) == 8
    for code, name, _decks in table:
        assert name == colour_name(code.strip("`"), "ja"), code


def test_card_names_are_the_catalogues() -> None:
    table = rows(section("カード"))
    assert len(table) >= 25
    for code, name, _decks in table:
        # A row may add a remark in full-width brackets after the name (白いワイルド, then
        # which codes name one of the three).
        assert name.split("\uff08")[0] == card_name(card(code.strip("`")), "ja"), code


def test_the_japanese_readme_links_the_guide() -> None:
    readme = (GUIDE.parents[1] / "README.ja.md").read_text(encoding="utf-8")
    assert "docs/notation.ja.md" in readme


def test_every_japanese_form_in_the_guide_is_read_as_it_says() -> None:
    table = rows(section("日本語での入力"))
    assert len(table) >= 10
    for typed, stored in table:
        assert from_keyboard(typed.strip("`"), ("太郎", "花子", "キャロル")) == stored.strip("`")
