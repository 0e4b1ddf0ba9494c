"""The header: Textual's title bar, its icon from the glyphs in use and its tooltip translated."""

from __future__ import annotations

from textual.widgets import Header as TextualHeader
from textual.widgets._header import HeaderIcon

from referee.i18n import _

from ..glyphs import current


class Header(TextualHeader):
    """Textual's header; the icon opens the command palette, as Textual's does."""

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__(icon=current().icon, id=id)

    def on_mount(self) -> None:
        # After the icon's own mount, which sets Textual's English tooltip.
        self.call_after_refresh(self._translate_tooltip)

    def _translate_tooltip(self) -> None:
        for icon in self.query(HeaderIcon):
            if icon.tooltip:
                icon.tooltip = _("Open the command palette")
