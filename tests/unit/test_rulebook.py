"""Every ruling's rule id is in the rulebook, with text and a source (issue 2: rule ids)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from referee.engine.options import OptionError, check_value
from referee.engine.rules import IDS, VARIANTS, RuleId, rule_for
from referee.engine.setup import option_specs, resolve, rules_in_force

REFEREE = Path(__file__).resolve().parents[2] / "referee"
RULING_CALLS = ("Refusal", "Ruling")


def _cited_literals() -> list[str]:
    """Places where a ruling or refusal is given a rule id as a bare string."""
    found = []
    for path in REFEREE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in RULING_CALLS
            ):
                args = [
                    a for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)
                ]
                found += [f"{path.relative_to(REFEREE)}:{node.lineno}" for _ in args]
    return found


def test_rule_ids_are_declared_not_written_as_strings() -> None:
    """Every ruling cites a declared RuleId (a module constant); none writes one as a string."""
    option_specs()  # loads every edition and house rule, declaring their ids
    assert len(IDS) > 60 and all(isinstance(rid, RuleId) for rid in IDS.values())
    assert _cited_literals() == []


def test_every_rule_has_text_and_source() -> None:
    for variants in VARIANTS.values():
        for rule in variants:
            assert rule.text.endswith(".") and len(rule.text) > 20, rule.id
            assert rule.source, rule.id


@pytest.mark.parametrize(
    "edition", ["classic", "swap", "shuffle", "minecraft", "minimalista", "allwild"]
)
@pytest.mark.parametrize("rules", ["en", "jp"])
def test_one_variant_of_each_rule_in_force(edition: str, rules: str) -> None:
    """Option-dependent rules (wd4-legal color vs playable...) show exactly the variant in force."""
    options = resolve(rules, edition)
    shown = rules_in_force(options, edition)
    ids = [r.id for r in shown]
    assert len(ids) == len(set(ids))
    legal = rule_for("wd4-legal", options, edition)
    assert ("colour in force before it" in legal.text) == (rules == "en")


def test_jp_and_en_defaults_differ_as_documented() -> None:
    """en vs jp defaults; the Minecraft UNO manual has coaching at 4 (「捨てる時」)."""
    en, jp = resolve("en", "classic"), resolve("jp", "classic")
    assert (en["wd4-legal"], jp["wd4-legal"]) == ("color", "playable")
    assert (en["wd4-guilty"], jp["wd4-guilty"]) == ("draw", "retract")
    assert (en["uno-window"], jp["uno-window"]) == ("next-action", "next-discard")
    assert (en["dealer-rotation"], jp["dealer-rotation"]) == ("left", "winner")
    assert resolve("jp", "minecraft")["coaching-penalty"] == "4"
    assert resolve("en", "minecraft", (("coaching-penalty", "3"),))["coaching-penalty"] == "3"


@pytest.mark.parametrize(
    ("key", "value"),
    [("wd4-legal", "sometimes"), ("uno-penalty", "two"), ("no-such-key", "1"), ("mercy", "lots")],
)
def test_bad_option_values_are_refused_with_what_the_key_takes(key: str, value: str) -> None:
    with pytest.raises(OptionError, match=key):
        check_value(key, value)


def test_every_option_documents_meaning_and_source() -> None:
    for option in option_specs().values():
        assert option.meaning and option.source
