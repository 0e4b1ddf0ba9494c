"""The legal moves of a player, from what the table can see: every candidate the referee
accepts (it is asked, so a suggestion can never disagree with a ruling)."""

from __future__ import annotations

from .cards import Card
from .events import (
    CardPlayed,
    CardsDrawn,
    ChallengeMade,
    DrawAccepted,
    Event,
    JumpedIn,
    Play,
    PlayerCaught,
    UnoCalled,
)
from .judge import referee_event
from .state import Game, Table
from .waiting import actor


def legal_moves(g: Game, player: str | None = None, plays: bool = True) -> list[Event]:
    """The moves `player` (default: the player the table waits on) may make now: plays of
    every face that could go down (Wilds with each colour, targeted cards with each target),
    a draw, answers to a pending draw, UNO calls and catches. Without `plays`, all but the card
    plays (a handful of candidates instead of every face: what a key bar asks after each move)."""
    t = g.table
    who = player or actor(g)
    if who is None or t is None or g.phase != "play":
        return []
    name = g.setup.names.get(who) or g.setup.names.get(who.casefold())
    seat = g.seats.get(name) if name is not None else None
    if name is None or seat is None or seat in t.out:
        return []
    found = [event for event in _candidates(g, t, seat, name, plays) if referee_event(g, event).ok]
    for hook in g.setup.hooks.candidates:
        found.extend(
            event
            for event in hook(g, seat)
            if (plays or not isinstance(event, _PLAYS)) and referee_event(g, event).ok
        )
    return found


_PLAYS = (CardPlayed, JumpedIn)
"""Candidates that put a card down."""


def play_order(t: Table, face: Card) -> tuple[bool, bool, bool, str]:
    """Suggestions list the colour in force first, then other matches, then Wilds."""
    return face.is_wild, face.color != t.color, not face.is_number, face.code


def _candidates(g: Game, t: Table, seat: int, name: str, plays: bool) -> list[Event]:
    found: list[Event] = _plays(g, t, seat, name) if plays else []
    pending = t.pending
    if pending is None or pending.until or pending.victim != seat:
        # The victim's plain `draw` is read as `accept` (turn.on_draw): offered once, as that.
        found.append(CardsDrawn(name))
    if pending is not None:
        found += [
            DrawAccepted(name),
            ChallengeMade(name, "guilty"),
            ChallengeMade(name, "innocent"),
        ]
    found.append(UnoCalled(name))
    found += [PlayerCaught(name, t.players[s]) for s in t.catchable]
    return found


def _plays(g: Game, t: Table, seat: int, name: str) -> list[Event]:
    setup = g.setup
    deck = setup.deck
    colours: tuple[str | None, ...] = deck.colors(t.side) if deck.wilds_name_colour else (None,)
    others: list[str | None] = [t.players[s] for s in t.seated() if s != seat]
    found: list[Event] = []
    faces = sorted(
        (
            face
            for face in deck.cards
            if deck.on_side(face, t.side) and face.kind not in setup.top_kinds
        ),
        key=lambda face: play_order(t, face),
    )
    for face in faces:
        kind = setup.kinds.get(face.kind)
        targets = [None, *others] if kind is not None and kind.check is not None else [None]
        for colour in colours if face.is_wild else (None,):
            for target in targets:
                found.append(CardPlayed(name, Play(face, colour, target)))
    return found
