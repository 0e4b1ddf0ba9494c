"""Setting a damaged file aside, never overwriting anything, with a note saying what happened."""

from __future__ import annotations

import contextlib
import os

from ..i18n import _
from .atomic import fsync_dir

TYPE_CHECKING = False  # as typing's, without loading pathlib (see referee.named)
if TYPE_CHECKING:
    from pathlib import Path


def set_aside(path: Path, folder: Path, reason: str) -> Path:
    """Move `path` into `folder` under a new name and return that name.

    `os.link` fails rather than replace an existing file, so nothing in the folder is ever
    overwritten; where hard links are unsupported, a name is only used if it is free.
    """
    import datetime  # here: only a damaged file is set aside

    folder.mkdir(parents=True, exist_ok=True)
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%dT%H%M%SZ")
    for n in range(1000):
        target = folder / f"{path.stem}.{stamp}{f'-{n}' if n else ''}{path.suffix}"
        try:
            os.link(path, target)
        except FileExistsError:
            continue
        except OSError:
            if target.exists():
                continue
            os.rename(path, target)
        else:
            try:
                os.unlink(path)
            except OSError:
                # Left in place (a read-only folder): take the copy back, or every later read
                # of the same damaged file would add another one.
                with contextlib.suppress(OSError):
                    os.unlink(target)
                raise
        break
    else:
        raise OSError(
            _("no free name in {folder} for {name}").format(folder=folder, name=path.name)
        )
    fsync_dir(folder)
    fsync_dir(path.parent)
    with contextlib.suppress(OSError):
        target.with_name(target.name + ".txt").write_text(
            _(
                "{path} could not be read and was moved here.\nReason: {reason}\nTo try it again, "
                "move this file back to {path}.\n"
            ).format(path=path, reason=reason),
            encoding="utf-8",
        )
    return target
