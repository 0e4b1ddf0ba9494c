"""Move-box hints, from the referee's own answers: who acts, what could go down, quick moves.

Nothing here decides a rule: every hint is a move `Referee.legal_moves` accepts, written in
notation.
"""

from __future__ import annotations

from ..engine import Referee, changes_nothing
from ..engine.cards import Card
from ..engine.events import (
    CardPlayed,
    CardsDrawn,
    ChallengeMade,
    DrawAccepted,
    Event,
    MisplayCaught,
    PlayerCaught,
    UnoCalled,
)
from ..notation import NotationError, format_event, parse_move


def actor(ref: Referee) -> str | None:
    """The player the table is waiting on: the turn, or the player who must answer a draw."""
    return ref.actor()


def playable(ref: Referee) -> list[Card]:
    """Every face the player to act could put down now, the colour in force first, Wilds last.

    The referee cannot see hands, so this is what the table could play, not what anyone holds.
    """
    faces: list[Card] = []
    for move in ref.legal_moves():
        if isinstance(move, CardPlayed) and move.play.card not in faces:
            faces.append(move.play.card)
    return faces


def quick_moves(ref: Referee, legal: list[Event] | None = None) -> dict[str, str]:
    """The frequent moves as complete move lines, keyed by what they do.

    Keys: `draw`, `accept`, `challenge`, `uno`, `catch:NAME` (one per player who can be caught
    now); the app binds keys to them. A move line still goes through the engine. `legal` is
    `ref.legal_moves()` when the caller has asked already (asking is the costly part).
    """
    header = ref.header
    who = ref.actor()
    moves: dict[str, str] = {}
    for move in ref.legal_moves() if legal is None else legal:
        if isinstance(move, CardsDrawn) and move.count == 1 and move.play is None:
            moves["draw"] = format_event(move, header)
        elif isinstance(move, DrawAccepted):
            moves["accept"] = format_event(move, header)
        elif isinstance(move, ChallengeMade) and "challenge" not in moves:
            moves["challenge"] = f"{move.player}: challenge "
    t = ref.table
    if t is not None:
        for seat in t.catchable:
            target = t.players[seat]
            call = UnoCalled(target)
            if _counts(ref, call):
                moves["uno"] = format_event(call, header)
            catcher = who if who is not None and who != target else t.players[t.step(seat)]
            catch = PlayerCaught(catcher, target)
            if _counts(ref, catch):
                moves[f"catch:{target}"] = format_event(catch, header)
    return moves


def _counts(ref: Referee, event: Event) -> bool:
    """The referee would accept `event` and it would change the game (a useless call is not
    offered: the table would not record it)."""
    ruling = ref.check(event)
    return ruling.ok and not changes_nothing(ref.state, ruling)


def catch_lines(ref: Referee) -> dict[str, dict[str, str]]:
    """Per player who can be caught now, in seating order, the move line for each player who
    could catch them (every catcher the referee would take, in seating order)."""
    t = ref.table
    if t is None:
        return {}
    header = ref.header
    lines: dict[str, dict[str, str]] = {}
    for seat in sorted(t.catchable):
        target = t.players[seat]
        by = {}
        for catcher in t.players:
            catch = PlayerCaught(catcher, target)
            if catcher != target and _counts(ref, catch):
                by[catcher] = format_event(catch, header)
        if by:
            lines[target] = by
    return lines


def completions(ref: Referee) -> list[str]:
    """Move lines for the move box's suggester: the actor's plays first, then the quick moves."""
    header = ref.header
    legal = ref.legal_moves()
    lines = [format_event(move, header) for move in legal if isinstance(move, CardPlayed)]
    lines.extend(line for line in quick_moves(ref, legal).values() if line not in lines)
    return lines


def misplay_instead(ref: Referee, line: str) -> str | None:
    """For a card play the referee refused, the line that records it as a misplay (the card put
    down illegally, caught: it goes back and the penalty is drawn), when the referee would
    accept that line now; None for any other line."""
    try:
        event = parse_move(line, ref.header)
    except NotationError:
        return None
    if not isinstance(event, CardPlayed):
        return None
    misplay = MisplayCaught(event.player, event.play.card)
    return format_event(misplay, ref.header) if ref.check(misplay).ok else None
