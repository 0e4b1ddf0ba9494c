"""The docs' tables of editions, options, house rules and cards, compared with the registry.

`stale()` lists what the docs miss or keep beyond the registry: the edition, option-key and card
tables of docs/notation.md, the editions and house rules named in the README, and
docs/rules.md, which `uno-referee rules --markdown` writes."""

from __future__ import annotations

import re
from pathlib import Path

from referee.cli import rules_doc
from referee.engine.cards import COLORED_ACTIONS, WILD_KINDS
from referee.engine.setup import editions, house_rules, option_specs

ROOT = Path(__file__).resolve().parents[2]
NOTATION = ROOT / "docs" / "notation.md"
RULES = ROOT / "docs" / "rules.md"
README = ROOT / "README.md"


def _block(text: str, after: str) -> str:
    """The paragraphs from the line that starts with `after` to the next heading or prose
    paragraph after its table (or list)."""
    start = text.index(after)
    rest = text[start:].split("\n\n")
    block = [rest[0]]
    for part in rest[1:]:
        if not (part.startswith("|") or part.startswith("`")):
            break
        block.append(part)
    return "\n\n".join(block)


def _rows(block: str, pattern: str) -> set[str]:
    return set(re.findall(pattern, block, re.MULTILINE))


def _differ(what: str, documented: set[str], registered: set[str]) -> list[str]:
    return [f"{what}: not documented: {name}" for name in sorted(registered - documented)] + [
        f"{what}: documented but not registered: {name}" for name in sorted(documented - registered)
    ]


def stale() -> list[str]:
    """What the docs say that the registry does not, and the other way round."""
    notation = NOTATION.read_text(encoding="utf-8")
    found = _differ(
        "docs/notation.md editions",
        _rows(_block(notation, "Editions (`[Edition]`)"), r"^\| `([^`]+)` \|"),
        set(editions()),
    )
    keys = re.search(r"The keys are:\n\n(.*?)\n\n", notation, re.DOTALL)
    found += _differ(
        "docs/notation.md option keys",
        set(re.findall(r"`([^`]+)`", keys.group(1) if keys else "")),
        set(option_specs()),
    )
    coloured = _rows(_block(notation, "Coloured cards are"), r"^\| COLOUR \+ `([^`]+)` \|")
    found += _differ("docs/notation.md coloured cards", coloured - {"0"}, set(COLORED_ACTIONS))
    found += _differ(
        "docs/notation.md Wild cards",
        _rows(_block(notation, "Wild cards have no colour"), r"^\| `([^`]+)` \|"),
        set(WILD_KINDS),
    )
    readme = README.read_text(encoding="utf-8")
    named = _block(readme, "- Editions:").split("\n- ")
    editions_said = set(re.findall(r"`([a-z]+)`", named[0]))
    found += [
        f"README.md editions: not documented: {name}"
        for name in editions()
        if name not in editions_said
    ]
    house_said = " ".join(next(p for p in named if p.startswith("House rules")).split())
    found += [
        f"README.md house rules: not documented: {unit.key}"
        for unit in house_rules().values()
        if f"`{unit.key} " not in house_said
    ]
    if RULES.read_text(encoding="utf-8") != rules_doc.markdown():
        found.append(f"docs/rules.md is stale: run {rules_doc.COMMAND}")
    return found
