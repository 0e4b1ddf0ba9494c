"""What the whole table can see: the session's state and, during a round, the table's.

The referee never changes a state it has ruled on. Each event is refereed on a fork
(`Game.fork`): the forked table gets its own copy of every container it may change in place
(lists and dicts); the others (tuples, frozensets, `Mapping`s) are values that are replaced,
never changed, so sharing them is safe. A refused event drops its fork, so nothing it did is
seen; an accepted one hands its fork on as the new state, and that state is never changed again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from .cards import UNSEEN, Card, faces, no_faces
from .deck import Deck
from .events import Header, Play
from .facts import Fact
from .frozen import Frozen, init
from .messages import Message
from .options import Options
from .rules import RuleId
from .scoring import RoundResult, ScoreSheet, ScoringSystem, score

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    from typing import Any, Literal, TypeAlias

Phase: TypeAlias = "Literal['idle', 'setup', 'play', 'over']"
"""idle: before round 1; setup: dealer and start card (or `out`); play; over: awaiting hands."""

NO_KNOWN: Mapping[Card, int] = MappingProxyType({})
"""An empty, shared hand of known cards (never changed: see the module docstring)."""

NO_WINDOWS: Mapping[int, Any] = MappingProxyType({})
"""No UNO window open (or closed): shared, never changed."""


class PendingDraw(Frozen):
    """A draw card waiting for its victim: a Wild Draw Four to accept or challenge; under
    stacking, a stack of draw cards to accept or stack on."""

    offender: int
    victim: int
    card: Card
    amount: int
    prev_top: Card | None
    prev_color: str | None
    """The top card and colour in force before the card: what legality is judged on."""
    held: int
    """Cards the offender held right after playing it: the hand a challenge is judged on."""
    rule: RuleId
    """The rule the waiting draw rests on (set by the card that made it wait)."""
    wd4s: int
    """Wild Draw Fours in the stack: a guilty stacked one costs 4 for each."""
    until: bool
    """The victim draws until the colour in force (Wild Draw Color): the table counts them."""

    __slots__ = __match_args__ = (
        "offender",
        "victim",
        "card",
        "amount",
        "prev_top",
        "prev_color",
        "held",
        "rule",
        "wd4s",
        "until",
    )

    def __init__(
        self,
        offender: int,
        victim: int,
        card: Card,
        amount: int,
        prev_top: Card | None,
        prev_color: str | None,
        held: int,
        rule: RuleId,
        wd4s: int = 1,
        until: bool = False,
    ) -> None:
        init(self, "offender", offender)
        init(self, "victim", victim)
        init(self, "card", card)
        init(self, "amount", amount)
        init(self, "prev_top", prev_top)
        init(self, "prev_color", prev_color)
        init(self, "held", held)
        init(self, "rule", rule)
        init(self, "wd4s", wd4s)
        init(self, "until", until)


class OwedDraw(Frozen):
    """A draw only the table can count (until a colour): `seat` must record `draw N` next."""

    seat: int
    then: int
    """The seat whose turn it is once the cards are recorded."""
    rule: RuleId
    winner: int | None
    """A player who went out with the card that caused the draw: the round ends after it."""

    __slots__ = __match_args__ = ("seat", "then", "rule", "winner")

    def __init__(self, seat: int, then: int, rule: RuleId, winner: int | None = None) -> None:
        init(self, "seat", seat)
        init(self, "then", then)
        init(self, "rule", rule)
        init(self, "winner", winner)


class Table:
    """Public state of one tracked round. Seats index `players`."""

    __slots__ = (
        "catchable",
        "closed",
        "color",
        "dealer",
        "direction",
        "draw_pile",
        "extra",
        "hands",
        "known",
        "left",
        "must_play",
        "out",
        "owed",
        "pending",
        "pile",
        "pile_back",
        "pile_counts",
        "players",
        "pool",
        "reshuffles",
        "side",
        "top",
        "turn",
        "winner",
    )

    players: tuple[str, ...]
    dealer: int
    hands: list[int]
    turn: int | None
    direction: int
    """+1 is clockwise (to the left: the next name in [Players]); -1 counter-clockwise."""
    top: Card | None
    color: str | None
    pile: tuple[Card, ...]
    """The discard pile, bottom first."""
    pile_counts: bytes
    """How many of each face the discard pile holds (faces the table saw), by `Card.index`
    (bytes: copied for every discard, and a copy of bytes is one move of memory)."""
    pile_back: tuple[Card, ...] | None
    """Two-sided decks: the other face of each discard, where seen (UNSEEN where not)."""
    side: int
    """Two-sided decks: 0 while the first (light) side shows, 1 on the other."""
    draw_pile: int
    known: tuple[Mapping[Card, int], ...]
    """Cards the table has seen go into each hand (a retracted Wild Draw Four, a showing)."""
    pool: Mapping[Card, int]
    """Seen cards still held by somebody, after a shuffle mixed the hands."""
    pending: PendingDraw | None
    owed: OwedDraw | None
    must_play: int | None
    """Set after a guilty Wild Draw Four under retract-replay: the offender plays at once."""
    catchable: Mapping[int, int]
    """Seats that can be caught for a missed UNO, each with the seat whose action closes it."""
    closed: Mapping[int, Message]
    """Seats whose UNO window closed without a catch, with what closed it; or that were handed
    a one-card hand they need not call UNO for (`basics.passive_uno`), with why."""
    extra: Mapping[str, Any]
    """What a unit keeps on the table for itself, under its id (Minecraft: Creepers owed)."""
    winner: int | None
    reshuffles: int
    out: tuple[int, ...]
    """Seats out of this round (knocked out, or out of the game), in order."""
    left: Mapping[int, RuleId]
    """Why each seat in `out` left: the rule it left under."""

    def __init__(
        self, players: tuple[str, ...], dealer: int, hand_size: int, draw_pile: int, sided: bool
    ) -> None:
        self.players = players
        self.dealer = dealer
        self.hands = [hand_size] * len(players)
        self.turn = None
        self.direction = 1
        self.top = self.color = None
        self.pile = ()
        self.pile_counts = no_faces()
        self.pile_back = () if sided else None
        self.side = 0
        self.draw_pile = draw_pile
        self.known = (NO_KNOWN,) * len(players)
        self.pool = NO_KNOWN
        self.pending = self.owed = self.must_play = self.winner = None
        self.catchable = self.closed = NO_WINDOWS
        self.extra = {}
        self.reshuffles = 0
        self.out = ()
        self.left = {}

    # Seats ---------------------------------------------------------------------------------

    @property
    def size(self) -> int:
        """Players still in the round."""
        return len(self.players) - len(self.out)

    def seated(self) -> list[int]:
        """Seats still in the round, clockwise."""
        return [s for s in range(len(self.players)) if s not in self.out]

    def step(self, seat: int, times: int = 1) -> int:
        """The seat `times` places from `seat` in the direction of play (seats out of the
        round are passed over)."""
        n = len(self.players)
        if not self.out:
            return (seat + self.direction * times) % n
        for _ in range(times):
            seat = (seat + self.direction) % n
            while seat in self.out:
                seat = (seat + self.direction) % n
        return seat

    def went_out(self, seat: int) -> bool:
        """Whether the seat has played its last card (a seat out of the round holds none)."""
        return self.hands[seat] == 0 and seat not in self.out

    def leave(self, seat: int, rule: RuleId) -> int:
        """The seat leaves the round (knocked out, or out of the game) under `rule`: its UNO
        windows go; returns the cards it held."""
        count = self.hands[seat]
        self.hands[seat] = 0
        self.forget_hand(seat)
        self.drop_windows(seat)
        self.out = (*self.out, seat)
        self.left = {**self.left, seat: rule}
        return count

    # UNO windows ----------------------------------------------------------------------------

    def open_window(self, seat: int, closer: int) -> None:
        """The seat can be caught until `closer` acts."""
        self.catchable = {**self.catchable, seat: closer}

    def close_window(self, seat: int, why: Message) -> None:
        """The seat's window closed without a catch (`why` says what closed it)."""
        catchable = dict(self.catchable)
        del catchable[seat]
        self.catchable = catchable
        self.closed = {**self.closed, seat: why}

    def drop_windows(self, seat: int) -> None:
        """The seat's hand changed: no window of its own, open or closed, is left."""
        if seat in self.catchable:
            self.catchable = {s: c for s, c in self.catchable.items() if s != seat}
        if seat in self.closed:
            self.closed = {s: m for s, m in self.closed.items() if s != seat}

    def clear_windows(self) -> None:
        self.catchable = self.closed = NO_WINDOWS

    # Known cards -----------------------------------------------------------------------------

    def know(self, seat: int, face: Card, count: int) -> None:
        """The table saw `count` copies of `face` in the seat's hand (it knew no more)."""
        hand = dict(self.known[seat])
        hand[face] = max(hand.get(face, 0), count)
        self._set_known(seat, hand)

    def add_known(self, seat: int, face: Card) -> None:
        """One more copy of `face` went into the hand in sight of the table."""
        hand = dict(self.known[seat])
        hand[face] = hand.get(face, 0) + 1
        self._set_known(seat, hand)

    def forget_known(self, seat: int, face: Card) -> None:
        """A played card leaves what the table knew of a hand (or of the shuffled pool)."""
        hand = self.known[seat]
        if hand.get(face):
            changed = dict(hand)
            changed[face] -= 1
            self._set_known(seat, changed)
        elif self.pool.get(face):
            pool = dict(self.pool)
            pool[face] -= 1
            self.pool = pool

    def forget_hand(self, seat: int) -> None:
        if self.known[seat]:
            self._set_known(seat, NO_KNOWN)

    def holds_known(self, seat: int, face: Card) -> bool:
        return bool(self.known[seat].get(face))

    def _set_known(self, seat: int, hand: Mapping[Card, int]) -> None:
        known = list(self.known)
        known[seat] = hand
        self.known = tuple(known)

    # Piles -----------------------------------------------------------------------------------

    def elsewhere(self, seat: int, face: Card, reshuffling: bool = False) -> int:
        """Copies of a face known to be outside this seat's hand: in the discard pile (only the
        top card when a reshuffle is about to happen) or known in another hand. Cards mixed by a
        shuffle may be anyone's, so they are not counted against anyone."""
        count = (1 if self.top is face else 0) if reshuffling else self.pile_counts[face.index]
        for other, hand in enumerate(self.known):
            if other != seat and hand:
                count += hand.get(face, 0)
        return count

    def discard(self, face: Card) -> None:
        self.pile += (face,)
        self.count_in(face, 1)
        if self.pile_back is not None:
            self.pile_back += (UNSEEN,)

    def take_back(self, seat: int) -> Card:
        """The top card goes back into a hand the table knows."""
        face = self.pile[-1]
        self.pile = self.pile[:-1]
        self.count_in(face, -1)
        if self.pile_back is not None:
            self.pile_back = self.pile_back[:-1]
        self.add_known(seat, face)
        return face

    def under_pile(self, count: int) -> None:
        """Unseen cards go to the bottom of the discard pile (a hand knocked out)."""
        self.pile = (UNSEEN,) * count + self.pile
        if self.pile_back is not None:
            self.pile_back = (UNSEEN,) * count + self.pile_back

    def draw(self, seat: int, count: int) -> tuple[int, bool]:
        """Move up to `count` cards from the draw pile to a hand, reshuffling when it runs out.

        Returns:
            (cards actually drawn, whether the discard pile was reshuffled).
        """
        drawn = 0
        reshuffled = False
        while drawn < count:
            if self.draw_pile == 0:
                if not self._reshuffle():
                    break
                reshuffled = True
            take = min(count - drawn, self.draw_pile)
            self.draw_pile -= take
            drawn += take
        self.hands[seat] += drawn
        if drawn and (seat in self.catchable or seat in self.closed):
            self.drop_windows(seat)
        return drawn, reshuffled

    def _reshuffle(self) -> bool:
        # The top card stays; so does the card under a challengeable Wild Draw Four, which a
        # guilty verdict under retract would bring back.
        keep = 2 if self.pending is not None and len(self.pile) >= 2 else 1
        moving = len(self.pile) - keep
        if moving <= 0:
            return False
        self.pile = self.pile[-keep:]
        if self.pile_back is not None:
            self.pile_back = self.pile_back[-keep:]
        self.recount()
        self.draw_pile += moving
        self.reshuffles += 1
        return True

    def recount(self) -> None:
        """Count the faces of the discard pile again (after it changed wholesale)."""
        counts = bytearray(faces())
        for face in self.pile:
            if face is not UNSEEN:
                counts[face.index] += 1
        self.pile_counts = bytes(counts)

    def count_in(self, face: Card, change: int) -> None:
        """A face went onto (+1) or came off (-1) the discard pile."""
        i = face.index
        counts = self.pile_counts
        self.pile_counts = counts[:i] + bytes((counts[i] + change,)) + counts[i + 1 :]

    def available(self) -> int:
        """Cards that can still be drawn once no draw is pending: the draw pile and what a
        reshuffle would bring (all but the top card)."""
        return self.draw_pile + max(0, len(self.pile) - 1)


class Game:
    """The state of a whole session after some events: rounds so far and the table."""

    __slots__ = (
        "dealer",
        "gone",
        "knocked",
        "penalties",
        "penalty_due",
        "phase",
        "results",
        "revealed",
        "revealed_cards",
        "round_no",
        "scored",
        "seats",
        "setup",
        "table",
        "winner",
    )

    setup: Setup
    """The session's rules, read-only and shared by every state of the session."""
    round_no: int
    phase: Phase
    dealer: str | None
    seats: Mapping[str, int]
    """This round's players and their seats (players out of the game have none)."""
    results: tuple[RoundResult, ...]
    winner: str | None
    """Who went out this round."""
    revealed: Mapping[str, int]
    """Points entered for each hand this round."""
    revealed_cards: Mapping[Card, int]
    penalties: tuple[tuple[str, int], ...]
    penalty_due: frozenset[str]
    """Penalty-point scoring: players whose hand may be entered as penalty points now."""
    knocked: tuple[str, ...]
    """Players knocked out of this round."""
    gone: tuple[str, ...]
    """Players who left the game (`leave`), in order: they have no seat from then on."""
    scored: ScoreSheet | None
    """The sheet of `results`, once asked for (see `sheet`)."""
    table: Table | None

    def __init__(self, setup: Setup, sheet: ScoreSheet) -> None:
        self.setup = setup
        self.round_no = 0
        self.phase = "idle"
        self.dealer = self.winner = None
        self.seats = {}
        self.results = ()
        self.revealed = {}
        self.revealed_cards = {}
        self.penalties = ()
        self.penalty_due = frozenset()
        self.knocked = ()
        self.gone = ()
        self.scored = sheet
        self.table = None

    @property
    def sheet(self) -> ScoreSheet:
        """The score so far: scored when first asked for after the results change (entering
        each hand changes them, and the sheet is read far less often)."""
        scored = self.scored
        if scored is None:
            setup = self.setup
            scored = self.scored = score(
                setup.scoring, setup.players, self.results, self.hands_missing()
            )
        return scored

    @property
    def at_time(self) -> bool:
        """This round ended at time (`time`): every hand is entered and the lowest wins."""
        results = self.results
        return len(results) == self.round_no > 0 and results[-1].at_time

    def hands_missing(self) -> bool:
        """The round is over and the scoring still needs a loser's hand (at time, anyone's:
        the hands decide who won)."""
        if self.phase != "over":
            return False
        kind = self.setup.scoring.kind
        if kind == "penalty" or (kind == "none" and not self.at_time):
            return False
        gone, revealed, knocked = self.gone, self.revealed, self.knocked
        return any(
            p != self.winner and p not in revealed and p not in knocked and p not in gone
            for p in self.seats
        )

    def same_as(self, other: Game) -> bool:
        """Whether `other` (a fork of this state, or this state) holds the same facts: what an
        event that changes nothing leaves. Cheap: a fork shares every unchanged value."""
        if not _same_slots(self, other, Game.__slots__, skip="table"):
            return False
        mine, theirs = self.table, other.table
        if mine is None or theirs is None:
            return mine is theirs
        return _same_slots(mine, theirs, Table.__slots__)

    def fork(self) -> Game:
        new = Game.__new__(Game)
        new.setup, new.round_no, new.phase = self.setup, self.round_no, self.phase
        new.dealer, new.seats, new.results = self.dealer, self.seats, self.results
        new.winner, new.revealed = self.winner, self.revealed
        new.revealed_cards, new.penalties = self.revealed_cards, self.penalties
        new.penalty_due, new.knocked, new.scored = self.penalty_due, self.knocked, self.scored
        new.gone = self.gone
        t = self.table
        if t is None:
            new.table = None
            return new
        # The table's copy, inline: a fork is made for every event.
        f = new.table = Table.__new__(Table)
        f.players, f.dealer, f.turn = t.players, t.dealer, t.turn
        f.direction, f.top, f.color = t.direction, t.top, t.color
        # Only the hand counts are a container changed in place: everything else is a value.
        f.hands, f.pile, f.pile_back, f.pile_counts = (
            t.hands.copy(),
            t.pile,
            t.pile_back,
            t.pile_counts,
        )
        f.side, f.draw_pile, f.known, f.pool = t.side, t.draw_pile, t.known, t.pool
        f.pending, f.owed, f.must_play = t.pending, t.owed, t.must_play
        f.catchable, f.closed, f.extra, f.winner = t.catchable, t.closed, t.extra, t.winner
        f.reshuffles, f.out, f.left = t.reshuffles, t.out, t.left
        return new


def _same_slots(a: object, b: object, names: tuple[str, ...], skip: str = "") -> bool:
    """Whether `a` and `b` hold the same value (the same object, or an equal one) in each slot."""
    for name in names:
        if name != skip:
            mine, theirs = getattr(a, name), getattr(b, name)
            if mine is not theirs and mine != theirs:
                return False
    return True


# The session's rules -------------------------------------------------------------------------


class Said(list[Message]):
    """The message parts a ruling is being made of; handlers and effects append to it, and
    `note` the facts it records (`facts`, set on the first one: most rulings record none)."""

    __slots__ = ("facts",)

    facts: list[Fact]

    def note(self, *facts: Fact) -> None:
        try:
            self.facts.extend(facts)
        except AttributeError:
            self.facts = list(facts)


Effect = Callable[
    [Game, Table, int, Play, "Card | None", "str | None", Said], "tuple[RuleId, bool]"
]
"""What a card does once down: (state, table, seat, play, top before, colour before, said) ->
(the rule it rests on, whether the player's hand is now someone else's: no UNO check)."""

PlayCheck = Callable[[Game, Table, int, Play, int], None]
"""Refuses (by raising Refusal) a play of the kind the rules do not allow, before its effect;
the int is the cards its player will hold after it."""

Handler: TypeAlias = "Callable[[Game, Any, Said], tuple[RuleId, bool] | None]"
"""Referees one event: appends what it says and returns (rule, notable); a unit's handler may
return None to leave the event to the core."""


class Kind(Frozen):
    """What a card kind does: its effect and, for cards that take a target, its check."""

    effect: Effect
    check: PlayCheck | None
    """None: the card takes no `@NAME` target."""

    __slots__ = __match_args__ = ("effect", "check")

    def __init__(self, effect: Effect, check: PlayCheck | None = None) -> None:
        init(self, "effect", effect)
        init(self, "check", check)


HOOKS = (
    "after_forced_draw",
    "after_play",
    "answer_pending",
    "begin_event",
    "candidates",
    "challenge",
    "check_challenge",
    "check_draw",
    "check_face",
    "check_play",
    "extra_cards",
    "matches",
    "settle",
    "start",
    "turn_draw",
    "waiting",
)
"""The points where a unit hooks into a turn (`units.Unit` documents each)."""


class Hooks:
    """For each hook, the bound hooks of the units that override it, in unit order."""

    __slots__ = HOOKS

    after_forced_draw: tuple[Callable[..., Any], ...]
    begin_event: tuple[Callable[..., Any], ...]
    check_face: tuple[Callable[..., Any], ...]
    matches: tuple[Callable[..., Any], ...]
    check_play: tuple[Callable[..., Any], ...]
    extra_cards: tuple[Callable[..., Any], ...]
    answer_pending: tuple[Callable[..., Any], ...]
    check_challenge: tuple[Callable[..., Any], ...]
    challenge: tuple[Callable[..., Any], ...]
    turn_draw: tuple[Callable[..., Any], ...]
    check_draw: tuple[Callable[..., Any], ...]
    after_play: tuple[Callable[..., Any], ...]
    settle: tuple[Callable[..., Any], ...]
    start: tuple[Callable[..., Any], ...]
    waiting: tuple[Callable[..., Any], ...]
    candidates: tuple[Callable[..., Any], ...]


class Setup(Frozen):
    """The rules of one session, fixed by its header (`setup.build` makes one); every state of
    the session shares it."""

    header: Header
    players: tuple[str, ...]
    names: Mapping[str, str]
    """Each name as written in [Players], and casefolded, -> the name as written."""
    deck: Deck
    options: Options
    scoring: ScoringSystem
    customs: Mapping[int, str]
    """The rule written on each Wild Customizable."""
    kinds: Mapping[str, Kind]
    """What each card kind does: the core's, the edition's, then the house rules'."""
    hooks: Hooks
    handlers: Mapping[type, tuple[Handler, ...]]
    """Units' handlers of an event type, tried before the core's."""
    draws_wait: RuleId | None
    """The rule under which draw cards wait for their victim to take them or stack
    (stacking), or None."""
    top_kinds: frozenset[str]
    """Kinds played with the card they turn up (`rf top pu5`)."""
    hand_limit: int | None
    """A hand this big leaves the round at once (the mercy rule)."""
    ko_bonus: int
    units: tuple[str, ...]
    """The house rules turned on (unit ids), for the rules in force."""
    blank: ScoreSheet
    """The sheet before any round: where every session starts."""
    legality: Mapping[str, RuleId]
    """Each challengeable card kind -> the rule that says when playing it is illegal."""

    __slots__ = __match_args__ = (
        "header",
        "players",
        "names",
        "deck",
        "options",
        "scoring",
        "customs",
        "kinds",
        "hooks",
        "handlers",
        "draws_wait",
        "top_kinds",
        "hand_limit",
        "ko_bonus",
        "units",
        "blank",
        "legality",
    )

    __eq__ = object.__eq__  # one per session, shared by its states: identity is equality
    __hash__ = object.__hash__

    def __init__(
        self,
        header: Header,
        players: tuple[str, ...],
        names: Mapping[str, str],
        deck: Deck,
        options: Options,
        scoring: ScoringSystem,
        customs: Mapping[int, str],
        kinds: Mapping[str, Kind],
        hooks: Hooks,
        handlers: Mapping[type, tuple[Handler, ...]],
        draws_wait: RuleId | None,
        top_kinds: frozenset[str],
        hand_limit: int | None,
        ko_bonus: int,
        units: tuple[str, ...],
        blank: ScoreSheet,
        legality: Mapping[str, RuleId],
    ) -> None:
        init(self, "header", header)
        init(self, "players", players)
        init(self, "names", names)
        init(self, "deck", deck)
        init(self, "options", options)
        init(self, "scoring", scoring)
        init(self, "customs", customs)
        init(self, "kinds", kinds)
        init(self, "hooks", hooks)
        init(self, "handlers", handlers)
        init(self, "draws_wait", draws_wait)
        init(self, "top_kinds", top_kinds)
        init(self, "hand_limit", hand_limit)
        init(self, "ko_bonus", ko_bonus)
        init(self, "units", units)
        init(self, "blank", blank)
        init(self, "legality", legality)
