"""The footer: Textual's key bar, its key descriptions in the language in use."""

from __future__ import annotations

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey, FooterLabel

from referee.i18n import N_, _

# Textual's own binding texts: the command palette key, which every screen shows.
TEXTUAL_TEXTS = (N_("palette"), N_("Open the command palette"))


class Footer(TextualFooter):
    """Textual's footer, whose keys show the binding descriptions translated.

    Bindings keep their English description (the msgid, as `N_` marks it) and are translated
    here, when the footer is composed: a language switch recomposes it in the new language.
    """

    def compose(self) -> ComposeResult:
        # Textual builds the keys (groups, the palette key, disabled states); only their words
        # change, so its widgets are translated as they pass instead of building them anew.
        widgets = list(super().compose())
        for widget in widgets:
            if isinstance(widget, FooterKey):
                widget.description = _(widget.description) if widget.description else ""
                if widget.tooltip:
                    widget.tooltip = _(str(widget.tooltip))
            elif isinstance(widget, FooterLabel):
                widget.update(_(str(widget.content)))
        # Textual's compact style (no space around a key) where the keys would not all fit:
        # in Japanese at 80 columns, the last of them was cut.
        self._width = sum(_natural_width(w) for w in widgets if isinstance(w, FooterKey))
        tight = self._tight()
        self.set_reactive(TextualFooter.compact, tight)
        self.set_class(tight, "-compact")
        yield from widgets

    _width = 0
    """The cells the keys take in the roomy style."""

    def _tight(self) -> bool:
        return self._width > self.app.size.width

    def on_resize(self) -> None:
        if self._width and self._tight() != self.compact:
            self.refresh(recompose=True)


def _natural_width(key: FooterKey) -> int:
    """The cells a key takes in the roomy style: its key with a space either side, then its
    description and a space."""
    words = cell_len(key.description) + 1 if key.description else 0
    return cell_len(key.key_display) + 2 + words
