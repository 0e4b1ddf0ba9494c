"""Rule options: declared keys with their values and defaults, and the core options, typed.

Every way the rulebooks differ is an option with a key (`[Rule "key" "value"]` in a session).
The core keys are declared here; an edition or a house rule declares its own keys in its module.
The engine reads the core options from `Options` (typed attributes, read once per session); a
unit reads its own value from `Options.values` when the table is set up.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ..i18n import N_, _
from .frozen import Frozen, init
from .sources import (
    CALLING_UNO,
    COACHING_PENALTIES,
    EN_SHEET,
    FIRST_DRAW,
    HOW_TO_DEALER,
    JP_MANUAL,
    LATE_CALL,
    MINECRAFT_MANUAL,
    SETUP,
    START_CARDS,
    TABLE_DEFAULT,
    TWO_PLAYERS,
)

INT = N_("integer")
"""Marker for options whose value is a whole number."""


class OptionError(ValueError):
    """An unknown key or a value the key does not take."""


class OptionSpec(Frozen):
    """One option key: the values it takes, its default per rulebook family, what it means."""

    key: str
    values: tuple[str, ...] | str
    """Allowed values, or INT; a tuple may include INT (`mercy`: off or a number)."""
    en: str
    jp: str
    meaning: str
    source: str
    table_default: bool
    """True where the books are silent and the default is the product's own ruling."""
    unit: str
    """The edition or house rule that declared it; "" for the core options."""

    __slots__ = __match_args__ = (
        "key",
        "values",
        "en",
        "jp",
        "meaning",
        "source",
        "table_default",
        "unit",
    )

    def __init__(
        self,
        key: str,
        values: tuple[str, ...] | str,
        en: str,
        jp: str,
        meaning: str,
        source: str,
        table_default: bool = False,
        unit: str = "",
    ) -> None:
        init(self, "key", key)
        init(self, "values", values)
        init(self, "en", en)
        init(self, "jp", jp)
        init(self, "meaning", meaning)
        init(self, "source", source)
        init(self, "table_default", table_default)
        init(self, "unit", unit)

    def check(self, value: str) -> str:
        """The normalized value, or OptionError saying what the key takes."""
        value = value.strip().lower()
        allowed = self.values
        is_int = value.isdigit()
        if allowed == INT:
            if not is_int:
                raise OptionError(
                    _("rule option '{key}' takes a whole number, not '{value}'").format(
                        key=self.key, value=value
                    )
                )
        elif value not in allowed and not (INT in allowed and is_int):
            # `integer` among the values (`mercy`: off or a number) is a word, not a value.
            shown = " / ".join(_(INT) if v == INT else v for v in allowed)
            raise OptionError(
                _("rule option '{key}' takes {values}, not '{value}'").format(
                    key=self.key, values=shown, value=value
                )
            )
        return value

    def default(self, rules: str) -> str:
        return self.jp if rules == "jp" else self.en


SPECS: dict[str, OptionSpec] = {}
"""Every declared option, core first, then as editions and house rules are registered."""


def option(
    key: str,
    values: tuple[str, ...] | str,
    en: str,
    jp: str,
    meaning: str,
    source: str,
    *,
    table_default: bool = False,
    unit: str = "",
) -> str:
    """Declare an option; returns its key."""
    if key in SPECS:
        raise ValueError(f"option {key} is declared twice")
    SPECS[key] = OptionSpec(key, values, en, jp, meaning, source, table_default, unit)
    return key


def check_value(key: str, value: str) -> str:
    """The normalized value for `key`, or OptionError saying what the key takes."""
    spec = SPECS.get(key)
    if spec is None:
        raise OptionError(
            _("unknown rule option '{key}' (known: {known})").format(
                key=key, known=", ".join(SPECS)
            )
        )
    return spec.check(value)


WD4_LEGAL_KEY = option(
    "wd4-legal",
    ("color", "playable"),
    "color",
    "playable",
    "When a Wild Draw Four is illegal: holding a card of the colour in force (color), or "
    "holding any other playable card, Wilds included (playable).",
    f"{EN_SHEET} (color); {JP_MANUAL}, 「ワイルド ドロー4」 (playable)",
)
WD4_GUILTY_KEY = option(
    "wd4-guilty",
    ("draw", "retract", "retract-replay"),
    "draw",
    "retract",
    "A guilty Wild Draw Four: the offender draws 4 and the card stays (draw); takes it back "
    "and draws 4, the challenger plays next (retract); or also plays the legal card at "
    "once (retract-replay).",
    f"{EN_SHEET} (draw); {MINECRAFT_MANUAL}, 「ワイルドドロー4を使う時」 (retract)",
)
CHALLENGE_KEY = option(
    "challenge",
    ("on", "off"),
    "on",
    "on",
    "Whether a Wild Draw Four may be challenged.",
    f"{EN_SHEET}; {JP_MANUAL}, 「ワイルド ドロー4を使うとき(チャレンジ)」",
)
UNO_WINDOW_KEY = option(
    "uno-window",
    ("next-action", "next-discard"),
    "next-action",
    "next-discard",
    "Until when a missed UNO can be caught: the next turn action by another player "
    "(a play, a draw, accept or challenge), or the next card another player plays.",
    f"{EN_SHEET} (next-action); {JP_MANUAL}, 「罰則と反則」 (next-discard)",
)
UNO_PENALTY_KEY = option(
    "uno-penalty", INT, "2", "2", "Cards drawn by a player caught not calling UNO.", CALLING_UNO
)
LATE_UNO_KEY = option(
    "late-uno",
    ("allowed", "no"),
    "allowed",
    "allowed",
    "Whether calling UNO after the card is down, before anyone catches, protects.",
    LATE_CALL,
    table_default=True,
)
FALSE_CATCH_PENALTY_KEY = option(
    "false-catch-penalty",
    INT,
    "0",
    "0",
    "Cards drawn by a player who catches someone who cannot be caught.",
    TABLE_DEFAULT,
    table_default=True,
)
UNO_ON_PASSIVE_KEY = option(
    "uno-on-passive",
    ("yes", "no"),
    "no",
    "no",
    "Whether a player handed a one-card hand by a card (a swap, a shuffle, a 0 passed on) must "
    "call UNO too; the player of a next-to-last card always must.",
    TABLE_DEFAULT,
    table_default=True,
)
MISPLAY_PENALTY_KEY = option(
    "misplay-penalty",
    INT,
    "2",
    "2",
    "Cards drawn by a player caught putting down an illegal card (the card goes back).",
    f"{JP_MANUAL}, 「罰則と反則」; the Mattel sheet is silent",
)
COACHING_PENALTY_KEY = option(
    "coaching-penalty",
    INT,
    "2",
    "2",
    "Cards drawn by a player who tells another what to play.",
    COACHING_PENALTIES,
)
DEALER_ROTATION_KEY = option(
    "dealer-rotation",
    ("left", "winner"),
    "left",
    "winner",
    "Who deals the next round: the player left of the dealer, or the round's winner.",
    f"{EN_SHEET} (left); {JP_MANUAL}, 「上がり方」 (winner)",
)
TWO_PLAYER_REVERSE_KEY = option(
    "two-player-reverse",
    ("skip", "reverse"),
    "skip",
    "skip",
    "With two players a Reverse acts as a Skip (the player plays again), or only reverses.",
    TWO_PLAYERS,
)
START_CARD_KEY = option(
    "start-card",
    ("edition", "number-only"),
    "edition",
    "edition",
    "The start card acts per the rulebook, or is turned again until a number card.",
    START_CARDS,
)
START_REVERSE_KEY = option(
    "start-reverse",
    ("dealer", "right"),
    "dealer",
    "dealer",
    "A Reverse as the start card: the dealer plays first, play going to the right (dealer); or "
    "it acts as if the dealer had played it, so the player right of the dealer plays first "
    "(right).",
    f"{EN_SHEET}; {JP_MANUAL}, 「リバース」 (dealer); {HOW_TO_DEALER} (right)",
)
START_WILD_KEY = option(
    "start-wild",
    ("name", "reshuffle"),
    "name",
    "name",
    "A Wild as the start card: the player left of the dealer names the colour and plays first "
    "(name); or it goes back, the deck is shuffled and another card turned (reshuffle).",
    f"{EN_SHEET}; {JP_MANUAL}, 「ワイルド」 (name); {HOW_TO_DEALER} (reshuffle)",
)
DRAW_KEY = option(
    "draw",
    ("one", "to-match"),
    "one",
    "one",
    "A player who draws takes one card, or draws until a playable card.",
    FIRST_DRAW,
)
HAND_SIZE_KEY = option("hand-size", INT, "7", "7", "Cards dealt to each player.", SETUP)


class Options(Frozen):
    """The core options of one session, typed; `values` holds every key's value as text."""

    values: Mapping[str, str]
    wd4_playable: bool
    """`wd4-legal playable`: any other playable card makes a Wild Draw Four illegal."""
    wd4_guilty: str
    """`draw`, `retract` or `retract-replay`."""
    challenge: bool
    next_discard: bool
    """`uno-window next-discard`: only a card put down closes a UNO window."""
    uno_penalty: int
    late_uno: bool
    false_catch_penalty: int
    uno_on_passive: bool
    misplay_penalty: int
    coaching_penalty: int
    dealer_by_winner: bool
    two_player_reverse_skips: bool
    number_start: bool
    """`start-card number-only`."""
    reverse_start_right: bool
    """`start-reverse right`: a Reverse start card acts as if the dealer had played it."""
    wild_start_reshuffled: bool
    """`start-wild reshuffle`: a Wild start card goes back and another is turned."""
    draw_to_match: bool
    hand_size: int

    __slots__ = __match_args__ = (
        "values",
        "wd4_playable",
        "wd4_guilty",
        "challenge",
        "next_discard",
        "uno_penalty",
        "late_uno",
        "false_catch_penalty",
        "uno_on_passive",
        "misplay_penalty",
        "coaching_penalty",
        "dealer_by_winner",
        "two_player_reverse_skips",
        "number_start",
        "reverse_start_right",
        "wild_start_reshuffled",
        "draw_to_match",
        "hand_size",
    )

    def __init__(
        self,
        values: Mapping[str, str],
        wd4_playable: bool,
        wd4_guilty: str,
        challenge: bool,
        next_discard: bool,
        uno_penalty: int,
        late_uno: bool,
        false_catch_penalty: int,
        uno_on_passive: bool,
        misplay_penalty: int,
        coaching_penalty: int,
        dealer_by_winner: bool,
        two_player_reverse_skips: bool,
        number_start: bool,
        reverse_start_right: bool,
        wild_start_reshuffled: bool,
        draw_to_match: bool,
        hand_size: int,
    ) -> None:
        init(self, "values", values)
        init(self, "wd4_playable", wd4_playable)
        init(self, "wd4_guilty", wd4_guilty)
        init(self, "challenge", challenge)
        init(self, "next_discard", next_discard)
        init(self, "uno_penalty", uno_penalty)
        init(self, "late_uno", late_uno)
        init(self, "false_catch_penalty", false_catch_penalty)
        init(self, "uno_on_passive", uno_on_passive)
        init(self, "misplay_penalty", misplay_penalty)
        init(self, "coaching_penalty", coaching_penalty)
        init(self, "dealer_by_winner", dealer_by_winner)
        init(self, "two_player_reverse_skips", two_player_reverse_skips)
        init(self, "number_start", number_start)
        init(self, "reverse_start_right", reverse_start_right)
        init(self, "wild_start_reshuffled", wild_start_reshuffled)
        init(self, "draw_to_match", draw_to_match)
        init(self, "hand_size", hand_size)

    @classmethod
    def of(cls, values: Mapping[str, str]) -> Options:
        v = MappingProxyType(dict(values))
        return cls(
            values=v,
            wd4_playable=v[WD4_LEGAL_KEY] == "playable",
            wd4_guilty=v[WD4_GUILTY_KEY],
            challenge=v[CHALLENGE_KEY] == "on",
            next_discard=v[UNO_WINDOW_KEY] == "next-discard",
            uno_penalty=int(v[UNO_PENALTY_KEY]),
            late_uno=v[LATE_UNO_KEY] == "allowed",
            false_catch_penalty=int(v[FALSE_CATCH_PENALTY_KEY]),
            uno_on_passive=v[UNO_ON_PASSIVE_KEY] == "yes",
            misplay_penalty=int(v[MISPLAY_PENALTY_KEY]),
            coaching_penalty=int(v[COACHING_PENALTY_KEY]),
            dealer_by_winner=v[DEALER_ROTATION_KEY] == "winner",
            two_player_reverse_skips=v[TWO_PLAYER_REVERSE_KEY] == "skip",
            number_start=v[START_CARD_KEY] == "number-only",
            reverse_start_right=v[START_REVERSE_KEY] == "right",
            wild_start_reshuffled=v[START_WILD_KEY] == "reshuffle",
            draw_to_match=v[DRAW_KEY] == "to-match",
            hand_size=int(v[HAND_SIZE_KEY]),
        )
