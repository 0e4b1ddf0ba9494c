"""Live alerts from the engine state: catchable players, a pending challenge, what to enter next."""

from __future__ import annotations

import re
from dataclasses import dataclass

from textual.content import Content
from textual.markup import escape
from textual.widgets import Static

from referee.engine import Referee
from referee.i18n import _
from referee.render import render

from ..glyphs import current
from ..literal import filled
from ..prose import Prose, folded


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


_KEYS = {
    "challenge": ("F5", "challenge"),
    "stack": ("F2", "accept"),
    "accept": ("F2", "accept"),
    "hands": ("F7", "hands"),
    "next-round": ("F7", "next_round"),
    "first-round": ("F7", "next_round"),
    "dealer": ("F7", "next_round"),
    "start": ("F7", "next_round"),
    "game-over": ("F8", "sheet"),
}
"""The key (and screen action) that answers each kind of wait."""

ELLIPSIS = "…"
"""Ends an alert cut short (the glyphs filter draws it in ASCII where it could be wide)."""

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
    """The alerts, each wrapped whole, or cut to the rows the screen has left; clicking an
    alert's key does what the key does."""

    DEFAULT_CSS = """
    Alerts {
        height: auto;
        padding: 0 1;
    }
    Alerts.-empty { display: none; }
    """

    _drawn: tuple[object, ...] | None = None

    def show(self, ref: Referee, rows: int, width: int) -> list[Alert]:
        """Draw the alerts in at most `rows` lines of a screen `width` cells wide. Where they
        would take more, each alert has its key first and at
        least a line, the most urgent the lines to spare, the words cut with an ellipsis; the
        least urgent give way to a count of them."""
        found = alerts(ref)
        self.set_class(not found, "-empty")
        glyphs = current()
        bound = self._bound() if found else {}
        marks = []
        for alert in found:
            icon = (
                f"[b $warning]{glyphs.warning}[/]"
                if alert.level == "warning"
                else f"[b $secondary]{glyphs.info}[/]"
            )
            shown = bound.get(alert.action.partition("(")[0], alert.key) if alert.key else ""
            key = (
                f"[@click=screen.{alert.action}][b reverse] {escape(shown)} [/][/]" if shown else ""
            )
            marks.append((icon, key))
        cells = width - self.styles.padding.width
        drawn = (tuple(found), tuple(marks), rows, cells)
        if drawn == self._drawn:
            return found
        self._drawn = drawn
        # The alert quotes names: it goes in as a template variable, shown as written.
        whole = [
            filled(f"{icon} $text  {key}" if key else f"{icon} $text", text=alert.text)
            for (icon, key), alert in zip(marks, found, strict=True)
        ]
        lines = whole
        if cells > 0 and sum(len(folded(c, cells)) for c in whole) > rows:
            kept = max(1, rows)
            more = len(found) - kept
            keyed = [
                _keyed(icon, key, alert.text)
                for (icon, key), alert in zip(marks[:kept], found[:kept], strict=True)
            ]
            if more > 0:
                icon, key = marks[kept - 1]
                keyed[-1] = _keyed(
                    icon, key, found[kept - 1].text, _("(+{count} more)").format(count=more)
                )
            lines = _cut(keyed, kept, cells)
        self.update(Prose(Content("\n").join(lines)))
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


def _keyed(icon: str, key: str, text: str, more: str = "") -> Content:
    """An alert with its key first, so that cutting its words keeps the key."""
    head = f"{icon} {key} " if key else f"{icon} "
    if more:
        return filled(f"{head}[b]$more[/] $text", text=text, more=more)
    return filled(f"{head}$text", text=text)


def _cut(alerts: list[Content], rows: int, cells: int) -> list[Content]:
    """The lines of `alerts` wrapped at `cells`, `rows` of them at most: one an alert, and the
    rows to spare to the first ones; an alert cut short ends in an ellipsis."""
    spare = rows - len(alerts)
    lines: list[Content] = []
    for alert in alerts:
        wrapped = folded(alert, cells)
        take = min(len(wrapped), 1 + spare)
        spare -= take - 1
        lines += wrapped[: take - 1]
        last = wrapped[take - 1]
        if take < len(wrapped):
            last = Content.assemble(last.truncate(cells - 1).rstrip(), ELLIPSIS)
        lines.append(last)
    return lines
