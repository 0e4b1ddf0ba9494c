"""A writer that opens a stored session adds a move to the bytes it read, encoding only the new
entry, when those bytes are as the program writes them; any other file is encoded whole."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from referee.engine.events import Header
from referee.store import Layout, SessionFile, new_id
from referee.store.atomic import encode
from referee.store.chain import new_uid
from referee.store.tags import tags_of

HEADER = Header(edition="classic", players=("Alice", "Bob", "Carol"), scoring="target 500")
TEXTS = ("round 1", "dealer Alice", "start r7")


def stored(layout: Layout, shape: Callable[[dict[str, Any]], bytes]) -> str:
    """A session of three moves whose file holds `shape(data)`."""
    sid = new_id()
    # Named, as every file the program writes now is (an older one is named, whole, first).
    meta = {
        "schema": 1,
        "id": sid,
        "uid": new_uid(),
        "created": "2025-01-01T00:00:00.000Z",
        "tags": tags_of(HEADER),
    }
    entries = {
        str(i): {"seq": i, "ts": "2025-01-01T00:00:00.000Z", "kind": "move", "text": t}
        for i, t in enumerate(TEXTS, 1)
    }
    layout.ensure()
    layout.session(sid).write_bytes(shape({"meta": {"1": meta}, "log": entries}))
    return sid


def add_move(layout: Layout, sid: str) -> dict[str, Any]:
    """Open the session to write, record one move, and read the file back."""
    with SessionFile.open(layout, sid, write=True) as file:
        file.append({"kind": "move", "text": "Bob: r5"})
    data: dict[str, Any] = json.loads(layout.session(sid).read_bytes())
    with SessionFile.open(layout, sid, write=False) as again:
        assert [move.text for move in again.moves] == [*TEXTS, "Bob: r5"]
    return data


def no_whole_encoding(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(data: object) -> bytes:
        raise AssertionError("the whole file was encoded again")

    monkeypatch.setattr("referee.store.atomic.encode", refuse)


def test_a_move_on_a_file_the_program_wrote_encodes_only_the_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    layout = Layout(tmp_path)
    sid = stored(layout, encode)
    no_whole_encoding(monkeypatch)
    data = add_move(layout, sid)
    # Byte for byte what encoding the whole data gives.
    assert layout.session(sid).read_bytes() == encode(data)
    assert data["log"]["4"]["text"] == "Bob: r5"


def spaced(data: dict[str, Any]) -> bytes:
    return json.dumps(data, indent=1).encode()


def meta_again_at_the_end(data: dict[str, Any]) -> bytes:
    # Read back, the header is the last one and the log is the last table, but the object that
    # closes the file is the header's: a move spliced in there would land in the header.
    return encode(data)[:-1] + b',"meta":' + encode(data["meta"]) + b"}"


@pytest.mark.parametrize("shape", [spaced, meta_again_at_the_end], ids=lambda shape: shape.__name__)
def test_a_move_on_any_other_file_encodes_it_whole(
    tmp_path: Path, shape: Callable[[dict[str, Any]], bytes]
) -> None:
    layout = Layout(tmp_path)
    sid = stored(layout, shape)
    data = add_move(layout, sid)
    assert layout.session(sid).read_bytes() == encode(data)
    assert list(data) == ["meta", "log"] and len(data["meta"]) == 1


def test_a_move_on_a_file_whose_log_closes_it_twice_lands_in_the_log_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The same table twice: JSON keeps the last, which closes the file; the move goes there.
    layout = Layout(tmp_path)
    sid = stored(layout, lambda data: encode(data)[:-1] + b',"log":' + encode(data["log"]) + b"}")
    no_whole_encoding(monkeypatch)
    data = add_move(layout, sid)
    assert [entry["text"] for entry in data["log"].values()] == [*TEXTS, "Bob: r5"]
    assert len(data["meta"]) == 1
