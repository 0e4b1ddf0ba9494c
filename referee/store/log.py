"""The append-only move log: entry shapes, and the effective move list derived from them.

Entries are never changed or removed. Each has a `seq` (its order; TinyDB doc ids are not used,
as TinyDB reuses them), a `ts` and a `kind`:

- `move`: `text`, one statement in canonical notation;
- `undo`: `target`, the seq of the last effective move, which is taken back;
- `correct`: `target`, the seq of the move replaced, its new `text`, and `voids`: the seqs of
  later moves that no longer held after the replacement and are dropped.

A move's number (`Move.seq`, what people read and `correct N` takes) is not its entry's seq: it
is one more than the number of the move in force before it when it was recorded, and it stays
the move's for life. A move recorded after an undo takes the undone move's number; a corrected
move keeps its number; the moves a correction drops leave their numbers unused. A log without
undo or correction numbers its moves as its entries.

Any entry may carry `summary` (round, status, leader, totals after it): the writer adds one
whenever it changes, so the session list needs no replay.

Every entry written since sessions have a global id carries `hash`, its link in the session's
hash chain (`store.chain`: SHA-256 of the previous entry's hash and this entry without its
hash); older entries have none, and the chain computes theirs. Reading checks its form only:
verifying the chain is `SessionFile.chained`'s, for those that need it (the hub and `sync`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping

from ..i18n import _
from ..named import NamedTuple
from .chain import HASH_PATTERN

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    from typing import Any

KINDS = ("move", "undo", "correct")


class LogError(ValueError):
    """The log breaks its own rules: the file was damaged or written by something else."""


class Move(NamedTuple):
    """One effective move: its number, its current text, and the entry that first recorded it."""

    seq: int
    """The move's number for life (see the module's docstring)."""
    text: str
    ts: str
    entry: int
    """The seq of the log entry that first recorded it: what `undo` and `correct` entries name."""
    replaced: tuple[str, ...] = ()
    """The texts this number held before, oldest first: undone moves and corrected texts."""


def check(doc: Mapping[str, Any]) -> None:
    """LogError unless `doc` is a well-formed entry."""
    seq, kind = doc.get("seq"), doc.get("kind")
    if type(seq) is not int or seq < 1:
        raise LogError(_("an entry without a valid seq: {entry!r}").format(entry=dict(doc)))
    if kind not in KINDS:
        raise LogError(_("entry {seq} has an unknown kind {kind!r}").format(seq=seq, kind=kind))
    if not isinstance(doc.get("ts"), str):
        raise LogError(_("entry {seq} has no timestamp").format(seq=seq))
    if kind in ("move", "correct") and not isinstance(doc.get("text"), str):
        raise LogError(_("entry {seq} ({kind}) has no text").format(seq=seq, kind=kind))
    if kind in ("undo", "correct") and type(doc.get("target")) is not int:
        raise LogError(_("entry {seq} ({kind}) has no target").format(seq=seq, kind=kind))
    # Only corrections have voids: a move is not checked through an empty list (a long
    # session's log is checked whole by every command that opens it).
    if "voids" in doc:
        voids = doc["voids"]
        if not isinstance(voids, list) or not all(type(v) is int for v in voids):
            raise LogError(_("entry {seq} has malformed voids").format(seq=seq))
    if "summary" in doc and not isinstance(doc["summary"], dict):
        raise LogError(_("entry {seq} has a malformed summary").format(seq=seq))
    if "hash" in doc and not _is_hash(doc["hash"]):
        raise LogError(_("entry {seq} has a malformed hash").format(seq=seq))


def _is_hash(value: object) -> bool:
    """A link of the chain as written: 64 lower-case hex digits."""
    return type(value) is str and HASH_PATTERN.fullmatch(value) is not None


_HEX = b"0123456789abcdef"


def _all_hashes(values: list[Any]) -> bool:
    """Whether every value is a link as written (`_is_hash`), all checked at once: a long
    log's thousands of hashes cost a fraction of a millisecond, not one match each."""
    try:
        joined = "".join(values).encode("ascii")
    except (TypeError, UnicodeEncodeError):
        return False
    return set(map(len, values)) == {64} and not joined.translate(None, _HEX)


def ordered(docs: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The entries checked and sorted by seq; LogError on a bad entry or a repeated seq."""
    entries = []
    for doc in docs:
        seq = doc.get("seq")
        # Most of a long log is plain moves: one that is well formed passes here without a
        # call; any other entry gets the whole `check` (and its message).
        if not (
            doc.get("kind") == "move"
            and type(seq) is int
            and seq >= 1
            and type(doc.get("ts")) is str
            and type(doc.get("text")) is str
            and "voids" not in doc
            and type(doc.get("summary", {})) is dict
        ):
            check(doc)
        entries.append(dict(doc))
    entries.sort(key=lambda e: e["seq"])
    hashes = [entry["hash"] for entry in entries if "hash" in entry]
    if hashes and not _all_hashes(hashes):
        for entry in entries:
            check(entry)  # the first entry whose hash is malformed, with its message
    if len({entry["seq"] for entry in entries}) < len(entries):
        for before, after in itertools.pairwise(entries):
            if before["seq"] == after["seq"]:
                raise LogError(_("two entries have seq {seq}").format(seq=after["seq"]))
    return entries


class Moves(list[Move]):
    """The moves in force, and what the next move's number takes the place of."""

    undone: dict[int, tuple[str, ...]]
    """Per number free again (its move undone or dropped), the texts it held: a new move with
    that number takes them over."""

    def __init__(self) -> None:
        super().__init__()
        self.undone = {}


def effective(entries: Iterable[Mapping[str, Any]]) -> Moves:
    """The moves in force after every undo and correction, in order."""
    moves = Moves()
    undone = moves.undone
    for entry in entries:
        if entry["kind"] == "move":
            # `apply`'s first case, inline: a long log is mostly moves.
            number = moves[-1].seq + 1 if moves else 1
            moves.append(
                Move(
                    number,
                    entry["text"],
                    entry["ts"],
                    entry["seq"],
                    undone.pop(number, ()) if undone else (),
                )
            )
        else:
            apply(moves, entry)
    return moves


def apply(moves: Moves, entry: Mapping[str, Any]) -> None:
    """Update the effective list with one entry; LogError if it does not fit."""
    kind, seq = entry["kind"], entry["seq"]
    if kind == "move":
        number = moves[-1].seq + 1 if moves else 1
        moves.append(Move(number, entry["text"], entry["ts"], seq, moves.undone.pop(number, ())))
        return
    target = entry["target"]
    if kind == "undo":
        if not moves or moves[-1].entry != target:
            raise LogError(
                _("entry {seq} undoes {target}, which is not the last move").format(
                    seq=seq, target=target
                )
            )
        last = moves.pop()
        moves.undone[last.seq] = (*last.replaced, last.text)
        return
    at = next((i for i, move in enumerate(moves) if move.entry == target), None)
    if at is None:
        raise LogError(
            _("entry {seq} corrects {target}, which is not in force").format(seq=seq, target=target)
        )
    old = moves[at]
    moves[at] = Move(old.seq, entry["text"], old.ts, target, (*old.replaced, old.text))
    voids = set(entry.get("voids", []))
    later = {move.entry for move in moves[at + 1 :]}
    if not voids <= later:
        raise LogError(
            _("entry {seq} drops moves that are not after {target}").format(seq=seq, target=target)
        )
    for move in moves[at + 1 :]:
        if move.entry in voids:
            moves.undone[move.seq] = (*move.replaced, move.text)
    moves[at + 1 :] = [move for move in moves[at + 1 :] if move.entry not in voids]


def last_summary(entries: list[dict[str, Any]]) -> dict[str, Any] | None:
    for entry in reversed(entries):
        summary = entry.get("summary")
        if isinstance(summary, dict):
            return summary
    return None
