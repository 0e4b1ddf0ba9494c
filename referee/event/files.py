"""Events on disk: one JSON file each (its set-up and its log), written whole and atomically by
its one writer; a damaged file is set aside, never written over."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from ..i18n import _
from ..notation.names import name_key, visible
from ..store import locks
from ..store.atomic import write_atomically
from ..store.paths import Layout, new_id, normal_id
from ..store.quarantine import set_aside
from .log import Damaged, check_entry
from .spec import EventSpec, SpecError
from .state import EventState, replay

SCHEMA = 1
"""The event file's layout; a file of a later one is refused, never rewritten."""
MAX_EVENT_BYTES = 32_000_000


class EventError(Exception):
    """An event that cannot be found, read or written: `message` says which and why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def events_dir(layout: Layout) -> Path:
    return layout.root / "events"


class EventFile:
    """One event: its set-up, its log and the state the log replays to."""

    def __init__(self, layout: Layout, eid: str, data: dict[str, Any], lock: locks.FileLock | None):
        self.layout, self.id, self._lock = layout, eid, lock
        self.created: str = data["created"]
        self.spec = EventSpec.from_json(data["spec"])
        self.entries: list[dict[str, Any]] = [
            check_entry(entry, seq) for seq, entry in enumerate(data["log"], 1)
        ]
        self.state: EventState = replay(self.spec, self.entries)

    @property
    def path(self) -> Path:
        return events_dir(self.layout) / f"{self.id}.json"

    @property
    def writable(self) -> bool:
        return self._lock is not None

    def append(self, kind: str, **fields: Any) -> dict[str, Any]:
        """Record one decision: written and synced before it counts (and before it is shown)."""
        if self._lock is None:
            raise EventError(_("the event is open for reading only"))
        entry = {"seq": len(self.entries) + 1, "kind": kind, "t": round(time.time(), 3), **fields}
        check_entry(entry, entry["seq"])
        self._write([*self.entries, entry])
        self.entries.append(entry)
        self.state.apply(entry)
        return entry

    def _write(self, entries: list[dict[str, Any]]) -> None:
        doc = {
            "schema": SCHEMA,
            "id": self.id,
            "created": self.created,
            "spec": self.spec.to_json(),
            "log": entries,
        }
        payload = json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        try:
            write_atomically(self.path, payload)
        except OSError as exc:
            raise EventError(
                _("could not save the event: {reason}").format(reason=exc.strerror or exc)
            ) from None

    def close(self) -> None:
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def __enter__(self) -> EventFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class EventBook:
    """Every event of one data folder."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.folder = events_dir(layout)

    def create(self, spec: EventSpec) -> EventFile:
        spec.check()
        if self.find(spec.name) is not None:
            raise EventError(
                _("an event named {name} exists already: choose another name").format(
                    name=visible(spec.name)
                )
            )
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise EventError(
                _("could not save the event: {reason}").format(reason=exc.strerror or exc)
            ) from None
        eid = new_id()
        while (self.folder / f"{eid}.json").exists():
            eid = new_id()
        data = {"created": time.strftime("%Y-%m-%dT%H:%M:%S"), "spec": spec.to_json(), "log": []}
        event = EventFile(self.layout, eid, data, self._take(eid))
        event._write([])
        return event

    def _take(self, eid: str) -> locks.FileLock:
        lock = locks.FileLock(self.folder / f"{eid}.lock", timeout=0)
        try:
            return lock.acquire()
        except locks.Timeout:
            raise EventError(
                _(
                    "the event {id} is open for its director elsewhere (another window or "
                    "command): close it there first"
                ).format(id=eid)
            ) from None

    def ids(self) -> list[str]:
        try:
            names = sorted(os.listdir(self.folder))
        except FileNotFoundError:
            return []
        return [n[:-5] for n in names if n.endswith(".json") and normal_id(n[:-5])]

    def find(self, typed: str) -> str | None:
        """The id of the event `typed` names: its id, or its name (without case or width)."""
        eid = normal_id(typed)
        if eid is not None and (self.folder / f"{eid}.json").exists():
            return eid
        key = name_key(typed.strip())
        for eid in self.ids():
            try:
                name = self._read(eid)["spec"]["name"]
            except (EventError, KeyError, TypeError):
                continue
            if isinstance(name, str) and name_key(name) == key:
                return eid
        return None

    def open(self, typed: str, *, write: bool = False) -> EventFile:
        eid = self.find(typed)
        if eid is None:
            raise EventError(
                _("no event {name}: 'uno-referee event list' shows them").format(
                    name=visible(typed)
                )
            )
        lock = self._take(eid) if write else None
        try:
            data = self._read(eid)
            try:
                return EventFile(self.layout, eid, data, lock)
            except (Damaged, SpecError, KeyError, TypeError) as exc:
                raise self._damaged(eid, str(exc)) from None
        except BaseException:
            if lock is not None:
                lock.release()
            raise

    def _read(self, eid: str) -> dict[str, Any]:
        path = self.folder / f"{eid}.json"
        try:
            with path.open("rb") as fh:
                raw = fh.read(MAX_EVENT_BYTES + 1)
        except OSError as exc:
            raise EventError(
                _("could not read the event {id}: {reason}").format(id=eid, reason=exc.strerror)
            ) from None
        try:
            data = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise self._damaged(eid, _("it is not JSON")) from None
        if not isinstance(data, dict) or not isinstance(data.get("log"), list):
            raise self._damaged(eid, _("it is not an event file"))
        if data.get("schema") != SCHEMA:
            raise EventError(
                _(
                    "the event {id} was written by a newer version of uno-referee: it is "
                    "left as it is"
                ).format(id=eid)
            )
        return data

    def _damaged(self, eid: str, reason: str) -> EventError:
        path = self.folder / f"{eid}.json"
        try:
            aside = set_aside(path, self.layout.quarantine, reason)
        except OSError:
            return EventError(
                _("the event {id} is damaged ({reason}) and is left where it is").format(
                    id=eid, reason=reason
                )
            )
        return EventError(
            _("the event {id} is damaged ({reason}): it was set aside as {path}").format(
                id=eid, reason=reason, path=aside
            )
        )
