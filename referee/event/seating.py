"""Seating an event's rounds: a draw, then tables that keep players from meeting again.

Three ways to seat a round:

- "mix" (the usual qualifying round): round 1 is a draw; every later round minimises the
  table-mates who have met before. Greedy round-by-round seating fails exactly where an event
  is tight: 16 players at 4 tables of 4 can play 5 rounds in which everyone meets each of the 15
  others once, but only if the rounds are the 5 parallel classes of the affine plane of order 4
  (its lines are the tables, its points the players); a greedy round 3 usually makes round 4 or
  5 impossible. So when the players number q*q with q = the table size a prime power (9 at
  tables of 3, 16 at 4, 25 at 5, 49 at 7, ...) and the rounds played so far are all parallel
  classes of one such plane, the next round is another class of that plane. The plane is found
  from the history itself (round 1 gives the points their x, round 2 their y, round 3 fixes
  the rest up to symmetry), so nothing is kept between calls and a director's swap in round 1
  or 2 still leaves a full plan. When the players number k*q at q tables of k with q a prime
  power above k (20, 28, 32, 36, 44, 52, 64, 100 at tables of 4), k columns of the plane of
  order q give q rounds without a repeat; that plan is drawn from the seed and followed while
  the history is its rounds. Otherwise (any other count, a withdrawal, a swap that broke the
  plan) a local search seats the round: a greedy start, then tabu-guided swaps of two players
  at different tables that lower the count of earlier meetings, stopping at 0.
- "standings" (Swiss-like): tables of neighbours in the standings; to avoid a repeat a player
  may move a few places (`MAX_SHIFT`), never more, and the same search weighs repeats first and
  places moved second.
- "seeded" (semifinal and final tables): snake seeding by the standings, no randomness.

Fixed seats (a player who must always have the same table, for accessibility) hold in every
mode. Every random choice comes from `random.Random` seeded with a string made of the event's
seed and the round, so the same arguments give the same seating in every process; the search
is bounded by a count of steps, never by a clock, for the same reason.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Literal, NamedTuple

MIN_TABLE = 2
"""UNO is played by 2 to 10 players; a count that splits into no tables sits at one of these."""
MAX_TABLE = 10

MAX_SHIFT = 3
"""In "standings" mode, how many places in the standings a player may be moved to avoid a
repeated table-mate ("a few places"): beyond that the repeat is the lesser evil."""

SEARCH_EVALUATIONS = 240_000
"""The local search's budget, in swaps weighed (each a handful of additions): about 0.3 s for
100 players in CPython on a slow core, when a round without repeats does not exist and the
search runs to the end. Counted, not timed, so the result never depends on the machine."""

SEARCH_STEPS_PER_PLAYER = 50
"""A smaller budget for few players, whose seatings are few: the search would otherwise spend
the whole SEARCH_EVALUATIONS circling a handful of tables."""

RESTART_AFTER = 150
"""Steps without a better seating after which the search starts again from the best one found,
shaken by a few random swaps (tabu search alone can circle in one region)."""

Mode = Literal["mix", "standings", "seeded"]
History = Sequence[Sequence[Sequence[str]]]


class SeatingError(ValueError):
    """Players that cannot be seated (too few, or a fixed seat that cannot hold).

    `reason` is one of "too-few" (`count` players), "tables-of" (`count` the table size asked
    for, outside 3..10), "fixed-table" (`player`'s fixed `table` is not among the `count`
    tables), "fixed-full" (more players are fixed at `table` than its `count` seats),
    "unknown-player" (`player`, in the fixed seats, the standings or a swap, is not playing) and
    "duplicate-player" (`player` appears twice among the players or in the standings). The
    caller words it for people; the exception's own text is for logs.
    """

    def __init__(self, reason: str, *, count: int = 0, player: str = "", table: int = 0) -> None:
        super().__init__(f"{reason}: count={count} player={player!r} table={table}")
        self.reason = reason
        self.count = count
        self.player = player
        self.table = table


class Seating(NamedTuple):
    tables: tuple[tuple[str, ...], ...]
    """Table 1's players first; each table's players in seat order (clockwise from seat 1)."""


def table_sizes(count: int, tables_of: int = 4) -> tuple[int, ...]:
    """Sizes of the tables for `count` players, biggest first: tables of `tables_of` and the
    remainder at tables of `tables_of - 1` (18 -> (4, 4, 4, 3, 3)); a count that cannot be split
    so (5 at tables of 4) sits at one table when it is 2..10 (UNO's 2 to 10 players), else
    SeatingError("too-few"). Fewer than 2: SeatingError."""
    if not 3 <= tables_of <= MAX_TABLE:
        # Tables of 2 would leave a remainder of one player alone at a table.
        raise SeatingError("tables-of", count=tables_of)
    if count < MIN_TABLE:
        raise SeatingError("too-few", count=count)
    tables = -(-count // tables_of)
    smaller = tables * tables_of - count
    if smaller <= tables:
        return (tables_of,) * (tables - smaller) + (tables_of - 1,) * smaller
    if count <= MAX_TABLE:
        return (count,)
    raise SeatingError("too-few", count=count)


def meetings(history: History) -> dict[frozenset[str], int]:
    """How many times each pair sat at one table."""
    met: dict[frozenset[str], int] = {}
    for round_tables in history:
        for table in round_tables:
            for a, b in itertools.combinations(dict.fromkeys(table), 2):
                pair = frozenset((a, b))
                met[pair] = met.get(pair, 0) + 1
    return met


def repeats(history: History) -> int:
    """Repeated table-mates: for every pair, the meetings beyond the first, summed."""
    return sum(times - 1 for times in meetings(history).values())


def swap(seating: Seating, a: str, b: str, *, fixed: Mapping[str, int] | None = None) -> Seating:
    """The director swaps two players before publishing (their seats exchanged).

    A player not seated: SeatingError("unknown-player"); with `fixed`, a swap that would move a
    player off a fixed table: SeatingError("fixed-table")."""
    seats = {name: (t, s) for t, table in enumerate(seating.tables) for s, name in enumerate(table)}
    for name in (a, b):
        if name not in seats:
            raise SeatingError("unknown-player", player=name)
    (ta, sa), (tb, sb) = seats[a], seats[b]
    for name, other_table in ((a, tb), (b, ta)):
        if fixed and name in fixed and fixed[name] != other_table + 1:
            raise SeatingError(
                "fixed-table", count=len(seating.tables), player=name, table=fixed[name]
            )
    tables = [list(table) for table in seating.tables]
    tables[ta][sa], tables[tb][sb] = b, a
    return Seating(tuple(tuple(table) for table in tables))


def seat_round(
    players: Sequence[str],
    history: History,
    *,
    seed: str,
    round_no: int,
    rounds: int,
    tables_of: int = 4,
    fixed: Mapping[str, int] | None = None,
    order: Sequence[str] | None = None,
    mode: Mode = "mix",
) -> Seating:
    """Seat round `round_no` (1-based) of an event planned for `rounds` rounds.
    players: who plays this round (withdrawn players already removed, late arrivals added).
    history: the tables of every earlier round AS THEY WERE PLAYED (a list per round of the
      tables' player lists; may contain players no longer present; may differ from what this
      function proposed, e.g. after the director swapped two players).
    fixed: player -> table number (1-based) that player must always get (accessibility).
    order: the standings, best first (needed for "standings" and "seeded"; players missing
      from it, such as late arrivals, rank after it in the order of `players`).
    mode: "mix" = minimise repeated table-mates (round 1 = a random draw from the seed);
      "standings" = Swiss-like: tables formed from neighbours in the standings, repeats
      minimised as the second aim (move a player at most a few places to avoid a repeat);
      "seeded" = semifinal/final tables: snake seeding over the tables by `order`
      (1st, 2nd, ... at tables 1, 2, ..., then back), and within each table seats in seed order;
      no randomness. Fixed seats hold in every mode.
    Deterministic: the same arguments give the same Seating in every process.
    `rounds` does not change the seating: the plan for the tight case is the whole affine
    plane, whatever the number of rounds, and other cases are seated a round at a time."""
    names, sizes, pins, ranking = _checked(players, tables_of, fixed, order)
    rng = random.Random(f"{seed}/{round_no}/{mode}")
    if mode == "seeded":
        return _named(names, _snake(ranking, sizes, pins))
    if mode == "standings":
        tables = _by_standings(ranking, sizes, pins, _weights(names, history), rng)
    else:
        tables = (
            _plane_round(names, history, sizes, pins, rng)
            or _columns_round(names, history, sizes, pins, seed, rng)
            or _mixed(names, history, sizes, pins, rng)
        )
    for table in tables:
        rng.shuffle(table)
    return _named(names, tables)


# Checking the request --------------------------------------------------------------------------


def _checked(
    players: Sequence[str],
    tables_of: int,
    fixed: Mapping[str, int] | None,
    order: Sequence[str] | None,
) -> tuple[list[str], tuple[int, ...], dict[int, int], list[int]]:
    """The players (sorted, so that the order they were listed in does not matter), the table
    sizes, the fixed seats (player index -> table index) and the standings as player indices
    (every player, best first)."""
    names = sorted(players)
    for a, b in itertools.pairwise(names):
        if a == b:
            raise SeatingError("duplicate-player", player=a)
    sizes = table_sizes(len(names), tables_of)
    index = {name: i for i, name in enumerate(names)}
    pins: dict[int, int] = {}
    for name, table in (fixed or {}).items():
        if name not in index:
            raise SeatingError("unknown-player", player=name)
        if not 1 <= table <= len(sizes):
            raise SeatingError("fixed-table", count=len(sizes), player=name, table=table)
        pins[index[name]] = table - 1
    for t, size in enumerate(sizes):
        if sum(1 for table in pins.values() if table == t) > size:
            raise SeatingError("fixed-full", count=size, table=t + 1)
    ranking: list[int] = []
    for name in order or ():
        if name not in index:
            raise SeatingError("unknown-player", player=name)
        if index[name] in ranking:
            raise SeatingError("duplicate-player", player=name)
        ranking.append(index[name])
    ranked = set(ranking)
    ranking += [index[name] for name in players if index[name] not in ranked]
    return names, sizes, pins, ranking


def _named(names: list[str], tables: list[list[int]]) -> Seating:
    return Seating(tuple(tuple(names[p] for p in table) for table in tables))


def _weights(names: list[str], history: History) -> list[list[int]]:
    """Earlier meetings of every two players present (the cost of seating them together)."""
    index = {name: i for i, name in enumerate(names)}
    weight = [[0] * len(names) for _ in names]
    for pair, times in meetings(history).items():
        a, b = pair
        if a in index and b in index:
            weight[index[a]][index[b]] = weight[index[b]][index[a]] = times
    return weight


# Seeded: snake seeding -------------------------------------------------------------------------


def _snake(ranking: list[int], sizes: tuple[int, ...], pins: dict[int, int]) -> list[list[int]]:
    """1st, 2nd, ... at tables 1, 2, ..., then back from the last table, skipping full tables;
    fixed players keep their tables (their seats come off the snake); each table in seed order."""
    tables: list[list[int]] = [[] for _ in sizes]
    for p, t in pins.items():
        tables[t].append(p)
    lap = list(range(len(sizes)))
    turns = itertools.cycle(lap + lap[::-1])
    for p in ranking:
        if p in pins:
            continue
        t = next(turns)
        while len(tables[t]) >= sizes[t]:
            t = next(turns)
        tables[t].append(p)
    place = {p: i for i, p in enumerate(ranking)}
    return [sorted(table, key=place.__getitem__) for table in tables]


# Standings: neighbours, moved a few places to avoid repeats ------------------------------------


def _by_standings(
    ranking: list[int],
    sizes: tuple[int, ...],
    pins: dict[int, int],
    weight: list[list[int]],
    rng: random.Random,
) -> list[list[int]]:
    """Table 1 the best players, table 2 the next, ...; then the search may move a player to a
    table whose players' places are at most MAX_SHIFT from its own, each place moved costing
    far less than any repeat (repeats first, places moved second)."""
    free = [p for p in ranking if p not in pins]
    home = [0] * len(ranking)
    for p, t in pins.items():
        home[p] = t
    spans: list[tuple[int, int]] = []
    place = 0
    for t, size in enumerate(sizes):
        seats = size - sum(1 for table in pins.values() if table == t)
        for p in free[place : place + seats]:
            home[p] = t
        spans.append((place, place + seats - 1))
        place += seats
    places = {p: i for i, p in enumerate(free)}
    unary: list[list[int | None]] = []
    for p in range(len(ranking)):
        row: list[int | None] = []
        rank = places.get(p, -1)
        for lo, hi in spans:
            moved = max(lo - rank, rank - hi, 0)
            row.append(None if p in pins or moved > MAX_SHIFT or lo > hi else moved)
        unary.append(row)
    heavy = len(ranking) * MAX_SHIFT + 1
    weighted = [[w * heavy for w in row] for row in weight]
    return _search(sizes, weighted, unary, pins, home, rng)


# Mix: the affine plane when it fits ------------------------------------------------------------

_IRREDUCIBLE = {
    4: (2, (1, 1)),
    8: (2, (1, 1, 0)),
    9: (3, (1, 0)),
    16: (2, (1, 1, 0, 0)),
    25: (5, (2, 1)),
    27: (3, (1, 2, 0)),
}
"""GF(p^k) as polynomials over GF(p) modulo a monic irreducible x^k + ... : p and the lower
coefficients (x^2+x+1, x^3+x+1, x^2+1, x^4+x+1, x^2+x+2, x^3+2x+1). Fields of prime order are
the integers modulo q; other prime powers (32, 49, ...) are not needed by events of this size."""


@cache
def _field(q: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]] | None:
    """Subtraction and multiplication tables of GF(q) (elements 0..q-1), None when q is not a
    prime power this module knows (6, 10, 12, 32, ...)."""
    if q >= 2 and all(q % d for d in range(2, int(q**0.5) + 1)):
        sub = tuple(tuple((a - b) % q for b in range(q)) for a in range(q))
        return sub, tuple(tuple(a * b % q for b in range(q)) for a in range(q))
    if q not in _IRREDUCIBLE:
        return None
    p, low = _IRREDUCIBLE[q]
    k = len(low)

    def digits(a: int) -> list[int]:
        return [a // p**i % p for i in range(k)]

    def number(ds: Sequence[int]) -> int:
        return sum(d * p**i for i, d in enumerate(ds))

    def times(a: int, b: int) -> int:
        product = [0] * (2 * k - 1)
        for i, x in enumerate(digits(a)):
            for j, y in enumerate(digits(b)):
                product[i + j] = (product[i + j] + x * y) % p
        for top in range(2 * k - 2, k - 1, -1):  # x^k = -(low[0] + low[1] x + ...)
            c, product[top] = product[top], 0
            for i, lc in enumerate(low):
                product[top - k + i] = (product[top - k + i] - c * lc) % p
        return number(product[:k])

    sub = tuple(
        tuple(
            number([(x - y) % p for x, y in zip(digits(a), digits(b), strict=True)])
            for b in range(q)
        )
        for a in range(q)
    )
    return sub, tuple(tuple(times(a, b) for b in range(q)) for a in range(q))


def _plane_round(
    names: list[str],
    history: History,
    sizes: tuple[int, ...],
    pins: dict[int, int],
    rng: random.Random,
) -> list[list[int]] | None:
    """The next parallel class of the affine plane the history's rounds belong to, as tables
    (fixed seats kept), or None when there is no such plane: the count is not q*q at q tables
    of q with q a prime power, a round played so far is not a parallel class (a repeat, a
    player missing or new), all q+1 classes are used, or no class left suits the fixed seats.
    Round 1 is not seated here: any draw is a class of some plane (the search makes the draw)."""
    q = sizes[0]
    field = _field(q)
    if field is None or len(sizes) != q or any(size != q for size in sizes):
        return None
    played = _parallel_classes(names, history, q)
    if not played or len(played) > q:
        return None
    points = _coordinates(played, q, field, rng)
    if points is None:
        return None
    sub, mul = field
    classes = [[[p for p in range(q * q) if points[p][0] == c] for c in range(q)]]
    for m in range(q):  # the lines y = m x + c, grouped by c = y - m x
        lines: list[list[int]] = [[] for _ in range(q)]
        for p, (x, y) in enumerate(points):
            lines[sub[y][mul[m][x]]].append(p)
        classes.append(lines)
    used = {frozenset(frozenset(group) for group in round_) for round_ in played}
    left = [c for c in classes if frozenset(frozenset(group) for group in c) not in used]
    rng.shuffle(left)
    for lines in left:
        tables = _pinned_order(lines, pins, rng)
        if tables is not None:
            return tables
    return None


def _columns_round(
    names: list[str],
    history: History,
    sizes: tuple[int, ...],
    pins: dict[int, int],
    seed: str,
    rng: random.Random,
) -> list[list[int]] | None:
    """The next round of the seed's plan for k*q players at q tables of k, q a prime power
    greater than k (20 at tables of 4: q = 5; 28: 7; 32: 8; 36: 9), or None when the count is
    not of that form, the rounds played are not all rounds of the plan, all q are used or none
    left suits the fixed seats.

    The plan: the players are k columns of the affine plane of order q (points (x, y) with
    x < k, labelled in a seed-drawn order); the lines of one slope cut each column once, so
    each slope seats everyone at q tables of k, and two slopes never seat a pair together
    twice: q rounds without a repeat (the last ones are where round-by-round search fails).
    Unlike the full plane, the columns are not a round, so the plan cannot be read back from
    the history: it is drawn from the seed alone (round 1 included), and a history that strays
    from it (a swap, a withdrawal) goes to the search."""
    k, q = sizes[0], len(sizes)
    field = _field(q)
    if field is None or q <= k or any(size != k for size in sizes):
        return None
    sub, mul = field
    plan = random.Random(f"{seed}/columns")
    labels = plan.sample(range(k * q), k * q)
    points = [(label // q, label % q) for label in labels]
    rounds: dict[frozenset[frozenset[int]], list[list[int]]] = {}
    for m in plan.sample(range(q), q):
        lines: list[list[int]] = [[] for _ in range(q)]
        for p, (x, y) in enumerate(points):
            lines[sub[y][mul[m][x]]].append(p)
        rounds[frozenset(frozenset(line) for line in lines)] = lines
    index = {name: i for i, name in enumerate(names)}
    for round_tables in history:
        groups = [[index.get(name, -1) for name in table] for table in round_tables]
        if rounds.pop(frozenset(frozenset(group) for group in groups), None) is None:
            return None
    for lines in rounds.values():
        tables = _pinned_order(lines, pins, rng)
        if tables is not None:
            return tables
    return None


def _parallel_classes(names: list[str], history: History, q: int) -> list[list[list[int]]]:
    """The rounds played as lists of q groups of q player indices, or [] when one of them is
    not a partition of exactly these q*q players into groups of q or a pair met twice (the
    rounds of a plane meet every pair at most once)."""
    index = {name: i for i, name in enumerate(names)}
    played: list[list[list[int]]] = []
    for round_tables in history:
        groups = [[index[name] for name in table if name in index] for table in round_tables]
        groups = [group for group in groups if group]
        seated = [p for group in groups for p in group]
        if len(groups) != q or any(len(g) != q for g in groups) or len(set(seated)) != q * q:
            return []
        played.append(groups)
    met: set[tuple[int, int]] = set()
    for groups in played:
        for group in groups:
            for pair in itertools.combinations(sorted(group), 2):
                if pair in met:
                    return []
                met.add(pair)
    return played


def _coordinates(
    played: list[list[list[int]]],
    q: int,
    field: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]],
    rng: random.Random,
) -> list[tuple[int, int]] | None:
    """Points (x, y) of GF(q)^2 for the players such that every round played is a parallel
    class: round 1 the lines x = c, round 2 the lines y = c, round 3 (if any) the lines
    y = x + c. That much can always be assumed: the maps (x, y) -> (ax + b, cy + d) keep lines
    lines, so x may be fixed on two groups of round 1 and y on one of round 2, and the slope of
    round 3 made 1; the remaining x values are tried (at most 7! for tables of 9), y follows from
    round 3 alone, and rounds 4 and later are checked. None when the rounds fit no plane."""
    n = q * q
    sub, mul = field
    group_of = [[0] * n for _ in played]
    for r, groups in enumerate(played):
        for g, group in enumerate(groups):
            for p in group:
                group_of[r][p] = g
    xs = list(range(q))
    rng.shuffle(xs)
    if len(played) == 1:  # round 1 alone: y numbers the players of each group, at random
        ys = [0] * n
        for group in played[0]:
            for y, p in enumerate(rng.sample(group, q)):
                ys[p] = y
        return [(xs[group_of[0][p]], ys[p]) for p in range(n)]
    if len(played) == 2:
        ys = list(range(q))
        rng.shuffle(ys)
        return [(xs[group_of[0][p]], ys[group_of[1][p]]) for p in range(n)]
    rows, cols, diagonals = group_of[0], group_of[1], group_of[2]
    for rest in itertools.permutations(range(2, q)):
        xs = [0, 1, *rest]  # x of round 1's groups
        # Round 2's group 0 has y = 0, so y = x + e gives e = -x for every line of round 3
        # (each meets that group once), then y for every group of round 2, or a contradiction.
        lines = [0] * q
        for p in played[1][0]:
            lines[diagonals[p]] = sub[0][xs[rows[p]]]
        column: list[int | None] = [None] * q
        for p in range(n):
            y = sub[xs[rows[p]]][sub[0][lines[diagonals[p]]]]  # x + e, as x - (0 - e)
            if column[cols[p]] is None:
                column[cols[p]] = y
            elif column[cols[p]] != y:
                break
        else:
            ys = [y for y in column if y is not None]
            if len(set(ys)) != q:
                continue
            points = [(xs[rows[p]], ys[cols[p]]) for p in range(n)]
            if all(_is_class(points, groups, q, sub, mul) for groups in played[3:]):
                return points
    return None


def _is_class(
    points: list[tuple[int, int]],
    groups: list[list[int]],
    q: int,
    sub: tuple[tuple[int, ...], ...],
    mul: tuple[tuple[int, ...], ...],
) -> bool:
    """Whether the groups are the lines of one slope m (not 0 or infinity: the round is
    orthogonal to rounds 1 and 2), i.e. y - m x is one value on each group."""
    x0, y0 = points[groups[0][0]]
    x1, y1 = points[groups[0][1]]
    dx, dy = sub[x1][x0], sub[y1][y0]
    slopes = [m for m in range(q) if mul[m][dx] == dy]
    if len(slopes) != 1:
        return False
    m = slopes[0]
    for group in groups:
        values = {sub[points[p][1]][mul[m][points[p][0]]] for p in group}
        if len(values) != 1:
            return False
    return True


def _pinned_order(
    groups: list[list[int]], pins: dict[int, int], rng: random.Random
) -> list[list[int]] | None:
    """The groups numbered as tables so that every fixed player is at its table (the others in
    a random order), or None when two fixed players of one group want different tables or two
    groups want one table."""
    tables: list[list[int] | None] = [None] * len(groups)
    loose: list[list[int]] = []
    for group in groups:
        wanted = {pins[p] for p in group if p in pins}
        if len(wanted) > 1:
            return None
        if wanted:
            t = wanted.pop()
            if tables[t] is not None:
                return None
            tables[t] = list(group)
        else:
            loose.append(list(group))
    rng.shuffle(loose)
    free = iter(loose)
    return [table if table is not None else next(free) for table in tables]


# Mix: the general search -----------------------------------------------------------------------


def _mixed(
    names: list[str],
    history: History,
    sizes: tuple[int, ...],
    pins: dict[int, int],
    rng: random.Random,
) -> list[list[int]]:
    """A draw when nobody present has met (round 1), else the search from a greedy seating."""
    weight = _weights(names, history)
    return _search(sizes, weight, None, pins, _greedy(sizes, weight, pins, rng), rng)


def _greedy(
    sizes: tuple[int, ...], weight: list[list[int]], pins: dict[int, int], rng: random.Random
) -> list[int]:
    """Each player in a random order at the table with room where it has met the fewest (ties
    drawn), after the fixed players: with no history this is the draw."""
    table = [0] * len(weight)
    cost = [[0] * len(sizes) for _ in weight]  # cost[p][t]: p's meetings with t's players
    room = list(sizes)

    def sit(p: int, t: int) -> None:
        table[p] = t
        room[t] -= 1
        for other, times in enumerate(weight[p]):
            cost[other][t] += times

    for p, t in pins.items():
        sit(p, t)
    order = [p for p in range(len(weight)) if p not in pins]
    rng.shuffle(order)
    for p in order:
        open_tables = [t for t in range(len(sizes)) if room[t]]
        least = min(cost[p][t] for t in open_tables)
        sit(p, rng.choice([t for t in open_tables if cost[p][t] == least]))
    return table


def _search(
    sizes: tuple[int, ...],
    weight: list[list[int]],
    unary: list[list[int | None]] | None,
    pins: dict[int, int],
    start: list[int],
    rng: random.Random,
) -> list[list[int]]:
    """Tabu search over swaps of two players at different tables, from `start` (table index
    per player), minimising the earlier meetings of every two players seated together plus
    `unary[p][t]` for player p at table t (None: p may not sit there). Each step takes a
    player with a cost, weighs every swap that moves it, makes the best one not forbidden by
    a recent move (even if it costs more: that is how the search leaves a local minimum) and
    stops at cost 0. The best seating found is returned as tables of player indices."""
    n, tables = len(weight), len(sizes)
    movable = [p for p in range(n) if p not in pins]
    none: list[list[int | None]] = [[0] * tables for _ in range(n)]
    allowed = unary if unary is not None else none

    def costs(at: list[int]) -> tuple[list[list[int]], int]:
        c = [[0] * tables for _ in range(n)]
        for p in range(n):
            row = c[p]
            for other, times in enumerate(weight[p]):
                row[at[other]] += times
        total = sum(c[p][at[p]] for p in range(n)) // 2
        return c, total + sum(allowed[p][at[p]] or 0 for p in range(n))

    table = list(start)
    c, cost = costs(table)
    best, best_cost = list(table), cost
    tabu = [[0] * tables for _ in range(n)]
    steps = min(SEARCH_EVALUATIONS // n, SEARCH_STEPS_PER_PLAYER * n)
    # Two players fixed at one table meet whatever the search does: 0 is not the aim then.
    floor = sum(weight[p][o] for p, o in itertools.combinations(pins, 2) if pins[p] == pins[o])
    stale = 0
    for step in range(1, steps + 1):
        if best_cost <= floor:
            break
        if stale >= RESTART_AFTER:
            table = _shaken(best, movable, allowed, rng)
            c, cost = costs(table)
            stale = 0
        conflicted = [p for p in movable if c[p][table[p]] or allowed[p][table[p]]]
        if not conflicted:
            break
        a = rng.choice(conflicted)
        ta, ca, wa, ua = table[a], c[a], weight[a], allowed[a]
        here = ca[ta] + (ua[ta] or 0)
        chosen: list[int] = []
        least = 0
        for b in movable:
            tb = table[b]
            if tb == ta:
                continue
            ua_b, ub_a = ua[tb], allowed[b][ta]
            if ua_b is None or ub_a is None:
                continue
            cb = c[b]
            delta = ca[tb] + ua_b - here + cb[ta] + ub_a - cb[tb] - (allowed[b][tb] or 0)
            delta -= 2 * wa[b]
            if (tabu[a][tb] > step or tabu[b][ta] > step) and cost + delta >= best_cost:
                continue
            if not chosen or delta < least:
                chosen, least = [b], delta
            elif delta == least:
                chosen.append(b)
        if not chosen:
            stale += 1
            continue
        b = chosen[rng.randrange(len(chosen))]
        tb = table[b]
        table[a], table[b] = tb, ta
        for p in range(n):
            change = weight[p][b] - weight[p][a]
            if change:
                c[p][ta] += change
                c[p][tb] -= change
        tenure = 4 + rng.randrange(6)
        tabu[a][ta] = tabu[b][tb] = step + tenure
        cost += least
        if cost < best_cost:
            best, best_cost, stale = list(table), cost, 0
        else:
            stale += 1
    seated: list[list[int]] = [[] for _ in sizes]
    for p, t in enumerate(best):
        seated[t].append(p)
    return seated


def _shaken(
    at: list[int], movable: list[int], allowed: list[list[int | None]], rng: random.Random
) -> list[int]:
    """`at` after a few random allowed swaps of two movable players at different tables."""
    table = list(at)
    for _ in range(max(2, len(movable) // 8)):
        a, b = rng.sample(movable, 2) if len(movable) >= 2 else (movable[0], movable[0])
        ta, tb = table[a], table[b]
        if ta != tb and allowed[a][tb] is not None and allowed[b][ta] is not None:
            table[a], table[b] = tb, ta
    return table
