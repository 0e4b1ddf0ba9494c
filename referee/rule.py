"""One rule a ruling can rest on: id, plain text, source, and when it is in force."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rule:
    id: str
    text: str
    source: str
    """Seed file or dossier section."""
    table_default: bool = False
    """The books are silent; this is the product's ruling."""
    when: tuple[tuple[str, str], ...] = ()
    """Option values under which the rule is in force (all must hold)."""
    editions: tuple[str, ...] = ()
    """Editions the rule belongs to; empty means every edition."""
