"""The league book (`league.json` in the data folder): merged names, guests, session labels.

Kept outside the sessions, so that merging two names, marking a guest or labelling a session
never changes a stored session. Written whole and atomically; a damaged book is set aside (never
overwritten) and the standings go on without it, saying so.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..i18n import _
from ..store import documents, locks
from ..store.atomic import write_atomically
from ..store.paths import BOOK_NAME as BOOK_NAME  # where the book is, kept with the layout
from ..store.paths import Layout
from ..store.quarantine import set_aside
from ..store.reading import check_nesting, read_regular

BOOK_VERSION = 1
MAX_BOOK_BYTES = 16_000_000
"""A book larger than this is not read: one of 100,000 labelled sessions is a few megabytes."""
_LOCK_WAIT = 5.0


class BookError(Exception):
    """The book cannot be written (the disk, or another process holding it too long)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(slots=True)
class League:
    """Who is who across sessions, and how sessions are labelled."""

    aliases: dict[str, str] = field(default_factory=dict)
    """A name as written in a session -> the name of the person it stands for."""
    guests: set[str] = field(default_factory=set)
    """People (by their name) left out of standings unless guests are asked for."""
    labels: dict[str, list[str]] = field(default_factory=dict)
    """Session id -> its labels (a group, a season, a place), in the order given."""

    def person(self, name: str) -> str:
        return self.aliases.get(name, name)

    def names_of(self, person: str) -> list[str]:
        """The other names merged into `person`, sorted."""
        return sorted(name for name, whom in self.aliases.items() if whom == person)

    def merge(self, keep: str, other: str) -> None:
        """`other` (and every name merged into it) is `keep` from now on."""
        keep = self.person(keep)
        other = self.person(other)
        for name, whom in list(self.aliases.items()):
            if whom == other:
                self.aliases[name] = keep
        if other != keep:
            self.aliases[other] = keep
        if other in self.guests:
            self.guests.discard(other)
            self.guests.add(keep)

    def split(self, name: str) -> bool:
        """`name` is its own person again; False if it was not merged into anyone."""
        return self.aliases.pop(name, None) is not None

    def to_json(self) -> dict[str, Any]:
        return {
            "version": BOOK_VERSION,
            "aliases": dict(sorted(self.aliases.items())),
            "guests": sorted(self.guests),
            "labels": {sid: labels for sid, labels in sorted(self.labels.items()) if labels},
        }


def book_path(layout: Layout) -> Path:
    return layout.book


def parse_book(data: Any) -> League:
    if not isinstance(data, dict) or data.get("version") != BOOK_VERSION:
        raise ValueError(_("not a league book of version {version}").format(version=BOOK_VERSION))
    aliases, guests, labels = (
        data.get("aliases", {}),
        data.get("guests", []),
        data.get("labels", {}),
    )
    if not (
        isinstance(aliases, dict)
        and all(isinstance(k, str) and isinstance(v, str) for k, v in aliases.items())
    ):
        raise ValueError(_("aliases is not an object of names"))
    if not (isinstance(guests, list) and all(isinstance(g, str) for g in guests)):
        raise ValueError(_("guests is not a list of names"))
    if not (
        isinstance(labels, dict)
        and all(isinstance(v, list) and all(isinstance(x, str) for x in v) for v in labels.values())
    ):
        raise ValueError(_("labels is not an object of lists of labels"))
    # Merges point at a person, never at another merged name.
    for name, whom in aliases.items():
        if whom in aliases or whom == name:
            raise ValueError(
                _("{name} is merged into {whom}, itself merged").format(name=name, whom=whom)
            )
    return League(dict(aliases), set(guests), {k: list(v) for k, v in labels.items()})


def load_league(layout: Layout) -> tuple[League, str | None]:
    """The book, and a warning if it was damaged (and set aside) or could not be read (then it
    is left as it is, and the book is empty for this reader)."""
    path = book_path(layout)
    try:
        return _read(layout)
    except OSError as exc:
        return League(), _(
            "the league book {path} could not be read ({reason}); standings "
            "are shown without its merges, guests and labels"
        ).format(path=path, reason=exc.strerror or exc)
    except _Stuck as stuck:
        return League(), _(
            "the league book {path} is damaged ({reason}) and could not be "
            "set aside ({error}); standings are shown without it"
        ).format(path=path, reason=stuck.reason, error=stuck.error)


class _Stuck(Exception):
    """The book is damaged and could not be set aside: it must not be written over."""

    def __init__(self, reason: str, error: OSError) -> None:
        super().__init__(reason)
        self.reason, self.error = reason, error.strerror or str(error)


def _read(layout: Layout) -> tuple[League, str | None]:
    """The book, and a warning if it was damaged and set aside (a new one begins). An OSError
    if it is there but cannot be read (no permission; a folder, a named pipe or a device in its
    place, never opened for reading); _Stuck if it is damaged and stays where it is."""
    path = book_path(layout)
    try:
        raw = read_regular(path, MAX_BOOK_BYTES)
    except FileNotFoundError:
        return League(), None
    try:
        if len(raw) > MAX_BOOK_BYTES:
            raise ValueError(_("the file is too large"))
        text = raw.decode("utf-8")
        # Bounded before json recurses into it, once a level.
        check_nesting(text)
        return parse_book(json.loads(text)), None
    except (ValueError, RecursionError) as exc:  # UnicodeDecodeError is a ValueError
        reason = str(exc) or type(exc).__name__
    try:
        target = set_aside(path, layout.quarantine, reason)
    except OSError as error:
        raise _Stuck(reason, error) from None
    return League(), _(
        "the league book {path} was damaged ({reason}); it was moved to {target} "
        "and a new one begun"
    ).format(path=path, reason=reason, target=target)


def save_league(layout: Layout, league: League) -> None:
    """Write the whole book durably; BookError if it cannot be."""
    try:
        layout.root.mkdir(parents=True, exist_ok=True)
        payload = json.dumps(league.to_json(), ensure_ascii=False, indent=1).encode("utf-8")
        write_atomically(book_path(layout), payload)
    except OSError as exc:
        raise BookError(
            _("could not write the league book {path}: {reason}").format(
                path=book_path(layout), reason=exc.strerror or exc
            )
        ) from None


def change_league(layout: Layout, change: Any) -> tuple[League, str | None]:
    """Read, change (`change(league)`) and write the book under its lock; the new book and
    any warning from reading it. BookError if it cannot be written, or if it is there and
    cannot be read (it is never written over then: its merges, guests and labels would go)."""
    path = book_path(layout)
    try:
        with documents.changing(path, _LOCK_WAIT):
            try:
                league, warning = _read(layout)
            except OSError as exc:
                raise BookError(
                    _(
                        "the league book {path} could not be read ({reason}), so "
                        "nothing was changed; make it a file you can read, or move "
                        "it away to begin a new book"
                    ).format(path=path, reason=exc.strerror or exc)
                ) from None
            except _Stuck as stuck:
                raise BookError(
                    _(
                        "the league book {path} is damaged ({reason}) and could not "
                        "be set aside ({error}), so nothing was changed"
                    ).format(path=path, reason=stuck.reason, error=stuck.error)
                ) from None
            change(league)
            save_league(layout, league)
    except locks.Timeout:
        raise BookError(
            _("another process is writing the league book {path}; try again").format(path=path)
        ) from None
    except OSError as exc:
        raise BookError(
            _("could not write the league book {path}: {reason}").format(
                path=path, reason=exc.strerror or exc
            )
        ) from None
    return league, warning
