"""The append-only move log: entry shapes, and the effective move list derived from them.

Entries are never changed or removed. Each has a `seq` (its order; TinyDB doc ids are not used,
as TinyDB reuses them), a `ts` and a `kind`:

- `move`: `text`, one statement in canonical notation;
- `undo`: `target`, the seq of the last effective move, which is taken back;
- `correct`: `target`, the seq of the move replaced, its new `text`, and `voids`: the seqs of
  later moves that no longer held after the replacement and are dropped.

Any entry may carry `summary` (round, status, leader, totals after it): the writer adds one
whenever it changes, so the session list needs no replay.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..i18n import _

KINDS = ("move", "undo", "correct")


class LogError(ValueError):
    """The log breaks its own rules: the file was damaged or written by something else."""


@dataclass(frozen=True, slots=True)
class Move:
    """One effective move: the seq of the entry that first recorded it and its current text."""

    seq: int
    text: str
    ts: str


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
    voids = doc.get("voids", [])
    if not isinstance(voids, list) or not all(type(v) is int for v in voids):
        raise LogError(_("entry {seq} has malformed voids").format(seq=seq))
    if "summary" in doc and not isinstance(doc["summary"], dict):
        raise LogError(_("entry {seq} has a malformed summary").format(seq=seq))


def ordered(docs: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The entries checked and sorted by seq; LogError on a bad entry or a repeated seq."""
    entries = []
    for doc in docs:
        check(doc)
        entries.append(dict(doc))
    entries.sort(key=lambda e: e["seq"])
    for before, after in itertools.pairwise(entries):
        if before["seq"] == after["seq"]:
            raise LogError(_("two entries have seq {seq}").format(seq=after["seq"]))
    return entries


def effective(entries: Iterable[Mapping[str, Any]]) -> list[Move]:
    """The moves in force after every undo and correction, in order."""
    moves: list[Move] = []
    for entry in entries:
        apply(moves, entry)
    return moves


def apply(moves: list[Move], entry: Mapping[str, Any]) -> None:
    """Update the effective list with one entry; LogError if it does not fit."""
    kind, seq = entry["kind"], entry["seq"]
    if kind == "move":
        moves.append(Move(seq, entry["text"], entry["ts"]))
        return
    target = entry["target"]
    if kind == "undo":
        if not moves or moves[-1].seq != target:
            raise LogError(_("entry {seq} undoes {target}, which is not the last move").format(
                seq=seq, target=target))
        moves.pop()
        return
    at = next((i for i, move in enumerate(moves) if move.seq == target), None)
    if at is None:
        raise LogError(_("entry {seq} corrects {target}, which is not in force").format(
            seq=seq, target=target))
    moves[at] = Move(target, entry["text"], moves[at].ts)
    voids = set(entry.get("voids", []))
    later = {move.seq for move in moves[at + 1:]}
    if not voids <= later:
        raise LogError(_("entry {seq} drops moves that are not after {target}").format(
            seq=seq, target=target))
    moves[at + 1:] = [move for move in moves[at + 1:] if move.seq not in voids]


def last_summary(entries: list[dict[str, Any]]) -> dict[str, Any] | None:
    for entry in reversed(entries):
        summary = entry.get("summary")
        if isinstance(summary, dict):
            return summary
    return None
