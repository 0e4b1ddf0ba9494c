"""Derived data kept between commands in the user's own cache folder, never the only copy.

What is cached is data, never code, and nothing read from here is trusted for being here: a
snapshot of a session's state is signed with the user's key from the data folder and checked
field by field before use (`service.snapshot`). The checks below keep out what another
account could plant, and what could not be read whole."""

from __future__ import annotations

import contextlib
import os

from .paths import user_folder_name, user_path_name
from .reading import read_regular

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    from pathlib import Path

CACHE_VARIABLE = "UNO_REFEREE_CACHE"

SNAPSHOTS = "snapshots"
"""The kind (the folder in the cache) of long sessions' snapshots (`service.snapshot`)."""

MAX_CACHED_BYTES = 16_000_000
"""A cached item larger than this is not read (the referee's state is a few kilobytes)."""


def cache_dir() -> Path:
    """`$UNO_REFEREE_CACHE`, else the platform's user cache folder.

    Not the data folder: that may be shared or synced, and a cache is neither (whatever is
    read back from here is checked all the same: see the module docstring)."""
    from pathlib import Path

    return Path(cache_dir_name())


def cache_dir_name() -> str | Path:
    """`cache_dir()`, as a string where no `~` was expanded (see `paths.user_path_name`)."""
    explicit = os.environ.get(CACHE_VARIABLE, "").strip()
    if explicit:
        return user_path_name(explicit, CACHE_VARIABLE)
    return user_folder_name("cache")


def cache_path(kind: str, source: str | Path) -> Path:
    """Where the item of `kind` derived from the file `source` is kept."""
    from pathlib import Path

    return Path(cache_file(kind, source))


def cache_file(kind: str, source: str | Path) -> str:
    """`cache_path(kind, source)`, as a string."""
    try:
        where = os.path.realpath(source)
    except OSError:
        where = os.path.abspath(source)
    import hashlib  # loads OpenSSL: the command line names this module's variable on every run

    name = hashlib.sha256(os.fsencode(where)).hexdigest()[:32]
    return os.path.join(cache_dir_name(), kind, name)


def read_private(path: str | Path) -> bytes | None:
    """The item's bytes, or None if it is missing or was not written by this user alone.

    Only a regular file (not a link) owned by the user and writable by nobody else is read,
    so another account cannot plant one (`reading.read_regular`: opened without waiting, so a
    FIFO put in its place never holds the command)."""
    try:
        raw = read_regular(path, MAX_CACHED_BYTES, follow_links=False, private=True)
    except OSError:
        return None
    return raw if len(raw) <= MAX_CACHED_BYTES else None


def write_private(path: str | Path, payload: bytes) -> None:
    """Replace the item (readable by the user only); a cache, so never synced, and any failure
    is ignored: the next command derives it again."""
    from .atomic import write_atomically  # only a command that keeps a snapshot writes here

    with contextlib.suppress(OSError):
        os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
        # mkstemp makes the temporary file readable by its owner only (0600). Its name carries
        # this process's id, so that `sweep` can tell a killed writer's from one at work.
        write_atomically(path, payload, durable=False, writer=f"{os.getpid()}{_WRITER}")


_WRITER = "-w"
"""After the writer's process id in a temp file's name."""


def sweep(kind: str) -> None:
    """Remove the temp files of cache writers of `kind` that were killed mid-write.

    Items of the cache have no writer lock (any command may write one), so a temp file is
    stale when the process named in it no longer runs. Where that cannot be asked (Windows,
    where signalling a process ends it), nothing is removed."""
    if not hasattr(os, "fork"):
        return
    with contextlib.suppress(OSError), os.scandir(os.path.join(cache_dir_name(), kind)) as entries:
        for entry in entries:
            name = entry.name
            if not (name.startswith(".") and name.endswith(".tmp")):
                continue
            pid = name.split(".")[2].partition(_WRITER)[0] if name.count(".") >= 3 else ""
            if pid.isdigit() and not _running(int(pid)):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)


def _running(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)  # signal 0: only asks whether the process is there
    except ProcessLookupError:
        return False
    except OSError:
        return True  # there, but another user's
    return True


def discard(path: str | Path) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)
