"""Self-play's bookkeeping: what it counted, how its players behave, and how it fails."""

from __future__ import annotations

from dataclasses import dataclass, field


class Abandoned(Exception):
    """A round that cannot end: self-play starts another game."""


class Divergence(AssertionError):
    """The engine's public state differs from the real game, or it refused a legal move."""


@dataclass
class Stats:
    games: int = 0
    actions: int = 0
    refusals_checked: int = 0
    abandoned: int = 0
    stacked_challenges: int = 0
    """Challenges of a Wild Draw Four stacked on another (the digital games' rule)."""
    checks_agreed: int = 0
    """Moves asked of `check` first, whose ruling `apply` then gave word for word."""
    rules: dict[str, int] = field(default_factory=dict)


@dataclass
class Tendencies:
    """How often the random players do each thing."""

    play: float = 0.85
    call_uno: float = 0.75
    challenge: float = 0.4
    catch: float = 0.3
    misplay: float = 0.03
    side_action: float = 0.03
    illegal_probe: float = 0.05
