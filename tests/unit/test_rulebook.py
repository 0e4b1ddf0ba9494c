"""Every ruling's rule id is in the rulebook, with text and a source (issue 2: rule ids)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.options import OPTIONS, OptionError, check_value, resolve
from referee.rulebook import RULES, in_force, rule_for

ENGINE = Path(__file__).resolve().parents[2] / "referee"
# Rule ids appear in the engine as the first argument of Refusal/Ruling, or first in an
# effect's returned pair.
CITED = re.compile(r'(?:Refusal\(|Ruling\((?:True|False), )\s*"([a-z0-9-]+)"'
                   r'|return \(?"([a-z0-9-]+)"')


def cited_ids() -> set[str]:
    found: set[str] = set()
    for path in ENGINE.glob("*.py"):
        for a, b in CITED.findall(path.read_text(encoding="utf-8")):
            found.add(a or b)
    return found


def test_every_cited_rule_exists() -> None:
    cited = cited_ids()
    assert len(cited) > 30  # the scan found the engine's citations
    assert sorted(cited - set(RULES)) == []


def test_every_rule_has_text_and_source() -> None:
    for variants in RULES.values():
        for rule in variants:
            assert rule.text.endswith(".") and len(rule.text) > 20, rule.id
            assert rule.source, rule.id


@pytest.mark.parametrize(
    "edition", ["classic", "swap", "shuffle", "minecraft", "minimalista", "allwild"])
@pytest.mark.parametrize("rules", ["en", "jp"])
def test_one_variant_of_each_rule_in_force(edition: str, rules: str) -> None:
    """Option-dependent rules (wd4-legal color vs playable...) show exactly the variant in force."""
    options = resolve(rules, edition)
    shown = in_force(options, edition)
    ids = [r.id for r in shown]
    assert len(ids) == len(set(ids))
    legal = rule_for("wd4-legal", options, edition)
    assert ("colour in force before it" in legal.text) == (rules == "en")


def test_jp_and_en_defaults_differ_as_documented() -> None:
    """options.md: en vs jp defaults; Minecraft's JP manual has coaching at 4 (dossier 6)."""
    en, jp = resolve("en", "classic"), resolve("jp", "classic")
    assert (en["wd4-legal"], jp["wd4-legal"]) == ("color", "playable")
    assert (en["wd4-guilty"], jp["wd4-guilty"]) == ("draw", "retract")
    assert (en["uno-window"], jp["uno-window"]) == ("next-action", "next-discard")
    assert (en["dealer-rotation"], jp["dealer-rotation"]) == ("left", "winner")
    assert resolve("jp", "minecraft")["coaching-penalty"] == "4"
    assert resolve("en", "minecraft", (("coaching-penalty", "3"),))["coaching-penalty"] == "3"


@pytest.mark.parametrize(("key", "value"), [("wd4-legal", "sometimes"), ("uno-penalty", "two"),
                                            ("no-such-key", "1"), ("mercy", "lots")])
def test_bad_option_values_are_refused_with_what_the_key_takes(key: str, value: str) -> None:
    with pytest.raises(OptionError, match=key):
        check_value(key, value)


def test_every_option_documents_meaning_and_source() -> None:
    for option in OPTIONS.values():
        assert option.meaning and option.source
