"""A few words on whose move it is, from what the referee says it waits for (`waiting_for`):
the app's turn banner and the scoreboard's turn line shorten the referee's wait, never guess it."""

from __future__ import annotations

from ..engine.waiting import Wait
from ..i18n import N_, _

_TURN_WORDS = {
    "turn": N_("{name} to play"),
    "challenge": N_("{name} may challenge"),
    "stack": N_("{name} stacks or takes"),
    "accept": N_("{name} takes the draw"),
    "count": N_("{name} counts the draw"),
    "must-play": N_("{name} must play"),
}
"""For each wait a player acts on, words around `{name}` (the name is put in by the edge,
boxed in the app, as written on the page)."""

ANSWERS = frozenset({"challenge", "stack", "accept", "count"})
"""Waits that answer a draw card (the app warns)."""


def turn_words(waits: list[Wait]) -> tuple[Wait, str] | None:
    """The wait whose player the table is on (the first the referee names) and its words in
    the language in use, with `{name}` to fill; None if no player is waited on."""
    first = waits[0] if waits else None
    if first is None or first.player is None or first.kind not in _TURN_WORDS:
        return None
    return first, _(_TURN_WORDS[first.kind])
