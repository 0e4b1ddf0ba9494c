"""The sessions index is a cache: where it disagrees with the session files, the files win."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from referee.engine.events import Header
from referee.service import SessionInfo, SessionService
from referee.store import SessionIndex, fingerprint

SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"
HEADER = Header(
    edition="classic", players=("Alice", "Bob", "Carol"), scoring="target 500", event="Thursday"
)


@pytest.fixture
def service(tmp_path: Path) -> SessionService:
    return SessionService(tmp_path / "data")


def imported(service: SessionService, sample: str) -> str:
    return service.import_text((SAMPLES / sample).read_text(encoding="utf-8"), sample).id


def index_rows(service: SessionService) -> dict[str, dict]:
    rows, warning = SessionIndex(service.layout).load()
    assert warning is None
    return rows


def rewrite_index(service: SessionService, change) -> None:
    path = service.layout.index
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data["sessions"])
    path.write_text(json.dumps(data), encoding="utf-8")


def listed(service: SessionService, **kwargs: Any) -> dict[str, SessionInfo]:
    listing = service.list(**kwargs)
    return {info.id: info for info in listing.sessions}


def test_the_list_shows_what_the_files_say(service):
    sid = imported(service, "minecraft-five-rounds.uno")
    with service.open(sid, read_only=True) as live:
        sheet = live.sheet
    info = listed(service)[sid]
    assert info.status == "finished" and info.leader == sheet.winner
    assert info.totals == dict(sheet.totals)
    assert info.round == 5 and info.edition == "minecraft"
    assert set(index_rows(service)) == {sid}


def test_a_lost_index_is_rebuilt(service):
    a, b = imported(service, "classic-challenge-catch.uno"), service.create(HEADER)
    service.layout.index.unlink()
    assert set(listed(service)) == {a, b}
    assert set(index_rows(service)) == {a, b}


def test_a_row_without_a_file_is_dropped_and_a_file_without_a_row_is_added(service):
    keep, gone = service.create(HEADER), service.create(HEADER)
    extra = imported(service, "jp-shuffle-hands.uno")
    service.layout.session(gone).unlink()
    rewrite_index(
        service, lambda rows: [rows.pop(k) for k, r in list(rows.items()) if r["id"] == extra]
    )
    assert set(listed(service)) == {keep, extra}
    assert set(index_rows(service)) == {keep, extra}


def test_a_stale_row_is_replaced_by_the_file(service):
    sid = service.create(HEADER)
    # The writer records without updating the index (a crash before close leaves it so).
    live = service.open(sid)
    for move in ("round 1", "dealer Alice", "start r7", "Bob: r5"):
        assert live.record(move).ok
    live._file.close()  # killed: no index update
    info = listed(service)[sid]
    assert (info.moves, info.status, info.round) == (4, "playing", 1)
    assert index_rows(service)[sid]["moves"] == 4


def test_a_forged_row_with_a_current_fingerprint_is_fixed_by_rebuild(service):
    sid = imported(service, "classic-challenge-catch.uno")
    truth = listed(service)[sid]

    def forge(rows: dict) -> None:
        for row in rows.values():
            row["totals"] = dict.fromkeys(row["totals"], 999)

    rewrite_index(service, forge)
    # Rewriting the index does not touch the session file, so its fingerprint still matches:
    # the cheap list trusts the row; --rebuild reads every file.
    assert listed(service)[sid].totals != truth.totals
    assert listed(service, rebuild=True)[sid] == truth
    assert listed(service)[sid] == truth


FORGERIES = {
    "leader who is not a player": ("leader", "Nobody"),
    "totals beyond any game": ("totals", {"Alice": 10**9, "Bob": 0, "Carol": 0, "Dave": 0}),
    "totals of other players": ("totals", {"Mallory": 0}),
    "integer updated": ("updated", 1700000000),
    "unknown status": ("status", "\x1b[31mwon"),
    "negative round": ("round", -1),
    "players not a list": ("players", "Alice"),
}


@pytest.mark.parametrize("forgery", FORGERIES, ids=list(FORGERIES))
def test_an_impossible_row_is_read_again_from_its_file(service, forgery):
    sid = imported(service, "classic-challenge-catch.uno")
    truth = listed(service)[sid]
    key, value = FORGERIES[forgery]

    def forge(rows: dict) -> None:
        for row in rows.values():
            row[key] = value

    rewrite_index(service, forge)
    assert listed(service)[sid] == truth
    assert index_rows(service)[sid][key] != value


def test_a_forged_summary_in_the_file_is_not_listed(service):
    """The file's own stored summary is not evidence: the list replays the moves."""
    sid = imported(service, "classic-challenge-catch.uno")
    truth = listed(service)[sid]
    path = service.layout.session(sid)
    data = json.loads(path.read_text(encoding="utf-8"))
    for entry in data["log"].values():
        if "summary" in entry:
            entry["summary"] = {
                "round": 9,
                "status": "finished",
                "leader": "Alice",
                "totals": dict.fromkeys(truth.players, 10**9),
            }
    path.write_text(json.dumps(data), encoding="utf-8")
    assert listed(service, rebuild=True)[sid] == truth._replace(
        updated=listed(service, rebuild=True)[sid].updated
    )


def test_a_damaged_index_is_moved_aside_and_rebuilt(service):
    sid = service.create(HEADER)
    service.layout.index.write_bytes(b'{"sessions": {"1": ')
    listing = service.list()
    assert [info.id for info in listing.sessions] == [sid]
    assert len(listing.warnings) == 1 and "sessions index could not be read" in listing.warnings[0]
    moved = [p for p in service.layout.quarantine.iterdir() if p.suffix == ".json"]
    assert [p.read_bytes() for p in moved] == [b'{"sessions": {"1": ']
    assert set(index_rows(service)) == {sid}


def test_a_deeply_nested_index_is_moved_aside_and_rebuilt(service):
    sid = service.create(HEADER)
    service.layout.index.write_bytes(b'{"sessions": ' + b"[" * 100_000 + b"]" * 100_000 + b"}")
    listing = service.list()
    assert [info.id for info in listing.sessions] == [sid]
    assert len(listing.warnings) == 1 and "nests too deeply" in listing.warnings[0]
    assert set(index_rows(service)) == {sid}


def test_a_damaged_session_file_is_reported_once_and_left_out(service):
    good, bad = service.create(HEADER), service.create(HEADER)
    service.layout.session(bad).write_bytes(b"\x00\x01 not json")
    first = service.list()
    assert [info.id for info in first.sessions] == [good]
    assert len(first.warnings) == 1 and f"session {bad} cannot be read" in first.warnings[0]
    again = service.list()
    assert [info.id for info in again.sessions] == [good] and again.warnings == ()


def test_closing_a_writer_updates_its_row(service):
    sid = service.create(HEADER)
    with service.open(sid) as live:
        live.record("round 1")
    row = index_rows(service)[sid]
    assert (row["moves"], row["status"]) == (1, "playing")
    # The row is current, so the list does not need to read the file again.
    assert row["file"] == list(fingerprint(service.layout.session(sid)) or ())


def test_a_row_missing_fields_is_read_again_from_the_file(service):
    sid = imported(service, "jp-shuffle-hands.uno")
    truth = listed(service)[sid]
    rewrite_index(service, lambda rows: [row.pop("players") for row in rows.values()])
    assert listed(service)[sid] == truth
    assert index_rows(service)[sid]["players"] == list(truth.players)


def test_leftovers_of_killed_commands_are_swept_by_the_next_list(service):
    """A `new` or `import` killed mid-way leaves a lock file, perhaps a temp file, and no
    session; a killed writer leaves a temp file beside its session."""
    sid = service.create(HEADER)
    sessions = service.layout.sessions
    orphan_lock = sessions / "abcdef.lock"
    orphan_lock.write_bytes(b"")
    orphan_temp = sessions / ".abcdef.json.x1y2z3.tmp"
    orphan_temp.write_bytes(b'{"half')
    writer_temp = sessions / f".{sid}.json.q9w8e7.tmp"
    writer_temp.write_bytes(b'{"half')
    foreign = sessions / "notes.txt"
    foreign.write_text("mine")
    service.list()
    left = sorted(p.name for p in sessions.iterdir())
    assert left == sorted([f"{sid}.json", f"{sid}.lock", "notes.txt"])


def test_a_session_being_created_is_not_swept(service):
    from referee.store.locks import FileLock

    sessions = service.layout.sessions
    service.create(HEADER)
    busy_lock = service.layout.lock("bcdefg")
    busy_temp = sessions / ".bcdefg.json.x1y2z3.tmp"
    busy_temp.write_bytes(b'{"half')
    with FileLock(busy_lock, timeout=0):
        service.list()
        assert busy_temp.exists() and busy_lock.exists()
    service.list()
    assert not busy_temp.exists() and not busy_lock.exists()
