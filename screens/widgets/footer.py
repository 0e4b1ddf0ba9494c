"""The footer: Textual's key bar, its key descriptions in the language in use."""

from __future__ import annotations

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
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.description = _(widget.description) if widget.description else ""
                if widget.tooltip:
                    widget.tooltip = _(str(widget.tooltip))
            elif isinstance(widget, FooterLabel):
                widget.update(_(str(widget.content)))
            yield widget
