"""The score sheet: rounds across, points and running totals, ranks, a chart, rulings, export."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, DataTable, Header, Input, Select, Static

from referee.i18n import N_, _, pgettext
from referee.render import render
from referee.sheet import Sheet
from referee.sheet.exports import FORMATS, labels
from referee.sheet.files import ExportError, TargetExists, check_target, write_file
from referee.sheet.model import RoundInPlay, SheetRound
from referee.store.paths import PathError, user_path

from . import glyphs
from .dialogs import SERVE_KEY, ConfirmDialog, QrDialog
from .host import Host
from .literal import filled, literal, text_cell
from .prose import Prose
from .sitting import Sitting
from .widgets import TotalsChart
from .widgets.footer import Footer


def fill_table(grid: DataTable[Text], sheet: Sheet) -> None:
    """Players down, rounds across: each round's points and the running total after it."""
    # Column headings of their own ("sheet column"): short enough in Japanese (名前, 1回) for
    # five rounds, their totals, 合計 and 順位 to fit 80 columns.
    grid.add_column(pgettext("sheet column", "Player"), key="player")
    # The running total's heading: a word where the language has one, else the symbol.
    total = pgettext("running total", "Σ")
    total = glyphs.current().total if total == "Σ" else total
    star = glyphs.current().star
    for rnd in sheet.rounds:
        # A round's points, then the running total after it (Σ).
        grid.add_column(pgettext("sheet column", "R{n}").format(n=rnd.number), key=f"r{rnd.number}")
        grid.add_column(total, key=f"t{rnd.number}")
    grid.add_column(_("Total"), key="total")
    grid.add_column(_("Rank"), key="rank")
    winner = sheet.score.winner
    for player in sheet.players:
        name = text_cell(player, style="bold" if player == winner else "")
        cells: list[Text] = [name]
        for rnd in sheet.rounds:
            went_out = rnd.won_by == player
            cells.append(
                Text(
                    f"{rnd.points[player]:+d}",
                    justify="right",
                    style="bold green" if went_out else "",
                )
            )
            cells.append(Text(str(rnd.running[player]), justify="right", style="dim"))
        cells.append(Text(str(sheet.score.totals[player]), justify="right", style="bold"))
        rank = labels.rank_text(sheet, player) + (f" {star}" if player == winner else "")
        cells.append(Text(rank, justify="right"))
        grid.add_row(*cells, key=player)


def notes_text(sheet: Sheet) -> Content:
    """The notable rulings, round by round; they quote names, so they go in as typed."""
    lines: list[Content] = []
    rounds: list[SheetRound | RoundInPlay] = [
        *sheet.rounds,
        *([sheet.playing] if sheet.playing else []),
    ]
    for rnd in rounds:
        lines.append(filled("[b]$heading[/]", heading=labels.round_heading(rnd)))
        lines += [
            filled("  $text [dim]\\[$rule][/]", text=render(note.parts), rule=note.rule)
            for note in rnd.notes
        ]
        if not rnd.notes:
            lines.append(Content.from_markup(_("  [dim]nothing notable[/]")))
    return Content("\n").join(lines) if lines else Content.from_markup(_("[dim]No round yet.[/]"))


class ScoreSheetScreen(Screen[None]):
    """The sheet as the table keeps it, and its exports (files and the QR code)."""

    CSS_PATH = "score_sheet_screen.tcss"

    app: Host

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", N_("Back")),
        Binding("f2", "export", N_("Export"), id="sheet.export"),
        Binding("f3", "qr", N_("QR code"), id="sheet.qr"),
        Binding("f12", "serve", SERVE_KEY, id="sheet.serve", show=False),
    ]

    def __init__(self, sitting: Sitting, *, export: bool = False) -> None:
        super().__init__()
        self.sitting = sitting
        self.sheet = sitting.sheet()
        self._export_first = export
        """Opened to export (the palette's command): the file name has the focus."""

    def compose(self) -> ComposeResult:
        self.title = _("Score sheet")
        self.sub_title = self.sitting.label()
        yield Header(icon=glyphs.current().icon)
        sheet = self.sheet
        with VerticalScroll(id="body"):
            if sheet is None:
                yield Static(
                    _(
                        "[b $error]The sheet cannot be drawn while a stored move no "
                        "longer holds: correct it in History (F9 on the table).[/]"
                    )
                )
            else:
                yield Static(
                    filled(
                        "[b]$status[/]  [dim]$scoring[/]",
                        status=labels.status(sheet),
                        scoring=labels.scoring_text(sheet.system),
                    ),
                    id="standing",
                )
                grid: DataTable[Text] = DataTable(id="grid", cursor_type="row", zebra_stripes=True)
                fill_table(grid, sheet)
                yield grid
                yield TotalsChart(sheet, id="chart")
                yield Static(notes_text(sheet), id="notes")
        with Horizontal(id="export"):
            yield Select(
                [(f.name, f.name) for f in FORMATS.values()],
                value="html",
                allow_blank=False,
                id="format",
            )
            yield Input(self._default_path("html"), id="path")
            yield Button(_("Export"), id="do-export", variant="primary")
            yield Button(_("QR"), id="do-qr")
        yield Static("", id="exported")
        yield Footer()

    def on_mount(self) -> None:
        self._ready()
        if self.sheet is not None and self._export_first:
            self.query_one("#path", Input).focus()

    async def recompose(self) -> None:
        # A language switch draws the sheet anew: the chosen format and file name stay.
        kept = (
            (self.query_one("#format", Select).value, self.query_one("#path", Input).value)
            if self.is_mounted
            else None
        )
        await super().recompose()
        self._ready()
        if kept is not None:
            with self.prevent(Select.Changed):
                self.query_one("#format", Select).value = kept[0]
            self.query_one("#path", Input).value = kept[1]

    def _ready(self) -> None:
        if self.sheet is None:
            for widget in self.query("#export Select, #export Input, #export Button"):
                widget.disabled = True

    def _default_path(self, fmt: str) -> str:
        return f"uno-{self.sitting.id}{FORMATS[fmt].suffix}"

    @on(Select.Changed, "#format")
    def _format_changed(self, event: Select.Changed) -> None:
        path = self.query_one("#path", Input)
        stem = Path(path.value or self._default_path("html"))
        chosen = FORMATS[str(event.value)]
        path.value = str(stem.with_suffix(chosen.suffix))
        self._said(
            _("{format}: {help}").format(format=chosen.name, help=_(chosen.help)), error=False
        )

    @on(Button.Pressed, "#do-export")
    def action_export(self) -> None:
        self._export(self.query_one("#path", Input).value, force=False)

    @on(Input.Submitted, "#path")
    def _path_entered(self, event: Input.Submitted) -> None:
        # The path as it was at the Enter, not with what was typed after it.
        self._export(event.value, force=False)

    def _export(self, path: str, force: bool) -> None:
        if self.sheet is None:
            return
        fmt = FORMATS[str(self.query_one("#format", Select).value)]
        typed = path.strip()
        if not typed:
            self._said(_("Type a file name to export to."), error=True)
            return
        if "\0" in typed:
            self._said(_("a file name holds no NUL character"), error=True)
            return
        try:
            # Relative to the app's folder (where it was started), like the import dialog.
            out = str((self.app.cwd / user_path(typed, typed)).resolve())
        except PathError as exc:
            self._said(exc.message, error=True)
            return
        try:
            check_target(out, force)
            write_file(out, fmt.render(self.sheet), force)
        except TargetExists:
            self.app.push_screen(
                ConfirmDialog(
                    _("Overwrite?"),
                    _("{path} already exists. Replace it with this score sheet?").format(path=out),
                    _("Overwrite"),
                ),
                lambda yes: self._export(path, force=True) if yes else None,
            )
            return
        except ExportError as exc:
            self._said(exc.message, error=True)
            return
        self._said(
            _("Wrote the {format} export to {path}").format(format=fmt.name, path=out), error=False
        )

    def _said(self, text: str, error: bool) -> None:
        said = self.query_one("#exported", Static)
        said.update(Prose(literal(text, lines=True)))
        said.set_class(error, "-error")

    @on(Button.Pressed, "#do-qr")
    def action_qr(self) -> None:
        if self.sheet is not None:
            self.app.push_screen(QrDialog(self.sheet))

    def action_serve(self) -> None:
        self.app.show_scoreboard(self.sitting)

    def action_back(self) -> None:
        self.dismiss(None)
