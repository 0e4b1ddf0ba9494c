"""Scoring systems (notation section 6): round points, running totals, ranks and game end."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType

from ..i18n import N_, _, ngettext
from ..named import NamedTuple
from .frozen import Frozen, init

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    from typing import Any

KINDS = ("rounds", "target", "lowest", "penalty", "additive", "none")
WITH_LIMIT = KINDS[:5]
"""The kinds written with their N (`none` has none)."""
KIND_NAMES = {
    "target": N_("first to N points"),
    "rounds": N_("N rounds, Japanese table"),
    "additive": N_("N rounds, winners' points only"),
    "lowest": N_("lowest total at N"),
    "penalty": N_("penalty points, out at N"),
    "none": N_("one round"),
}
"""Each scoring kind's short name, N standing for its number (`scoring_kind_name`)."""


def scoring_kind_name(kind: str) -> str:
    """A scoring kind's short name in the language in use (`target`: first to N points)."""
    name = KIND_NAMES.get(kind)
    return _(name) if name else kind


_SYSTEM_NAMES = {
    "target": N_("first to {n}"),
    "lowest": N_("lowest total at {n}"),
    "penalty": N_("penalty points, out at {n}"),
    "none": N_("one round"),
}


def scoring_name(text: str) -> str:
    """A `[Scoring]` value in a few words of the language in use (`rounds 5`: 5 rounds); a
    value that does not parse is shown as written."""
    try:
        system = parse_scoring(text)
    except ValueError:
        return text
    if system.kind == "rounds":
        return ngettext("{n} round", "{n} rounds", system.limit or 0).format(n=system.limit)
    if system.kind == "additive":
        return ngettext(
            "{n} round, winners' points only", "{n} rounds, winners' points only", system.limit or 0
        ).format(n=system.limit)
    return _(_SYSTEM_NAMES[system.kind]).format(n=system.limit)


def _syntax() -> str:
    return _(
        "expected 'rounds N', 'target N', 'lowest N', 'penalty N', 'additive N' or 'none' (N >= 1)"
    )


class ScoringSystem(Frozen):
    """A `[Scoring]` value: the kind and its N (None for `none`)."""

    kind: str
    limit: int | None

    __slots__ = __match_args__ = ("kind", "limit")

    def __init__(self, kind: str, limit: int | None = None) -> None:
        init(self, "kind", kind)
        init(self, "limit", limit)
        self._check()

    def _check(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(
                _("unknown scoring kind {kind!r}: {syntax}").format(
                    kind=self.kind, syntax=_syntax()
                )
            )
        if (self.kind == "none") != (self.limit is None):
            raise ValueError(
                _("scoring {kind!r} with limit {limit!r}: {syntax}").format(
                    kind=self.kind, limit=self.limit, syntax=_syntax()
                )
            )
        if self.limit is not None and self.limit < 1:
            raise ValueError(
                _("scoring limit must be at least 1, not {limit}").format(limit=self.limit)
            )

    def __str__(self) -> str:
        return self.kind if self.limit is None else f"{self.kind} {self.limit}"


def parse_scoring(text: str) -> ScoringSystem:
    """`rounds 5`, `target 500`, `lowest 500`, `penalty 500`, `additive 5` or `none` (any case,
    any spacing)."""
    words = text.lower().split()
    if words == ["none"]:
        return ScoringSystem("none")
    # ASCII digits, as `[0-9]+` reads them, without compiling a pattern on every start.
    limit = words[1] if len(words) == 2 else ""
    if limit.isascii() and limit.isdigit() and words[0] in WITH_LIMIT:
        return ScoringSystem(words[0], int(words[1]))
    raise ValueError(_("bad scoring {text!r}: {syntax}").format(text=text, syntax=_syntax()))


class RoundResult(NamedTuple):
    """One round's end: who went out (None: abandoned) and the points left in each hand.

    (Named tuples, this and the sheet: they are made again as each hand is entered.)"""

    winner: str | None
    hands: Mapping[str, int]
    """Points in each loser's hand; the winner's is 0; a missing player counts as 0."""
    penalties: tuple[tuple[str, int], ...] = ()
    """`penalty N` only: (offender, hand total) per caught missed UNO or guilty WD4, in order."""
    knocked_out: tuple[str, ...] = ()
    """Players the mercy rule knocked out of the round (No Mercy, or `mercy N`)."""
    ko_bonus: int = 0
    """Under `target N`, the winner's points for each player knocked out (No Mercy: 250)."""
    at_time: bool = False
    """The round ended at time (`time`): nobody went out; the lowest hand won it (the winner,
    whose own points are not counted), or, on a tie for the lowest, nobody (None) and every
    hand counts against its holder."""
    left: tuple[str, ...] = ()
    """Players who have left the game (`leave`) by this round's end, in order."""


class ScoreSheet(NamedTuple):
    """Round points, running totals, ranks and the game's state after the counted rounds."""

    players: tuple[str, ...]
    round_points: tuple[Mapping[str, int], ...]
    running: tuple[Mapping[str, int], ...]
    totals: Mapping[str, int]
    ranks: Mapping[str, int]
    finished: bool
    winner: str | None
    finished_after: int | None
    """1-based index of the deciding round; rounds after it are not counted."""
    eliminated: Mapping[str, int]
    """`penalty N` only: player -> round in which they reached N."""
    round_winners: tuple[str | None, ...] = ()
    """Who won each counted round (None: abandoned, or a tie at time)."""
    round_at_time: tuple[bool, ...] = ()
    """Whether each counted round ended at time (`time`) rather than by going out."""


def _check(players: frozenset[str], rnd: RoundResult) -> None:
    """Refuses unknown names, negative points and a round winner holding points."""
    winner = rnd.winner
    if winner is not None and winner not in players:
        raise ValueError(f"round winner {winner!r} is not a player")
    for entries in (rnd.hands.items(), rnd.penalties):
        for name, points in entries:
            if name not in players:
                raise ValueError(f"{name!r} is not a player")
            if points < 0:
                raise ValueError(f"{name}: negative points {points}")
    for name in rnd.knocked_out:
        if name not in players or name == winner:
            raise ValueError(f"{name!r} cannot be knocked out of this round")
    if winner is not None and rnd.hands.get(winner, 0) != 0:
        raise ValueError(f"round winner {winner} cannot have points in hand")


def _penalty_round(
    players: tuple[str, ...],
    rnd: RoundResult,
    totals: Mapping[str, int],
    eliminated: dict[str, int],
    index: int,
    limit: int,
) -> dict[str, int]:
    """Adds penalties in order, eliminating at `limit`; any after the decision are ignored."""
    points = dict.fromkeys(players, 0)
    for name, value in rnd.penalties:
        if len(players) - len(eliminated) <= 1:
            break
        if name in eliminated:
            raise ValueError(f"{name} was eliminated in round {eliminated[name]}")
        points[name] += value
        if totals[name] + points[name] >= limit:
            eliminated[name] = index
    if rnd.winner in eliminated:
        raise ValueError(f"round winner {rnd.winner} is out of the game (round {index})")
    return points


def _decided(system: ScoringSystem, index: int, totals: Mapping[str, int], out: int) -> bool:
    """Whether the game is over after round `index` (`out`: players eliminated so far)."""
    if system.kind == "none":
        return True
    if system.kind in ("rounds", "additive"):
        return index >= (system.limit or 1)
    if system.kind == "penalty":
        return len(totals) - out <= 1
    return max(totals.values()) >= (system.limit or 1)


def _rank_key(
    system: ScoringSystem,
    round_winner: str | None,
    eliminated: Mapping[str, int],
    totals: Mapping[str, int],
) -> Callable[[str], Any]:
    """Sort key per player, smaller is better."""
    if system.kind == "none":
        return lambda p: 0 if round_winner in (None, p) else 1
    if system.kind == "penalty":
        return lambda p: (1, -eliminated[p], totals[p]) if p in eliminated else (0, 0, totals[p])
    if system.kind == "lowest":
        return lambda p: totals[p]
    return lambda p: -totals[p]


def score(
    system: ScoringSystem,
    players: Sequence[str],
    rounds: Sequence[RoundResult],
    last_open: bool = False,
) -> ScoreSheet:
    """Scores the rounds up to the one that decides the game; later rounds are ignored.

    `last_open`: the last round's hands are still being entered, so it cannot decide the game
    yet (its points so far are shown; a `rounds 5` game is not over, nor a target reached,
    until every hand is in)."""
    names = tuple(players)
    known = frozenset(names)
    if len(names) < 2 or len(known) != len(names):
        raise ValueError(f"need at least two distinct players, got {names!r}")
    totals = dict.fromkeys(names, 0)
    eliminated: dict[str, int] = {}
    round_points: list[Mapping[str, int]] = []
    running: list[Mapping[str, int]] = []
    finished_after: int | None = None
    winners: list[str | None] = []
    timed: list[bool] = []
    for index, rnd in enumerate(rounds, 1):
        _check(known, rnd)
        hands = {p: rnd.hands.get(p, 0) for p in names}
        if rnd.winner is None and not rnd.at_time:
            points = dict.fromkeys(names, 0)
        elif system.kind == "penalty":
            points = _penalty_round(names, rnd, totals, eliminated, index, system.limit or 1)
        elif system.kind == "lowest":
            points = hands
        else:
            # `rounds`: each loser loses their own hand (the Japanese manual's sheet);
            # `target` and `additive` (the how-to article): only the winner scores.
            # At time with a tie for the lowest hand nobody wins: every hand counts as a loser's.
            others = sum(hands.values()) if rnd.winner is not None else 0
            loser = -1 if system.kind == "rounds" else 0
            points = {p: others if p == rnd.winner else loser * hands[p] for p in names}
            if system.kind == "target" and rnd.winner is not None:
                points[rnd.winner] += rnd.ko_bonus * len(rnd.knocked_out)
        winners.append(rnd.winner)
        timed.append(rnd.at_time)
        totals = {p: totals[p] + points[p] for p in names}
        round_points.append(MappingProxyType(points))
        running.append(MappingProxyType(totals))
        # `penalty N`: a player who left the game is out of it, as one eliminated.
        out = len(eliminated) + len(set(rnd.left) - eliminated.keys())
        if not (last_open and index == len(rounds)) and _decided(system, index, totals, out):
            finished_after = index
            break
    key = _rank_key(system, winners[0] if winners else None, eliminated, totals)
    keys = [key(p) for p in names]
    ordered = sorted(keys)
    # Competition ranks (1, 2, 2, 4): one more than the players strictly ahead.
    ranks = {p: 1 + bisect_left(ordered, mine) for p, mine in zip(names, keys, strict=True)}
    leaders = [p for p in names if ranks[p] == 1]
    finished = finished_after is not None
    return ScoreSheet(
        players=names,
        round_points=tuple(round_points),
        running=tuple(running),
        totals=MappingProxyType(totals),
        ranks=MappingProxyType(ranks),
        finished=finished,
        winner=leaders[0] if finished and len(leaders) == 1 else None,
        finished_after=finished_after,
        eliminated=MappingProxyType(eliminated),
        round_winners=tuple(winners),
        round_at_time=tuple(timed),
    )


def game_decided(
    system: ScoringSystem, players: Sequence[str], rounds: Sequence[RoundResult]
) -> bool:
    """True once the rounds decide the game."""
    return score(system, players, rounds).finished


def rounds_allowed(
    system: ScoringSystem, players: Sequence[str], rounds: Sequence[RoundResult]
) -> bool:
    """True while another round may be played (the game is not decided yet)."""
    return not game_decided(system, players, rounds)


def to_json(sheet: ScoreSheet) -> dict[str, Any]:
    """The `score --json` object; each round's `totals` (running totals) is our extension, and
    `"at_time": true` marks a round that ended at time (its winner held the lowest hand)."""
    rounds = zip(sheet.round_winners, sheet.round_points, sheet.running, strict=True)
    timed = sheet.round_at_time or (False,) * len(sheet.round_points)
    found = []
    for (w, pts, run), at_time in zip(rounds, timed, strict=True):
        one: dict[str, Any] = {"winner": w, "points": dict(pts), "totals": dict(run)}
        if at_time:
            one["at_time"] = True
        found.append(one)
    return {
        "players": list(sheet.players),
        "rounds": found,
        "totals": dict(sheet.totals),
        "ranks": dict(sheet.ranks),
        "finished": sheet.finished,
        "winner": sheet.winner,
    }
