"""Rule options: keys, allowed values, defaults per rulebook family and edition, and overrides."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

INT = "integer"
"""Marker for options whose value is a whole number."""


@dataclass(frozen=True)
class Option:
    """One option key from `shared/rules/options.md`."""

    key: str
    values: tuple[str, ...] | str
    """Allowed values, or INT."""
    en: str
    jp: str
    meaning: str
    source: str
    table_default: bool = False
    """True where the books are silent and the default is the product's own ruling."""
    supported: tuple[str, ...] | None = None
    """Values this version referees; None means all of `values`."""


OPTIONS: dict[str, Option] = {o.key: o for o in (
    Option("wd4-legal", ("color", "playable"), "color", "playable",
           "When a Wild Draw Four is illegal: holding a card of the colour in force (color), or "
           "holding any other playable card, Wilds included (playable).", "dossier 2.6"),
    Option("wd4-guilty", ("draw", "retract", "retract-replay"), "draw", "retract",
           "A guilty Wild Draw Four: the offender draws 4 and the card stays (draw); takes it back "
           "and draws 4, the challenger plays next (retract); or also plays the legal card at "
           "once (retract-replay).", "dossier 2.7"),
    Option("challenge", ("on", "off"), "on", "on",
           "Whether a Wild Draw Four may be challenged.", "dossier 2.15",
           supported=("on", "off")),
    Option("uno-window", ("next-action", "next-discard"), "next-action", "next-discard",
           "Until when a missed UNO can be caught: the next turn action by another player "
           "(a play, a draw, accept or challenge), or the next card another player plays.",
           "dossier 2.8"),
    Option("uno-penalty", INT, "2", "2", "Cards drawn by a player caught not calling UNO.",
           "dossier 2.8"),
    Option("late-uno", ("allowed", "no"), "allowed", "allowed",
           "Whether calling UNO after the card is down, before anyone catches, protects.",
           "dossier 2.8", table_default=True),
    Option("false-catch-penalty", INT, "0", "0",
           "Cards drawn by a player who catches someone who cannot be caught.", "dossier 2.8",
           table_default=True),
    Option("uno-on-passive", ("yes", "no"), "no", "no",
           "Whether a player who reaches one card by a swap or shuffle must call UNO too.",
           "dossier 13 row 20", table_default=True),
    Option("misplay-penalty", INT, "2", "2",
           "Cards drawn by a player caught putting down an illegal card (the card goes back).",
           "dossier 13 row 10 (JP17); EN table default"),
    Option("coaching-penalty", INT, "2", "2",
           "Cards drawn by a player who tells another what to play.", "dossier 13 row 11"),
    Option("dealer-rotation", ("left", "winner"), "left", "winner",
           "Who deals the next round: the player left of the dealer, or the round's winner.",
           "dossier 2.2"),
    Option("two-player-reverse", ("skip", "reverse"), "skip", "skip",
           "With two players a Reverse acts as a Skip (the player plays again), or only reverses.",
           "dossier 2.11"),
    Option("start-card", ("edition", "number-only"), "edition", "edition",
           "The start card acts per the rulebook, or is turned again until a number card.",
           "dossier 2.3"),
    Option("draw", ("one", "to-match"), "one", "one",
           "A player who draws takes one card, or draws until a playable card.", "dossier 2.5"),
    Option("swap-optional", ("yes", "no"), "yes", "yes",
           "Whether Wild Swap Hands may be played without swapping.", "dossier 3",
           table_default=True),
    Option("shuffle-last-card", ("redeal", "wins"), "redeal", "redeal",
           "Wild Shuffle Hands as the last card re-deals, the player included, or wins.",
           "dossier 4"),
    Option("hand-size", INT, "7", "7", "Cards dealt to each player.", "dossier 2.2"),
    Option("creeper-trigger", ("every-draw", "turn-draw"), "every-draw", "every-draw",
           "Minecraft: which draws from the pile make a drawn Creeper draw three more.",
           "dossier 6", table_default=True),
    # House rules: declared, checked, off unless the table turns them on.
    Option("stacking", ("off", "same", "progressive", "higher"), "off", "off",
           "Stacking draw cards on draw cards.", "dossier 2.14, 2.15"),
    Option("seven-o", ("off", "on"), "off", "off", "A 7 swaps hands; a 0 passes all hands.",
           "dossier 2.15"),
    Option("jump-in", ("off", "on"), "off", "off",
           "An identical card may be played out of turn.", "dossier 2.15"),
    Option("multi-play", ("off", "numbers"), "off", "off",
           "Identical number cards played together.", "dossier 9"),
    Option("go-out-on-action", ("allowed", "forbidden"), "allowed", "allowed",
           "Whether the last card may be an action card or a Wild.", "JPwiki house rules"),
    Option("mercy", ("off", INT), "off", "off",
           "A player holding this many cards is knocked out of the round; their cards go to the "
           "bottom of the discard pile.", "dossier 7"),
    Option("ko-bonus", INT, "0", "0",
           "Under `target N`, points the round's winner scores for each player knocked out.",
           "dossier 7.2, 11 (UNCONFIRMED)", table_default=True),
)}

# Edition-specific defaults (options.md): Minecraft's Japanese manual has coaching at 4.
_EDITION_DEFAULTS: dict[tuple[str, str], dict[str, str]] = {
    ("minecraft", "jp"): {"coaching-penalty": "4"},
    # options.md: All Wild has no challenge, and a hand left at one card by a Forced Swap
    # must call UNO.
    ("allwild", "en"): {"challenge": "off", "uno-on-passive": "yes"},
    ("allwild", "jp"): {"challenge": "off", "uno-on-passive": "yes"},
    # options.md and dossier 7.2: No Mercy stacks by value, swaps on 7 and passes on 0, draws
    # until a playable card, has no challenge, calls UNO the moment one card is left, knocks
    # out at 25 and pays 250 per knock-out.
    **{("nomercy", rules): {"stacking": "higher", "seven-o": "on", "draw": "to-match",
                            "challenge": "off", "uno-on-passive": "yes", "mercy": "25",
                            "ko-bonus": "250"} for rules in ("en", "jp")},
}
# Values that cannot work with an edition: in All Wild every card is a Wild (a round could
# never end with go-out-on-action forbidden, nor start with number-only), and stacking Wild
# draw cards is not refereed yet.
_STACKING = (("stacking", "same"), ("stacking", "progressive"), ("stacking", "higher"))
_EDITION_REFUSED: dict[str, tuple[tuple[str, str], ...]] = {
    "allwild": (("go-out-on-action", "forbidden"), ("start-card", "number-only"), *_STACKING),
    # Flip: stacking is not official (dossier 5.6), and a Wild Draw Color has no number to add.
    "flip": _STACKING,
}


def refused_with(edition: str) -> tuple[tuple[str, str], ...]:
    """The (key, value) pairs an edition refuses at setup."""
    return _EDITION_REFUSED.get(edition, ())


class OptionError(ValueError):
    """An unknown key or a value the key does not take."""


def check_value(key: str, value: str) -> str:
    """The normalized value for `key`, or OptionError saying what the key takes."""
    option = OPTIONS.get(key)
    if option is None:
        raise OptionError(f"unknown rule option '{key}' (known: {', '.join(OPTIONS)})")
    value = value.strip().lower()
    allowed = option.values
    is_int = value.isdigit()
    if allowed == INT:
        if not is_int:
            raise OptionError(f"rule option '{key}' takes a whole number, not '{value}'")
    elif value not in allowed and not (INT in allowed and is_int):
        raise OptionError(f"rule option '{key}' takes {' / '.join(allowed)}, not '{value}'")
    if option.supported is not None and value not in option.supported:
        raise OptionError(f"rule option '{key}' = '{value}' is not refereed by this version yet "
                          f"(supported: {' / '.join(option.supported)})")
    return value


def resolve(rules: str, edition: str, overrides: tuple[tuple[str, str], ...] = ()
            ) -> Mapping[str, str]:
    """Every option's value in force for a rulebook family, an edition and the table's overrides."""
    if rules not in ("en", "jp"):
        raise OptionError(f"unknown rulebook '{rules}' (en or jp)")
    values = {key: (o.jp if rules == "jp" else o.en) for key, o in OPTIONS.items()}
    values.update(_EDITION_DEFAULTS.get((edition, rules), {}))
    for key, value in overrides:
        values[key] = check_value(key, value)
    for key, value in _EDITION_REFUSED.get(edition, ()):
        if values[key] == value:
            raise OptionError(f"rule option '{key}' = '{value}' does not work with the "
                              f"{edition} edition")
    return MappingProxyType(values)
