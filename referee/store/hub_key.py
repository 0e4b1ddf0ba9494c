"""This laptop's key to the league's hub: a private file beside the settings file (mode 0600).

The hub's address is a setting anyone may read (`uno-referee config` lists it); the key lets
whoever holds it send sessions as this laptop, so it is kept apart, readable by this user
alone, and never shown whole.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from ..i18n import _
from .atomic import write_atomically
from .reading import read_regular
from .settings import settings_path

KEY_FILE = "hub.key"
"""The key's file, in the folder of the settings file."""

MAX_KEY_BYTES = 4096
"""A hub's keys are a few dozen characters; anything longer is not one."""


class HubKeyRefused(ValueError):
    """A key the file does not take (empty, too long, or holding spaces or control characters)."""


def key_path() -> Path:
    """`hub.key` beside the settings file (so a test's or a kiosk's settings bring their own)."""
    return settings_path().with_name(KEY_FILE)


def check_key(text: str) -> str:
    """The key as kept: stripped; HubKeyRefused unless it is one word of printable characters."""
    key = text.strip()
    if not key:
        raise HubKeyRefused(_("type this laptop's key, as the hub's organiser gave it"))
    if len(key.encode("utf-8")) > MAX_KEY_BYTES or not key.isprintable() or " " in key:
        raise HubKeyRefused(_("a hub's key is one word of letters, digits and signs"))
    return key


def read_hub_key(path: Path | None = None) -> str | None:
    """The kept key, or None if there is none this user alone can read (a file others may read
    is not trusted: it is left as it is and counts as no key)."""
    try:
        raw = read_regular(path or key_path(), MAX_KEY_BYTES, follow_links=False, secret=True)
    except OSError:
        return None
    try:
        return check_key(raw.decode("utf-8"))
    except (UnicodeDecodeError, HubKeyRefused):
        return None


def save_hub_key(key: str, path: Path | None = None) -> None:
    """Keep `key` (checked first), replacing the one kept: written whole and atomically to a
    file only this user can read (the temporary file is made 0600, and the rename keeps it)."""
    target = path or key_path()
    stored = check_key(key)
    target.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(target, stored.encode("utf-8"))


def forget_hub_key(path: Path | None = None) -> None:
    """Remove the kept key (nothing happens if there is none)."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path or key_path())


def masked(key: str) -> str:
    """The key as shown: its last four characters only, so a screen or a photo of it gives
    nothing away that would let someone send as this laptop."""
    # ASCII stars: `…` is drawn two cells wide by terminals set up for Japanese.
    return "****" + key[-4:] if len(key) > 8 else "****"
