"""The score sheet: rounds across, points and running totals, ranks, a chart, rulings, export."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, DataTable, Footer, Header, Input, Select, Static

from referee.sheet import Sheet
from referee.sheet.exports import FORMATS, labels
from referee.sheet.files import ExportError, TargetExists, check_target, write_file

from .dialogs import ConfirmDialog, QrDialog
from .literal import filled, literal, text_cell
from .sitting import Sitting
from .widgets import TotalsChart

if TYPE_CHECKING:
    from .app import RefereeApp

"""The export command's prefix on its messages; on screen the context is already clear."""


def fill_table(grid: DataTable[Text], sheet: Sheet) -> None:
    """Players down, rounds across: each round's points and the running total after it."""
    grid.add_column("Player", key="player")
    for rnd in sheet.rounds:
        grid.add_column(f"R{rnd.number}", key=f"r{rnd.number}")
        grid.add_column("Σ", key=f"t{rnd.number}")
    grid.add_column("Total", key="total")
    grid.add_column("Rank", key="rank")
    winner = sheet.score.winner
    for player in sheet.players:
        name = text_cell(player, style="bold" if player == winner else "")
        cells: list[Text] = [name]
        for rnd in sheet.rounds:
            went_out = rnd.went_out == player
            cells.append(Text(f"{rnd.points[player]:+d}", justify="right",
                              style="bold green" if went_out else ""))
            cells.append(Text(str(rnd.running[player]), justify="right", style="dim"))
        cells.append(Text(str(sheet.score.totals[player]), justify="right", style="bold"))
        rank = labels.rank_text(sheet, player) + (" ★" if player == winner else "")
        cells.append(Text(rank, justify="right"))
        grid.add_row(*cells, key=player)


def notes_text(sheet: Sheet) -> Content:
    """The notable rulings, round by round; they quote names, so they go in as typed."""
    lines: list[Content] = []
    rounds = [*sheet.rounds, *([sheet.playing] if sheet.playing else [])]
    for rnd in rounds:
        lines.append(filled("[b]$heading[/]", heading=labels.round_heading(rnd)))
        lines += [filled("  $text [dim]\\[$rule][/]", text=note.text, rule=note.rule)
                  for note in rnd.notes]
        if not rnd.notes:
            lines.append(Content.from_markup("  [dim]nothing notable[/]"))
    return Content("\n").join(lines) if lines else Content.from_markup("[dim]No round yet.[/]")


class ScoreSheetScreen(Screen[None]):
    """The sheet as the table keeps it, and its exports (files and the QR code)."""

    CSS_PATH = "score_sheet_screen.tcss"

    app: RefereeApp

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("f2", "export", "Export", id="sheet.export"),
        Binding("f3", "qr", "QR code", id="sheet.qr"),
    ]

    def __init__(self, sitting: Sitting, *, export: bool = False) -> None:
        super().__init__()
        self.sitting = sitting
        self.sheet = sitting.sheet()
        self._export_first = export
        """Opened to export (the palette's command): the file name has the focus."""

    def compose(self) -> ComposeResult:
        yield Header(icon="▤")
        sheet = self.sheet
        with VerticalScroll(id="body"):
            if sheet is None:
                yield Static("[b $error]The sheet cannot be drawn while a stored move no longer "
                             "holds: correct it in History (F9 on the table).[/]")
            else:
                yield Static(filled("[b]$status[/]  [dim]$scoring[/]",
                                    status=labels.status(sheet),
                                    scoring=labels.scoring_text(sheet.system)), id="standing")
                grid: DataTable[Text] = DataTable(id="grid", cursor_type="row",
                                                  zebra_stripes=True)
                fill_table(grid, sheet)
                yield grid
                yield TotalsChart(sheet, id="chart")
                yield Static(notes_text(sheet), id="notes")
        with Horizontal(id="export"):
            yield Select([(f.name, f.name) for f in FORMATS.values()],
                         value="html", allow_blank=False, id="format")
            yield Input(self._default_path("html"), id="path")
            yield Button("Export", id="do-export", variant="primary")
            yield Button("QR", id="do-qr")
        yield Static("", id="exported")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Score sheet"
        self.sub_title = self.sitting.label()
        if self.sheet is None:
            for widget in self.query("#export Select, #export Input, #export Button"):
                widget.disabled = True
        elif self._export_first:
            self.query_one("#path", Input).focus()

    def _default_path(self, fmt: str) -> str:
        return f"uno-{self.sitting.id}{FORMATS[fmt].suffix}"

    @on(Select.Changed, "#format")
    def _format_changed(self, event: Select.Changed) -> None:
        path = self.query_one("#path", Input)
        stem = Path(path.value or self._default_path("html"))
        chosen = FORMATS[str(event.value)]
        path.value = str(stem.with_suffix(chosen.suffix))
        self._said(f"{chosen.name}: {chosen.help}", error=False)

    @on(Button.Pressed, "#do-export")
    @on(Input.Submitted, "#path")
    def action_export(self) -> None:
        self._export(force=False)

    def _export(self, force: bool) -> None:
        if self.sheet is None:
            return
        fmt = FORMATS[str(self.query_one("#format", Select).value)]
        typed = self.query_one("#path", Input).value.strip()
        if not typed:
            self._said("Type a file name to export to.", error=True)
            return
        # Relative to the app's folder (where it was started), like the import dialog.
        out = str((self.app.cwd / Path(typed).expanduser()).resolve())
        try:
            check_target(out, force)
            write_file(out, fmt.render(self.sheet), force)
        except TargetExists:
            self.app.push_screen(
                ConfirmDialog("Overwrite?", f"{out} already exists. Replace it with this "
                              "score sheet?", "Overwrite"),
                lambda yes: self._export(force=True) if yes else None)
            return
        except ExportError as exc:
            self._said(exc.message, error=True)
            return
        self._said(f"Wrote the {fmt.name} export to {out}", error=False)

    def _said(self, text: str, error: bool) -> None:
        said = self.query_one("#exported", Static)
        said.update(literal(text, lines=True))
        said.set_class(error, "-error")

    @on(Button.Pressed, "#do-qr")
    def action_qr(self) -> None:
        if self.sheet is not None:
            self.app.push_screen(QrDialog(self.sheet))

    def action_back(self) -> None:
        self.dismiss(None)
