"""Durable session storage: atomic TinyDB files, one per session, a sessions index, and locks.

This package knows files and the notation, not the rules; `referee.service` puts the engine
in front of it.
"""

# Each name is loaded from its module when first asked for (PEP 562): choosing the language
# reads the settings file (`store.settings`), and must not load TinyDB and the session files.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from .errors import (
        NewerSchema,
        ReadOnly,
        SaveFailed,
        SessionCorrupt,
        SessionError,
        SessionLocked,
        SessionNotFound,
        plain_os_errors,
    )
    from .index import SessionIndex
    from .log import Move
    from .paths import HOME_VARIABLE, Layout, data_dir, new_id, normal_id
    from .session_file import SCHEMA_VERSION, SessionFile, fingerprint, sweep_leftovers


_HOMES = {
    **dict.fromkeys(
        (
            "NewerSchema",
            "ReadOnly",
            "SaveFailed",
            "SessionCorrupt",
            "SessionError",
            "SessionLocked",
            "SessionNotFound",
            "plain_os_errors",
        ),
        "errors",
    ),
    "SessionIndex": "index",
    "Move": "log",
    **dict.fromkeys(("HOME_VARIABLE", "Layout", "data_dir", "new_id", "normal_id"), "paths"),
    **dict.fromkeys(
        ("SCHEMA_VERSION", "SessionFile", "fingerprint", "sweep_leftovers"), "session_file"
    ),
}
"""The module that holds each name."""

if not TYPE_CHECKING:
    from ..lazy_names import loader

    __getattr__ = loader(__name__, _HOMES)

__all__ = [
    "HOME_VARIABLE",
    "SCHEMA_VERSION",
    "Layout",
    "Move",
    "NewerSchema",
    "ReadOnly",
    "SaveFailed",
    "SessionCorrupt",
    "SessionError",
    "SessionFile",
    "SessionIndex",
    "SessionLocked",
    "SessionNotFound",
    "data_dir",
    "fingerprint",
    "new_id",
    "normal_id",
    "plain_os_errors",
    "sweep_leftovers",
]
