"""The session log: a header and past-tense events, one per notation statement."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass, field
from typing import Any

from .cards import Card


@dataclass(frozen=True, slots=True)
class Header:
    """The tag lines before the first round."""

    edition: str
    players: tuple[str, ...]
    scoring: str = "none"
    """`rounds 5`, `target 500`, `lowest 500`, `penalty 500` or `none`."""
    rules: str = "en"
    event: str | None = None
    site: str | None = None
    date: str | None = None
    overrides: tuple[tuple[str, str], ...] = ()
    """`[Rule "key" "value"]` lines in order."""
    customs: tuple[tuple[int, str], ...] = ()
    """`[Custom "n" "text"]` lines in order."""


@dataclass(frozen=True, slots=True)
class Play:
    """A card put down, with what the player named alongside it."""

    card: Card
    color: str | None = None
    """Declared colour for a Wild."""
    target: str | None = None
    """`@NAME` for Swap Hands, Seven-O and targeted cards."""
    top: Card | None = None
    """After a Flip: the card then showing on top of the turned-over discard pile."""
    top_color: str | None = None
    uno: bool = False
    """UNO was called as the card went down."""
    custom: int | None = None
    """Which Wild Customizable (1-3), when named as `wc2`."""
    extra: tuple[Card, ...] = ()
    """Further identical cards in one play (the `multi-play` house rule)."""


class _Event:
    """What the events share: the behaviour `@dataclass(frozen=True, slots=True)` gives.

    Written out rather than made by `dataclass`, which generates and compiles each class's
    methods whenever the module is loaded: sixteen event classes cost more to define than the
    rest of a `check` run. Equal when of the same class with equal fields; hashable; frozen;
    printed and matched (`case CardPlayed(player, play)`) by their fields in order."""

    __slots__: tuple[str, ...] = ()
    __match_args__: tuple[str, ...] = ()

    def _fields(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._fields() == other._fields()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{self.__class__.__qualname__}({shown})"

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        # Copied and pickled by its fields (the frozen `__setattr__` refuses the default way).
        return self.__class__, self._fields()


_set = object.__setattr__
"""How an event's `__init__` sets its fields (as a frozen dataclass's does)."""


# Round structure -------------------------------------------------------------------------------

class RoundStarted(_Event):
    number: int

    __slots__ = __match_args__ = ("number",)

    def __init__(self, number: int) -> None:
        _set(self, "number", number)


class DealerNamed(_Event):
    player: str

    __slots__ = __match_args__ = ("player",)

    def __init__(self, player: str) -> None:
        _set(self, "player", player)


class StartTurned(_Event):
    """`start CARD... [COLOUR]`: cards turned up; the last one is the start card."""

    cards: tuple[Card, ...]
    color: str | None

    __slots__ = __match_args__ = ("cards", "color")

    def __init__(self, cards: tuple[Card, ...], color: str | None = None) -> None:
        _set(self, "cards", cards)
        _set(self, "color", color)


class PlayerWentOut(_Event):
    """`out NAME` in a scorekeeping-only round."""

    player: str

    __slots__ = __match_args__ = ("player",)

    def __init__(self, player: str) -> None:
        _set(self, "player", player)


class HandRevealed(_Event):
    """`hand NAME: cards` or `hand NAME: points`."""

    player: str
    cards: tuple[Card, ...] | None
    points: int | None

    __slots__ = __match_args__ = ("player", "cards", "points")

    def __init__(self, player: str, cards: tuple[Card, ...] | None = None,
                 points: int | None = None) -> None:
        _set(self, "player", player)
        _set(self, "cards", cards)
        _set(self, "points", points)


class TurnOverridden(_Event):
    """`turn NAME`: the table says whose turn it is."""

    player: str


    __slots__ = __match_args__ = ("player",)

    def __init__(self, player: str) -> None:
        _set(self, "player", player)


# Moves ----------------------------------------------------------------------------------------

class CardPlayed(_Event):
    player: str
    play: Play

    __slots__ = __match_args__ = ("player", "play")

    def __init__(self, player: str, play: Play) -> None:
        _set(self, "player", player)
        _set(self, "play", play)


class CardsDrawn(_Event):
    """`draw`, `draw N`, `draw CARD...` or `draw N CARD...`."""

    player: str
    count: int
    counted: bool
    """True when N was written (`draw 1` keeps its `1` through formatting)."""
    play: Play | None
    """The drawn card, played at once."""

    __slots__ = __match_args__ = ("player", "count", "counted", "play")

    def __init__(self, player: str, count: int = 1, counted: bool = False,
                 play: Play | None = None) -> None:
        _set(self, "player", player)
        _set(self, "count", count)
        _set(self, "counted", counted)
        _set(self, "play", play)


class DrawAccepted(_Event):
    player: str

    __slots__ = __match_args__ = ("player",)

    def __init__(self, player: str) -> None:
        _set(self, "player", player)


class ChallengeMade(_Event):
    """`challenge guilty|innocent` (witnessed) or `challenge shows CARD...`."""

    player: str
    verdict: str | None
    shown: tuple[Card, ...]

    __slots__ = __match_args__ = ("player", "verdict", "shown")

    def __init__(self, player: str, verdict: str | None = None,
                 shown: tuple[Card, ...] = ()) -> None:
        _set(self, "player", player)
        _set(self, "verdict", verdict)
        _set(self, "shown", shown)


class UnoCalled(_Event):
    player: str

    __slots__ = __match_args__ = ("player",)

    def __init__(self, player: str) -> None:
        _set(self, "player", player)


class PlayerCaught(_Event):
    player: str
    target: str

    __slots__ = __match_args__ = ("player", "target")

    def __init__(self, player: str, target: str) -> None:
        _set(self, "player", player)
        _set(self, "target", target)


class MisplayCaught(_Event):
    player: str
    card: Card

    __slots__ = __match_args__ = ("player", "card")

    def __init__(self, player: str, card: Card) -> None:
        _set(self, "player", player)
        _set(self, "card", card)


class PenaltyGiven(_Event):
    """`penalty coaching` (count None, coaching True) or `penalty N ["reason"]`."""

    player: str
    count: int | None
    reason: str | None
    coaching: bool

    __slots__ = __match_args__ = ("player", "count", "reason", "coaching")

    def __init__(self, player: str, count: int | None = None, reason: str | None = None,
                 coaching: bool = False) -> None:
        _set(self, "player", player)
        _set(self, "count", count)
        _set(self, "reason", reason)
        _set(self, "coaching", coaching)


class JumpedIn(_Event):
    player: str
    play: Play

    __slots__ = __match_args__ = ("player", "play")

    def __init__(self, player: str, play: Play) -> None:
        _set(self, "player", player)
        _set(self, "play", play)


class HandAdjusted(_Event):
    """`NAME: takes N` (delta +N) or `NAME: gives N` (delta -N): a table override."""

    player: str
    delta: int
    reason: str | None

    __slots__ = __match_args__ = ("player", "delta", "reason")

    def __init__(self, player: str, delta: int, reason: str | None = None) -> None:
        _set(self, "player", player)
        _set(self, "delta", delta)
        _set(self, "reason", reason)


Event = (
    RoundStarted | DealerNamed | StartTurned | PlayerWentOut | HandRevealed | TurnOverridden
    | CardPlayed | CardsDrawn | DrawAccepted | ChallengeMade | UnoCalled | PlayerCaught
    | MisplayCaught | PenaltyGiven | JumpedIn | HandAdjusted
)


@dataclass(slots=True)
class Session:
    """A parsed `.uno` file: the header and the events with their line numbers."""

    header: Header
    events: list[Event] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    """Source line of each event (0 when the event did not come from a file)."""
