"""Each rule option's name, in a few words (the key stays what `--rule` and `[Rule]` take)."""

from __future__ import annotations

from ..i18n import N_, _
from .setup import house_rule_title

NAMES = {
    "wd4-legal": N_("Wild Draw 4 legality"),
    "wd4-guilty": N_("Guilty Wild Draw 4"),
    "challenge": N_("Challenges"),
    "uno-window": N_("Catching a missed UNO"),
    "uno-penalty": N_("Missed UNO: cards"),
    "late-uno": N_("UNO called late"),
    "false-catch-penalty": N_("False catch: cards"),
    "uno-on-passive": N_("UNO on a passed hand"),
    "misplay-penalty": N_("Misplay: cards"),
    "coaching-penalty": N_("Coaching: cards"),
    "dealer-rotation": N_("Next dealer"),
    "two-player-reverse": N_("Two-player Reverse"),
    "start-card": N_("Start card"),
    "start-reverse": N_("Reverse to start"),
    "start-wild": N_("Wild to start"),
    "draw": N_("Drawing"),
    "hand-size": N_("Cards dealt"),
    "swap-optional": N_("Swapping optional"),
    "shuffle-last-card": N_("Shuffle Hands going out"),
    "creeper-trigger": N_("Creeper: which draws"),
    "two-player-reverse-draw": N_("Two-player Reverse Draw"),
    "ko-bonus": N_("Knock-out bonus"),
    "stack-challenge": N_("Challenges in a stack"),
}
"""The names of the options that are not a house rule's own key (a house rule's key is named by
the house rule's title); each fits the new-session form's 24-column label in either language."""


def option_name(key: str) -> str:
    """An option's name in the language in use (`wd4-legal`: Wild Draw 4 legality); a
    house rule's key by the rule's title (`jump-in`: Jump-In); the key itself for any other."""
    name = NAMES.get(key)
    return _(name) if name is not None else house_rule_title(key)
