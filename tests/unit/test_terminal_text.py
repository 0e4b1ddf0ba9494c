"""No Markdown in what the terminal shows: the catalogue's texts, in every language, quote a
command or a move in the language's own quotes ('round 1'; 「round 1」), never in backticks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

PO = Path(__file__).resolve().parents[2] / "referee" / "i18n" / "po"
MARKDOWN_ON_PURPOSE = ("referee/cli/rules_doc.py", "referee/sheet/exports/markdown.py")
"""The texts only these write are Markdown on purpose (`rules --markdown`, the `md` export)."""
MARKDOWN = re.compile(r"`|\*\*|__|(?:^|\n)#{1,6} ")
"""Code spans, bold and headings: a terminal shows the marks as typed. (Textual's own markup,
`[b]...[/]`, is drawn by the app.)"""


def terminal_texts() -> list[tuple[str, str, str]]:
    """(file, msgid, text) for the msgid and translation of every entry a terminal may show."""
    found = []
    for path in sorted(PO.glob("*/*.po")):
        with path.open("rb") as handle:
            catalog = read_po(handle)
        for message in catalog:
            if not message.id:
                continue
            places = [place for place, _line in message.locations]
            if places and all(place in MARKDOWN_ON_PURPOSE for place in places):
                continue
            ids = (message.id,) if isinstance(message.id, str) else tuple(message.id)
            texts = (
                (message.string,)
                if isinstance(message.string, str)
                else tuple(message.string or ())
            )
            found += [(path.name, ids[0], text) for text in (*ids, *texts) if text]
    return found


def test_the_catalogue_is_read() -> None:
    assert len(terminal_texts()) > 1000


@pytest.mark.parametrize("where", ["msgid", "translation"])
def test_no_markdown_in_the_texts_a_terminal_shows(where: str) -> None:
    marked = [
        (name, text)
        for name, msgid, text in terminal_texts()
        if (text == msgid) == (where == "msgid") and MARKDOWN.search(text)
    ]
    assert marked == [], "\n".join(f"{name}: {text!r}" for name, text in marked[:20])


def test_the_markdown_document_keeps_its_code_spans() -> None:
    from referee.cli import rules_doc

    assert "`--rules jp`" in rules_doc.markdown()
