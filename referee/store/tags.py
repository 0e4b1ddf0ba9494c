"""A session header as stored: its tag values, read back through the notation so they validate."""

from __future__ import annotations

import functools

from ..engine.events import Header
from ..i18n import _, current

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    from typing import Any


def tags_of(header: Header) -> dict[str, Any]:
    """The header's tags as JSON values (absent tags left out)."""
    tags: dict[str, Any] = {
        "Edition": header.edition,
        "Rules": header.rules,
        "Scoring": header.scoring,
        "Players": list(header.players),
    }
    for name, value in (
        ("Event", header.event),
        ("Site", header.site),
        ("Date", header.date),
        ("Round", header.event_round),
        ("Table", header.event_table),
    ):
        if value is not None:
            tags[name] = value
    if header.overrides:
        tags["Rule"] = [[key, value] for key, value in header.overrides]
    if header.customs:
        tags["Custom"] = [[number, text] for number, text in header.customs]
    return tags


def header_text(header: Header) -> str:
    """The tag lines of a `.uno` file; ValueError if a value cannot be written (a `"`)."""
    # The notation loads where a header is read back or written: listing sessions needs neither.
    from ..engine.events import Session
    from ..notation import format_session

    return format_session(Session(header))


def checked(header: Header) -> Header:
    """The header as the notation reads it back; ValueError (with the tag line) if it cannot be.

    Going through the text is what makes a stored header mean what it would mean in a file.
    """
    again = _read_back(header, current())
    if isinstance(again, str):
        raise ValueError(again)
    return again


@functools.lru_cache(maxsize=64)
def _read_back(header: Header, lang: str) -> Header | str:
    # Kept: a command reads the same header several times (the file, its session, its list row).
    # By language too: what is wrong with a header is said in the language in use.
    from ..notation import NotationError, parse_session  # see `header_text`

    text = header_text(header)
    try:
        again = parse_session(text, "<stored header>").header
    except NotationError as exc:
        line = text.split("\n")[exc.line - 1].strip()
        return f"{line}: {exc.message}"
    if again != header:
        return _("the header does not read back as written:\n{text}").format(text=text)
    return again


def header_of(tags: Any) -> Header:
    """Rebuild a Header from stored tags; ValueError if they are not a valid header."""
    if not isinstance(tags, dict):
        raise ValueError(_("the header tags are not an object"))
    try:
        header = Header(
            edition=_text(tags, "Edition"),
            rules=_text(tags, "Rules"),
            scoring=_text(tags, "Scoring"),
            players=tuple(_texts(tags.get("Players"))),
            event=_optional(tags, "Event"),
            site=_optional(tags, "Site"),
            date=_optional(tags, "Date"),
            overrides=tuple((str(k), str(v)) for k, v in _pairs(tags.get("Rule", []))),
            customs=tuple((int(n), str(t)) for n, t in _pairs(tags.get("Custom", []))),
            event_round=_optional(tags, "Round"),
            event_table=_optional(tags, "Table"),
        )
    except (TypeError, KeyError) as exc:
        raise ValueError(_("the header tags are malformed ({reason})").format(reason=exc)) from None
    return checked(header)


def _text(tags: dict[str, Any], name: str) -> str:
    value = tags[name]
    if not isinstance(value, str):
        raise TypeError(_("{name} is not text").format(name=name))
    return value


def _optional(tags: dict[str, Any], name: str) -> str | None:
    return _text(tags, name) if name in tags else None


def _texts(value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise TypeError(_("Players is not a list of names"))
    return value


def _pairs(value: Any) -> list[tuple[Any, Any]]:
    if not isinstance(value, list) or not all(isinstance(p, list) and len(p) == 2 for p in value):
        raise TypeError(_("Rule and Custom are lists of pairs"))
    return [(p[0], p[1]) for p in value]
