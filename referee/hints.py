"""Suggestions for the move box: who acts now, which cards could go down, the one-key moves."""

from __future__ import annotations

from .cards import COLOR_NAMES, Card
from .engine import Referee
from .house import can_stack
from .plays import matches


def actor(ref: Referee) -> str | None:
    """The player the table is waiting on: the turn, or the player who must answer a draw."""
    table = ref.table
    if table is None or ref.phase != "play":
        return None
    if table.pending is not None:
        return table.players[table.pending.victim]
    return table.players[table.turn] if table.turn is not None else None


def playable(ref: Referee) -> list[Card]:
    """Every face that could legally go on the top card now: the colour in force first, Wilds last.

    The referee cannot see hands, so this is what the table could play, not what anyone holds.
    """
    table = ref.table
    if table is None or table.top is None or ref.phase != "play":
        return []
    pending = table.pending
    stacking = ref.options["stacking"]
    if pending is not None and stacking == "off":
        return []
    top, color = table.top, table.color
    allwild = ref.edition.id == "allwild"
    faces = [face for face, copies in ref.edition.deck.items()
             if (allwild or matches(face, top, color))
             and (pending is None or can_stack(stacking, face, pending.card))
             and table.pile_counts.get(face, 0) < copies]
    return sorted(faces, key=lambda f: (f.is_wild, f.color != color, not f.is_number, f.code))


def quick_moves(ref: Referee) -> dict[str, str]:
    """The frequent moves as complete move lines, keyed by what they do.

    Keys: `draw`, `accept`, `challenge`, `uno`, `catch` (one entry per catchable player, as
    `catch:NAME`); the app binds keys to them. A move line still goes through the engine.
    """
    table = ref.table
    moves: dict[str, str] = {}
    if table is None or ref.phase != "play":
        return moves
    who = actor(ref)
    if table.pending is not None and who is not None:
        moves["accept"] = f"{who}: accept"
        if table.pending.card.kind == "w+4" and ref.options["challenge"] == "on":
            moves["challenge"] = f"{who}: challenge "
    elif who is not None:
        moves["draw"] = f"{who}: draw"
    names = table.players
    for seat in table.catchable:
        moves["uno"] = f"{names[seat]}: uno"
        catcher = who if who is not None and who != names[seat] else names[table.step(seat)]
        moves[f"catch:{names[seat]}"] = f"{catcher}: catch {names[seat]}"
    return moves


def completions(ref: Referee) -> list[str]:
    """Move lines for the move box's suggester: the actor's plays first, then the quick moves."""
    who = actor(ref)
    lines: list[str] = []
    if who is not None:
        for face in playable(ref):
            if face.is_wild and ref.edition.id != "allwild":
                lines.extend(f"{who}: {face.code} {COLOR_NAMES[c]}" for c in ("r", "y", "g", "b"))
            else:
                lines.append(f"{who}: {face.code}")
    lines.extend(quick_moves(ref).values())
    return lines
