"""What the crash helpers share: kill a forked child at a deadline and read what it said."""

from __future__ import annotations

import os
import select
import signal
import time


def kill_at(pid: int, read_end: int, deadline: float, chunks: list[bytes]) -> bool:
    """Read the child's pipe until `deadline`, then SIGKILL it if it has not ended; reap it.
    Returns whether it ended by itself; `chunks` gets everything it wrote."""
    ended = False
    while not ended and (left := deadline - time.monotonic()) > 0:
        if select.select([read_end], [], [], left)[0]:
            chunk = os.read(read_end, 65536)
            ended = not chunk
            chunks.append(chunk)
    if not ended:
        os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    while chunk := os.read(read_end, 65536):
        chunks.append(chunk)
    os.close(read_end)
    return ended


def said(chunks: list[bytes]) -> tuple[list[str], str | None, str]:
    """The child's lines, its first error line (if any) and its acknowledgements, joined."""
    lines = b"".join(chunks).decode().splitlines()
    errors = [line for line in lines if line.startswith("error")]
    acks = " ".join(line.split()[1] for line in lines if line.startswith("ack "))
    return lines, errors[0] if errors else None, acks
