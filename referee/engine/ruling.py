"""Rulings: the engine's answer to every event, as data (a rule id and message parts)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .messages import Message, render
from .rules import RuleId

if TYPE_CHECKING:
    from .state import Game


class Ruling:
    """What the referee said about one event: accepted or refused, the rule it rests on, and
    the message parts that say it (rendered in the reader's language by `render`).

    `state` is the state the event leaves: the new state of an accepted event, the unchanged
    one of a refused event. It is never changed afterwards.
    """

    __slots__ = ("notable", "ok", "parts", "rule", "state")

    def __init__(self, ok: bool, rule: RuleId, parts: Sequence[Message], notable: bool,
                 state: Game) -> None:
        self.ok = ok
        self.rule = rule
        self.parts = tuple(parts)
        self.notable = notable
        """Worth a line on the score sheet: penalties, challenges, misplays, overrides."""
        self.state = state

    @property
    def text(self) -> str:
        """The ruling in English (`render(ruling.parts, lang)` for another language)."""
        return render(self.parts)

    def __repr__(self) -> str:
        return f"Ruling(ok={self.ok}, rule={self.rule!r}, text={self.text!r})"


class Refusal(Exception):
    """Raised while an event is refereed on a fork; the fork is dropped and the ruling refused."""

    def __init__(self, rule: RuleId, message: Message) -> None:
        super().__init__(rule)
        self.rule = rule
        self.message = message
