"""Rulings: the engine's answer to every event, with a plain sentence and the rule it rests on."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class Ruling:
    """What the referee said about one event."""

    ok: bool
    rule: str
    """A rule id that `uno-referee rules` shows with its text and source."""
    text: str
    notable: bool = False
    """Worth a line on the score sheet: penalties, challenges, misplays, overrides."""


class Refusal(Exception):
    """Raised inside the engine before any state changes; becomes a refused Ruling."""

    def __init__(self, rule: str, text: str) -> None:
        super().__init__(text)
        self.rule = rule
        self.text = text
