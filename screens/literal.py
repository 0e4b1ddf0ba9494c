"""Text from people and files on screen: inserted as typed, never read as markup, controls shown."""

from __future__ import annotations

from rich.text import Text
from textual.content import Content

from referee.notation import visible


def literal(text: str, style: str = "", *, lines: bool = False) -> Content:
    """`text` as typed, in `style`; `lines` keeps its line breaks (a message of several lines)."""
    return Content.styled(visible(text, lines=lines), style)


def filled(template: str, **values: str) -> Content:
    """The markup `template` with each `$key` standing for its value, inserted as typed: a name
    such as `Ann [/x]` or one ending in a backslash cannot open, close or escape a tag."""
    return Content.from_markup(template, **{k: visible(v, lines=True) for k, v in values.items()})


def text_cell(text: str, style: str = "", justify: str | None = None) -> Text:
    """A Rich Text (DataTable cells, Select labels) holding `text` as typed."""
    return Text(visible(text), style=style, justify=justify)  # type: ignore[arg-type]
