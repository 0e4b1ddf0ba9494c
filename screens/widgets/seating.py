"""The seating in order: hand counts, whose turn, the dealer, UNO windows and each total."""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size
from textual.content import Content
from textual.markup import escape
from textual.widgets import Static

from referee.i18n import _
from referee.notation import visible

from ..glyphs import current

TYPE_CHECKING = False
if TYPE_CHECKING:
    from referee.engine import Referee

_BAR_CAP = 8
"""Hand bars stop growing here: the number says the rest."""

NAME_CELLS = 10
"""Names are cut to this many terminal cells, so ten players and their totals fit 80 columns."""

COMPACT_NAME_CELLS = 8
"""In two columns (many players, few rows), names are cut shorter."""


def fit(name: str, cells: int = NAME_CELLS) -> str:
    """`name` in at most `cells` terminal cells (wide characters count two), `…` if cut; its
    control characters made visible first, so that the cut counts what is shown."""
    name = visible(name)
    if cell_len(name) <= cells:
        return name
    return set_cell_size(name, cells - 1).rstrip() + current().ellipsis


def _bar(count: int) -> str:
    return current().bar * min(count, _BAR_CAP) + ("+" if count > _BAR_CAP else "")


def _pad(text: str, cells: int) -> str:
    """`text` filled with spaces to `cells` terminal cells (a Japanese word is wider)."""
    return text + " " * (cells - cell_len(text))


class Seating(Static):
    """One line per player, clockwise as seated; clicking a name starts a move for them.

    Compact (many players in a short terminal): two columns, top to bottom then the next,
    without the heading and the hand bars, so that ten players take five lines.
    """

    DEFAULT_CSS = """
    Seating {
        height: auto;
        min-height: 7;
        border: round $primary 50%;
        border-title-color: $text;
        padding: 0 1;
        /* One line per player, always: the redraw skips the layout while the count holds. */
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    """

    _drawn: tuple[tuple[str, tuple[str, ...]], ...] | None = None
    _made: dict[tuple[str, tuple[str, ...]], Content] | None = None
    """The lines of the last drawing, made: a move changes two or three lines of them."""

    def show(self, ref: Referee, compact: bool = False) -> None:
        """Redraw from the referee's public state."""
        # Loaded here: the table, which draws the seating, has the referee loaded already; the
        # session list uses only `fit`, and must not load the referee for it.
        from referee.suggest import actor

        table = ref.table
        who = actor(ref)
        totals = ref.sheet.totals
        glyphs = current()
        if table is None:
            self.border_title = _("Seating")
        elif table.direction == 1:
            self.border_title = _("Seating {arrow} clockwise").format(arrow=glyphs.down)
        else:
            self.border_title = _("Seating {arrow} counter-clockwise").format(arrow=glyphs.up)
        cells = COMPACT_NAME_CELLS if compact else NAME_CELLS
        width = max(cell_len(fit(name, cells)) for name in ref.players)
        lines: list[tuple[str, tuple[str, ...]]]
        if compact:
            players = [
                self._line(ref, index, name, width, who, totals.get(name, 0), "a", compact=True)
                for index, name in enumerate(ref.players)
            ]
            half = (len(players) + 1) // 2
            lines = []
            for row in range(half):
                left = players[row]
                if row + half < len(players):
                    # Every compact line is as wide as the next: one space between columns.
                    right = players[row + half]
                    lines.append(
                        (left[0] + " " + right[0].replace("$a", "$b"), (*left[1], *right[1]))
                    )
                else:
                    lines.append(left)
        else:
            # The headings line up with the columns below, whatever their words' widths.
            player, cards, total = _("player"), _("cards"), _("total")
            dealer = " " * cell_len(_("D"))
            heading = f"  {_pad(player, width)} {dealer}  {_pad(cards, 4 + _BAR_CAP)}{total}"
            lines = [("[dim]$a[/]", (heading,))]
            lines += [
                self._line(ref, index, name, width, who, totals.get(name, 0), "a")
                for index, name in enumerate(ref.players)
            ]
        drawn = tuple(lines)
        if drawn != self._drawn:
            # A name goes in as a template variable: shown as typed, never read as markup.
            before = self._made or {}
            made = {
                line: before.get(line)
                or Content.from_markup(line[0], **dict(zip("ab", line[1], strict=False)))
                for line in lines
            }
            self._made = made
            content = Content("\n").join(made[line] for line in lines)
            # One line per player: the height only changes with the layout.
            self.update(content, layout=self._drawn is None or len(drawn) != len(self._drawn))
            self._drawn = drawn

    @staticmethod
    def _line(
        ref: Referee,
        index: int,
        name: str,
        width: int,
        who: str | None,
        total: int,
        var: str,
        compact: bool = False,
    ) -> tuple[str, tuple[str]]:
        """The line's markup, with `$var` standing for the (cut) name."""
        table = ref.table
        marker = f"[b $accent]{current().turn}[/]" if name == who else " "
        short = fit(name, COMPACT_NAME_CELLS if compact else NAME_CELLS)
        shown = f"${var}"
        if name == who:
            shown = f"[b reverse]{shown}[/]"
        # Only the name is the link: padding inside it would be underlined too.
        link = f"[@click=screen.address({index})]{shown}[/]{' ' * (width - cell_len(short))}"
        dealer_mark = escape(_("D"))
        dealer = (
            f"[b $secondary]{dealer_mark}[/]" if name == ref.dealer else " " * cell_len(dealer_mark)
        )
        if compact:
            return _compact(ref, name, marker, link, dealer, total), (short,)
        hand = " " * (4 + _BAR_CAP + 1)
        flags = ""
        if table is not None and name in table.players:
            seat = table.players.index(name)
            count = table.hands[seat]
            hand = f"{count:>3} [dim]{_bar(count):<{_BAR_CAP + 1}}[/]"
            if seat in table.catchable:
                flags = "[b $warning]{}[/]".format(
                    escape(_("UNO? {warning}").format(warning=current().warning))
                )
            elif count == 1:
                # Called, or the window closed: safe either way; the last card is the news.
                flags = "[b $success]{}[/]".format(escape(_("1 card")))
            if table.winner == seat:
                flags = "[b $success]{}[/]".format(
                    escape(_("out {star}").format(star=current().star))
                )
        elif name in ref.sheet.eliminated:
            flags = "[dim]{}[/]".format(escape(_("out of the game")))
        return f"{marker} {link} {dealer}{hand}[b]{total:>5}[/] {flags}".rstrip(), (short,)


def _compact(ref: Referee, name: str, marker: str, link: str, dealer: str, total: int) -> str:
    """A compact column, always as wide: the count, the total and a one-cell mark (the alerts
    say who can be caught; the mark points to them)."""
    table = ref.table
    count, flag = "   ", " "
    if table is not None and name in table.players:
        seat = table.players.index(name)
        count = f"{table.hands[seat]:>3}"
        if seat in table.catchable:
            flag = f"[b $warning]{current().warning}[/]"
        elif table.winner == seat:
            flag = f"[b $success]{current().star}[/]"
    elif name in ref.sheet.eliminated:
        flag = "[dim]-[/]"
    return f"{marker}{link} {dealer}{count}[b]{total:>6}[/]{flag}"
