"""The session log: a header and past-tense events, one per notation statement."""

from __future__ import annotations

from dataclasses import dataclass, field

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


# Round structure -------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class RoundStarted:
    number: int


@dataclass(frozen=True, slots=True)
class DealerNamed:
    player: str


@dataclass(frozen=True, slots=True)
class StartTurned:
    """`start CARD... [COLOUR]`: cards turned up; the last one is the start card."""

    cards: tuple[Card, ...]
    color: str | None = None


@dataclass(frozen=True, slots=True)
class PlayerWentOut:
    """`out NAME` in a scorekeeping-only round."""

    player: str


@dataclass(frozen=True, slots=True)
class HandRevealed:
    """`hand NAME: cards` or `hand NAME: points`."""

    player: str
    cards: tuple[Card, ...] | None = None
    points: int | None = None


@dataclass(frozen=True, slots=True)
class TurnOverridden:
    """`turn NAME`: the table says whose turn it is."""

    player: str


# Moves ----------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class CardPlayed:
    player: str
    play: Play


@dataclass(frozen=True, slots=True)
class CardsDrawn:
    """`draw`, `draw N`, `draw CARD...` or `draw N CARD...`."""

    player: str
    count: int = 1
    counted: bool = False
    """True when N was written (`draw 1` keeps its `1` through formatting)."""
    play: Play | None = None
    """The drawn card, played at once."""


@dataclass(frozen=True, slots=True)
class DrawAccepted:
    player: str


@dataclass(frozen=True, slots=True)
class ChallengeMade:
    """`challenge guilty|innocent` (witnessed) or `challenge shows CARD...`."""

    player: str
    verdict: str | None = None
    shown: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class UnoCalled:
    player: str


@dataclass(frozen=True, slots=True)
class PlayerCaught:
    player: str
    target: str


@dataclass(frozen=True, slots=True)
class MisplayCaught:
    player: str
    card: Card


@dataclass(frozen=True, slots=True)
class PenaltyGiven:
    """`penalty coaching` (count None, coaching True) or `penalty N ["reason"]`."""

    player: str
    count: int | None = None
    reason: str | None = None
    coaching: bool = False


@dataclass(frozen=True, slots=True)
class JumpedIn:
    player: str
    play: Play


@dataclass(frozen=True, slots=True)
class HandAdjusted:
    """`NAME: takes N` (delta +N) or `NAME: gives N` (delta -N): a table override."""

    player: str
    delta: int
    reason: str | None = None


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
