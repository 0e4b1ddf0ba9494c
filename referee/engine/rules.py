"""Rule ids: one typed set, each id with the texts and sources of its variants.

A ruling rests on a `RuleId`, made only by `rule()`: the engine and every edition or house rule
declare their ids as module constants and cite those, so an id that is not declared cannot be
cited. A rule may read differently by edition, option value or house rule: each declaration adds
a variant, and `in_force` picks the variants a table plays by.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from .frozen import Frozen, init


class RuleId(str):
    """A declared rule id (a `str`, so it prints and compares as its name)."""

    __slots__ = ()


class Variant(Frozen):
    """One text of a rule, and when it is the one in force."""

    id: RuleId
    text: str
    source: str
    """The published material it rests on."""
    table_default: bool
    """The books are silent; this is the product's own ruling."""
    when: tuple[tuple[str, str], ...]
    """Option values under which this text is in force (all must hold)."""
    unit: str
    """The edition or house rule that declared it; "" for the core rules of every game."""

    __slots__ = __match_args__ = ("id", "text", "source", "table_default", "when", "unit")

    def __init__(
        self,
        id: RuleId,  # noqa: A002 (the field's name, which `_replace` takes)
        text: str,
        source: str,
        table_default: bool = False,
        when: tuple[tuple[str, str], ...] = (),
        unit: str = "",
    ) -> None:
        init(self, "id", id)
        init(self, "text", text)
        init(self, "source", source)
        init(self, "table_default", table_default)
        init(self, "when", when)
        init(self, "unit", unit)


IDS: dict[str, RuleId] = {}
VARIANTS: dict[RuleId, list[Variant]] = {}


def rule(
    name: str,
    text: str,
    source: str,
    *,
    table_default: bool = False,
    when: tuple[tuple[str, str], ...] = (),
    unit: str = "",
) -> RuleId:
    """Declare a rule id, or one more variant of it; returns the id to cite."""
    if not name or name != name.strip().lower() or " " in name:
        raise ValueError(f"bad rule id {name!r}")
    if not text.endswith(".") or not source:
        raise ValueError(f"rule {name}: a text is a sentence and needs a source")
    rid = IDS.setdefault(name, RuleId(name))
    VARIANTS.setdefault(rid, []).append(Variant(rid, text, source, table_default, when, unit))
    return rid


def _holds(variant: Variant, options: Mapping[str, str]) -> bool:
    return all(options.get(key) == value for key, value in variant.when)


def _candidates(rid: RuleId, edition: str, units: Collection[str]) -> list[Variant]:
    """The variants of an id a table can play by: its edition's own replace the others."""
    variants = VARIANTS[rid]
    own = [v for v in variants if v.unit == edition]
    if own:
        return own
    return [v for v in variants if not v.unit or v.unit in units]


def in_force(
    options: Mapping[str, str], edition: str, units: Collection[str] = ()
) -> list[Variant]:
    """The rules a table plays by, one text per id, in declaration order.

    Args:
        options: every option's value (`Options.values`).
        edition: the edition id.
        units: the house rules turned on (their unit ids).
    """
    found = []
    # A copy: another thread may be loading a unit, which declares its rules as it loads.
    for rid in tuple(VARIANTS):
        for variant in _candidates(rid, edition, units):
            if _holds(variant, options):
                found.append(variant)
                break
    return found


def rule_for(
    rid: str, options: Mapping[str, str], edition: str, units: Collection[str] = ()
) -> Variant:
    """The text of one rule as the table plays it (its first variant if none is in force)."""
    key = IDS[rid]
    for variant in _candidates(key, edition, units):
        if _holds(variant, options):
            return variant
    return VARIANTS[key][0]
