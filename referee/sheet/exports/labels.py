"""The words every export shares: title, scoring system, the game's state, round headings."""

from __future__ import annotations

from ...engine.scoring import ScoringSystem, scoring_name
from ...engine.titles import edition_title, family_name
from ...i18n import N_, _, ngettext, pgettext
from ..model import Note, RoundInPlay, Sheet, SheetRound

_SYSTEMS = {
    "rounds": N_(
        "{n} rounds, Japanese table: the one who goes out scores the others' hands, "
        "each other player loses their own; the highest total wins"
    ),
    "target": N_("first to {n}: the one who goes out scores the others' hands"),
    "lowest": N_(
        "lowest total: everyone adds their own hand; when someone reaches {n}, "
        "the lowest total wins"
    ),
    "penalty": N_(
        "penalty points: caught offences add the offender's hand; out at {n}; "
        "the last one left wins"
    ),
    "additive": N_(
        "{n} rounds: the one who goes out scores the others' hands, the others "
        "score nothing; the highest total wins"
    ),
    "none": N_("one round: going out wins"),
}


def title(sheet: Sheet) -> str:
    return sheet.header.event or _("UNO score sheet")


def separator() -> str:
    """What sets short phrases apart on one line (`Round 2 · Bob deals`): the middle dot in
    English; Japanese terminals draw it two cells wide, so the catalogue gives another."""
    return pgettext("list", " · ")


def details(sheet: Sheet) -> list[str]:
    """Date, site, an event's round and table, deck, rulebook and scoring, as short phrases
    (missing tags left out)."""
    header = sheet.header
    place = None
    if header.event_round and header.event_table:
        place = _("round {round}, table {table}").format(
            round=header.event_round, table=header.event_table
        )
    parts = [
        header.date,
        header.site,
        place,
        edition_title(header.edition),
        family_name(header.rules),
        scoring_name(str(sheet.system)),
    ]
    return [part for part in parts if part]


def scoring_text(system: ScoringSystem) -> str:
    return _(_SYSTEMS[system.kind]).format(n=system.limit)


def status(sheet: Sheet) -> str:
    """One sentence: who won, or how far the game has gone."""
    result, played = sheet.score, len(sheet.rounds)
    if result.finished:
        if result.winner:
            return ngettext(
                "{winner} wins after {n} round.", "{winner} wins after {n} rounds.", played
            ).format(winner=result.winner, n=played)
        tied = [p for p in sheet.players if result.ranks[p] == 1]
        return ngettext(
            "A tie after {n} round: {players} share first place.",
            "A tie after {n} rounds: {players} share first place.",
            played,
        ).format(n=played, players=_and(tied))
    if not played:
        return _("No round scored yet.")
    if sheet.system.kind in ("rounds", "additive"):
        return _("After {n} of {limit} rounds.").format(n=played, limit=sheet.system.limit)
    return ngettext(
        "After {n} round; the game goes on.", "After {n} rounds; the game goes on.", played
    ).format(n=played)


def round_heading(rnd: SheetRound | RoundInPlay) -> str:
    """`Round 2 · B deals · C went out` (what is known of it)."""
    parts = [_("Round {n}").format(n=rnd.number)]
    if rnd.dealer:
        parts.append(_("{player} deals").format(player=rnd.dealer))
    if isinstance(rnd, RoundInPlay):
        parts.append(_("in play"))
    elif rnd.went_out:
        parts.append(_("{player} went out").format(player=rnd.went_out))
    elif rnd.at_time:
        parts.append(won_at_time(rnd))
    if isinstance(rnd, SheetRound) and rnd.missing:
        parts.append(_("hands of {players} to enter").format(players=_and(list(rnd.missing))))
    return separator().join(parts)


def won_at_time(rnd: SheetRound) -> str:
    """A round ended at time: who won it, with the lowest hand (or nobody, on a tie)."""
    if rnd.won_at_time:
        return _("at time: {player} held the lowest hand").format(player=rnd.won_at_time)
    if rnd.missing:
        return _("at time")
    return _("at time: a tie for the lowest hand, nobody won")


def went_out_cell(rnd: SheetRound) -> str:
    """The "Went out" row's cell: who went out, or how the round ended at time."""
    if rnd.at_time:
        return won_at_time(rnd)
    return rnd.went_out or "-"


def where(note: Note, by_move: bool = False) -> str:
    """`move 7` in a stored session's sheet, `line 14` in a `.uno` file's."""
    if not note.line:
        return ""
    return (_("move {n}") if by_move else _("line {n}")).format(n=note.line)


def rank_text(sheet: Sheet, player: str) -> str:
    """`1`, or `out (round 3)` for a player eliminated under `penalty N`."""
    out = sheet.score.eliminated.get(player)
    rank = str(sheet.score.ranks[player])
    return rank if out is None else _("{rank} (out in round {round})").format(rank=rank, round=out)


def _and(names: list[str]) -> str:
    if len(names) == 1:
        return names[0]
    return _("{some} and {last}").format(
        some=pgettext("list", ", ").join(names[:-1]), last=names[-1]
    )
