"""One word for each thing: no Japanese text of the catalogue (nor the Japanese README and
guide) uses a word the glossary in docs/translating.md rules out."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = (ROOT / "docs" / "translating.md").read_text(encoding="utf-8")


def banned() -> dict[str, list[re.Pattern[str]]]:
    """The glossary's table: each concept's word -> the patterns it must never appear as."""
    table = GLOSSARY[GLOSSARY.index("### One word for each thing") :]
    found: dict[str, list[re.Pattern[str]]] = {}
    rows = [line for line in table.splitlines() if line.startswith("|")][2:]
    for line in rows:
        _concept, word, never = (cell.strip() for cell in line.strip("|").split("|"))
        found[word] = [re.compile(p) for p in re.findall(r"`([^`]+)`", never)]
    return found


def texts() -> list[tuple[str, str]]:
    """Every Japanese text: (where, text)."""
    found: list[tuple[str, str]] = []
    for path in sorted((ROOT / "referee" / "i18n" / "po" / "ja").glob("*.po")):
        with path.open("rb") as handle:
            for message in read_po(handle):
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                found += [
                    (f"{path.name}: {message.id!r}", s) for s in strings if isinstance(s, str) and s
                ]
    for doc in ("README.ja.md", "docs/notation.ja.md"):
        found.append((doc, (ROOT / doc).read_text(encoding="utf-8")))
    return found


def offences(items: list[tuple[str, str]]) -> list[str]:
    rules = banned()
    return [
        f"{where}: {pattern.pattern} (say {word})"
        for where, text in items
        for word, patterns in rules.items()
        for pattern in patterns
        if pattern.search(text)
    ]


def test_the_glossary_has_its_words() -> None:
    rules = banned()
    assert len(rules) >= 9 and all(rules.values()), rules


def test_the_japanese_texts_use_one_word_for_each_thing() -> None:
    assert offences(texts()) == []


@pytest.mark.parametrize(
    "planted",
    [
        "違反ありでした",
        "チャレンジ成功だった",
        "花子はスキップされます",
        "設定フォルダの中",
        "第3回の得点",
        "他の人の手札",
    ],
)
def test_a_planted_synonym_is_found(planted: str) -> None:
    assert offences([("planted", planted)])
