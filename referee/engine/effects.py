"""What the classic cards do once down, and the pieces other cards' effects are made of.

An effect is looked up by the card's kind (`Setup.kinds`): the core's below, then the
edition's and the house rules' (which may replace a core kind, as Seven-O does the 7 and 0).
"""

from __future__ import annotations

from .basics import passive_uno
from .cards import Card
from .events import Play
from .messages import Colour, Key, Messages
from .rulebook import (
    DRAW_TWO,
    MATCH,
    REVERSE,
    SKIP,
    TWO_PLAYER_REVERSE,
    TWO_PLAYER_SKIP,
    WD4,
    WILD_COLOR,
)
from .rules import RuleId
from .state import Effect, Game, Kind, PendingDraw, Said, Table


class Say(Messages, namespace="effects"):
    skipped = Key("; {player} is skipped")
    reverse_skips = Key("; with two players it acts as a Skip")
    reversed = Key("; play changes direction")
    draws_skipped = Key("; {player} draws {drawn} and is skipped")
    draws = Key("; {player} draws {amount}")
    draws_until = Key("; {player} draws until {colour:a} card")
    or_stacks = Key(" or stacks")
    or_challenges = Key(" or challenges")
    colour_before = Key(" (colour before it: {colour})")
    swaps = Key("; {player} swaps hands with {other}")


def passing(rule: RuleId) -> Effect:
    """A card that only passes the turn on, ruled under `rule`."""

    def effect(
        g: Game, t: Table, seat: int, play: Play, top: Card | None, color: str | None, said: Said
    ) -> tuple[RuleId, bool]:
        t.turn = t.step(seat)
        return rule, False

    return effect


def drawing(rule: RuleId) -> Effect:
    """A card the next player draws at once, missing their turn (no answer to it), under
    `rule`."""

    def effect(
        g: Game, t: Table, seat: int, play: Play, top: Card | None, color: str | None, said: Said
    ) -> tuple[RuleId, bool]:
        draw_next(g, t, seat, play, said)
        return rule, False

    return effect


plain = passing(MATCH)
wild = passing(WILD_COLOR)


def skip(
    g: Game, t: Table, seat: int, play: Play, top: Card | None, color: str | None, said: Said
) -> tuple[RuleId, bool]:
    said.append(Say.skipped(player=t.players[t.step(seat)]))
    t.turn = t.step(seat, 2)
    return (SKIP if t.size > 2 else TWO_PLAYER_SKIP), False


def reverse(
    g: Game, t: Table, seat: int, play: Play, top: Card | None, color: str | None, said: Said
) -> tuple[RuleId, bool]:
    if t.size == 2 and g.setup.options.two_player_reverse_skips:
        t.turn = seat
        said.append(Say.reverse_skips())
        return TWO_PLAYER_REVERSE, False
    t.direction = -t.direction
    t.turn = t.step(seat)
    said.append(Say.reversed())
    return (REVERSE if t.size > 2 else TWO_PLAYER_REVERSE), False


def forced_draw(g: Game, t: Table, seat: int, count: int) -> int:
    """A draw the rules impose (a draw card, a penalty): the cards actually drawn."""
    drawn, _ = t.draw(seat, count)
    for hook in g.setup.hooks.after_forced_draw:
        hook(g, t, seat)
    return drawn


def draw_next(g: Game, t: Table, seat: int, play: Play, said: Said) -> None:
    """The next player draws the card's amount and misses their turn."""
    victim = t.step(seat)
    drawn = forced_draw(g, t, victim, play.card.draws)
    t.turn = t.step(victim)
    said.append(Say.draws_skipped(player=t.players[victim], drawn=drawn))


def draw_two(
    g: Game, t: Table, seat: int, play: Play, top: Card | None, color: str | None, said: Said
) -> tuple[RuleId, bool]:
    """Draw Two: the next player draws 2 and misses their turn, unless draws wait (stacking)."""
    waits = g.setup.draws_wait
    if waits is not None:
        return pending_draw(g, t, seat, play, top, color, said, waits), False
    draw_next(g, t, seat, play, said)
    return DRAW_TWO, False


def wild_draw_four(
    g: Game, t: Table, seat: int, play: Play, top: Card | None, color: str | None, said: Said
) -> tuple[RuleId, bool]:
    return pending_draw(g, t, seat, play, top, color, said, WD4), False


def pending_draw(
    g: Game,
    t: Table,
    seat: int,
    play: Play,
    top: Card | None,
    color: str | None,
    said: Said,
    rule: RuleId,
    until: bool = False,
) -> RuleId:
    """The next player must take the draw or answer it: challenge a challengeable card, or
    (where draws wait) stack on it. A card that can be neither is drawn at once.

    `until`: the victim draws until the colour in force, and the table counts the cards."""
    face = play.card
    setup = g.setup
    challengeable = face.kind in setup.deck.challengeable
    waits = setup.draws_wait
    if not challengeable:
        if waits is None:
            draw_next(g, t, seat, play, said)
            return rule
        rule = waits
    old = t.pending
    victim = t.step(seat)
    amount = face.draws + (old.amount if old is not None else 0)
    wd4s = (old.wd4s if old is not None else 0) + (face.kind == "w+4")
    t.pending = PendingDraw(
        seat, victim, face, amount, top, color, t.hands[seat], rule, wd4s, until
    )
    t.turn = victim
    who = t.players[victim]
    said.append(
        Say.draws_until(player=who, colour=Colour(t.color or ""))
        if until
        else Say.draws(player=who, amount=amount)
    )
    if waits is not None:
        said.append(Say.or_stacks())
    if challengeable and setup.options.challenge:
        said.append(Say.or_challenges())
    if challengeable:
        said.append(Say.colour_before(colour=Colour(color or "")))
    return rule


def no_stack_offer(said: Said) -> None:
    """The player went out with the draw card: nothing stacks on it, so the ruling does not
    offer a stack (a house rule may give them cards after the card's effect, hence not
    decided in `pending_draw`)."""
    said[:] = [part for part in said if part[0] is not Say.or_stacks]


def swap_hands(g: Game, t: Table, seat: int, other: int, said: Said) -> None:
    """Two players swap hands (Wild Swap Hands, Seven-O's 7, Wild Forced Swap)."""
    t.hands[seat], t.hands[other] = t.hands[other], t.hands[seat]
    known = list(t.known)
    known[seat], known[other] = known[other], known[seat]
    t.known = tuple(known)
    t.drop_windows(other)
    if seat in t.closed:
        t.closed = {s: m for s, m in t.closed.items() if s != seat}
    passive_uno(g, t, (seat, other))
    said.append(Say.swaps(player=t.players[seat], other=t.players[other]))


PLAIN = Kind(plain)
WILD = Kind(wild)
CORE_KINDS = {
    "s": Kind(skip),
    "r": Kind(reverse),
    "+2": Kind(draw_two),
    "w+4": Kind(wild_draw_four),
    "w": WILD,
}
"""The classic cards' kinds; a number, or a kind nobody defines, is `PLAIN` (or `WILD`)."""
