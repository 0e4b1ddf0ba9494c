"""Runs fuzz inputs through the command line's `main`, in this process, as a user would."""

from __future__ import annotations

import contextlib
import io
import os
import random
import shutil
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from referee import cli
from referee.service import SessionService
from referee.sheet.exports import FORMATS
from referee.store.settings import CONFIG_VARIABLE

from .arguments import NOT_UTF8, Place, command_line
from .mutations import samples

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
        ("check", name),
        ("replay", name),
        ("replay", "--json", name),
        ("score", name),
        ("score", "--json", name),
        ("import", "--data-dir", str(folder / "data"), name),
    ]
    for fmt, spec in FORMATS.items():
        out = ("--out", str(folder / f"out{spec.suffix}"), "--force") if spec.binary else ()
        lines.append(("export", name, "--format", fmt, *out))
    return lines


def run(argv: tuple[str, ...]) -> Broken | None:
    """One command; a Broken if it exited 3 or printed a traceback."""
    stdout, stderr = io.StringIO(), io.StringIO()
    # A question, or `-` for a file, gets the end of the input.
    stdin, sys.stdin = sys.stdin, io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            code = cli.main(list(argv))
    finally:
        sys.stdin = stdin
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


def prepare(folder: Path) -> Place:
    """A fresh data folder: three stored sample sessions, one labelled, two names merged."""
    shutil.rmtree(folder / "data", ignore_errors=True)
    service = SessionService(folder / "data")
    ids = [service.import_text(text, f"sample{n}.uno").id for n, text in enumerate(samples()[:3])]
    place = Place(folder, ids)
    for argv in (
        ("label", "--data-dir", place.data, ids[0], "club night"),
        ("players", "--data-dir", place.data, "merge", "Ann", "Anna"),
    ):
        run(argv)
    return place


@contextlib.contextmanager
def environment(folder: Path, rng: random.Random) -> Iterator[None]:
    """Run in `folder`, with the settings file there; now and then a variable holding bytes that
    are not UTF-8 (the data folder, the settings file, the locale)."""
    saved, cwd = dict(os.environ), os.getcwd()
    # Outputs named by a relative path (a mutated `--out`) land in the folder, not the checkout.
    os.chdir(folder)
    os.environ[CONFIG_VARIABLE] = os.fspath(folder / "settings.toml")
    if rng.random() < 0.05:
        name = rng.choice(("UNO_REFEREE_HOME", CONFIG_VARIABLE, "LANG", "LC_ALL"))
        os.environ[name] = rng.choice(NOT_UTF8)
    try:
        yield
    finally:
        os.chdir(cwd)
        os.environ.clear()
        os.environ.update(saved)


def run_command_lines(seed: int, count: int, folder: Path) -> Iterator[Broken]:
    """`count` mutated command lines (`arguments.py`), the same for the same seed, against a
    data folder prepared afresh every 100 of them; each that broke the contract."""
    rng = random.Random(seed)
    place = prepare(folder)
    for n in range(count):
        if n and n % 100 == 0:
            place = prepare(folder)
        argv = tuple(command_line(rng, place))
        with environment(folder, rng):
            broken = run(argv)
        if broken is not None:
            yield broken
