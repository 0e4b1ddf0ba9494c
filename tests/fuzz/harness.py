"""Runs fuzz inputs through the command line's `main`, in this process, as a user would."""

from __future__ import annotations

import contextlib
import io
import shutil
from dataclasses import dataclass
from pathlib import Path

from referee import cli
from referee.sheet.exports import FORMATS

ALLOWED = {0, 1, 2}
"""The notation's command contract: legal, refused, unreadable. 3 is an internal error."""


@dataclass(frozen=True)
class Broken:
    """A run that broke the contract: its command line, exit status and what it printed."""

    argv: tuple[str, ...]
    code: int
    stderr: str


def command_lines(path: Path, folder: Path) -> list[tuple[str, ...]]:
    """Every command that reads a session file, on `path` (imports store under `folder`)."""
    name = str(path)
    lines: list[tuple[str, ...]] = [
        ("check", name), ("replay", name), ("replay", "--json", name), ("score", name),
        ("score", "--json", name), ("import", "--data-dir", str(folder / "data"), name)]
    for fmt, spec in FORMATS.items():
        out = ("--out", str(folder / f"out{spec.suffix}"), "--force") if spec.binary else ()
        lines.append(("export", name, "--format", fmt, *out))
    return lines


def run(argv: tuple[str, ...]) -> Broken | None:
    """One command; a Broken if it exited 3 or printed a traceback."""
    stdout, stderr = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        code = cli.main(list(argv))
    err = stderr.getvalue()
    if code in ALLOWED and "Traceback" not in err and "internal error" not in err:
        return None
    return Broken(argv, code, err[-2000:])


def run_input(text: str, folder: Path, choice: int | None = None) -> list[Broken]:
    """`text` as a file through one command (`choice`, an index) or all of them."""
    path = folder / "fuzz.uno"
    # Mutations may hold lone surrogates: written as the bytes a broken editor would leave.
    path.write_bytes(text.encode("utf-8", errors="surrogateescape"))
    lines = command_lines(path, folder)
    chosen = lines if choice is None else [lines[choice % len(lines)]]
    broken = [b for b in map(run, chosen) if b is not None]
    shutil.rmtree(folder / "data", ignore_errors=True)
    return broken
