"""`uno-referee export`: write a session's score sheet, the session or its QR code to a file."""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path
from typing import BinaryIO, TextIO

from ..engine import SetupError
from ..i18n import _
from ..render import render as say
from ..service.replay import sheet_of
from ..sheet import SessionRefused, Sheet, files
from ..sheet.exports import FORMATS, Format
from .common import OK, REFUSED, Failure
from .sources import is_stored, open_session, source_name

_PREFIX = "uno-referee export"


def check_target(out: str, force: bool) -> None:
    """Refuse, before any work, a path that exists (without --force) or cannot be written."""
    try:
        files.check_target(out, force)
    except files.ExportError as exc:
        raise Failure(_("{prefix}: {error}").format(prefix=_PREFIX, error=exc.message)) from None


def write_file(out: str, data: bytes, force: bool) -> None:
    """Write the whole file or leave none."""
    try:
        files.write_file(out, data, force)
    except files.ExportError as exc:
        raise Failure(_("{prefix}: {error}").format(prefix=_PREFIX, error=exc.message)) from None


def export(
    source: str,
    fmt: str | None,
    out: str | None,
    force: bool,
    stdout: TextIO,
    data_dir: str | None = None,
) -> int:
    """Render SOURCE in `fmt` to `out` (or stdout for text formats)."""
    if out == "-":
        out = None  # `--out -` is standard output, as SOURCE `-` is standard input
    chosen = choose_format(fmt, out)
    if out is None and chosen.binary:
        raise Failure(
            _("{prefix}: {format} is binary: write it to a file with --out FILE{suffix}").format(
                prefix=_PREFIX, format=chosen.name, suffix=chosen.suffix
            )
        )
    if out is not None:
        check_target(out, force)
    data = chosen.render(load_sheet(source, data_dir))
    if out is None:
        _to_stream(data, stdout)
    else:
        write_file(out, data, force)
    return OK


def choose_format(fmt: str | None, out: str | None) -> Format:
    """`--format`, or the format whose suffix `--out` ends with."""
    if fmt is not None:
        return FORMATS[fmt]
    suffix = Path(out).suffix.lower() if out else ""
    for candidate in FORMATS.values():
        if suffix and candidate.suffix == suffix:
            return candidate
    names = "|".join(FORMATS)
    if out:
        raise Failure(
            _("{prefix}: cannot tell the format from {out!r}: add --format {names}").format(
                prefix=_PREFIX, out=out, names=names
            )
        )
    raise Failure(
        _("{prefix}: no format given: add --format {names}").format(prefix=_PREFIX, names=names)
    )


def load_sheet(source: str, data_dir: str | None = None) -> Sheet:
    """Read SOURCE and replay it; Failure with the file and line of a refused statement."""
    session = open_session(source, data_dir)
    name = source_name(source)
    try:
        sheet = sheet_of(session)
    except SetupError as exc:
        # The header is the top of the file; the engine does not know which tag was wrong.
        raise Failure(f"{name}:1:1: {exc}") from None
    except SessionRefused as exc:
        raise Failure(f"{name}:{exc.line}: {say(exc.parts)} [{exc.rule}]", REFUSED) from None
    # A stored session's statements are numbered by move (`show ID --moves`), not by line.
    return dataclasses.replace(sheet, by_move=True) if is_stored(source) else sheet


def _to_stream(data: bytes, stdout: TextIO) -> None:
    # Bytes go out as they are (a CSV's BOM and CRLF rows must not be re-encoded or re-ended).
    buffer: BinaryIO | None = getattr(stdout, "buffer", None)
    if buffer is None:
        stdout.write(data.decode("utf-8"))
        return
    stdout.flush()
    buffer.write(data)
    buffer.flush()


def run(a: argparse.Namespace) -> int:
    """The command's `run` (declared in `export_args`)."""
    return export(a.source, a.format, a.out, a.force, sys.stdout, a.data_dir)
