"""What every command shares: the exit codes, Failure, reading a session file, --rule pairs,
and text wrapped to terminal cells (light: the command line loads it before any command)."""

from __future__ import annotations

import sys
import unicodedata
from collections.abc import Sequence

from ..i18n import _
from ..notation.limits import MAX_FILE_BYTES
from ..notation.names import visible

# Exit codes of notation section 7; 3 is reserved for internal errors in cli.main.
OK, REFUSED, UNREADABLE = 0, 1, 2


class Failure(Exception):
    """The command cannot go on: `message` goes to stderr and the process exits with `code`."""

    def __init__(self, message: str, code: int = UNREADABLE) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


def warn(problem: str) -> None:
    """A warning on stderr. It may quote a name, a label or a path from a file or the
    environment: their control and bidi characters are shown, never sent to the terminal."""
    print(
        visible(_("uno-referee: warning: {problem}").format(problem=problem), lines=True),
        file=sys.stderr,
    )


def not_utf8(text: str) -> tuple[int, int] | None:
    """Where `text` (an argument, a variable) holds a byte that is not UTF-8: its offset in the
    bytes given and its value; None when it is all UTF-8.

    Python hands such bytes over as lone surrogates (surrogateescape): they could not be
    printed, stored or sent anywhere as text."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        pass
    else:
        return None
    raw = text.encode("utf-8", "surrogateescape" if _escaped(text) else "surrogatepass")
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return exc.start, raw[exc.start]
    return None


def utf8_text(text: str) -> str:
    """`text`, with bytes handed over as lone surrogates read as the UTF-8 they form: only a
    caller in this process can split a character into such bytes (a command line whose bytes
    are UTF-8 arrives as text), and `not_utf8` has found no byte that is not UTF-8."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raw = text.encode("utf-8", "surrogateescape" if _escaped(text) else "surrogatepass")
        return raw.decode("utf-8")
    return text


def _escaped(text: str) -> bool:
    # Surrogates other than U+DC80-U+DCFF (the escaped bytes) are not bytes of anything.
    return all(not 0xD800 <= ord(ch) <= 0xDFFF or 0xDC80 <= ord(ch) <= 0xDCFF for ch in text)


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
        raise Failure(_("{path}: no such file").format(path=path)) from None
    except IsADirectoryError:
        raise Failure(_("{path}: is a directory, not a session file").format(path=path)) from None
    except OSError as exc:
        raise Failure(
            _("{path}: cannot read: {reason}").format(path=path, reason=exc.strerror or exc)
        ) from None
    if len(data) > MAX_FILE_BYTES:
        raise Failure(
            _("{path}: larger than {limit} bytes, the limit of a session file").format(
                path=path, limit=f"{MAX_FILE_BYTES:,}"
            )
        ) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Failure(
            _(
                "{path}: not UTF-8 text (byte {byte} at offset {offset}); save the file as UTF-8"
            ).format(path=path, byte=f"0x{data[exc.start]:02x}", offset=exc.start)
        ) from None


def parse_overrides(pairs: Sequence[str], command: str = "rules") -> tuple[tuple[str, str], ...]:
    """`key=value` words from `--rule`; Failure on a word without `=`."""
    out = []
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise Failure(
                _(
                    "uno-referee {command}: --rule expects key=value, e.g. --rule "
                    "uno-penalty=4, not {pair!r}"
                ).format(command=command, pair=pair)
            )
        out.append((key.strip(), value.strip()))
    return tuple(out)


# Text in terminal cells ------------------------------------------------------------------------


def cells(text: str) -> int:
    """Terminal columns: East Asian wide characters (Japanese) take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


# Japanese line breaking: closing punctuation (comma, full stop, closing brackets, the long
# vowel mark) never begins a line, an opening bracket never ends one. Escaped, as full-width
# look-alikes of ASCII hide in code.
_NO_START = frozenset("\u3001\u3002\uff0c\uff0e\uff09\u300d\u300f\uff01\uff1f\uff1a\u30fc")
_NO_END = frozenset("\uff08\u300c\u300e")


def _wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in "WF"


def _pieces(text: str) -> list[str]:
    """Where a line may break: spaces, each wide character, and words of the other kinds."""
    pieces: list[str] = []
    joinable = False  # whether the last piece is a word the next narrow character extends
    for ch in text:
        if ch.isspace() or _wide(ch) or not joinable:
            pieces.append(" " if ch.isspace() else ch)
        else:
            pieces[-1] += ch
        joinable = not ch.isspace() and not _wide(ch)
    return pieces


def wrap(text: str, width: int) -> list[str]:
    """`text` in lines of at most `width` terminal cells (as textwrap.wrap does, which counts
    characters and breaks only at spaces: Japanese has neither)."""
    text = " ".join(text.split())
    if not any(_wide(ch) for ch in text):
        import textwrap  # only help and the rules wrap text: no need to load it for a move

        return textwrap.wrap(text, width)
    lines: list[str] = []
    line = ""
    for piece in _pieces(text):
        if piece == " ":
            if line and not line.endswith(" "):
                line += " "
            continue
        fits = cells(line) + cells(piece) <= width
        if (
            not fits
            and line.strip()
            and piece[0] not in _NO_START
            and line.rstrip()[-1] not in _NO_END
        ):
            lines.append(line.rstrip())
            line = ""
        line += piece
    if line.strip():
        lines.append(line.rstrip())
    return lines


def fill(text: str, width: int, indent: str = "") -> str:
    """`text` wrapped to `width` cells, every line indented."""
    if not any(_wide(ch) for ch in text):
        import textwrap

        # Exactly what the commands printed before they spoke Japanese.
        return textwrap.fill(text, width, initial_indent=indent, subsequent_indent=indent)
    return "\n".join(indent + line for line in wrap(text, width - cells(indent)))
