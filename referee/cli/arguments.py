"""The command line's words and the program's variables as text: checked once, before any
command (past here, every word is text)."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence

from ..i18n import _
from ..notation.names import visible
from ..store.cache import CACHE_VARIABLE
from ..store.paths import HOME_VARIABLE, user_path_name
from ..store.settings import CONFIG_VARIABLE
from .common import Failure, not_utf8, utf8_text

PATH_VARIABLES = (HOME_VARIABLE, CONFIG_VARIABLE, CACHE_VARIABLE)
"""The environment variables naming the program's folders and files."""


def usable_input(words: Sequence[str], environ: Mapping[str, str] | None = None) -> list[str]:
    """The arguments as text; Failure (exit 2) naming the first argument or variable that holds
    bytes that are not UTF-8 (a Shift_JIS file name) or a NUL, or a variable naming the folder
    of a user this machine does not have. Checked once, before any command: past here, every
    word is text."""
    for n, word in enumerate(words, 1):
        if "\0" in word:
            # No command line can hold one (a C string ends there), but a caller in this
            # process can, and no file name or text of the program takes it.
            raise Failure(
                _(
                    "uno-referee: argument {n}, {shown}, holds a NUL character (at offset {offset})"
                ).format(n=n, shown=visible(word), offset=word.index("\0"))
            )
        found = not_utf8(word)
        if found is not None:
            raise Failure(
                _(
                    "uno-referee: argument {n}, {shown}, is not UTF-8 text (byte "
                    "{byte} at offset {offset}); arguments must be UTF-8: rename a file "
                    "or folder whose name is not"
                ).format(n=n, shown=visible(word), byte=f"0x{found[1]:02x}", offset=found[0])
            )
    env = os.environ if environ is None else environ
    for name in PATH_VARIABLES:
        value = env.get(name, "").strip()
        found = not_utf8(value)
        if found is not None:
            raise Failure(
                _(
                    "uno-referee: the variable {name}, {shown}, is not UTF-8 text (byte "
                    "{byte} at offset {offset}); set it to a UTF-8 path"
                ).format(name=name, shown=visible(value), byte=f"0x{found[1]:02x}", offset=found[0])
            )
        if value:
            user_path_name(value, name)  # PathError for a `~user` this machine does not have
    return [utf8_text(word) for word in words]
