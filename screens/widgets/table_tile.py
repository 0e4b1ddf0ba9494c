"""One table of an event on the director's screen: its clock, whose turn, and what needs the
director (from the table's referee and from its phones)."""

from __future__ import annotations

from typing import NamedTuple

from rich.text import Text
from textual.widgets import Static

from referee.i18n import _, ngettext

STALE_MINUTES = 5
"""No move for this long at a table in play: the director is told."""


class TileView(NamedTuple):
    """What a tile shows, as plain data (the screen compares it to redraw only on change)."""

    table: int
    players: tuple[str, ...]
    turn: str | None
    moves: int
    deals: int
    colour: str
    """`green`, `yellow`, `red` (time up), `none` (untimed), or `done`."""
    clock: str
    alerts: tuple[str, ...]
    """Already in words (the screen's language)."""


class TableTile(Static, can_focus=True):
    """A table's tile: a framed box whose border is its clock's colour."""

    DEFAULT_CSS = """
    TableTile {
        width: 1fr; height: auto; border: round $panel-lighten-2;
        padding: 0 1;
    }
    TableTile.green { border: round $success; }
    TableTile.yellow { border: round $warning; background: $warning 10%; }
    TableTile.red { border: heavy $error; background: $error 15%; }
    TableTile.done { border: round $panel; color: $text-muted; }
    TableTile:focus { border: double $accent; }
    """

    def __init__(self, table: int, round_no: int = 0) -> None:
        # The round in its id too: the tiles of a round just seated are mounted while the last
        # round's are still being removed.
        super().__init__(id=f"round-{round_no}-table-{table}")
        self.table = table
        self.view: TileView | None = None

    def show(self, view: TileView) -> None:
        if view == self.view:
            return
        self.view = view
        self.set_classes(view.colour)
        self.border_title = _("Table {table}").format(table=view.table)
        self.border_subtitle = view.clock
        text = Text()
        for index, player in enumerate(view.players):
            if index:
                text.append(" ")
            # Names are data: appended as plain text, never parsed as markup.
            text.append(
                ("▶" if player == view.turn else "") + player, "bold" if player == view.turn else ""
            )
        text.append("\n")
        text.append(
            ngettext("{n} move", "{n} moves", view.moves).format(n=view.moves)
            + "  "
            + ngettext("{n} deal", "{n} deals", view.deals).format(n=view.deals),
            "dim",
        )
        for alert in view.alerts:
            text.append("\n")
            text.append("! " + alert, "bold")
        self.update(text)
