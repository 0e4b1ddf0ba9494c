"""A statement that does not hold on replay, and the rule ids of what is not a rule of the game
(light: checking a file replays it without the stored sessions' answers in `results`)."""

from __future__ import annotations

from typing import NamedTuple

from ..i18n import _

SYNTAX_RULE = "notation"
"""The `rule` of a move that could not be read: a syntax error, not a rule of the game."""

INTERNAL_RULE = "internal"
"""The `rule` of a move the referee failed on (a bug): it is refused, never half-applied."""


def internal_message(exc: Exception) -> str:
    return _("the referee failed on this move ({error}: {detail}); nothing was recorded. This "
             "is a bug: please report it with the session file").format(
                 error=type(exc).__name__, detail=exc)


class Trouble(NamedTuple):
    """A stored move that this version of the referee refuses on replay."""

    seq: int
    text: str
    rule: str
    message: str
