"""The standings are sums over sessions: tallied in parts and combined, they are the standings
tallied at once, whatever the parts, the book's merges and guests, and the selection (a hub
counts again only the part a new session falls in)."""

from __future__ import annotations

import functools
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine.events import Header
from referee.service.shipped import shipped_row
from referee.stats.league import League
from referee.stats.selection import Played, Selection
from referee.stats.standings import chosen_of, combined, finish, standings, tally, usual_of
from referee.store import chain
from referee.store.tags import tags_of
from tests.league.logs import game_lines

CLUB = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")


@functools.cache
def figures_pool() -> list[dict[str, Any]]:
    """The figures of finished and unfinished self-play sessions of a club."""
    pool = []
    for n in range(8):
        players = tuple(CLUB[(n + k) % len(CLUB)] for k in range(3 + n % 2))
        header = Header(edition="classic", scoring="rounds 2", players=players)
        lines = game_lines(200 + n, rounds=2, header=header)
        if n % 3 == 2:
            lines = lines[: len(lines) // 2]  # still playing: no places
        uid = chain.new_uid()
        meta = {"tags": tags_of(header), "created": "2026-11-26T19:00:00.000Z"}
        entries = [
            {"seq": i, "ts": "2026-11-26T19:00:00.000Z", "kind": "move", "text": line}
            for i, line in enumerate(lines, 1)
        ]
        pool.append(shipped_row(uid, meta, entries)["stats"])
    return pool


@settings(max_examples=60, deadline=None)
@given(
    picks=st.lists(
        st.tuples(st.integers(0, 7), st.sampled_from(("2026-11-01", "2026-11-26"))),
        min_size=0,
        max_size=25,
    ),
    parts=st.integers(1, 6),
    merges=st.lists(st.tuples(st.sampled_from(CLUB), st.sampled_from(CLUB)), max_size=2),
    guests=st.sets(st.sampled_from(CLUB), max_size=2),
    since=st.sampled_from((None, "2026-11-20")),
    with_guests=st.booleans(),
)
def test_tallies_of_parts_add_up_to_the_standings(
    picks: list[tuple[int, str]],
    parts: int,
    merges: list[tuple[str, str]],
    guests: set[str],
    since: str | None,
    with_guests: bool,
) -> None:
    import datetime

    pool = figures_pool()
    played = [
        Played(f"s{n:03d}", date, "Club", None, (), pool[kind])
        for n, (kind, date) in enumerate(picks)
    ]
    league = League()
    for keep, other in merges:
        if keep != other:
            league.merge(keep, other)
    league.guests |= {league.person(name) for name in guests}
    selection = Selection(
        since=datetime.date.fromisoformat(since) if since else None, guests=with_guests
    )
    whole = standings(played, league, selection).to_json()
    chosen = chosen_of(played, selection)
    usual = usual_of(played, league)
    # Parts by id, in no particular order of the sessions.
    buckets = [[p for p in chosen if int(p.id[1:]) % parts == k] for k in range(parts)]
    pieces = [tally(bucket, league, usual, selection) for bucket in reversed(buckets)]
    assert finish(selection, chosen, combined(pieces)).to_json() == whole
