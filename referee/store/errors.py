"""The ways a stored session can fail to open, load or save, each with a message for the user."""

from __future__ import annotations

import functools

from ..i18n import _

TYPE_CHECKING = False  # as typing's, without loading typing or pathlib (see referee.named)
if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path
    from typing import Any, TypeVar

    F = TypeVar("F", bound=Callable[..., Any])


class SessionError(Exception):
    """A session operation cannot go on; `message` says why and what to do, and nothing changed."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class SessionNotFound(SessionError):
    """No session with that id in the data folder."""


class SessionLocked(SessionError):
    """Another app or command is recording into the session (it holds the writer lock)."""


class SessionCorrupt(SessionError):
    """The session file cannot be read; `moved_to` is where it was set aside (None if not)."""

    def __init__(self, message: str, moved_to: Path | None = None) -> None:
        super().__init__(message)
        self.moved_to = moved_to


class NewerSchema(SessionError):
    """The file was written by a newer uno-referee; it is left untouched."""


class SaveFailed(SessionError):
    """The disk refused a write (full, read-only, permissions); nothing was recorded."""


class ReadOnly(SessionError):
    """The session was opened to watch, not to record."""


def plain_os_errors(message: str) -> Callable[[F], F]:
    """Decorator: an OSError escaping the call becomes a SessionError naming the file.

    The folders can be unreadable, on a full disk or gone; the user gets a sentence, not a
    traceback. `message` is that sentence with a `{reason}` field, in English marked `N_`
    (`N_("could not read the session: {reason}")`): it is translated when it is raised.
    """

    def wrap(fn: F) -> F:
        @functools.wraps(fn)
        def guarded(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except SessionError:
                raise
            except OSError as exc:
                reason = str(exc.strerror or exc)
                if exc.filename:
                    reason = _("{reason} ({path})").format(reason=reason, path=exc.filename)
                raise SessionError(_(message).format(reason=reason)) from None

        return guarded  # type: ignore[return-value]

    return wrap
