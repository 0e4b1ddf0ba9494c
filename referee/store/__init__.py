"""Durable session storage: atomic TinyDB files, one per session, a sessions index, and locks.

This package knows files and the notation, not the rules; `referee.service` puts the engine
in front of it.
"""

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
