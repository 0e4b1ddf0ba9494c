"""Every action of the screen below by a letter: the way in for keyboards without F keys."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Label, Static

from referee.i18n import N_, _

from ..literal import filled
from .boxed_dialog import BoxedDialog

LETTERS = {
    "table.draw": "d",
    "table.accept": "a",
    "table.uno": "u",
    "table.catch": "c",
    "table.challenge": "h",
    "table.undo": "z",
    "table.hands": "e",
    "table.next_round": "n",
    "table.sheet": "s",
    "table.history": "l",
    "table.rules": "r",
    "table.change_rules": "g",
    "table.leave": "b",
    "sessions.new": "n",
    "sessions.import": "i",
    "sessions.demo": "m",
    "sessions.delete": "x",
    "sessions.standings": "s",
    "table.serve": "p",
    "sheet.serve": "p",
    "sheet.export": "e",
    "sheet.qr": "q",
    "history.undo": "z",
    "history.preview": "p",
    "history.apply": "a",
    "app.help": "?",
    "app.language": "t",
}
"""The letter of each action by its binding id; the settings file may give another (its key
map's `menu.<binding id>`, e.g. `"menu.table.catch" = "k"`)."""


Chosen = tuple[str, object]
"""An action and the node that binds it (the screen below, or the app)."""


class ActionsMenu(BoxedDialog[Chosen | None]):
    """Lists the actions the screen below can take now, each with its letter and its key.

    A letter dismisses the menu with its action, which the app then runs on the screen below;
    Escape (or the menu's own key) closes the menu.
    """

    DEFAULT_CSS = """
    ActionsMenu > Vertical { width: 48; }
    ActionsMenu #how { color: $text-muted; margin-top: 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Close"), show=False),
        Binding("ctrl+o", "close", N_("Close"), show=False, id="app.actions"),
    ]

    def __init__(self, below: Screen[object]) -> None:
        super().__init__()
        self._below = below
        self._letters: dict[str, Chosen] = {}

    def compose(self) -> ComposeResult:
        keymap = self.app._keymap  # the user's key map, as Textual keeps it
        lines = []
        seen: set[str] = set()
        for active in self._below.active_bindings.values():
            binding = active.binding
            letter = keymap.get(f"menu.{binding.id}", LETTERS.get(binding.id or ""))
            if not letter or not active.enabled or binding.id in seen or letter in self._letters:
                continue
            seen.add(str(binding.id))
            self._letters[letter] = (binding.action, active.node)
            lines.append(
                filled(
                    "  [b reverse] $letter [/]  $what  [dim]$key[/]",
                    letter=letter,
                    what=_(binding.description),
                    key=self.app.get_key_display(binding),
                )
            )
        with Vertical():
            yield Label(_("[b]Actions[/]"))
            if not lines:
                yield Static(_("Nothing to do here by a letter."), id="none")
            for line in lines:
                yield Static(line)
            yield Static(_("A letter: its action. Escape: back."), id="how")

    def on_key(self, event: events.Key) -> None:
        found = self._letters.get(event.character or "") or self._letters.get(event.key)
        if found is None:
            return
        event.stop()
        self.dismiss(found)

    def action_close(self) -> None:
        self.dismiss(None)
