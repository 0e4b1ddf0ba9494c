"""What a session file's log comes to, kept beside its snapshot: enough to record the next move
without reading the log.

A long session's file holds thousands of entries; decoding and checking them all costs more than
the move a script records once a process. A `Resume` describes one exact content of the file:
the SHA-256 of its bytes, its header record, its last log entry (and that entry's key), and what
the whole log gives (the moves in force: how many, the last one, the numbers free again; the
last summary). It is kept in the session's snapshot (`service.snapshot`, signed with the
user's key) and used only for a file whose bytes have that very hash, so it says of the file
exactly what reading it would (SHA-256: no two contents share a hash in practice). The header
record and the last entry are checked against the bytes themselves too, which must begin and
end as the compact JSON the referee writes (`fits`): a new entry is then spliced in before the
closing braces, as `AtomicJSONStorage.append` does.
"""

from __future__ import annotations

import json

from ..named import NamedTuple
from .log import Move, check

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    from typing import Any

LOG = "log"
META = "meta"


class Resume(NamedTuple):
    sha: str
    """SHA-256 (hex) of the file's bytes."""
    meta: dict[str, Any]
    """The header record, as in the file (under key "1")."""
    key: str
    """The log table's last key in the file."""
    entry: dict[str, Any]
    """The log's last entry (the one under `key`; the highest seq)."""
    next_key: int
    """The next free key of the log table (TinyDB's: one past the highest)."""
    in_force: int
    """How many moves are in force."""
    last: Move
    """The last move in force."""
    undone: dict[int, tuple[str, ...]]
    """Per number free again, the texts it held (`log.Moves.undone`)."""
    summary: dict[str, Any] | None
    """The last summary in the log."""

    def to_doc(self) -> dict[str, Any]:
        last = self.last
        return {
            "sha": self.sha,
            "meta": self.meta,
            "key": self.key,
            "entry": self.entry,
            "next_key": self.next_key,
            "in_force": self.in_force,
            "last": [last.seq, last.text, last.ts, last.entry, list(last.replaced)],
            "undone": [[n, list(texts)] for n, texts in self.undone.items()],
            "summary": self.summary,
        }


_FIELDS = frozenset(Resume._fields)


def from_doc(doc: Any) -> Resume:
    """The Resume `doc` holds; ValueError unless every field is of its type."""
    if type(doc) is not dict or set(doc) != _FIELDS:
        raise ValueError("fields")
    sha, meta, key, entry = doc["sha"], doc["meta"], doc["key"], doc["entry"]
    if type(sha) is not str or len(sha) != 64 or not all(c in "0123456789abcdef" for c in sha):
        raise ValueError("sha")
    if type(meta) is not dict or type(entry) is not dict:
        raise ValueError("records")
    if type(key) is not str or not key.isdigit():
        raise ValueError("key")
    next_key, in_force = _count(doc["next_key"]), _count(doc["in_force"])
    if next_key != int(key) + 1:
        raise ValueError("key")
    check(entry)  # LogError, a ValueError
    last = _list(doc["last"], 5)
    seq, text, ts, first, replaced = last
    summary = doc["summary"]
    if summary is not None and type(summary) is not dict:
        raise ValueError("summary")
    undone: dict[int, tuple[str, ...]] = {}
    for pair in _list(doc["undone"]):
        number, texts = _list(pair, 2)
        undone[_count(number)] = _texts(texts)
    return Resume(
        sha,
        meta,
        key,
        entry,
        next_key,
        in_force,
        Move(_count(seq), _text(text), _text(ts), _count(first), _texts(replaced)),
        undone,
        summary,
    )


def fits(raw: bytes, resume: Resume) -> bool:
    """Whether the bytes `raw` are `{"meta":{"1":META},"log":{...,"KEY":ENTRY}}` as the referee
    writes them, with the Resume's header record, last key and last entry: then a new entry
    spliced in before the last two braces is in the log, and the file reads as those."""
    head = b"".join((b'{"', META.encode(), b'":{"1":', encode(resume.meta), b'},"', LOG.encode()))
    head += b'":{'
    tail = b"".join((encode(resume.key), b":", encode(resume.entry), b"}}"))
    return len(raw) >= len(head) + len(tail) and raw.startswith(head) and raw.endswith(tail)


def spliced(raw: bytes, key: str, entry: dict[str, Any]) -> bytes:
    """The bytes of a file that `fits`, with `entry` added to its log under `key`."""
    return b"".join((raw[:-2], b",", encode(key), b":", encode(entry), b"}}"))


def encode(value: Any) -> bytes:
    # As `atomic.encode` writes every part of a session file.
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _count(value: Any) -> int:
    if type(value) is not int or value < 1:
        raise ValueError("count")
    return value


def _text(value: Any) -> str:
    if type(value) is not str:
        raise ValueError("text")
    return value


def _texts(value: Any) -> tuple[str, ...]:
    return tuple(_text(text) for text in _list(value))


def _list(value: Any, length: int | None = None) -> list[Any]:
    if type(value) is not list or (length is not None and len(value) != length):
        raise ValueError("list")
    return value
