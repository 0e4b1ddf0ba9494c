"""A session's identity across machines (issue 28, item 1): every session file carries a global
id (a UUIDv7) beside its short local one, and every entry written carries its link in the hash
chain, on every path that writes one (a move, an undo, a correction, an import, an update by
import, a move spliced into the bytes a snapshot describes). A file older than both gets its id
the first time it is opened for recording, once; reading never writes."""

from __future__ import annotations

import json
import tempfile
import uuid
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine.events import Header
from referee.service import SessionService
from referee.service.sessions import UPDATE
from referee.store import Layout, SessionFile, chain, json_storage, log, new_id, session_file
from referee.store.atomic import encode
from referee.store.errors import SessionCorrupt
from referee.store.tags import tags_of
from tests.unit.test_snapshot import HEADER as HEADER_LONG
from tests.unit.test_snapshot import long_game

HEADER = Header(edition="classic", players=("Alice", "Bob", "Carol"), scoring="target 500")
OPENING = ("round 1", "dealer Alice", "start r7", "Bob: r5", "Carol: r9")
SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"
FIVE = (SAMPLES / "minecraft-five-rounds.uno").read_text(encoding="utf-8")
MID = "".join(FIVE.splitlines(keepends=True)[:23])  # rounds 1 and 2 of FIVE
STAMP = "2025-01-01T00:00:00.000Z"


def old_file(layout: Layout, texts: list[str] | tuple[str, ...], header: Header = HEADER) -> str:
    """A session file as the referee wrote it before sessions had a global id: no `uid` in its
    header, no `hash` in its entries."""
    sid = new_id()
    meta = {"schema": 1, "id": sid, "created": STAMP, "tags": tags_of(header)}
    log = {
        str(i): {"seq": i, "ts": STAMP, "kind": "move", "text": text}
        for i, text in enumerate(texts, 1)
    }
    layout.ensure()
    layout.session(sid).write_bytes(encode({"meta": {"1": meta}, "log": log}))
    return sid


def file_data(layout: Layout, sid: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(layout.session(sid).read_bytes())
    return data


def verified(layout: Layout, sid: str, old: int = 0) -> list[dict[str, Any]]:
    """The session's entries, each with its hash, after checking that every entry but the
    first `old` (written before entries carried one) stores its hash and that the whole chain
    verifies, from the file's own header."""
    with SessionFile.open(layout, sid, write=False) as file:
        entries = file.entries
        assert [chain.HASH in entry for entry in entries] == [i >= old for i in range(len(entries))]
        assert file.uid is not None
        hashed = file.chained()
        assert chain.chained(file.uid, file.meta["tags"], entries) == hashed
        assert hashed[old:] == entries[old:]
        return hashed


# A new session ----------------------------------------------------------------------------------


def test_a_new_session_has_a_uuid7_that_stays(tmp_path: Path) -> None:
    service = SessionService(tmp_path)
    sid = service.create(HEADER)
    meta = file_data(service.layout, sid)["meta"]["1"]
    assert chain.is_uid(meta["uid"])
    assert uuid.UUID(meta["uid"]).version == 7
    assert meta["id"] == sid  # the short id stays the local alias
    with service.open(sid) as live:
        assert live.uid == meta["uid"]
        assert live.record("round 1").ok
    with service.open(sid, read_only=True) as live:
        assert live.uid == meta["uid"]
    assert file_data(service.layout, sid)["meta"]["1"]["uid"] == meta["uid"]
    other = service.create(HEADER)
    assert file_data(service.layout, other)["meta"]["1"]["uid"] != meta["uid"]


def test_moves_undo_and_corrections_are_chained(tmp_path: Path) -> None:
    service = SessionService(tmp_path)
    sid = service.create(HEADER)
    with service.open(sid) as live:
        for text in OPENING:
            assert live.record(text).ok
        live.undo()
        assert live.record("Carol: r3").ok
        assert live.correct(4, "Bob: r2").ok
    entries = verified(service.layout, sid)
    assert [entry["kind"] for entry in entries][-3:] == ["undo", "move", "correct"]


# A file older than global ids ---------------------------------------------------------------


def test_an_old_file_is_named_once_by_its_first_writer_and_never_by_a_reader(
    tmp_path: Path,
) -> None:
    service = SessionService(tmp_path)
    layout = service.layout
    sid = old_file(layout, OPENING)
    before = layout.session(sid).read_bytes()
    with SessionFile.open(layout, sid, write=False) as file:
        assert file.uid is None
        assert [move.text for move in file.moves] == list(OPENING)
    with service.open(sid, read_only=True) as live:
        assert live.uid is None
        assert [move.text for move in live.moves] == list(OPENING)
    assert service.info(sid).uid is None
    assert layout.session(sid).read_bytes() == before  # reading never writes

    with SessionFile.open(layout, sid, write=True) as file:
        uid = file.uid
        assert chain.is_uid(uid) and uuid.UUID(str(uid)).version == 7
    named = layout.session(sid).read_bytes()
    data = json.loads(named)
    old = json.loads(before)
    # The header gained its uid and nothing else; the log is as it was, no entry added.
    assert data["meta"]["1"] == {**old["meta"]["1"], "uid": uid}
    assert data["log"] == old["log"]
    assert named == encode(data)  # one whole, compact file, as every write leaves it

    with service.open(sid) as live:
        assert live.uid == uid
    with SessionFile.open(layout, sid, write=True) as file:
        assert file.uid == uid
    assert layout.session(sid).read_bytes() == named  # named once
    assert service.info(sid).uid == uid


def test_moves_on_an_old_file_chain_onto_its_old_entries(tmp_path: Path) -> None:
    service = SessionService(tmp_path)
    sid = old_file(service.layout, OPENING[:3])
    with service.open(sid) as live:
        for text in OPENING[3:]:
            assert live.record(text).ok
    stored = file_data(service.layout, sid)["log"]
    assert [chain.HASH in entry for entry in stored.values()] == [False] * 3 + [True] * 2
    with SessionFile.open(service.layout, sid, write=False) as file:
        assert file.uid is not None
        hashed = file.chained()  # the old entries' links computed, the new ones checked
        assert [entry["text"] for entry in hashed] == list(OPENING)
        assert hashed[-1][chain.HASH] == stored["5"][chain.HASH]


def test_an_old_file_whose_first_writer_could_not_name_it_is_named_with_its_first_entry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    layout = Layout(tmp_path)
    sid = old_file(layout, OPENING[:3])
    real = json_storage.AtomicJSONStorage.write
    refused = [True]

    def full_disk(self: Any, data: Any) -> None:
        if refused.pop():
            raise OSError(28, "No space left on device")
        real(self, data)

    monkeypatch.setattr(json_storage.AtomicJSONStorage, "write", full_disk)
    refused = [False, True]  # the naming fails, the next whole write succeeds
    with SessionFile.open(layout, sid, write=True) as file:
        assert file.uid is None
        file.append({"kind": "move", "text": OPENING[3]})
        assert file.uid is not None
    entries = verified(layout, sid, old=3)
    assert [entry["text"] for entry in entries] == list(OPENING[:4])


# Import and update by import --------------------------------------------------------------------


def test_an_import_and_its_update_are_chained(tmp_path: Path) -> None:
    service = SessionService(tmp_path)
    sid = service.import_text(MID, "mid.uno").id
    assert len(verified(service.layout, sid)) == 11
    uid = file_data(service.layout, sid)["meta"]["1"]["uid"]
    assert service.import_text(FIVE, "final.uno", extension=UPDATE).id == sid
    entries = verified(service.layout, sid)
    assert len(entries) == 26
    assert file_data(service.layout, sid)["meta"]["1"]["uid"] == uid  # the same session


def test_an_update_by_import_of_an_old_file_names_it_and_chains_the_moves_it_adds(
    tmp_path: Path,
) -> None:
    service = SessionService(tmp_path)
    mid = service.import_text(MID, "mid.uno").id
    texts = [entry["text"] for entry in verified(service.layout, mid)]
    tags = file_data(service.layout, mid)["meta"]["1"]["tags"]
    service.layout.session(mid).unlink()
    sid = old_file(service.layout, texts)
    path = service.layout.session(sid)
    data = json.loads(path.read_bytes())
    data["meta"]["1"]["tags"] = tags
    path.write_bytes(encode(data))
    service.list(rebuild=True)
    assert service.import_text(FIVE, "final.uno", extension=UPDATE).id == sid
    assert len(verified(service.layout, sid, old=11)) == 26


def test_a_hash_given_with_an_imported_entry_is_not_kept(tmp_path: Path) -> None:
    layout = Layout(tmp_path)
    forged = "f" * 64
    entries = [
        {"seq": i, "ts": STAMP, "kind": "move", "text": text, chain.HASH: forged}
        for i, text in enumerate(OPENING, 1)
    ]
    sid = new_id()
    SessionFile.create(layout, sid, tags_of(HEADER), entries)
    assert forged not in {entry[chain.HASH] for entry in verified(layout, sid)}


# A long session, opened from its snapshot ---------------------------------------------------


@pytest.fixture
def decodes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each session id whose file is decoded (its log read and checked)."""
    seen: list[str] = []
    real = session_file.decode

    def counting(sid: str, data: Any) -> Any:
        seen.append(sid)
        return real(sid, data)

    monkeypatch.setattr(session_file, "decode", counting)
    return seen


def test_a_move_spliced_into_the_bytes_a_snapshot_describes_is_chained(
    tmp_path: Path, decodes: list[str]
) -> None:
    service = SessionService(tmp_path, index_on_close=False)
    moves = long_game()
    sid = service.create(HEADER_LONG)
    with service.open(sid) as live:
        for text in moves[:-2]:
            assert live.record(text).ok
    decodes.clear()
    for text in moves[-2:]:
        with service.open(sid) as live:
            assert live.record(text).ok
    assert decodes == []  # both moves went through the Resume, the log never read
    assert [entry["text"] for entry in verified(service.layout, sid)] == moves


def test_an_old_long_file_s_snapshot_is_not_used_to_write_and_the_next_one_is(
    tmp_path: Path, decodes: list[str]
) -> None:
    """A snapshot taken of a file before it had its uid describes bytes the first writer
    changes: it is not used to record, and the file is named and chained all the same."""
    service = SessionService(tmp_path, index_on_close=False)
    moves = long_game()
    sid = old_file(service.layout, moves[:-3], HEADER_LONG)
    with service.open(sid, read_only=True) as live:  # keeps a snapshot of the old bytes
        assert len(live.moves) == len(moves) - 3
    decodes.clear()
    with service.open(sid) as live:
        assert live.uid is not None
        assert live.record(moves[-3]).ok
    assert decodes == [sid]  # read whole: the snapshot's bytes were not the file's to write
    decodes.clear()
    for text in moves[-2:]:
        with service.open(sid) as live:
            assert live.record(text).ok
    assert decodes == []  # the snapshot the writer left is used
    entries = verified(service.layout, sid, old=len(moves) - 3)
    assert [entry["text"] for entry in entries] == moves


def test_a_named_file_whose_last_entry_has_no_hash_is_read_once_to_chain(
    tmp_path: Path, decodes: list[str]
) -> None:
    service = SessionService(tmp_path, index_on_close=False)
    moves = long_game()
    sid = old_file(service.layout, moves[:-2], HEADER_LONG)
    with service.open(sid):  # named, nothing recorded: its snapshot's last entry has no hash
        pass
    decodes.clear()
    for text in moves[-2:]:
        with service.open(sid) as live:
            assert live.record(text).ok
    assert decodes == [sid]  # the first move read the log to compute the chain; not the next
    assert [entry["text"] for entry in verified(service.layout, sid, len(moves) - 2)] == moves


# Damage -------------------------------------------------------------------------------------


def test_an_edited_entry_breaks_the_chain(tmp_path: Path) -> None:
    service = SessionService(tmp_path)
    sid = service.create(HEADER)
    with service.open(sid) as live:
        for text in OPENING:
            assert live.record(text).ok
    path = service.layout.session(sid)
    data = json.loads(path.read_bytes())
    data["log"]["4"]["text"] = "Bob: r6"
    path.write_bytes(encode(data))
    with SessionFile.open(service.layout, sid, write=False) as file:
        assert [move.text for move in file.moves][3] == "Bob: r6"  # reading does not verify
        with pytest.raises(chain.ChainBroken) as broken:
            file.chained()
    assert broken.value.seq == 4
    assert "entry 4 does not match the entries before it" in broken.value.message


def test_a_file_read_before_it_was_named_has_no_chain_to_give(tmp_path: Path) -> None:
    layout = Layout(tmp_path)
    sid = old_file(layout, OPENING)
    with SessionFile.open(layout, sid, write=False) as file, pytest.raises(chain.ChainBroken):
        file.chained()


@pytest.mark.parametrize(
    ("where", "value", "reason"),
    [
        ("uid", "not-a-uid", "the session's global id 'not-a-uid' is malformed"),
        ("uid", 7, "the session's global id 7 is malformed"),
        ("uid", "01959B2E-6A00-7000-8000-000000000001", "global id"),
        ("hash", "abc", "entry 2 has a malformed hash"),
        ("hash", "F" * 64, "entry 2 has a malformed hash"),
        ("hash", None, "entry 2 has a malformed hash"),
    ],
)
def test_a_malformed_uid_or_hash_sets_the_file_aside(
    tmp_path: Path, where: str, value: object, reason: str
) -> None:
    service = SessionService(tmp_path)
    sid = service.create(HEADER)
    with service.open(sid) as live:
        for text in OPENING:
            assert live.record(text).ok
    path = service.layout.session(sid)
    data = json.loads(path.read_bytes())
    if where == "uid":
        data["meta"]["1"]["uid"] = value
    else:
        data["log"]["2"]["hash"] = value
    path.write_bytes(encode(data))
    with pytest.raises(SessionCorrupt) as corrupt:
        SessionFile.open(service.layout, sid, write=True)
    assert reason in corrupt.value.message
    assert not path.exists()
    assert corrupt.value.moved_to is not None and corrupt.value.moved_to.exists()


@pytest.mark.parametrize(
    "bad", ["F" * 64, "a" * 63, "a" * 65, "g" * 64, "\u00e9" * 64, None, 5, ["a" * 64]]
)
def test_one_malformed_hash_in_a_long_log_is_named(bad: object) -> None:
    # A long log's hashes are checked all at once; the message still names the entry.
    docs = [
        {"seq": i, "ts": STAMP, "kind": "move", "text": "Bob: r5", chain.HASH: f"{i:064x}"}
        for i in range(1, 301)
    ]
    assert log.ordered(docs) == docs
    docs[76] = {**docs[76], chain.HASH: bad}
    with pytest.raises(log.LogError, match=r"^entry 77 has a malformed hash$"):
        log.ordered(reversed(docs))


# Any sequence of writes ---------------------------------------------------------------------

Op = tuple[str, int, int]

OPS = st.lists(
    st.tuples(
        st.sampled_from(("move", "move", "undo", "correct", "extend", "reopen", "resume")),
        st.integers(0, 1000),
        st.integers(0, 1000),
    ),
    max_size=24,
)


def write_all(layout: Layout, sid: str, ops: list[Op]) -> None:
    """Apply `ops` to the session through the store's every write path: a move, an undo, a
    correction dropping some later moves, an update of several moves in one write, and
    reopening (from the file, or from the Resume of its bytes, where a move is spliced in)."""
    file = SessionFile.open(layout, sid, write=True)
    try:
        for n, (op, a, b) in enumerate(ops):
            moves = file.moves if op in ("undo", "correct") else ()
            if op == "move":
                file.append({"kind": "move", "text": f"m{n}"})
            elif op == "undo" and moves:
                file.append({"kind": "undo", "target": moves[-1].entry})
            elif op == "correct" and moves:
                at = a % len(moves)
                later = [move.entry for move in moves[at + 1 :]]
                voids = [entry for i, entry in enumerate(later) if b >> i & 1]
                fields: dict[str, Any] = {"kind": "correct", "target": moves[at].entry}
                file.append({**fields, "text": f"c{n}", "voids": voids})
            elif op == "extend":
                file.extend([{"kind": "move", "text": f"e{n}.{i}"} for i in range(a % 3 + 1)], {})
            elif op in ("reopen", "resume"):
                resume = file.resume() if op == "resume" else None
                file.close()
                file = SessionFile.open(layout, sid, write=True, resume=resume)
    finally:
        file.close()


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(ops=OPS, old=st.integers(0, 3))
def test_any_sequence_of_writes_leaves_a_chain_that_verifies(ops: list[Op], old: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        layout = Layout(Path(folder))
        if old:
            sid = old_file(layout, OPENING[:old])  # some begin as a file older than the chain
        else:
            sid = new_id()
            SessionFile.create(layout, sid, tags_of(HEADER), [])
        write_all(layout, sid, ops)
        with SessionFile.open(layout, sid, write=False) as file:
            assert file.uid is not None
            chained = file.chained()
            assert [entry.get(chain.HASH) for entry in file.entries][old:] == [
                entry[chain.HASH] for entry in chained
            ][old:]


# What the commands say ----------------------------------------------------------------------


def test_show_and_list_json_give_the_uid_and_keep_the_short_id(run: Any, home: Path) -> None:
    code, out, _err = run("new", "--players", "Alice, Bob, Carol")
    assert code == 0
    sid = out.strip()
    assert run("move", sid, *OPENING)[0] == 0
    shown = json.loads(run("show", sid, "--json")[1])
    assert shown["id"] == sid and chain.is_uid(shown["uid"])
    assert shown["uid"] == file_data(Layout(home), sid)["meta"]["1"]["uid"]
    [row] = json.loads(run("list", "--json")[1])
    assert (row["id"], row["uid"]) == (sid, shown["uid"])
    assert shown["uid"] not in run("show", sid)[1] + run("list")[1]  # the alias, elsewhere


def test_list_json_gives_no_uid_for_a_file_not_yet_named(run: Any, home: Path) -> None:
    sid = old_file(Layout(home), OPENING)
    [row] = json.loads(run("list", "--json")[1])
    assert (row["id"], row["uid"]) == (sid, None)
    assert json.loads(run("show", sid, "--json")[1])["uid"] is None
    assert run("move", sid, "Alice: r1")[0] == 0  # opened for recording: named
    [row] = json.loads(run("list", "--json")[1])
    assert chain.is_uid(row["uid"])
