"""Live alerts from the engine state: catchable players, a pending challenge, what to enter next."""

from __future__ import annotations

import re
from dataclasses import dataclass

from textual.content import Content
from textual.markup import escape
from textual.widgets import Static

from referee.engine import Referee
from referee.engine.messages import render

from ..glyphs import current
from ..literal import filled


@dataclass(frozen=True, slots=True)
class Alert:
    """One thing the table should act on now, and the key that does it."""

    text: str
    key: str = ""
    """The key shown with it, e.g. `F4`."""
    action: str = ""
    """The screen action the key runs, for a click on the alert."""
    level: str = "warning"
    """`warning` for a window that will close, `info` for what the referee waits for."""


_KEYS = {"challenge": ("F5", "challenge"), "stack": ("F2", "accept"), "accept": ("F2", "accept"),
         "hands": ("F7", "hands"), "next-round": ("F7", "next_round"),
         "first-round": ("F7", "next_round"), "dealer": ("F7", "next_round"),
         "start": ("F7", "next_round"), "game-over": ("F8", "sheet")}
"""The key (and screen action) that answers each kind of wait."""

_WARNINGS = frozenset({"challenge", "stack", "accept", "catch"})
"""Waits on a window that closes with the next action."""


def alerts(ref: Referee) -> list[Alert]:
    """What the table can or must do besides the next turn, most urgent first (the referee's
    `waiting_for`, with the key that does it)."""
    found: list[Alert] = []
    table = ref.table
    for wait in ref.waiting_for():
        if wait.kind == "turn":
            continue
        key, action = _KEYS.get(wait.kind, ("", ""))
        if wait.kind == "catch" and table is not None and wait.player in table.players:
            key, action = "F4", f"catch({table.players.index(wait.player)})"
        level = "warning" if wait.kind in _WARNINGS else "info"
        found.append(Alert(render((wait.message,)), key, action, level))
    return found


class Alerts(Static):
    """The alerts, one line each; clicking an alert's key does what the key does."""

    DEFAULT_CSS = """
    Alerts {
        height: auto;
        padding: 0 1;
    }
    Alerts.-empty { display: none; }
    """

    _drawn: tuple[tuple[str, str], ...] | None = None

    def show(self, ref: Referee) -> list[Alert]:
        found = alerts(ref)
        self.set_class(not found, "-empty")
        lines = []
        glyphs = current()
        bound = self._bound() if found else {}
        for alert in found:
            icon = (f"[b $warning]{glyphs.warning}[/]" if alert.level == "warning"
                    else f"[b $secondary]{glyphs.info}[/]")
            shown = bound.get(alert.action.partition("(")[0], alert.key) if alert.key else ""
            key = (f"  [@click=screen.{alert.action}][b reverse] {escape(shown)} [/][/]"
                   if shown else "")
            # The alert quotes names: it goes in as a template variable, shown as written.
            lines.append((f"{icon} $text{key}", alert.text))
        drawn = tuple(lines)
        if drawn != self._drawn:
            self._drawn = drawn
            self.update(Content("\n").join(filled(markup, text=text) for markup, text in drawn))
        return found

    def _bound(self) -> dict[str, str]:
        """The keys bound to the screen's actions now (the settings file may bind others than
        the defaults), as an alert names them (`F4`)."""
        bound: dict[str, str] = {}
        for active in self.screen.active_bindings.values():
            binding = active.binding
            if binding.id and binding.action not in bound:
                key = self.app.get_key_display(binding)
                bound[binding.action] = key.upper() if re.fullmatch(r"f\d+", key) else key
        return bound
