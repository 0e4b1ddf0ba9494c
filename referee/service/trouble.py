"""A statement that does not hold on replay, and the rule ids of what is not a rule of the game
(light: checking a file replays it without the stored sessions' answers in `results`)."""

from __future__ import annotations

from ..engine.messages import Message
from ..named import NamedTuple
from .words import Say

SYNTAX_RULE = "notation"
"""The `rule` of a move that could not be read: a syntax error, not a rule of the game."""

INTERNAL_RULE = "internal"
"""The `rule` of a move the referee failed on (a bug): it is refused, never half-applied."""

Parts = tuple[Message, ...]
"""A ruling, or what the service says instead of one, as data: catalogue messages that the
edges put into words (`referee.render`)."""


def internal_parts(exc: Exception) -> Parts:
    return (Say.internal(error=type(exc).__name__, detail=str(exc)),)


class Trouble(NamedTuple):
    """A stored move that this version of the referee refuses on replay."""

    seq: int
    text: str
    rule: str
    parts: Parts
