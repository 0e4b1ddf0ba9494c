"""The hub's store on SQLite and on a real PostgreSQL: ingest, idempotent resend, extension,
forks kept apart, key scopes and revocation, and what it refuses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.league.database import open_store
from referee.league.keys import ORGANISER
from referee.league.store import LeagueStore, Refused
from referee.service.shipped import shipped_row
from referee.store import chain
from tests.league.logs import extended, shipped


@pytest.fixture
def store(store_target: str) -> LeagueStore:
    return LeagueStore(open_store(store_target))


def test_ingest_resend_and_extension(store: LeagueStore) -> None:
    laptop = store.holder(store.new_key("laptop 1"))
    assert laptop is not None
    uid, meta, entries = shipped(1)
    first = store.ingest(laptop, uid, meta, entries[:10], "abc123")
    assert (first.added, first.known, first.forked, first.last_seq) == (10, 0, None, 10)
    # The same entries again, and again with more: each entry is stored once.
    again = store.ingest(laptop, uid, None, entries[:10])
    assert (again.added, again.known) == (0, 10)
    more = store.ingest(laptop, uid, None, entries[5:])
    assert (more.added, more.known, more.last_seq) == (len(entries) - 10, 5, len(entries))
    assert more.last_hash == entries[-1][chain.HASH]
    assert store.count() == (1, len(entries))
    held = store.log_of(uid)
    assert held is not None and held[1] == entries
    store.verify(uid)
    assert store.cursors([uid, chain.new_uid()]) == {uid: (len(entries), entries[-1]["hash"])}


def test_the_hubs_figures_are_the_replays(store: LeagueStore) -> None:
    laptop = store.holder(store.new_key("laptop 1"))
    assert laptop is not None
    uid, meta, entries = shipped(2, rounds=2)
    store.ingest(laptop, uid, meta, entries)
    rows = store.rows(shipped_row)
    assert rows[uid] == shipped_row(uid, meta, entries)
    assert rows[uid]["moves"] == len(entries)
    # Kept with the session: a new store object (another hub process) reads it back.
    again = LeagueStore(store.engine).rows(lambda *a: pytest.fail("computed twice"))
    assert again[uid]["stats"] == rows[uid]["stats"]
    # An extension makes the row stale: it is computed again.
    more = extended(uid, meta, entries, kind="undo", target=len(entries))
    store.ingest(laptop, uid, None, more[-1:])
    assert store.rows(shipped_row)[uid]["moves"] == len(entries) - 1


def test_a_fork_is_kept_apart_never_merged(store: LeagueStore) -> None:
    laptop = store.holder(store.new_key("laptop 1"))
    assert laptop is not None
    uid, meta, entries = shipped(3)
    store.ingest(laptop, uid, meta, entries)
    # The same session went another way from entry 6 (an old backup restored and played on).
    other = chain.chained(
        uid,
        meta["tags"],
        [*entries[:5], {"seq": 6, "ts": "2026-11-26T21:00:00.000Z", "kind": "undo", "target": 5}],
    )
    receipt = store.ingest(laptop, uid, None, other)
    assert (receipt.added, receipt.known, receipt.forked) == (0, 5, 6)
    held = store.log_of(uid)
    assert held is not None and held[1] == entries  # the hub's copy is unchanged
    (fork,) = store.forks()
    assert (fork.uid, fork.seq, fork.entries, fork.sender, fork.resolved) == (
        uid,
        6,
        1,
        "laptop 1",
        None,
    )
    # Sent again: still one fork.
    store.ingest(laptop, uid, None, other)
    assert len(store.forks()) == 1
    # The organiser takes the fork: the hub's entries from 6 on are the fork's.
    taken = store.resolve(fork.id, take=True)
    assert taken.resolved == "taken" and store.forks() == []
    held = store.log_of(uid)
    assert held is not None and held[1] == other
    store.verify(uid)
    with pytest.raises(Refused) as settled:
        store.resolve(fork.id, take=False)
    assert settled.value.status == 404


def test_a_fork_kept_leaves_the_hubs_copy(store: LeagueStore) -> None:
    laptop = store.holder(store.new_key("laptop 1"))
    assert laptop is not None
    uid, meta, entries = shipped(4)
    store.ingest(laptop, uid, meta, entries)
    other = extended(uid, meta, entries[:-1], kind="undo", target=len(entries) - 1)
    assert store.ingest(laptop, uid, None, other).forked == len(entries)
    (fork,) = store.forks()
    assert store.resolve(fork.id, take=False).resolved == "kept"
    held = store.log_of(uid)
    assert held is not None and held[1] == entries


def test_a_laptop_sends_only_its_own_sessions(store: LeagueStore) -> None:
    one = store.holder(store.new_key("laptop 1"))
    two = store.holder(store.new_key("laptop 2"))
    boss = store.holder(store.new_key("organiser", ORGANISER))
    assert one is not None and two is not None and boss is not None
    uid, meta, entries = shipped(5)
    store.ingest(one, uid, meta, entries[:5])
    with pytest.raises(Refused) as refused:
        store.ingest(two, uid, None, entries)
    assert refused.value.status == 403 and "laptop 1" in refused.value.message
    assert store.count() == (1, 5)
    assert store.ingest(boss, uid, None, entries).added == len(entries) - 5


def test_a_revoked_key_is_no_key(store: LeagueStore) -> None:
    key = store.new_key("laptop 1")
    other = store.new_key("laptop 2")
    assert store.holder(key) is not None
    assert store.revoke("laptop 1") == 1
    assert store.holder(key) is None
    assert store.holder(other) is not None
    assert store.revoke("laptop 1") == 0
    assert store.holder("unoh_" + "x" * 43) is None
    assert store.holder("") is None and store.holder(None) is None
    listed = {k.name: k.revoked is not None for k in store.key_list()}
    assert listed == {"laptop 1": True, "laptop 2": False}
    # Only digests are kept.
    with store.engine.begin() as conn:
        text = json.dumps([list(r) for r in conn.exec_driver_sql("SELECT * FROM hub_keys")])
    assert key not in text and other not in text


@pytest.mark.parametrize(
    "change",
    [
        "edited",  # an entry's text changed, its hash kept
        "unhashed",  # no hash
        "gap",  # seq 3 missing
        "malformed",  # not an entry
        "ahead",  # starts past what the hub holds
    ],
)
def test_bad_entries_store_nothing(store: LeagueStore, change: str) -> None:
    laptop = store.holder(store.new_key("laptop 1"))
    assert laptop is not None
    uid, meta, entries = shipped(6)
    store.ingest(laptop, uid, meta, entries[:4])
    sent = [dict(e) for e in entries]
    if change == "edited":
        sent[6]["text"] = "Ann: draw"
    elif change == "unhashed":
        del sent[6]["hash"]
    elif change == "gap":
        del sent[6]
    elif change == "malformed":
        sent[6] = {"seq": 7, "kind": "shout"}  # type: ignore[assignment]
    else:
        sent = sent[6:]
    with pytest.raises(Refused) as refused:
        store.ingest(laptop, uid, None, sent)
    assert refused.value.status in (400, 409, 422)
    assert refused.value.message
    assert store.count() == (1, 4)
    assert store.forks() == []


def test_a_header_that_differs_is_another_session(store: LeagueStore) -> None:
    laptop = store.holder(store.new_key("laptop 1"))
    assert laptop is not None
    uid, meta, entries = shipped(7)
    store.ingest(laptop, uid, meta, entries[:3])
    other = {**meta, "tags": {**meta["tags"], "Event": "Another night"}}
    with pytest.raises(Refused) as refused:
        store.ingest(laptop, uid, other, entries)
    assert refused.value.status == 409
    with pytest.raises(Refused):
        store.ingest(laptop, chain.new_uid(), None, entries[:3])  # a first send needs meta
    with pytest.raises(Refused):
        store.ingest(laptop, "not-an-id", meta, entries[:3])
    assert store.count() == (1, 3)


def test_a_store_from_a_newer_version_is_refused_untouched(store_target: str) -> None:
    from sqlalchemy import update

    from referee.league.database import StoreError
    from referee.league.schema import SCHEMA_VERSION, schema

    store = LeagueStore(open_store(store_target))
    with store.engine.begin() as conn:
        conn.execute(update(schema).values(version=SCHEMA_VERSION + 1))
    store.engine.dispose()
    with pytest.raises(StoreError) as refused:
        open_store(store_target)
    assert "newer" in refused.value.message


def test_a_folder_is_not_a_store(tmp_path: Path) -> None:
    from referee.league.database import StoreError

    with pytest.raises(StoreError) as refused:
        open_store(str(tmp_path))
    assert "folder" in refused.value.message


def test_standings_counted_in_parts_stay_the_standings(store: LeagueStore) -> None:
    from referee.league.book_ops import change
    from referee.league.standings import Tallies, hub_standings
    from referee.stats.selection import Selection

    laptop = store.holder(store.new_key("laptop 1"))
    assert laptop is not None
    parts = Tallies(store)

    def same() -> None:
        for selection in (Selection(), Selection(guests=True)):
            want = hub_standings(store, selection).to_json()
            assert parts.standings(selection).to_json() == want

    for seed in range(20, 26):
        uid, meta, entries = shipped(seed)
        store.ingest(laptop, uid, meta, entries)
        same()
    change(store, {"op": "guest", "name": "Ann"})
    same()
    uid, meta, entries = shipped(30)
    store.ingest(laptop, uid, meta, entries[:10])
    same()
    store.ingest(laptop, uid, None, entries)
    same()
    change(store, {"op": "merge", "keep": "Robert", "other": "Bob"})
    same()
