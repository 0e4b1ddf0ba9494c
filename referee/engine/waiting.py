"""What the table is waiting for: whose turn, a draw to answer, UNO windows, the round's end."""

from __future__ import annotations

from .basics import window
from .frozen import Frozen, init
from .messages import Colour, Key, Message, Messages, Names
from .rounds import missing_hands
from .state import Game, Table

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    from typing import Literal, TypeAlias

WaitKind: TypeAlias = (
    "Literal['turn', 'challenge', 'stack', 'accept', 'count', 'catch', 'must-play', 'record', "
    "'points', 'hands', 'next-round', 'dealer', 'start', 'first-round', 'game-over']"
)


class Wait(Frozen):
    """One thing the table waits for, who is to do it, and how urgent it is."""

    kind: WaitKind
    message: Message
    player: str | None
    """Who acts on it (the player who may be caught, for `catch`)."""
    urgent: bool
    """A window that closes with the next action (a challenge, a catch)."""

    __slots__ = __match_args__ = ("kind", "message", "player", "urgent")

    def __init__(
        self, kind: WaitKind, message: Message, player: str | None = None, urgent: bool = False
    ) -> None:
        init(self, "kind", kind)
        init(self, "message", message)
        init(self, "player", player)
        init(self, "urgent", urgent)


class Say(Messages, namespace="waiting"):
    turn = Key("{player} to play")
    challenge = Key("{player} may challenge {offender}'s {card} (colour before it: {colour:upper})")
    challenge_stack = Key(
        "{player} may challenge {offender}'s {card} (colour before it: "
        "{colour:upper}), or take {amount} or stack on it"
    )
    stack = Key("{player} takes {amount} or stacks on the {card}")
    accept = Key("{player} takes {amount} from the {card}: '{player}: accept'")
    count = Key("{player} records the cards drawn until {colour:a} card ('draw N')")
    count_or_challenge = Key(
        "{player} records the cards drawn until {colour:a} card "
        "('draw N') or challenges {offender}'s {card} (colour before it: "
        "{before:upper})"
    )
    catch = Key("{player} has one card and did not call UNO: {window}")
    must_play = Key("{player} must play the legal card now")
    points = Key("{player}'s hand total may be entered as penalty points: 'hand {player}: POINTS'")
    game_over = Key("The game is over: {winner} wins. The score sheet is final.")
    a_tie = Key("a tie")
    hands = Key("Round {round} is over: {winner} went out. Enter the hands of {players}")
    hands_at_time = Key("Round {round} ended at time. Enter the hands of {players}")
    scored = Key("Round {round} is scored. Start the next one: 'round {next}'")
    first_round = Key("Nothing recorded yet: start with 'round 1'")
    dealer = Key(
        "Round {round}: name the dealer, 'dealer NAME'; or keep this round for the "
        "score only: 'out NAME' (who went out), then the hands"
    )
    start = Key(
        "Round {round}: {dealer} deals. Turn up the start card and type it, e.g. "
        "'start r7' ('start w red' for a Wild); or keep this round for the score only: "
        "'out NAME' (who went out), then the hands"
    )


def actor(g: Game) -> str | None:
    """The player the table waits on: one who must answer or count a draw, or the turn."""
    t = g.table
    if t is None or g.phase != "play":
        return None
    if t.owed is not None:
        return t.players[t.owed.seat]
    if t.pending is not None:
        return t.players[t.pending.victim]
    return t.players[t.turn] if t.turn is not None else None


def waiting_for(g: Game) -> list[Wait]:
    """Everything the table waits for now, most urgent first (the turn is the first)."""
    found: list[Wait] = []
    t = g.table
    if t is not None and g.phase == "play":
        who = actor(g)
        if who is not None and t.pending is None and t.owed is None:
            found.append(Wait("turn", Say.turn(player=who), who))
        found += _draw_waits(g, t)
        names = t.players
        for seat, closer in t.catchable.items():
            found.append(
                Wait(
                    "catch",
                    Say.catch(player=names[seat], window=window(g, t, closer)),
                    names[seat],
                    True,
                )
            )
        if t.must_play is not None:
            found.append(
                Wait("must-play", Say.must_play(player=names[t.must_play]), names[t.must_play])
            )
    for hook in g.setup.hooks.waiting:
        found.extend(hook(g))
    for name in sorted(g.penalty_due):
        found.append(Wait("points", Say.points(player=name), name))
    found += _round_waits(g)
    return found


def _draw_waits(g: Game, t: Table) -> list[Wait]:
    names = t.players
    pending, owed = t.pending, t.owed
    colour = Colour(t.color or "")
    if owed is not None:
        who = names[owed.seat]
        return [Wait("count", Say.count(player=who, colour=colour), who)]
    if pending is None:
        return []
    victim, offender = names[pending.victim], names[pending.offender]
    setup = g.setup
    challenge = pending.card.kind in setup.deck.challengeable and setup.options.challenge
    # Nothing stacks on a card its player went out with: the draw is taken (or challenged).
    stacks = setup.draws_wait is not None and not t.went_out(pending.offender)
    before = Colour(pending.prev_color or "")
    if pending.until:
        message = (
            Say.count_or_challenge(
                player=victim, colour=colour, offender=offender, card=pending.card, before=before
            )
            if challenge
            else Say.count(player=victim, colour=colour)
        )
        return [Wait("count", message, victim, challenge)]
    if challenge:
        if stacks:
            message = Say.challenge_stack(
                player=victim,
                offender=offender,
                card=pending.card,
                colour=before,
                amount=pending.amount,
            )
        else:
            message = Say.challenge(
                player=victim, offender=offender, card=pending.card, colour=before
            )
        return [Wait("challenge", message, victim, True)]
    if stacks:
        return [
            Wait(
                "stack", Say.stack(player=victim, amount=pending.amount, card=pending.card), victim
            )
        ]
    return [
        Wait("accept", Say.accept(player=victim, amount=pending.amount, card=pending.card), victim)
    ]


def _round_waits(g: Game) -> list[Wait]:
    if g.sheet.finished:
        return [Wait("game-over", Say.game_over(winner=g.sheet.winner or Say.a_tie()))]
    if g.phase == "over":
        missing = missing_hands(g)
        if missing:
            names = Names(missing)
            if g.at_time:
                return [Wait("hands", Say.hands_at_time(round=g.round_no, players=names))]
            return [Wait("hands", Say.hands(round=g.round_no, winner=g.winner, players=names))]
        return [Wait("next-round", Say.scored(round=g.round_no, next=g.round_no + 1))]
    if g.phase == "idle":
        return [Wait("first-round", Say.first_round())]
    if g.phase == "setup":
        if g.dealer is None:
            return [Wait("dealer", Say.dealer(round=g.round_no))]
        return [Wait("start", Say.start(round=g.round_no, dealer=g.dealer), g.dealer)]
    return []
