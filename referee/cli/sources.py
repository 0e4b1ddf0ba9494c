"""Where a session comes from: a `.uno` file or stdin (`-`); stored sessions will join them."""

from __future__ import annotations

import os

from ..engine.events import Session
from ..i18n import _
from ..notation import NotationError, parse_session
from ..notation.limits import shorten
from ..render import render
from ..service import SessionError, SessionNotFound, SessionService
from ..store import normal_id
from .common import REFUSED, Failure, read_text


def source_name(source: str) -> str:
    """How messages name the source."""
    return "<stdin>" if source == "-" else source


def open_session(source: str, data_dir: str | None = None) -> Session:
    """The session SOURCE names (a stored one looked up in `data_dir`, else the default
    folder); Failure (exit 2) when it cannot be read or parsed."""
    # Stored sessions (the storage issue) are looked up here, by id, before SOURCE is taken
    # as a path; a file argument must keep working unchanged.
    stored = _stored_id(source)
    if stored is not None:
        return _from_store(source, stored, data_dir)
    return _from_file(source)


def _from_file(path: str) -> Session:
    text = read_text(path)
    try:
        return parse_session(text, source_name(path))
    except NotationError as exc:
        raise Failure(str(exc)) from None


# Stored sessions (issue 4) ---------------------------------------------------------------------


def is_stored(source: str) -> bool:
    """Whether SOURCE names a stored session (numbered by move) rather than a file."""
    return _stored_id(source) is not None


def _stored_id(source: str) -> str | None:
    """The session id SOURCE names, when it looks like one and no such file exists."""
    if source == "-" or os.path.lexists(source):
        return None
    return normal_id(source)


def _from_store(source: str, sid: str, data_dir: str | None) -> Session:
    """A stored session (in $UNO_REFEREE_HOME or the user data folder); each event's line is
    its move number, as `uno-referee show ID --moves` lists them."""
    service = SessionService(data_dir)
    try:
        with service.open(sid, read_only=True) as live:
            trouble = live.trouble
            if trouble is not None:
                raise Failure(
                    _(
                        "{source}:{seq}: move '{move}' no longer holds: {ruling} "
                        "[{rule}]; correct it with 'uno-referee correct {id} {seq} "
                        "MOVE'"
                    ).format(
                        source=source,
                        seq=trouble.seq,
                        move=shorten(trouble.text),
                        ruling=render(trouble.parts),
                        rule=trouble.rule,
                        id=sid,
                    ),
                    REFUSED,
                )
            return Session(live.opened_with, live.events(), [step.seq for step in live.steps])
    except SessionNotFound:
        raise Failure(
            _("{source}: no such file, and no stored session {id} in {folder}").format(
                source=source, id=sid, folder=service.root
            )
        ) from None
    except SessionError as exc:
        raise Failure(f"{source}: {exc.message}") from None
