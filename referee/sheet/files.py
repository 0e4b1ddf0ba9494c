"""Writing an export to disk: whole files or none, never an existing one without leave."""

from __future__ import annotations

import os
import secrets
import shutil
from pathlib import Path
from typing import BinaryIO

from ..i18n import _


class ExportError(Exception):
    """The file cannot be written; `message` says why in a sentence for the person exporting."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class TargetExists(ExportError):
    """The file is already there and overwriting it was not asked for."""


def check_target(out: str, force: bool) -> None:
    """Refuse, before any work, a path that exists (without --force) or cannot be written."""
    try:
        _check_target(out, force)
    except OSError as exc:  # a name too long for the file system, a folder we may not look in
        raise _cannot_write(out, exc) from None


def _cannot_write(out: str, exc: OSError) -> ExportError:
    return ExportError(
        _("{path}: cannot write: {reason}").format(path=out, reason=exc.strerror or exc)
    )


def _check_target(out: str, force: bool) -> None:
    path = Path(out)
    if path.is_dir():
        raise ExportError(_("{path}: is a directory; give a file name").format(path=out))
    if path.is_symlink() or (path.exists() and not path.is_file()):
        # --force must never turn a device, a FIFO or a link (to /dev/null, to a terminal)
        # into a regular file: exports replace regular files only.
        raise ExportError(
            _(
                "{path}: not a regular file (a link, device or pipe); exports "
                "write regular files only"
            ).format(path=out)
        )
    if path.exists() and not force:
        raise TargetExists(_exists(out))
    folder = path.parent
    if not folder.is_dir():
        raise ExportError(
            _("{path}: no such folder {folder!r}").format(path=out, folder=str(folder))
        )
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ExportError(
            _("{path}: cannot write in {folder!r} (permission denied)").format(
                path=out, folder=str(folder)
            )
        )
    if path.exists() and not os.access(path, os.W_OK):
        raise ExportError(_("{path}: the file is read-only").format(path=out))


def _exists(out: str) -> str:
    return _("{path} already exists; add --force to overwrite it").format(path=out)


def write_file(out: str, data: bytes, force: bool) -> None:
    """Write the whole file or leave none: a half-written sheet is worse than an error."""
    path = Path(out)
    try:
        if force:
            _replace(path, data)
        else:
            _create(path, data)
    except FileExistsError:
        raise TargetExists(_exists(out)) from None
    except OSError as exc:
        raise _cannot_write(out, exc) from None


def _create(path: Path, data: bytes) -> None:
    # Exclusive creation: a file that appeared since check_target is still not overwritten.
    with open(path, "xb") as stream:
        try:
            _write_all(stream, data)
        except OSError:
            stream.close()
            path.unlink(missing_ok=True)
            raise


def _replace(path: Path, data: bytes) -> None:
    # The old file stays whole until the new one is complete: write beside it, then rename.
    # open() rather than mkstemp: the new file gets the usual permissions, not 0600.
    temp = path.with_name(f".{path.name}.{secrets.token_hex(4)}.part")
    try:
        with open(temp, "xb") as stream:
            _write_all(stream, data)
        if path.exists():
            shutil.copymode(path, temp)
        os.replace(temp, path)
    finally:
        temp.unlink(missing_ok=True)


def _write_all(stream: BinaryIO, data: bytes) -> None:
    # The one place bytes reach the disk: the tests make it fail like a full disk.
    stream.write(data)
