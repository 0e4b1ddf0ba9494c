"""Standings over selected sessions: per person and per pair, each figure with its base."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from ..named import NamedTuple
from .figures import COUNTERS
from .league import League
from .rounding import rounded
from .selection import Played, Selection


@dataclass(slots=True)
class PlayerLine:
    """One person's figures over the selected sessions."""

    name: str
    names: list[str] = field(default_factory=list)
    """The other names merged into this person."""
    guest: bool = False
    sessions: int = 0
    games: int = 0
    """Finished sessions: what wins and placings rest on."""
    wins: int = 0
    """Finished games placed first, a first place shared with others included."""
    shared_wins: int = 0
    """Of `wins`, those where others shared the first place."""
    place_sum: int = 0
    rounds: int = 0
    rounds_won: int = 0
    tracked: int = 0
    """Rounds recorded move by move: what the counts of rulings rest on."""
    points: dict[str, list[int]] = field(default_factory=dict)
    """Scoring kind -> [rounds, points]."""
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(COUNTERS, 0))
    rank: int = 0
    rival: str | None = None

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None

    @property
    def round_rate(self) -> float | None:
        return self.rounds_won / self.rounds if self.rounds else None

    @property
    def average_place(self) -> float | None:
        return self.place_sum / self.games if self.games else None

    def average_points(self, kind: str) -> float | None:
        rounds, points = self.points.get(kind, (0, 0))
        return points / rounds if rounds else None

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "name": self.name,
            "merged": self.names,
            "guest": self.guest,
            "sessions": self.sessions,
            "games": self.games,
            "wins": self.wins,
            "shared_wins": self.shared_wins,
            "win_rate": rounded(self.win_rate),
            "average_place": rounded(self.average_place),
            "rounds": self.rounds,
            "rounds_won": self.rounds_won,
            "round_rate": rounded(self.round_rate),
            "points": {
                kind: {"rounds": r, "points": p, "average": rounded(p / r if r else None)}
                for kind, (r, p) in sorted(self.points.items())
            },
            "tracked_rounds": self.tracked,
            **self.counts,
            "rival": self.rival,
        }


@dataclass(slots=True)
class Pair:
    """Two people over the finished sessions both played: placings and points between them."""

    first: str
    second: str
    games: int = 0
    first_higher: int = 0
    second_higher: int = 0
    ties: int = 0
    points: dict[str, list[int]] = field(default_factory=dict)
    """Scoring kind -> [games, first's points, second's points]: totals of one scoring system
    only, as 500 points to a target and a five-round total are not the same measure."""

    def to_json(self) -> dict[str, Any]:
        return {
            "players": [self.first, self.second],
            "games": self.games,
            "higher": [self.first_higher, self.second_higher],
            "ties": self.ties,
            "points": {
                kind: {"games": games, "points": [first, second]}
                for kind, (games, first, second) in sorted(self.points.items())
            },
        }


class Apart(NamedTuple):
    """A name counted as a player of its own in one session, though merged into `person`: the
    person sat at that table under another name, `seated` (nobody takes two seats)."""

    session: str
    name: str
    person: str
    seated: str
    """The name at that table that counts as `person` (`person` itself, or another merged
    name)."""


@dataclass(slots=True)
class Standings:
    selection: Selection
    sessions: list[Played]
    players: list[PlayerLine]
    pairs: list[Pair]
    scorings: list[str]
    """The scoring kinds played in the selected sessions, sorted."""
    apart: list[Apart] = field(default_factory=list)
    """Merged names that sat at one table with their person, in session order."""

    def to_json(self) -> dict[str, Any]:
        return {
            "selection": self.selection.to_json(),
            "sessions": [played.id for played in self.sessions],
            "players": [line.to_json() for line in self.players],
            "pairs": [pair.to_json() for pair in self.pairs],
            "apart": [item._asdict() for item in self.apart],
            "rules": dict(RULES),
        }

    def line(self, name: str) -> PlayerLine | None:
        return next((line for line in self.players if line.name == name), None)


RULES = {
    "wins": "shared-first-place-counts-for-each",
    "rounding": "half-up",
    "pair_points": "per-scoring",
}
"""How the figures are counted, as language-neutral ids in the JSON (the text output and the
README say it in words): a first place shared is a win for each who shares it; rates and
averages are rounded half up (away from zero); head-to-head points are added up within one
scoring system only."""


def people_of(
    players: Iterable[str], league: League, usual: Mapping[str, int] | None = None
) -> dict[str, str]:
    """Each name of one session -> its person.

    Two names of one session are two people, even if merged (nobody takes two seats), and
    where they sit does not matter: the person's own name is the person there; failing that,
    of the merged names at the table, the one played under most often (`usual`: sessions per
    name), then the first seated. Every other name of that person counts under its own name
    in that session."""
    names = list(players)
    people = [league.person(name) for name in names]
    if len(set(people)) == len(names):
        return dict(zip(names, people, strict=True))  # each person seated once: most tables
    count = usual or {}
    chosen: dict[str, str] = {}
    # Best first: the person's own name, then the usual spelling, then the seating.
    for _seat, name in sorted(
        enumerate(names),
        key=lambda item: (league.person(item[1]) != item[1], -count.get(item[1], 0), item[0]),
    ):
        chosen.setdefault(league.person(name), name)
    return {
        name: league.person(name) if chosen[league.person(name)] == name else name for name in names
    }


def usual_names(played: Iterable[Played]) -> Counter[str]:
    """How many sessions each name was played under (which merged name is a person's usual
    one, when two of them sat at one table)."""
    return Counter(name for session in played for name in session.figures["players"])


def standings(played: Iterable[Played], league: League, selection: Selection) -> Standings:
    played = list(played)
    chosen = chosen_of(played, selection)
    return finish(selection, chosen, tally(chosen, league, usual_of(played, league), selection))


def chosen_of(played: list[Played], selection: Selection) -> list[Played]:
    """The sessions `selection` takes, in the standings' order (date, then id)."""
    return sorted((p for p in played if selection.takes(p)), key=lambda p: (p.date, p.id))


def usual_of(played: list[Played], league: League) -> Counter[str]:
    """`usual_names`, needed only where the book merges names (`people_of`)."""
    return usual_names(played) if league.aliases else Counter()


@dataclass(slots=True)
class Tally:
    """What some sessions add to the standings: sums, so that the tallies of parts of the
    sessions add up to the tally of all of them (`combined`)."""

    lines: dict[str, PlayerLine] = field(default_factory=dict)
    pairs: dict[tuple[str, str], Pair] = field(default_factory=dict)
    scorings: set[str] = field(default_factory=set)
    apart: list[Apart] = field(default_factory=list)


def tally(
    sessions: Iterable[Played], league: League, usual: Counter[str], selection: Selection
) -> Tally:
    """The sums over `sessions` (all taken by `selection`); `usual`: `usual_of` all sessions."""
    found = Tally()
    lines, pairs, scorings, apart = found.lines, found.pairs, found.scorings, found.apart
    merged = bool(league.aliases)
    guests = league.guests
    for session in sessions:
        figures = session.figures
        rows: dict[str, dict[str, int]] = figures["players"]
        if merged:
            who = people_of(rows, league, usual)
            kept = [name for name in rows if who[name] == name != league.person(name)]
        else:  # no merged names in the book: each name is its own person
            who, kept = {name: name for name in rows}, []
        if kept:
            seated = {person: name for name, person in who.items()}
            apart += [
                Apart(session.id, name, league.person(name), seated[league.person(name)])
                for name in kept
            ]
        places = figures.get("places")
        firsts = sum(1 for place in (places or {}).values() if place == 1)
        kind = figures["scoring"]
        scorings.add(kind)
        counted = (
            list(rows)
            if selection.guests or not guests
            else [name for name in rows if who[name] not in guests]
        )
        for name in counted:
            row, person = rows[name], who[name]
            line = lines.get(person)
            if line is None:
                line = lines[person] = PlayerLine(
                    person, league.names_of(person), person in league.guests
                )
            line.sessions += 1
            rounds = row.get("rounds", 0)
            line.rounds += rounds
            line.rounds_won += row.get("rounds_won", 0)
            line.tracked += row.get("tracked", 0)
            if rounds:
                got = line.points.setdefault(kind, [0, 0])
                got[0] += rounds
                got[1] += row.get("points", 0)
            # A row holds each figure at most once, and every counter the line keeps: adding
            # what the row has is adding every counter (10,000 sessions in a league's hub).
            counts = line.counts
            for figure, value in row.items():
                if figure in counts:
                    counts[figure] += value
            if places is not None:
                line.games += 1
                line.place_sum += places[name]
                # A shared first place is a win for each who shares it: the sheet ranks
                # them all first, and nobody placed above them.
                first = places[name] == 1
                line.wins += first
                line.shared_wins += first and firsts > 1
        if places is None:
            continue
        seated_here = [(who[name], places[name], rows[name].get("total", 0)) for name in counted]
        seated_here.sort(key=lambda item: item[0])
        for (pa, place_a, total_a), (pb, place_b, total_b) in combinations(seated_here, 2):
            pair = pairs.get((pa, pb))
            if pair is None:
                pair = pairs[(pa, pb)] = Pair(pa, pb)
            pair.games += 1
            pair.first_higher += place_a < place_b
            pair.second_higher += place_b < place_a
            pair.ties += place_a == place_b
            points = pair.points.setdefault(kind, [0, 0, 0])
            points[0] += 1
            points[1] += total_a
            points[2] += total_b
    return found


def combined(parts: Iterable[Tally]) -> Tally:
    """The tally of all the sessions of `parts` (each tallied over its own), as new objects."""
    out = Tally()
    for part in parts:
        for name, line in part.lines.items():
            mine = out.lines.get(name)
            if mine is None:
                mine = out.lines[name] = PlayerLine(name, list(line.names), line.guest)
            mine.sessions += line.sessions
            mine.games += line.games
            mine.wins += line.wins
            mine.shared_wins += line.shared_wins
            mine.place_sum += line.place_sum
            mine.rounds += line.rounds
            mine.rounds_won += line.rounds_won
            mine.tracked += line.tracked
            for kind, (rounds, points) in line.points.items():
                got = mine.points.setdefault(kind, [0, 0])
                got[0] += rounds
                got[1] += points
            for counter, value in line.counts.items():
                mine.counts[counter] += value
        for key, pair in part.pairs.items():
            ours = out.pairs.get(key)
            if ours is None:
                ours = out.pairs[key] = Pair(pair.first, pair.second)
            ours.games += pair.games
            ours.first_higher += pair.first_higher
            ours.second_higher += pair.second_higher
            ours.ties += pair.ties
            for kind, (games, first, second) in pair.points.items():
                got = ours.points.setdefault(kind, [0, 0, 0])
                got[0] += games
                got[1] += first
                got[2] += second
        out.scorings |= part.scorings
        out.apart += part.apart
    return out


def finish(selection: Selection, chosen: list[Played], found: Tally) -> Standings:
    """The standings of the sessions `chosen` (in order), whose tally is `found`: ranked, each
    player's rival, the pairs and the notes in order."""
    lines, pairs = found.lines, found.pairs
    ranked = sorted(lines.values(), key=_order)
    previous: tuple[Any, ...] | None = None
    for position, line in enumerate(ranked, 1):
        key = _order(line)[:-1]
        line.rank = ranked[position - 2].rank if key == previous else position
        previous = key
        line.rival = _rival(line.name, pairs)
    ordered = sorted(pairs.values(), key=lambda p: (-p.games, p.first, p.second))
    # The notes in the sessions' order (a tally of parts may list them in another).
    place = {session.id: n for n, session in enumerate(chosen)}
    apart = sorted(found.apart, key=lambda item: place[item.session])
    return Standings(selection, chosen, ranked, ordered, sorted(found.scorings), apart)


def _order(line: PlayerLine) -> tuple[Any, ...]:
    """Most wins, then the best win rate, the best average placing, most rounds won."""
    place = line.average_place
    return (
        -line.wins,
        -(line.win_rate or 0.0),
        place if place is not None else float("inf"),
        -line.rounds_won,
        line.name,
    )


def _rival(name: str, pairs: dict[tuple[str, str], Pair]) -> str | None:
    """The biggest rival: the one who placed above `name` most often in games both played
    (ties: the one met most often, then by name); None if nobody ever did."""
    best: tuple[int, int, str] | None = None
    for pair in pairs.values():
        if name == pair.first:
            other, above = pair.second, pair.second_higher
        elif name == pair.second:
            other, above = pair.first, pair.first_higher
        else:
            continue
        if above and (best is None or (-above, -pair.games, other) < best):
            best = (-above, -pair.games, other)
    return best[2] if best else None
