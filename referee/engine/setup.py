"""A session's rules from its header: edition, options, house rules, scoring, players.

`build(header)` reads the header once; every state of the session shares the result. It checks
what can be checked before a card is played (SetupError says what is wrong) and compiles, for
each hook, the units that use it, so that a turn calls only hooks that do something.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import suppress
from types import MappingProxyType

from ..i18n import _
from . import unit_index
from .effects import CORE_KINDS
from .events import Header
from .options import SPECS, OptionError, Options, OptionSpec, check_value
from .rulebook import WD4_LEGAL
from .rules import Variant, in_force
from .scoring import parse_scoring, score
from .state import HOOKS, Handler, Hooks, Kind, Setup
from .units import (
    EDITIONS,
    HOUSE_RULES,
    REGISTRY_LOCK,
    Edition,
    HouseRule,
    Unit,
    load_standard,
    load_through,
    loaded_through,
    units_version,
)


class SetupError(ValueError):
    """The header cannot be refereed: unknown edition, bad option, too few players."""


def editions() -> Mapping[str, type[Edition]]:
    """Every edition a session may name, by id."""
    load_standard()
    return EDITIONS


def find_edition(edition: str) -> type[Edition] | None:
    """The edition of that id, None if there is none; loads only the units it needs (the
    listing, `editions()`, loads them all)."""
    where = unit_index.EDITIONS.get(edition)
    if where is None:
        load_standard()  # one registered from outside the program, or none
    else:
        load_through(where)
    return EDITIONS.get(edition)


def house_rules() -> Mapping[str, type[HouseRule]]:
    """Every house rule, by id (its option key)."""
    load_standard()
    return HOUSE_RULES


def house_rule_title(rule: str) -> str:
    """A house rule's name in the language in use (`Jump-In`); the id for a rule without one."""
    unit = house_rules().get(rule)
    return _(unit.title) if unit is not None and unit.title else rule


USUAL_SCORING = {"en": "target 500", "jp": "rounds 5"}
"""The scoring each rulebook's tables usually keep (the English sheet plays to 500; the Japanese
manuals keep a five-round table): what a new session suggests until someone chooses."""


def usual_rulebook(lang: str) -> str:
    """The rulebook family a new session starts with at a table that speaks `lang`: a Japanese
    table plays by the Japanese manuals (`jp`), any other by the English rules sheet (`en`)."""
    return "jp" if lang == "ja" else "en"


def usual_scoring(rules: str) -> str:
    """The `[Scoring]` a new session under `rules` starts with (`none` for an unknown family)."""
    return USUAL_SCORING.get(rules, "none")


def option_specs() -> Mapping[str, OptionSpec]:
    """Every option key (core, editions', house rules'), in declaration order; a unit's own
    keys only while the unit is registered."""
    load_standard()
    return {
        key: spec
        for key, spec in SPECS.items()
        if not spec.unit or spec.unit in EDITIONS or spec.unit in HOUSE_RULES
    }


def resolve(
    rules: str, edition: str, overrides: tuple[tuple[str, str], ...] = ()
) -> Mapping[str, str]:
    """Every option's value in force for a rulebook family, an edition and the table's
    overrides; OptionError for an unknown key, a bad value or one the edition refuses.

    Loads the shipped units these need (`unit_index`): the edition's, those of the keys set,
    and every house rule the values turn on; every unit for a name the index does not know
    (whose error lists them all)."""
    if rules not in ("en", "jp"):
        raise OptionError(_("unknown rulebook '{rules}' (en or jp)").format(rules=rules))
    with REGISTRY_LOCK:
        return _load_and_resolve(rules, edition, overrides)


def _load_and_resolve(
    rules: str, edition: str, overrides: tuple[tuple[str, str], ...]
) -> Mapping[str, str]:
    where = [unit_index.EDITIONS.get(edition)]
    where += [unit_index.OPTIONS.get(key, (None,))[0] for key, _value in overrides]
    if None in where:
        load_standard()
    else:
        load_through(max(p for p in where if p is not None))
    while True:
        values = _resolve(rules, edition, overrides)
        # A house rule turned on (by an edition's defaults, another rule's, or the table)
        # that is not loaded yet: load it and resolve again with its own defaults.
        later = [
            position
            for key, (position, off) in unit_index.HOUSE.items()
            if position >= loaded_through() and values.get(key, off) != off
        ]
        if not later:
            return values
        load_through(max(later))


def _resolve(rules: str, edition: str, overrides: tuple[tuple[str, str], ...]) -> Mapping[str, str]:
    unit = EDITIONS.get(edition)
    if unit is None:
        raise OptionError(
            _("unknown edition '{edition}' (editions: {editions})").format(
                edition=edition, editions=", ".join(EDITIONS)
            )
        )
    specs = _loaded_specs()
    if not _all_loaded() and not specs.keys() <= unit_index.OPTIONS.keys():
        load_standard()  # a unit from outside: its keys sit where a full load has them
    if _all_loaded():
        specs = option_specs()
        values = {key: spec.default(rules) for key, spec in specs.items()}
    else:
        # Every key as a full load has it, in its order: the keys of units not loaded keep
        # their defaults (from the index), so a table's values are the same either way.
        values = {
            key: jp if rules == "jp" else en for key, (_unit, en, jp) in unit_index.OPTIONS.items()
        }
    values.update(unit.defaults.get(rules, {}))
    explicit = set()
    for key, value in overrides:
        if key not in specs:
            raise OptionError(
                _("unknown rule option '{key}' (known: {known})").format(
                    key=key, known=", ".join(specs)
                )
            )
        values[key] = check_value(key, value)
        explicit.add(key)
    # A house rule that is on may bring its own defaults for other keys (Seven-O: a hand
    # passed down to one card calls UNO), unless the table set them.
    for house in HOUSE_RULES.values():
        if values[house.key] != house.off:
            values.update({k: v for k, v in house.implies.items() if k not in explicit})
    for key, value in unit.refuses:
        if values[key] == value:
            raise OptionError(
                _(
                    "rule option '{key}' = '{value}' does not work with the {edition} edition"
                ).format(key=key, value=value, edition=edition)
            )
    return MappingProxyType(values)


def _all_loaded() -> bool:
    return loaded_through() == len(unit_index.MODULES)


def _loaded_specs() -> Mapping[str, OptionSpec]:
    """The option keys of the core and of the units loaded so far (all of them the index
    lists, while only shipped units are loaded)."""
    return {
        key: spec
        for key, spec in SPECS.items()
        if not spec.unit or spec.unit in EDITIONS or spec.unit in HOUSE_RULES
    }


def rules_in_force(values: Mapping[str, str], edition: str) -> list[Variant]:
    """The rules a table plays by, for its option values and edition."""
    load_standard()
    house = [cls.id for cls in HOUSE_RULES.values() if values[cls.key] != cls.off]
    return in_force(values, edition, house)


def build(header: Header) -> Setup:
    """The rules of a session; SetupError if it cannot be refereed.

    A Setup never changes, so sessions with the same header share one (while the units
    registered stay the same)."""
    with REGISTRY_LOCK:
        # One kept under the units registered now was built with every unit it needs loaded.
        found = _BUILT.get((header, units_version()))
        if found is not None:
            return found
        with suppress(OptionError):  # `_build` says what is wrong
            resolve(header.rules, header.edition, header.overrides)  # loads the units it needs
        key = (header, units_version())
        found = _BUILT.get(key)
        if found is None:
            found = _BUILT[key] = _build(header)
            if len(_BUILT) > _KEEP:
                del _BUILT[next(iter(_BUILT))]
        return found


_BUILT: dict[tuple[Header, int], Setup] = {}
_KEEP = 64
"""Setups kept for reuse: a table of headers a session service sees in one run."""


def _build(header: Header) -> Setup:
    if header.edition not in EDITIONS:
        load_standard()  # an edition the index does not know may be registered from outside
    if header.edition not in EDITIONS:
        raise SetupError(_("unknown edition '{edition}'").format(edition=header.edition))
    if not 2 <= len(header.players) <= 10:
        raise SetupError(_("a session needs 2 to 10 players"))
    try:
        values = resolve(header.rules, header.edition, header.overrides)
        scoring = parse_scoring(header.scoring)
        edition = EDITIONS[header.edition](values)
        house = tuple(cls(values) for cls in HOUSE_RULES.values() if values[cls.key] != cls.off)
    except (OptionError, ValueError) as exc:
        raise SetupError(str(exc)) from exc
    units: tuple[Unit, ...] = (edition, *house)
    names = {name: name for name in header.players}
    names.update({name.casefold(): name for name in header.players})
    kinds: dict[str, Kind] = dict(CORE_KINDS)
    handlers: dict[type, list[Handler]] = {}
    for unit in units:
        kinds.update(unit.kinds)
        for kind, handler in unit.handlers.items():
            handlers.setdefault(kind, []).append(handler)
    limits = [unit.hand_limit for unit in units if unit.hand_limit]
    waits = [unit.draws_wait for unit in units if unit.draws_wait is not None]
    return Setup(
        header=header,
        players=header.players,
        names=names,
        deck=edition.deck,
        options=Options.of(values),
        scoring=scoring,
        customs=dict(header.customs),
        kinds=kinds,
        hooks=_compile(units),
        handlers={k: tuple(v) for k, v in handlers.items()},
        draws_wait=waits[0] if waits else None,
        top_kinds=frozenset().union(*(unit.top_kinds for unit in units)),
        hand_limit=min(limits) if limits else None,
        ko_bonus=max(unit.ko_bonus for unit in units),
        units=tuple(unit.id for unit in house),
        blank=score(scoring, header.players, []),
        legality=MappingProxyType(
            {
                "w+4": WD4_LEGAL,
                **{kind: rule for unit in units for kind, rule in unit.legality.items()},
            }
        ),
    )


def _compile(units: tuple[Unit, ...]) -> Hooks:
    """For each hook, the bound methods of the units that override it."""
    hooks = Hooks()
    for name in HOOKS:
        base = getattr(Unit, name)
        setattr(
            hooks,
            name,
            tuple(getattr(unit, name) for unit in units if getattr(type(unit), name) is not base),
        )
    return hooks
