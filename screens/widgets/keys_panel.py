"""The keys panel (the palette's Keys command): Textual's, its descriptions translated."""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import HelpPanel, Markdown
from textual.widgets._key_panel import BindingsTable, KeyPanel

from referee.i18n import N_, _

TEXTUAL_KEYS = (
    N_("Quit"),
    N_("Focus Next"),
    N_("Focus Previous"),
    N_("Copy selected text"),
    N_("Input"),
    N_("Move cursor left"),
    N_("Move cursor left and select"),
    N_("Move cursor left a word"),
    N_("Move cursor left a word and select"),
    N_("Move cursor right or accept the completion suggestion"),
    N_("Move cursor right and select"),
    N_("Move cursor right a word"),
    N_("Move cursor right a word and select"),
    N_("Delete character left"),
    N_("Select all"),
    N_("Go to start"),
    N_("Go to end"),
    N_("Select line start"),
    N_("Select line end"),
    N_("Delete character right"),
    N_("Submit"),
    N_("Delete left to start of word"),
    N_("Delete all to the left"),
    N_("Delete right to start of word"),
    N_("Delete all to the right"),
    N_("Cut selected text"),
    N_("Paste text from the clipboard"),
    N_("Scroll Up"),
    N_("Scroll Down"),
    N_("Scroll Left"),
    N_("Scroll Right"),
    N_("Scroll Home"),
    N_("Scroll End"),
    N_("Page Up"),
    N_("Page Down"),
    N_("Page Left"),
    N_("Page Right"),
    N_("Down"),
    N_("Last"),
    N_("Select"),
    N_("First"),
    N_("Up"),
    N_("Cursor up"),
    N_("Cursor down"),
    N_("Cursor right"),
    N_("Cursor left"),
    N_("Page up"),
    N_("Page down"),
    N_("Top"),
    N_("Bottom"),
    N_("Home"),
    N_("End"),
    N_("Show menu"),
    N_("Dismiss menu"),
    N_("Press button"),
)
"""The descriptions of the keys of Textual's widgets the app shows (input boxes, lists,
tables, menus, buttons), in Textual's English: translated as the panel lists them."""


class TranslatedBindings(BindingsTable):
    """Textual's table of keys, its descriptions and group titles in the language in use."""

    def render(self) -> Table:
        # Textual groups and orders the keys; only the words of each row change. A row is a
        # description (Textual gives its own and the app's in English, the msgid), or a title.
        table = self.render_bindings_table()
        for column in table.columns[1:]:
            column._cells = [_translated(cell) for cell in column._cells]
        return table


def _translated(cell: RenderableType) -> RenderableType:
    if not isinstance(cell, Text) or not cell.plain:
        return cell
    words = _(cell.plain)
    if words == cell.plain:
        return cell
    translated = Text(words, style=cell.style, end=cell.end)
    for span in cell.spans:
        if span.start == 0 and span.end >= len(cell.plain):
            translated.stylize(span.style)
    return translated


class TranslatedKeyPanel(KeyPanel):
    """Textual's key panel, drawing the translated table."""

    def compose(self) -> ComposeResult:
        yield TranslatedBindings(shrink=True, expand=False)


class KeysPanel(HelpPanel):
    """Textual's help panel (the focused widget's help and the keys), translated keys."""

    def compose(self) -> ComposeResult:
        yield Markdown(id="widget-help")
        yield TranslatedKeyPanel(id="keys-help")
