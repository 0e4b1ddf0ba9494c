"""The user's snapshot key: 32 random bytes in the data folder, made once and never replaced."""

from __future__ import annotations

import contextlib
import os

from .atomic import fsync_dir, temp_file
from .reading import read_regular

TYPE_CHECKING = False  # as typing's, without loading pathlib (see referee.named)
if TYPE_CHECKING:
    from pathlib import Path

KEY_NAME = "snapshot.key"
"""The key's file in the data folder."""

KEY_BYTES = 32
_PREFIX = f".{KEY_NAME}."


def read_key(root: str | Path) -> bytes | None:
    """The key kept in the data folder `root`, or None if there is none that can be trusted.

    Only a regular file (not a link) of exactly `KEY_BYTES` bytes, owned by the user and
    readable or writable by nobody else, is a key: another account that could read it could
    sign snapshots, and one that could write it could choose the key. (Opened without
    waiting, as a FIFO in its place would make the command wait for a writer: `read_regular`.)"""
    try:
        key = read_regular(os.path.join(root, KEY_NAME), KEY_BYTES, follow_links=False, secret=True)
    except OSError:
        return None
    return key if len(key) == KEY_BYTES else None


def key(root: str | Path) -> bytes | None:
    """The key of the data folder `root`, made on first need; None if it can be neither read
    nor made (then snapshots are simply not used).

    The key is written whole to a private temporary file and linked into place: a link never
    replaces a file, so two commands making it at once agree on the first one's, and a kill
    leaves either no key or a whole one. Temporary files a killed maker left are removed."""
    found = read_key(root)
    if found is None:
        _make(root)
        found = read_key(root)
    _sweep(root)
    return found


def _make(root: str | Path) -> None:
    import secrets  # loads random and base64: the key is made once

    try:
        # Readable and writable by its owner only (0600).
        fd, tmp = temp_file(root, prefix=_PREFIX, suffix=".tmp")
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(secrets.token_bytes(KEY_BYTES))
            stream.flush()
            os.fsync(stream.fileno())
        os.link(tmp, os.path.join(root, KEY_NAME))
        fsync_dir(root)
    except OSError:
        pass  # made by another command meanwhile (read it), or not makeable here
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def _sweep(root: str | Path) -> None:
    """Remove temporary key files a killed command left (a maker at work that loses its file
    to this finds the key made: its link fails and it reads the one in place)."""
    if not os.path.exists(os.path.join(root, KEY_NAME)):
        return
    try:
        with os.scandir(root) as entries:
            stale = [
                e.path for e in entries if e.name.startswith(_PREFIX) and e.name.endswith(".tmp")
            ]
    except OSError:
        return
    for path in stale:
        with contextlib.suppress(OSError):
            os.unlink(path)
