"""Derived data kept between commands in the user's own cache folder, never the only copy.

What is cached is data, never code, and nothing read from here is trusted for being here: a
snapshot of a session's state is signed with the user's key from the data folder and checked
field by field before use (`service.snapshot`). The checks below keep out what another
account could plant, and what could not be read whole."""

from __future__ import annotations

import contextlib
import hashlib
import os
import stat
from pathlib import Path

import platformdirs

from .atomic import write_atomically
from .paths import APP_NAME

CACHE_VARIABLE = "UNO_REFEREE_CACHE"

MAX_CACHED_BYTES = 16_000_000
"""A cached item larger than this is not read (the referee's state is a few kilobytes)."""


def cache_dir() -> Path:
    """`$UNO_REFEREE_CACHE`, else the platform's user cache folder.

    Not the data folder: that may be shared or synced, and a cache is neither (whatever is
    read back from here is checked all the same: see the module docstring)."""
    explicit = os.environ.get(CACHE_VARIABLE, "").strip()
    if explicit:
        return Path(explicit).expanduser()
    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))


def cache_path(kind: str, source: Path) -> Path:
    """Where the item of `kind` derived from the file `source` is kept."""
    try:
        where = os.path.realpath(source)
    except OSError:
        where = os.path.abspath(source)
    name = hashlib.sha256(os.fsencode(where)).hexdigest()[:32]
    return cache_dir() / kind / name


def read_private(path: Path) -> bytes | None:
    """The item's bytes, or None if it is missing or was not written by this user alone.

    Only a regular file (not a link) owned by the user and writable by nobody else is read,
    so another account cannot plant one. (Opened without waiting: a FIFO put in its place
    would otherwise hold the command until something wrote to it.)"""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_CACHED_BYTES:
            return None
        if hasattr(os, "getuid") and (st.st_uid != os.getuid()
                                      or st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)):
            return None
        with os.fdopen(fd, "rb", closefd=False) as stream:
            return stream.read(MAX_CACHED_BYTES + 1)
    except OSError:
        return None
    finally:
        os.close(fd)


def write_private(path: Path, payload: bytes) -> None:
    """Replace the item (readable by the user only); a cache, so never synced, and any failure
    is ignored: the next command derives it again."""
    with contextlib.suppress(OSError):
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        # mkstemp makes the temporary file readable by its owner only (0600).
        write_atomically(path, payload, durable=False)


def discard(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink()
