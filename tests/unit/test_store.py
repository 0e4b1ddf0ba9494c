"""The storage layer: atomic writes, the data folder, ids, log rules, locks and damaged files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from tinydb import TinyDB

from referee.engine.events import Header
from referee.store import (
    HOME_VARIABLE,
    Layout,
    NewerSchema,
    SessionCorrupt,
    SessionFile,
    SessionLocked,
    SessionNotFound,
    data_dir,
    new_id,
    normal_id,
)
from referee.store.atomic import encode
from referee.store.json_storage import AtomicJSONStorage
from referee.store.log import LogError, Move, effective, ordered
from referee.store.paths import ID_ALPHABET
from referee.store.tags import header_of, tags_of

HEADER = Header(edition="classic", players=("Alice", "Bob", "Carol"), scoring="target 500")
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def layout(tmp_path: Path) -> Layout:
    return Layout(tmp_path / "data")


def make(layout: Layout, texts: tuple[str, ...] = ("round 1", "dealer Alice", "start r7")) -> str:
    sid = new_id()
    entries = [
        {"seq": i, "ts": "2025-01-01T00:00:00.000Z", "kind": "move", "text": t}
        for i, t in enumerate(texts, 1)
    ]
    SessionFile.create(layout, sid, tags_of(HEADER), entries)
    return sid


# The atomic storage ----------------------------------------------------------------------------


def test_storage_round_trips_through_tinydb_and_leaves_no_temp_file(tmp_path):
    path = tmp_path / "db.json"
    db = TinyDB(path, storage=AtomicJSONStorage)
    db.table("log").insert({"seq": 1, "text": "Bob: r5", "名前": "太郎"})
    db.table("log").insert({"seq": 2, "text": "Carol: r9"})
    assert [d["seq"] for d in TinyDB(path, storage=AtomicJSONStorage).table("log").all()] == [1, 2]
    assert json.loads(path.read_text(encoding="utf-8"))["log"]["1"]["名前"] == "太郎"
    assert [p.name for p in tmp_path.iterdir()] == ["db.json"]


def test_readers_see_a_replaced_file_by_path(tmp_path):
    path = tmp_path / "db.json"
    writer = TinyDB(path, storage=AtomicJSONStorage, keep_written=True)
    reader = TinyDB(path, storage=AtomicJSONStorage)
    writer.table("log").insert({"seq": 1})
    assert len(reader.table("log")) == 1
    writer.table("log").insert({"seq": 2})
    assert len(reader.table("log")) == 2


def test_a_failed_write_leaves_the_old_file_and_no_temp_file(tmp_path, monkeypatch):
    path = tmp_path / "db.json"
    db = TinyDB(path, storage=AtomicJSONStorage, keep_written=True)
    db.table("log").insert({"seq": 1})
    before = path.read_bytes()

    def full_disk(source: str, target: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("referee.store.atomic.replace", full_disk)
    with pytest.raises(OSError):
        db.table("log").insert({"seq": 2})
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["db.json"]
    monkeypatch.undo()
    # What the storage kept in memory was dropped with the failed write: it reads the disk.
    assert [d["seq"] for d in db.table("log").all()] == [1]


def test_append_writes_what_tinydb_would_and_encodes_only_the_new_document(tmp_path, monkeypatch):
    path = tmp_path / "db.json"
    db = TinyDB(path, storage=AtomicJSONStorage, keep_written=True)
    db.table("meta").insert({"id": "x"})
    storage = db.storage
    assert isinstance(storage, AtomicJSONStorage)
    assert [storage.append("log", {"seq": i, "名前": '太郎 "T"'}) for i in (1, 2)] == [1, 2]
    # A table before the last one, then a new one: the whole file is encoded for those.
    assert storage.append("meta", {"more": True}) == 2
    assert storage.append("log", {"seq": 3}) == 3
    assert storage.append("new", {}) == 1
    raw = path.read_bytes()
    assert raw == encode(json.loads(raw))
    reader = TinyDB(path, storage=AtomicJSONStorage)
    assert [d.doc_id for d in reader.table("log").all()] == [1, 2, 3]
    assert reader.table("log").get(doc_id=1) == {"seq": 1, "名前": '太郎 "T"'}
    # A failed write leaves the old file; the next append reads the disk again.
    monkeypatch.setattr("referee.store.atomic.replace", _full_disk)
    with pytest.raises(OSError):
        storage.append("log", {"seq": 4})
    assert path.read_bytes() == raw
    monkeypatch.undo()
    assert storage.append("log", {"seq": 4}) == 4
    raw = path.read_bytes()
    assert raw == encode(json.loads(raw))
    assert [d["seq"] for d in TinyDB(path, storage=AtomicJSONStorage).table("log").all()] == [
        1,
        2,
        3,
        4,
    ]


def _full_disk(source: str, target: str) -> None:
    raise OSError(28, "No space left on device")


# The data folder and ids -----------------------------------------------------------------------


def test_data_dir_prefers_the_option_then_the_variable_then_the_platform(tmp_path, monkeypatch):
    monkeypatch.setenv(HOME_VARIABLE, str(tmp_path / "env"))
    assert data_dir(tmp_path / "opt") == tmp_path / "opt"
    assert data_dir() == tmp_path / "env"
    monkeypatch.delenv(HOME_VARIABLE)
    default = data_dir()
    assert default.name == "uno-referee" and default.is_absolute()


def test_ids_are_short_typeable_and_unambiguous():
    ids = {new_id() for _ in range(500)}
    assert len(ids) == 500
    assert all(len(i) == 6 and set(i) <= set(ID_ALPHABET) for i in ids)
    assert not set("01ilo") & set(ID_ALPHABET)
    assert normal_id("  K3M9PX ") == "k3m9px"
    assert normal_id("k3m9p") is None and normal_id("k3m9p0") is None
    assert normal_id("../../x") is None


def test_layout_lists_only_session_files(layout):
    sid = make(layout)
    (layout.sessions / "notes.txt").write_text("x")
    (layout.sessions / "Not-An-Id.json").write_text("{}")
    assert layout.session_ids() == [sid]


# Header tags ----------------------------------------------------------------------------------


def test_header_tags_round_trip_including_overrides_customs_and_japanese_names():
    header = Header(
        edition="swap",
        players=("太郎", "花子", "Mary Ann"),
        scoring="rounds 5",
        rules="jp",
        event="お正月",
        site="Osaka",
        date="2025-01-02",
        overrides=(("uno-penalty", "4"),),
        customs=((1, "Everyone swaps"),),
    )
    assert header_of(json.loads(json.dumps(tags_of(header)))) == header


@pytest.mark.parametrize(
    "tags",
    [
        None,
        {},
        {"Edition": "classic", "Scoring": "none", "Players": "A, B", "Rules": "en"},
        {"Edition": "nope", "Scoring": "none", "Players": ["A", "B"], "Rules": "en"},
        {"Edition": "classic", "Scoring": "none", "Players": ["A", "A"], "Rules": "en"},
    ],
)
def test_bad_header_tags_are_refused(tags):
    with pytest.raises(ValueError):
        header_of(tags)


# The log rules --------------------------------------------------------------------------------


def entry(seq: int, kind: str = "move", **fields: object) -> dict[str, object]:
    return {"seq": seq, "ts": "t", "kind": kind, **fields}


def test_effective_moves_follow_undo_and_corrections_in_seq_order():
    entries = ordered(
        [
            entry(4, "undo", target=3),
            entry(1, text="a"),
            entry(2, text="b"),
            entry(3, text="c"),
            entry(5, text="d"),
            entry(6, text="e"),
            entry(7, "correct", target=2, text="B", voids=[5]),
        ]
    )
    # Numbers: d takes the undone c's number 3, e is 4; B keeps 2; dropping d leaves 3 unused.
    assert effective(entries) == [
        Move(1, "a", "t", 1),
        Move(2, "B", "t", 2, ("b",)),
        Move(4, "e", "t", 6),
    ]
    assert effective(entries).undone == {3: ("c", "d")}


@pytest.mark.parametrize(
    "entries",
    [
        [entry(1, text="a"), entry(1, text="b")],  # repeated seq
        [entry(1, text="a"), entry(2, "undo", target=1), entry(3, "undo", target=1)],
        [entry(1, text="a"), entry(2, text="b"), entry(3, "undo", target=1)],  # not the last
        [entry(1, text="a"), entry(2, "correct", target=9, text="x")],
        [
            entry(1, text="a"),
            entry(2, text="b"),
            entry(3, "correct", target=2, text="x", voids=[1]),
        ],
        [entry(1, "jump", text="a")],
        [entry(0, text="a")],
        [entry(1)],
        [{"seq": 1, "kind": "move", "text": "a"}],  # no timestamp
    ],
)
def test_a_log_that_breaks_its_rules_is_an_error(entries):
    with pytest.raises(LogError):
        effective(ordered(entries))


# Locks ----------------------------------------------------------------------------------------


def test_a_second_writer_in_the_same_process_is_refused_and_readers_still_open(layout):
    sid = make(layout)
    first = SessionFile.open(layout, sid, write=True)
    with pytest.raises(SessionLocked, match=f"session {sid} is open for recording"):
        SessionFile.open(layout, sid, write=True)
    with SessionFile.open(layout, sid, write=False) as reader:
        assert len(reader.entries) == 3
    first.close()
    SessionFile.open(layout, sid, write=True).close()


def test_a_writer_in_another_process_holds_the_session_until_it_exits(layout):
    sid = make(layout)
    code = (
        "import sys; from referee.store import Layout, SessionFile; "
        f"f = SessionFile.open(Layout(sys.argv[1]), {sid!r}, write=True); "
        "print('open', flush=True); sys.stdin.readline()"
    )
    other = subprocess.Popen(
        [sys.executable, "-c", code, str(layout.root)],
        cwd=REPO,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert other.stdout is not None and other.stdin is not None
    try:
        assert other.stdout.readline() == "open\n"
        with pytest.raises(SessionLocked):
            SessionFile.open(layout, sid, write=True)
        before = layout.session(sid).read_bytes()
    finally:
        other.stdin.close()
        other.wait(timeout=30)
    assert layout.session(sid).read_bytes() == before
    SessionFile.open(layout, sid, write=True).close()


def test_append_writes_durably_with_increasing_seq(layout):
    sid = make(layout)
    with SessionFile.open(layout, sid, write=True) as f:
        doc = f.append({"kind": "move", "text": "Bob: r5"})
    assert doc["seq"] == 4
    with SessionFile.open(layout, sid, write=False) as f:
        assert [e["text"] for e in f.entries][-1] == "Bob: r5"


def test_opening_a_missing_session_says_so(layout):
    with pytest.raises(SessionNotFound, match="no session abcdef"):
        SessionFile.open(layout, "abcdef", write=False)


# Damaged files --------------------------------------------------------------------------------

DAMAGE = {
    "truncated": lambda raw: raw[: len(raw) // 2],
    "garbage": lambda raw: b"\xff\xfe\x00garbage" * 10,
    "empty": lambda raw: b"",
    "not an object": lambda raw: b"[1, 2, 3]",
    "no header": lambda raw: b'{"log": {}}',
    "broken log": lambda raw: raw.replace(b'"seq":2', b'"seq":1'),
    # Python's json recurses per level: 100,000 levels once raised RecursionError (exit 3).
    "nested": lambda raw: b"[" * 100_000 + b"]" * 100_000,
    "nested in an object": lambda raw: b'{"meta": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
}


@pytest.mark.parametrize("damage", DAMAGE, ids=list(DAMAGE))
@pytest.mark.parametrize("write", [True, False], ids=["writer", "reader"])
def test_a_damaged_file_is_moved_aside_intact_and_reported(layout, damage, write):
    sid = make(layout)
    path = layout.session(sid)
    broken = DAMAGE[damage](path.read_bytes())
    path.write_bytes(broken)
    with pytest.raises(SessionCorrupt) as caught:
        SessionFile.open(layout, sid, write=write)
    moved = caught.value.moved_to
    assert moved is not None and moved.parent == layout.quarantine
    assert moved.read_bytes() == broken
    assert not path.exists()
    message = caught.value.message
    assert f"session {sid} cannot be read" in message and str(moved) in message
    assert "move it back" in message
    assert "could not be read" in moved.with_name(moved.name + ".txt").read_text()


def test_setting_aside_never_overwrites_an_earlier_damaged_copy(layout):
    sid = make(layout)
    path = layout.session(sid)
    moved: list[Path] = []
    for garbage in (b"first", b"second", b"third"):
        path.write_bytes(garbage)
        with pytest.raises(SessionCorrupt) as caught:
            SessionFile.open(layout, sid, write=True)
        assert caught.value.moved_to is not None
        moved.append(caught.value.moved_to)
    assert len(set(moved)) == 3
    assert [m.read_bytes() for m in moved] == [b"first", b"second", b"third"]


def test_a_damaged_file_that_cannot_be_moved_leaves_no_copy_behind(layout, monkeypatch):
    """A folder where files can be linked but not removed (seen without write access): each
    read once added another hard link in quarantine/."""
    sid = make(layout)
    path = layout.session(sid)
    path.write_bytes(b"{oops")
    real_unlink = os.unlink

    def refuse(target, *args, **kwargs):
        if Path(target) == path:
            raise PermissionError(13, "Permission denied")
        return real_unlink(target, *args, **kwargs)

    monkeypatch.setattr("referee.store.quarantine.os.unlink", refuse)
    for _ in range(3):
        with pytest.raises(SessionCorrupt, match="could not be moved aside: Permission denied"):
            SessionFile.open(layout, sid, write=False)
    assert path.read_bytes() == b"{oops"
    assert [p for p in layout.quarantine.iterdir() if p.suffix == ".json"] == []


def test_a_damaged_file_in_a_folder_that_cannot_be_locked_says_so(layout, monkeypatch):
    sid = make(layout)
    path = layout.session(sid)
    path.write_bytes(b"{oops")
    lock = layout.lock(sid)
    lock.unlink()

    def no_lock(self, *args, **kwargs):
        raise PermissionError(13, "Permission denied", str(lock))

    monkeypatch.setattr("referee.store.locks.FileLock.acquire", no_lock)
    with pytest.raises(SessionCorrupt) as caught:
        SessionFile.open(layout, sid, write=False)
    assert caught.value.message == (
        f"session {sid} cannot be read (not valid JSON at line 1, "
        "column 2: Expecting property name enclosed in double "
        f"quotes); the folder cannot be written, so it was left at "
        f"{path}"
    )
    assert "for recording" not in caught.value.message
    assert path.read_bytes() == b"{oops"


def test_a_damaged_file_that_a_writer_holds_is_left_in_place(layout):
    sid = make(layout)
    with SessionFile.open(layout, sid, write=True):
        layout.session(sid).write_bytes(b"{oops")
        with pytest.raises(SessionCorrupt, match="left in place") as caught:
            SessionFile.open(layout, sid, write=False)
    assert caught.value.moved_to is None
    assert layout.session(sid).read_bytes() == b"{oops"


def test_a_newer_file_format_is_left_untouched(layout):
    sid = make(layout)
    path = layout.session(sid)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["meta"]["1"]["schema"] = 99
    path.write_text(json.dumps(data), encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(NewerSchema, match="newer uno-referee"):
        SessionFile.open(layout, sid, write=True)
    assert path.read_bytes() == before
    assert not layout.quarantine.exists()


def test_the_writer_sweeps_temp_files_a_killed_writer_left(layout):
    sid = make(layout)
    stale = layout.sessions / f".{sid}.json.abc123.tmp"
    stale.write_bytes(b'{"half')
    other = layout.sessions / ".zzzzzz.json.abc123.tmp"
    other.write_bytes(b"not ours")
    with SessionFile.open(layout, sid, write=False):
        assert stale.exists()
    with SessionFile.open(layout, sid, write=True):
        assert not stale.exists()
    assert other.exists()
