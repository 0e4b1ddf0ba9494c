"""What every command shares: the exit codes, Failure, reading a session file, --rule pairs."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from ..notation.limits import MAX_FILE_BYTES

# Exit codes of notation section 7; 3 is reserved for internal errors in cli.main.
OK, REFUSED, UNREADABLE = 0, 1, 2


class Failure(Exception):
    """The command cannot go on: `message` goes to stderr and the process exits with `code`."""

    def __init__(self, message: str, code: int = UNREADABLE) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


def read_text(path: str) -> str:
    """The file's text; Failure with a plain message when it is missing, unreadable or not UTF-8."""
    try:
        # One byte past the limit is enough to refuse: a huge file is never read whole.
        if path == "-":
            data = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
        else:
            with open(path, "rb") as stream:
                data = stream.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise Failure(f"{path}: no such file") from None
    except IsADirectoryError:
        raise Failure(f"{path}: is a directory, not a session file") from None
    except OSError as exc:
        raise Failure(f"{path}: cannot read: {exc.strerror or exc}") from None
    if len(data) > MAX_FILE_BYTES:
        raise Failure(f"{path}: larger than {MAX_FILE_BYTES:,} bytes, the limit of a session "
                      "file") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Failure(f"{path}: not UTF-8 text (byte 0x{data[exc.start]:02x} at offset "
                      f"{exc.start}); save the file as UTF-8") from None


def parse_overrides(pairs: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """`key=value` words from `--rule`; Failure on a word without `=`."""
    out = []
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise Failure("uno-referee rules: --rule expects key=value, e.g. --rule "
                          f"uno-penalty=4, not {pair!r}")
        out.append((key.strip(), value.strip()))
    return tuple(out)
