"""The names a list gives editions and rulebook families, found without loading any unit."""

from __future__ import annotations

from ..i18n import N_, _
from . import unit_index

FAMILIES = {"en": N_("international rules"), "jp": N_("Japanese rules")}
"""The rulebook families a session plays by (`[Rules]`), with their names."""


def edition_title(edition: str) -> str:
    """An edition's name and deck, in the language in use (`UNO (108 cards)`); the id itself
    for an edition the referee does not know."""
    # A shipped edition's title is in the unit index, so the app's session list names each
    # session's edition without loading the engine's set-up and the edition's unit.
    title = unit_index.TITLES.get(edition)
    if title is None:
        # One registered from outside the program, or none: its unit says.
        from .setup import find_edition

        unit = find_edition(edition)
        title = unit.deck.title if unit is not None else ""
    return _(title) if title else edition


def family_name(rules: str) -> str:
    """A rulebook family's name in the language in use (`en`: international rules)."""
    name = FAMILIES.get(rules)
    return _(name) if name else rules
