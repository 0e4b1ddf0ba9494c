"""The ruling log: every recorded move with its ruling and rule id, newest last."""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content
from textual.geometry import Size
from textual.message import Message
from textual.reactive import Reactive
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from referee.i18n import _
from referee.notation import visible

from ..prose import Prose
from ..sitting import LogEntry


def entry_content(entry: LogEntry) -> Content:
    """`#12 Bob: r5  Bob played Red 5; Carol plays next. [match]`, styled."""
    move_style = "bold $accent" if entry.text.startswith("round ") else "bold"
    if not entry.holds:
        move_style = "bold $error strike"
    ruling_style = "$warning" if entry.notable else ""
    return Content.assemble(
        (f"#{entry.seq} ", "dim"),
        (visible(entry.text), move_style),
        "  ",
        (visible(entry.message), ruling_style),
        (f" [{visible(entry.rule)}]", "dim"),
    )


class RulingLog(OptionList):
    """Selecting a ruling (Enter or a click) asks for the rule it rests on."""

    DEFAULT_CSS = """
    RulingLog {
        height: 1fr;
        border: round $primary 50%;
        border-title-color: $text;
        /* No scroll bar: the log keeps its newest ruling in sight and scrolls by keys and the
           wheel (History, F9, lists every move); a bar drawn again with every ruling cost a
           millisecond of each move's frame. */
        scrollbar-size-vertical: 0;
    }
    RulingLog:focus { border: round $primary; }
    """

    # The log's own size never follows its content (it takes the height left), so a ruling
    # added is repainted, not laid out again: Textual lays out the whole screen when a
    # widget's virtual size changes, a full redraw that held the ruling's frame back.
    virtual_size = Reactive(Size(0, 0), layout=False)

    class RulingSelected(Message):
        """A ruling was chosen in the log."""

        def __init__(self, entry: LogEntry) -> None:
            super().__init__()
            self.entry = entry

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id)
        self.border_title = _("Rulings (Enter on one shows its rule)")
        self._entries: list[LogEntry] = []

    def show(self, entries: Sequence[LogEntry]) -> None:
        """Bring the list in line with `entries`: append when only new ones came, else rebuild.

        Appending keeps a long session's log cheap: an OptionList measures only new lines.
        """
        known = len(self._entries)
        if len(entries) >= known and list(entries[:known]) == self._entries:
            fresh = entries[known:]
            if fresh:
                self.add_options(Option(Prose(entry_content(e))) for e in fresh)
        else:
            self.clear_options()
            self.add_options(Option(Prose(entry_content(e))) for e in entries)
        self._entries = list(entries)
        if self._entries:
            self.highlighted = len(self._entries) - 1
            # After the layout settles: the views around the log may have changed its height.
            self.call_after_refresh(self.scroll_end, animate=False)

    def on_resize(self) -> None:
        # The views around the log grow and shrink; the newest ruling must stay in sight.
        if self.highlighted is not None and self.highlighted == self.option_count - 1:
            self.call_after_refresh(self.scroll_end, animate=False)

    def _on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.post_message(self.RulingSelected(self._entries[event.option_index]))
