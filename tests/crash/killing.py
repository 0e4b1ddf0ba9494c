"""What the crash helpers share: a child that SIGKILLs itself just before its Nth file operation,
and reading what it said before it died.

Kill points are counted, not timed. A SIGKILL leaves only what is on the disk, and the disk
changes only at file operations (opening, renaming, removing, making folders); so killing the
child just before its Nth such operation under the store's folders reaches every state a kill
at a random instant could leave, and the same N reaches the same state however busy the
machine is. The operations are seen through Python's audit hooks (`sys.addaudithook`), so the
program under test carries no test code.
"""

from __future__ import annotations

import os
import select
import signal
import sys
import time
from collections.abc import Callable, Sequence

FILE_EVENTS = frozenset(
    {
        "open",
        "os.rename",
        "os.remove",
        "os.mkdir",
        "os.rmdir",
        "os.truncate",
        "os.link",
        "os.symlink",
        "os.chmod",
    }
)
"""The audit events of operations that can change (or start changing) what is on the disk;
`os.replace` raises `os.rename`, `os.unlink` raises `os.remove`."""

HUNG_SECONDS = 300.0
"""A child that has not ended by then is stuck: the test fails rather than wait forever (no
operation of the store comes near this, even on a loaded machine)."""


def arm(roots: Sequence[str], at: int) -> Callable[[], int]:
    """In the child: SIGKILL this process just before its `at`-th file operation under one of
    `roots` (never, if it makes fewer). Returns a function giving the operations seen so far."""
    prefixes = tuple(os.path.join(os.path.realpath(root), "") for root in roots)
    bare = tuple(prefix[:-1] for prefix in prefixes)
    seen = 0

    def hook(event: str, args: tuple[object, ...]) -> None:
        nonlocal seen
        if event not in FILE_EVENTS or not args or not isinstance(args[0], str | bytes):
            return
        path = os.fsdecode(args[0])
        if not os.path.isabs(path):
            path = os.path.join(os.getcwd(), path)
        if path.startswith(prefixes) or path in bare:
            seen += 1
            if seen == at:
                os.kill(os.getpid(), signal.SIGKILL)

    sys.addaudithook(hook)
    return lambda: seen


def wait_for(pid: int, read_end: int, chunks: list[bytes]) -> bool:
    """Read the child's pipe until it closes, reap the child; whether it was killed. A child
    still running after `HUNG_SECONDS` is killed and reported as an error line."""
    deadline = time.monotonic() + HUNG_SECONDS
    while (left := deadline - time.monotonic()) > 0:
        if select.select([read_end], [], [], left)[0]:
            chunk = os.read(read_end, 65536)
            if not chunk:
                break
            chunks.append(chunk)
    else:
        os.kill(pid, signal.SIGKILL)
        chunks.append(b"\nerror the child hung\n")
    os.close(read_end)
    _, status = os.waitpid(pid, 0)
    return os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL


def said(chunks: list[bytes]) -> tuple[list[str], str | None, str]:
    """The child's lines, its first error line (if any) and its acknowledgements, joined."""
    lines = b"".join(chunks).decode().splitlines()
    errors = [line for line in lines if line.startswith("error")]
    acks = " ".join(line.split()[1] for line in lines if line.startswith("ack "))
    return lines, errors[0] if errors else None, acks


def counted(lines: list[str]) -> int | None:
    """The file operations a child that finished reported (`events N`), if it did."""
    found = [int(line.split()[1]) for line in lines if line.startswith("events ")]
    return found[-1] if found else None
