"""Beside the top card: the colour in force, the piles, round and dealer; and the turn banner."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.markup import escape
from textual.widgets import Label, Static

from referee.engine import Referee
from referee.i18n import _
from referee.notation import visible
from referee.render.waits import ANSWERS, turn_words

from ..glyphs import current
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

    def show(self, ref: Referee, compact: bool = False) -> None:
        """Compact (a narrow column beside a two-column seating): the dealer on a line of its
        own, as the round's line would not fit."""
        table = ref.table
        glyphs = current()
        rows = Text(no_wrap=True, overflow="ellipsis")
        # The labels in a column as wide as the widest, so that the values line up.
        colour, pile, discards = _("Colour"), _("Draw pile"), _("Discards")
        width = max(cell_len(colour), cell_len(pile), cell_len(discards))
        # Compact: the swatch names the colour without its label (the card shows it too).
        rows.append("" if compact else _pad(colour, width))
        if table is not None and table.top is not None:
            rows.append_text(color_swatch(table.color))
            rows.append(
                f"\n{_pad(pile, width + 1)}{table.draw_pile:>4}\n"
                f"{_pad(discards, width + 1)}{len(table.pile):>4}\n"
            )
            if table.direction == 1:
                turn = _("{arrow} clockwise").format(arrow=glyphs.clockwise)
            else:
                turn = _("{arrow} counter-clockwise").format(arrow=glyphs.counter_clockwise)
            rows.append(f"{turn}\n")
        else:
            rows.append(_("none yet") + "\n\n\n\n", style="dim")
        round_text = _("Round {n}").format(n=ref.round_no) if ref.round_no else _("Before round 1")
        rows.append(round_text, style="bold")
        if ref.dealer:
            deals = _("{dot} {dealer} deals").format(dot=glyphs.dot, dealer=visible(ref.dealer))
            rows.append("\n" + deals.lstrip(glyphs.dot + " ") if compact else " " + deals)
        if rows.plain != self._plain:
            self._plain = rows.plain
            self.update(rows, layout=False)


def banner(ref: Referee, read_only: bool = False) -> tuple[str, str]:
    """Whose move it is, in a few words, for the label before the move box: the markup, with
    `$name` standing for the (cut) name, and the name."""
    if read_only:
        return "[b reverse] $name [/]", _("watching")
    said = turn_words(ref.waiting_for())
    # The translation is words around `{name}`, which stands for the name in its box.
    if said is not None:
        first, words = said[0], escape(said[1])
        assert first.player is not None
        if first.kind in ANSWERS:
            return words.format(name="[b reverse $warning] $name [/]"), fit(first.player, 8)
        return words.format(name="[b reverse $accent] $name [/]"), fit(first.player, 10)
    if ref.sheet.finished:
        return "[b reverse] $name [/]", _("game over")
    return "[b reverse] $name [/]", _("table")


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


def _pad(text: str, cells: int) -> str:
    """`text` filled with spaces to `cells` terminal cells (a Japanese word is wider)."""
    return text + " " * (cells - cell_len(text))
