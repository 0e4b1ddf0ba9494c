"""Beside the top card: the colour in force, the piles, round and dealer; and the turn banner."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Label, Static

from referee.engine import Referee
from referee.notation import visible
from referee.service.hints import actor

from ..literal import filled
from .card_view import color_swatch
from .seating import fit


class TableStatus(Static):
    """The colour in force, draw pile, discards, round, dealer and direction."""

    DEFAULT_CSS = """
    TableStatus {
        width: 24;
        height: 7;
        padding: 0 1;
    }
    """

    _plain: str | None = None

    def show(self, ref: Referee) -> None:
        table = ref.table
        rows = Text(no_wrap=True, overflow="ellipsis")
        if table is not None and table.top is not None:
            rows.append("Colour   ")
            rows.append_text(color_swatch(table.color))
            rows.append(f"\nDraw pile {table.draw_pile:>4}\nDiscards  {len(table.pile):>4}\n")
            turn = "↻ clockwise" if table.direction == 1 else "↺ counter-clockwise"
            rows.append(f"{turn}\n")
        else:
            rows.append("Colour   ")
            rows.append("none yet\n\n\n\n", style="dim")
        round_text = f"Round {ref.round_no}" if ref.round_no else "Before round 1"
        rows.append(round_text, style="bold")
        if ref.dealer:
            rows.append(f" · {visible(ref.dealer)} deals")
        if rows.plain != self._plain:
            self._plain = rows.plain
            self.update(rows, layout=False)


def banner(ref: Referee, read_only: bool = False) -> tuple[str, str]:
    """Whose move it is, in a few words, for the label before the move box: the markup, with
    `$name` standing for the (cut) name, and the name."""
    if read_only:
        return "[b reverse] watching [/]", ""
    who = actor(ref)
    table = ref.table
    if who is not None and table is not None and table.pending is not None:
        return "[b reverse $warning] $name [/] answers +4", fit(who, 8)
    if who is not None:
        return "[b reverse $accent] $name [/] to play", fit(who, 10)
    if ref.sheet.finished:
        return "[b reverse] game over [/]", ""
    return "[b reverse] table [/]", ""


class TurnBanner(Label):
    """The player the table waits on, in reverse colours, left of the move box."""

    DEFAULT_CSS = """
    TurnBanner {
        width: 20;
        height: 3;
        content-align: left middle;
        padding: 0 1 0 0;
    }
    """

    _drawn: tuple[str, str] | None = None

    def show(self, drawn: tuple[str, str]) -> None:
        # A fixed width: a new name every turn must not cost a layout of the whole table.
        if drawn != self._drawn:
            self._drawn = drawn
            markup, name = drawn
            self.update(filled(markup, name=name), layout=False)
