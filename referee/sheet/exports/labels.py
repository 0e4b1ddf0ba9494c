"""The words every export shares: title, scoring system, the game's state, round headings."""

from __future__ import annotations

from ...engine.scoring import ScoringSystem
from ...engine.setup import editions
from ..model import Note, RoundInPlay, Sheet, SheetRound

_SYSTEMS = {
    "rounds": "{n} rounds, Japanese table: the one who goes out scores the others' hands, "
              "each other player loses their own; the highest total wins",
    "target": "first to {n}: the one who goes out scores the others' hands",
    "lowest": "lowest total: everyone adds their own hand; when someone reaches {n}, "
              "the lowest total wins",
    "penalty": "penalty points: caught offences add the offender's hand; out at {n}; "
               "the last one left wins",
    "none": "one round: going out wins",
}


def title(sheet: Sheet) -> str:
    return sheet.header.event or "UNO score sheet"


def details(sheet: Sheet) -> list[str]:
    """Date, site, deck, rulebook and scoring, as short phrases (missing tags left out)."""
    header = sheet.header
    edition = editions().get(header.edition)
    parts = [header.date, header.site, edition.deck.title if edition else header.edition,
             f"{header.rules} rules", f"scoring: {sheet.system}"]
    return [part for part in parts if part]


def scoring_text(system: ScoringSystem) -> str:
    return _SYSTEMS[system.kind].format(n=system.limit)


def status(sheet: Sheet) -> str:
    """One sentence: who won, or how far the game has gone."""
    result, played = sheet.score, len(sheet.rounds)
    rounds = _plural(played, "round")
    if result.finished:
        if result.winner:
            return f"{result.winner} wins after {rounds}."
        tied = [p for p in sheet.players if result.ranks[p] == 1]
        return f"A tie after {rounds}: {_and(tied)} share first place."
    if not played:
        return "No round scored yet."
    if sheet.system.kind == "rounds":
        return f"After {played} of {sheet.system.limit} rounds."
    return f"After {rounds}; the game goes on."


def round_heading(rnd: SheetRound | RoundInPlay) -> str:
    """`Round 2 · B deals · C went out` (what is known of it)."""
    parts = [f"Round {rnd.number}"]
    if rnd.dealer:
        parts.append(f"{rnd.dealer} deals")
    if isinstance(rnd, RoundInPlay):
        parts.append("in play")
    elif rnd.went_out:
        parts.append(f"{rnd.went_out} went out")
    if isinstance(rnd, SheetRound) and rnd.missing:
        parts.append(f"hands of {_and(list(rnd.missing))} to enter")
    return " · ".join(parts)


def where(note: Note) -> str:
    return f"line {note.line}" if note.line else ""


def rank_text(sheet: Sheet, player: str) -> str:
    """`1`, or `out (round 3)` for a player eliminated under `penalty N`."""
    out = sheet.score.eliminated.get(player)
    rank = str(sheet.score.ranks[player])
    return rank if out is None else f"{rank} (out in round {out})"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
