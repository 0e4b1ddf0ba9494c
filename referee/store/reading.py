"""Reading a file the program keeps: a regular file only, bounded in size, and in nesting before
a parser recurses into it."""

from __future__ import annotations

import errno
import os
import re
import stat
from itertools import accumulate

from ..i18n import _

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    from pathlib import Path

MAX_DEPTH = 32
"""Levels of `[` and `{` a JSON or TOML document read here may nest. The program's own files
nest three deep; Python's JSON and TOML parsers recurse once a level and fail near a thousand."""

# Opened without blocking: opening a named pipe (FIFO) that has no writer would wait for one
# for ever. Without a controlling terminal: a terminal device must not become ours by being
# opened. Both only matter until fstat has said what the file is.
_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_BINARY", 0)
)


class NotAFile(OSError):
    """The path names a folder, a named pipe, a device or a socket: reading it could hang (a
    pipe waits for a writer) or never end (a device), so it is never read. `strerror` says
    which it is, in the language in use."""


class NotPrivate(OSError):
    """The file is not owned by this user alone (`read_regular(private=True)`)."""


def read_regular(
    path: str | Path,
    limit: int,
    *,
    follow_links: bool = True,
    private: bool = False,
    secret: bool = False,
) -> bytes:
    """The bytes of the regular file at `path`, at most `limit + 1` of them (one past the limit
    is enough for the caller to refuse a file that is too large).

    FileNotFoundError if it is missing; NotAFile for anything but a regular file, checked on the
    open file before a byte is read; with `private`, NotPrivate unless it is owned by this user
    and writable by nobody else (with `secret`, readable by nobody else either: a key); with
    `follow_links=False`, an OSError for a symbolic link; any
    other OSError as the system gives it (a PermissionError for a file the user cannot read)."""
    flags = _FLAGS if follow_links else _FLAGS | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise NotAFile(
                errno.EISDIR if stat.S_ISDIR(st.st_mode) else errno.EINVAL,
                _kind(st.st_mode),
                os.fspath(path),
            )
        others = stat.S_IRWXG | stat.S_IRWXO if secret else stat.S_IWGRP | stat.S_IWOTH
        if (
            (private or secret)
            and hasattr(os, "getuid")
            and (st.st_uid != os.getuid() or st.st_mode & others)
        ):
            raise NotPrivate(errno.EPERM, _("the file is not this user's alone"), os.fspath(path))
        with os.fdopen(fd, "rb", closefd=False) as stream:
            return stream.read(limit + 1)
    finally:
        os.close(fd)


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return _("a folder, not a file")
    if stat.S_ISFIFO(mode):
        return _("a named pipe, not a file")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device, not a file")
    if stat.S_ISSOCK(mode):
        return _("a socket, not a file")
    return _("not a regular file")


# Nesting ---------------------------------------------------------------------------------------

# What is not structure in JSON or TOML: strings and comments, whose brackets do not nest. Every
# alternative that starts matches (an unclosed string runs to the end of its line, or of the
# text for a multi-line one), so each character is looked at once: a forged file of unclosed
# quotes costs no more than any other. Where this reading and a parser's differ (an unclosed
# string, `#` or `'` in JSON), the parser stops with an error at that very place, no deeper
# than the brackets counted up to it.
_NOT_STRUCTURE = "|".join(
    (
        r'"""(?:[^\\"]|\\[\s\S]?|"(?!""))*+(?:""""?"?|\Z)',  # TOML multi-line basic string
        r"'''(?:[^']|'(?!''))*+(?:''''?'?|\Z)",  # TOML multi-line literal string
        r'"(?:[^"\\\n]|\\.?)*+(?:"|$)',  # JSON or TOML basic string, to its line's end at most
        r"'[^'\n]*+(?:'|$)",  # TOML literal string
        r"#[^\n]*",  # TOML comment
    )
)
_NOT_BRACKET = r"[^\[\]{}]+"
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
# What breaks a run of TOML key parts (`a.b . c`, its quoted parts already taken out): any
# character that no bare key, dot or space between them can be. A number (`1.5`, a time's
# `00.999`) holds one dot; JSON none outside its strings.
_NOT_KEY = r"[^\w\-. \t]+"


def check_nesting(text: str) -> None:
    """ValueError if the JSON or TOML `text` nests more than MAX_DEPTH levels of brackets, or
    of a TOML key's parts.

    In time linear in the text (a few regular-expression passes), before a parser that would
    recurse once a level is given it."""
    # Compiled on first use (`re` keeps them): most commands read no settings file or book.
    not_structure = re.compile(_NOT_STRUCTURE, re.MULTILINE)
    structure = not_structure.sub("", text)
    brackets = re.sub(_NOT_BRACKET, "", structure)
    if any(depth > MAX_DEPTH for depth in accumulate(map(_STEP.__getitem__, brackets))):
        raise ValueError(_("it nests more than {limit} levels of brackets").format(limit=MAX_DEPTH))
    # TOML's dotted keys nest without brackets (`a.b.c = 1` is three tables deep), and the
    # standard library's parser takes time in the square of their parts: a key of thousands
    # of parts held every command for a second.
    if any(run.count(".") >= MAX_DEPTH for run in re.split(_NOT_KEY, structure)):
        raise ValueError(
            _("a key nests more than {limit} levels (its parts joined by dots)").format(
                limit=MAX_DEPTH
            )
        )
