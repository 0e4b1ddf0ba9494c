"""docs/rules.md is what `uno-referee rules --markdown` writes now: every rule and option in
English and Japanese, with their sources."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee import cli, i18n
from referee.cli import rules_doc
from referee.engine.rules import VARIANTS
from referee.engine.setup import editions, house_rules, option_specs
from referee.i18n.catalogue import translations

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def generated(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = cli.main(["rules", "--markdown", *argv])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    return out


def test_docs_rules_md_is_what_the_command_writes_now(capsys):
    assert rules_doc.COMMAND in DOC.read_text(encoding="utf-8").split("\n\n")[1], (
        "docs/rules.md must say how it is made"
    )
    assert DOC.read_text(encoding="utf-8") == generated(capsys), (
        f"docs/rules.md is stale: run {rules_doc.COMMAND}"
    )


def test_the_document_is_the_same_whatever_the_language_of_the_run(capsys, monkeypatch):
    english = generated(capsys)
    assert generated(capsys, "--lang", "ja") == english
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert generated(capsys) == english
    assert i18n.current() == "ja"


def test_every_rule_text_and_option_is_there_in_both_languages():
    doc = rules_doc.markdown()
    ja = translations("ja")
    for rid, variants in VARIANTS.items():
        assert f"#### `{rid}`" in doc
        for variant in variants:
            for text in (variant.text, variant.source):
                assert f"| {rules_doc._cell(text)} |" in doc
                assert f"| {rules_doc._cell(ja.gettext(text))} |" in doc
    for key, spec in option_specs().items():
        assert f"| `{key}` |" in doc
        cells = (rules_doc._cell(spec.meaning), rules_doc._cell(ja.gettext(spec.meaning)))
        assert "| {} | {} |".format(*cells) in doc
    for edition in editions():
        assert f"Edition `{edition}`" in doc
    for house in house_rules():
        assert f"House rule `{house}`" in doc


def test_markdown_takes_no_table_options(capsys):
    code = cli.main(["rules", "--markdown", "--edition", "flip"])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err.startswith("uno-referee rules: --markdown documents the whole rulebook")
