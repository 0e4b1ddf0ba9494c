"""The session log: a header and past-tense events, one per notation statement."""

from __future__ import annotations

from .cards import Card
from .frozen import Frozen, init


class Header(Frozen):
    """The tag lines before the first round."""

    edition: str
    players: tuple[str, ...]
    scoring: str
    """`rounds 5`, `target 500`, `lowest 500`, `penalty 500` or `none`."""
    rules: str
    event: str | None
    site: str | None
    date: str | None
    overrides: tuple[tuple[str, str], ...]
    """`[Rule "key" "value"]` lines in order."""
    customs: tuple[tuple[int, str], ...]
    """`[Custom "n" "text"]` lines in order."""
    event_round: str | None
    """`[Round "N"]`: the event's round this session is a table of (as PGN's Round tag)."""
    event_table: str | None
    """`[Table "N"]`: the event's table number."""

    __slots__ = __match_args__ = (
        "edition",
        "players",
        "scoring",
        "rules",
        "event",
        "site",
        "date",
        "overrides",
        "customs",
        "event_round",
        "event_table",
    )

    def __init__(
        self,
        edition: str,
        players: tuple[str, ...],
        scoring: str = "none",
        rules: str = "en",
        event: str | None = None,
        site: str | None = None,
        date: str | None = None,
        overrides: tuple[tuple[str, str], ...] = (),
        customs: tuple[tuple[int, str], ...] = (),
        event_round: str | None = None,
        event_table: str | None = None,
    ) -> None:
        init(self, "edition", edition)
        init(self, "players", players)
        init(self, "scoring", scoring)
        init(self, "rules", rules)
        init(self, "event", event)
        init(self, "site", site)
        init(self, "date", date)
        init(self, "overrides", overrides)
        init(self, "customs", customs)
        init(self, "event_round", event_round)
        init(self, "event_table", event_table)


class Play(Frozen):
    """A card put down, with what the player named alongside it."""

    card: Card
    color: str | None
    """Declared colour for a Wild."""
    target: str | None
    """`@NAME` for Swap Hands, Seven-O and targeted cards."""
    top: Card | None
    """After a Flip: the card then showing on top of the turned-over discard pile."""
    top_color: str | None
    uno: bool
    """UNO was called as the card went down."""
    custom: int | None
    """Which Wild Customizable (1-3), when named as `wc2`."""
    extra: tuple[Card, ...]
    """Further identical cards in one play (the `multi-play` house rule)."""

    __slots__ = __match_args__ = (
        "card",
        "color",
        "target",
        "top",
        "top_color",
        "uno",
        "custom",
        "extra",
    )

    def __init__(
        self,
        card: Card,
        color: str | None = None,
        target: str | None = None,
        top: Card | None = None,
        top_color: str | None = None,
        uno: bool = False,
        custom: int | None = None,
        extra: tuple[Card, ...] = (),
    ) -> None:
        init(self, "card", card)
        init(self, "color", color)
        init(self, "target", target)
        init(self, "top", top)
        init(self, "top_color", top_color)
        init(self, "uno", uno)
        init(self, "custom", custom)
        init(self, "extra", extra)


class _Event(Frozen):
    """What the events share (`Frozen`): equal when of the same class with equal fields,
    hashable, frozen, printed and matched (`case CardPlayed(player, play)`) by their fields."""

    __slots__ = ()


# Round structure -------------------------------------------------------------------------------


class RoundStarted(_Event):
    number: int

    __slots__ = __match_args__ = ("number",)

    def __init__(self, number: int) -> None:
        init(self, "number", number)


class DealerNamed(_Event):
    player: str

    __slots__ = __match_args__ = ("player",)

    def __init__(self, player: str) -> None:
        init(self, "player", player)


class StartTurned(_Event):
    """`start CARD... [COLOUR]`: cards turned up; the last one is the start card."""

    cards: tuple[Card, ...]
    color: str | None

    __slots__ = __match_args__ = ("cards", "color")

    def __init__(self, cards: tuple[Card, ...], color: str | None = None) -> None:
        init(self, "cards", cards)
        init(self, "color", color)


class PlayerWentOut(_Event):
    """`out NAME` in a scorekeeping-only round."""

    player: str

    __slots__ = __match_args__ = ("player",)

    def __init__(self, player: str) -> None:
        init(self, "player", player)


class HandRevealed(_Event):
    """`hand NAME: cards` or `hand NAME: points`."""

    player: str
    cards: tuple[Card, ...] | None
    points: int | None

    __slots__ = __match_args__ = ("player", "cards", "points")

    def __init__(
        self, player: str, cards: tuple[Card, ...] | None = None, points: int | None = None
    ) -> None:
        init(self, "player", player)
        init(self, "cards", cards)
        init(self, "points", points)


class TurnOverridden(_Event):
    """`turn NAME`: the table says whose turn it is."""

    player: str

    __slots__ = __match_args__ = ("player",)

    def __init__(self, player: str) -> None:
        init(self, "player", player)


class TimeCalled(_Event):
    """`time`: the round's time is up; the turn in play was finished, and the hands are scored
    as they stand (the event's at-time rule)."""

    __slots__ = __match_args__ = ()


class PlayerLeft(_Event):
    """`leave NAME`: the player leaves the game; their hand is set aside and the others play
    on (a withdrawal)."""

    player: str

    __slots__ = __match_args__ = ("player",)

    def __init__(self, player: str) -> None:
        init(self, "player", player)


class HeaderChanged(_Event):
    """`set edition ID`, `set rules en|jp`, `set scoring SYSTEM`, `set rule KEY VALUE`: a
    change to the session's header, recorded as a statement (`changes.py` says when it holds).

    `field` is `edition`, `rules`, `scoring` or `rule`; `key` is the option of a `rule`
    change (None for the others); `value` `default` of a `rule` change drops the override."""

    field: str
    value: str
    key: str | None

    __slots__ = __match_args__ = ("field", "value", "key")

    def __init__(self, field: str, value: str, key: str | None = None) -> None:
        init(self, "field", field)
        init(self, "value", value)
        init(self, "key", key)


# Moves ----------------------------------------------------------------------------------------


class CardPlayed(_Event):
    player: str
    play: Play

    __slots__ = __match_args__ = ("player", "play")

    def __init__(self, player: str, play: Play) -> None:
        init(self, "player", player)
        init(self, "play", play)


class CardsDrawn(_Event):
    """`draw`, `draw N`, `draw CARD...` or `draw N CARD...`."""

    player: str
    count: int
    counted: bool
    """True when N was written (`draw 1` keeps its `1` through formatting)."""
    play: Play | None
    """The drawn card, played at once."""

    __slots__ = __match_args__ = ("player", "count", "counted", "play")

    def __init__(
        self, player: str, count: int = 1, counted: bool = False, play: Play | None = None
    ) -> None:
        init(self, "player", player)
        init(self, "count", count)
        init(self, "counted", counted)
        init(self, "play", play)


class DrawAccepted(_Event):
    player: str

    __slots__ = __match_args__ = ("player",)

    def __init__(self, player: str) -> None:
        init(self, "player", player)


class ChallengeMade(_Event):
    """`challenge guilty|innocent` (witnessed) or `challenge shows CARD...`."""

    player: str
    verdict: str | None
    shown: tuple[Card, ...]

    __slots__ = __match_args__ = ("player", "verdict", "shown")

    def __init__(
        self, player: str, verdict: str | None = None, shown: tuple[Card, ...] = ()
    ) -> None:
        init(self, "player", player)
        init(self, "verdict", verdict)
        init(self, "shown", shown)


class UnoCalled(_Event):
    player: str

    __slots__ = __match_args__ = ("player",)

    def __init__(self, player: str) -> None:
        init(self, "player", player)


class PlayerCaught(_Event):
    player: str
    target: str

    __slots__ = __match_args__ = ("player", "target")

    def __init__(self, player: str, target: str) -> None:
        init(self, "player", player)
        init(self, "target", target)


class MisplayCaught(_Event):
    player: str
    card: Card

    __slots__ = __match_args__ = ("player", "card")

    def __init__(self, player: str, card: Card) -> None:
        init(self, "player", player)
        init(self, "card", card)


class PenaltyGiven(_Event):
    """`penalty coaching` (count None, coaching True) or `penalty N ["reason"]`."""

    player: str
    count: int | None
    reason: str | None
    coaching: bool

    __slots__ = __match_args__ = ("player", "count", "reason", "coaching")

    def __init__(
        self,
        player: str,
        count: int | None = None,
        reason: str | None = None,
        coaching: bool = False,
    ) -> None:
        init(self, "player", player)
        init(self, "count", count)
        init(self, "reason", reason)
        init(self, "coaching", coaching)


class JumpedIn(_Event):
    player: str
    play: Play

    __slots__ = __match_args__ = ("player", "play")

    def __init__(self, player: str, play: Play) -> None:
        init(self, "player", player)
        init(self, "play", play)


class HandAdjusted(_Event):
    """`NAME: takes N` (delta +N) or `NAME: gives N` (delta -N): a table override."""

    player: str
    delta: int
    reason: str | None

    __slots__ = __match_args__ = ("player", "delta", "reason")

    def __init__(self, player: str, delta: int, reason: str | None = None) -> None:
        init(self, "player", player)
        init(self, "delta", delta)
        init(self, "reason", reason)


Event = (
    RoundStarted
    | DealerNamed
    | StartTurned
    | PlayerWentOut
    | HandRevealed
    | TurnOverridden
    | TimeCalled
    | PlayerLeft
    | HeaderChanged
    | CardPlayed
    | CardsDrawn
    | DrawAccepted
    | ChallengeMade
    | UnoCalled
    | PlayerCaught
    | MisplayCaught
    | PenaltyGiven
    | JumpedIn
    | HandAdjusted
)


class Session:
    """A parsed `.uno` file: the header and the events with their line numbers."""

    __slots__ = ("events", "header", "lines")

    header: Header
    events: list[Event]
    lines: list[int]
    """Source line of each event (0 when the event did not come from a file)."""

    def __init__(
        self, header: Header, events: list[Event] | None = None, lines: list[int] | None = None
    ) -> None:
        self.header = header
        self.events = [] if events is None else events
        self.lines = [] if lines is None else lines

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return (self.header, self.events, self.lines) == (
                other.header,
                other.events,
                other.lines,
            )
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # changed in place: no hash (as a dataclass's)

    def __repr__(self) -> str:
        return f"Session(header={self.header!r}, events={self.events!r}, lines={self.lines!r})"
