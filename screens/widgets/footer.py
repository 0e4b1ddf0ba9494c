"""The footer: Textual's key bar, its key descriptions in the language in use."""

from __future__ import annotations

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey, FooterLabel

from referee.i18n import N_, _, current

# Textual's own binding texts: the command palette key, which every screen shows.
TEXTUAL_TEXTS = (N_("palette"), N_("Open the command palette"))


class Footer(TextualFooter):
    """Textual's footer, whose keys show the binding descriptions translated.

    Bindings keep their English description (the msgid, as `N_` marks it) and are translated
    here, when the footer is composed: a language switch recomposes it in the new language.
    """

    _shown: object = None
    """What the keys were last composed from (`_keys_of`)."""

    def __init__(self, *, keys_at_once: bool = False) -> None:
        """`keys_at_once`: the keys are composed with the footer, from the screen's bindings
        as they are then (for a screen whose shown keys do not wait for its focus or its
        mounting). Else, as Textual does, the footer starts empty and its keys come once the
        screen has told it its bindings: a second compose, layout and frame."""
        super().__init__()
        if keys_at_once:
            self.set_reactive(TextualFooter._bindings_ready, True)

    def bindings_changed(self, screen: Screen[object]) -> None:
        # Textual composes the keys again each time the screen's bindings are updated (every
        # focus change, several times while a screen starts): only do so when what they show
        # changed. Composing the same keys again is most of the time a first screen takes.
        shown = self._keys_of(screen)
        if self._bindings_ready and shown == self._shown:
            return
        super().bindings_changed(screen)
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            # Textual composes them again after the next refresh: until then, the same keys
            # asked for again (the focus moving while the screen starts) need no other compose.
            self._shown = shown

    def _keys_of(self, screen: Screen[object]) -> object:
        """What the keys show: each shown binding's key, action, words, state and group, and
        the palette's key, in the language in use. A hidden binding (a list's cursor keys, a
        button's Enter) changes nothing on the footer when focus brings it or takes it away."""
        palette = self.app.COMMAND_PALETTE_BINDING
        return (
            current(),
            self.show_command_palette,
            tuple(
                (
                    key,
                    binding.key,
                    binding.action,
                    binding.description,
                    enabled,
                    tooltip,
                    binding.group,
                    binding.key_display,
                    binding.tooltip,
                )
                for key, (_node, binding, enabled, tooltip) in screen.active_bindings.items()
                if binding.show or key == palette
            ),
        )

    def compose(self) -> ComposeResult:
        if self._bindings_ready:
            self._shown = self._keys_of(self.screen)
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
        # in Japanese at 80 columns, the last of them was cut. Where even that is too wide, the
        # palette's key gives way (Ctrl+P works all the same, and the help lists it).
        keys = [w for w in widgets if isinstance(w, FooterKey)]
        self._widths = (
            sum(_width(k, compact=False) for k in keys),
            sum(_width(k, compact=True) for k in keys),
        )
        self._fitted = self._fit()
        compact, palette = self._fitted
        self.set_reactive(TextualFooter.compact, compact)
        self.set_class(compact, "-compact")
        for key in keys:
            if key.has_class("-command-palette"):
                continue  # not bound to the footer's style: Textual draws it compact always
            # Each key starts in the style it is shown in: else Textual sets it once the key is
            # mounted, and every key is styled a second time before the first frame.
            key.set_reactive(FooterKey.compact, compact)
            key.set_class(compact, "-compact", update=False)
        yield from (
            w
            for w in widgets
            if palette or not (isinstance(w, FooterKey) and w.has_class("-command-palette"))
        )

    _widths: tuple[int, int] = (0, 0)
    """The cells the keys take, roomy and compact."""
    _fitted: tuple[bool, bool] = (False, True)
    """Whether the keys are drawn compact, and whether the palette's key is shown."""

    def _fit(self) -> tuple[bool, bool]:
        roomy, compact = self._widths
        room = self.app.size.width
        if roomy <= room:
            return False, True
        return True, compact <= room

    def on_resize(self) -> None:
        if any(self._widths) and self._fit() != self._fitted:
            self.refresh(recompose=True)


def _width(key: FooterKey, compact: bool) -> int:
    """The cells a key takes: roomy, its key with a space either side, then its description
    and a space; compact, a space between them and one after."""
    words = cell_len(key.description) + 1 if key.description else 0
    return cell_len(key.key_display) + (1 if compact else 2) + words
