"""History: every move and ruling in order; undo the last, or correct one after a preview."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, DataTable, Footer, Header, Input, Label, Static

from referee.service import Correction, SessionError

from .dialogs import ConfirmDialog
from .literal import filled, text_cell
from .sitting import Sitting


def plan_text(plan: Correction) -> Content:
    """What a correction does: its own ruling, then each later move's. Moves and rulings (which
    quote names) go in as template variables, shown as typed."""
    if not plan.ok:
        return filled(f"[b $error]#{plan.seq} cannot become `$new`:[/] $message "
                      "[dim]\\[$rule][/]", new=plan.new, message=plan.message, rule=plan.rule)
    lines = [filled(f"[b]#{plan.seq}[/] $old [b]→[/] $new: $message [dim]\\[$rule][/]",
                    old=plan.old, new=plan.new, message=plan.message, rule=plan.rule)]
    for later in plan.later:
        if later.holds:
            lines.append(filled(f"  [dim]#{later.seq} $text: still holds[/]", text=later.text))
        else:
            lines.append(filled(f"  [b $error]#{later.seq} $text: NO LONGER HOLDS, dropped:[/] "
                                "$message [dim]\\[$rule][/]", text=later.text,
                                message=later.message, rule=later.rule))
    if plan.applied:
        lines.insert(0, Content.from_markup("[b $success]Corrected.[/]"))
    elif plan.dropped:
        lines.append(Content.from_markup(
            f"[b $warning]Applying drops {len(plan.dropped)} later move(s).[/]"))
    else:
        lines.append(Content.from_markup("[b $success]Every later move still holds.[/]"))
    return Content("\n").join(lines)


class HistoryScreen(Screen[None]):
    """Pick a move (Enter or a click), type what it should have been, preview, then apply."""

    CSS_PATH = "history_screen.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("f6", "undo", "Undo last", id="history.undo"),
        Binding("f2", "preview", "Preview", id="history.preview"),
        Binding("f3", "apply", "Apply", id="history.apply"),
    ]

    def __init__(self, sitting: Sitting) -> None:
        super().__init__()
        self.sitting = sitting
        self.seq: int | None = None
        self._plan: Correction | None = None

    def compose(self) -> ComposeResult:
        yield Header(icon="▤")
        moves: DataTable[Text] = DataTable(id="moves", cursor_type="row", zebra_stripes=True)
        moves.add_column("#", key="seq")
        moves.add_column("Rd", key="round")
        moves.add_column("Move", key="move")
        moves.add_column("Ruling", key="ruling")
        yield moves
        yield Static("Enter on a move to correct it; F6 takes back the last move.", id="plan")
        with Horizontal(id="fix"):
            yield Label("Correct —", id="target")
            yield Input(placeholder="the move as it should have been", id="new", disabled=True)
            yield Button("Preview", id="preview", disabled=True)
            yield Button("Apply", id="apply", variant="warning", disabled=True)
        yield Footer()

    def on_mount(self) -> None:
        self.title = "History"
        self.sub_title = self.sitting.label()
        self._fill()
        self.query_one("#moves", DataTable).focus()

    def _fill(self) -> None:
        moves = self.query_one("#moves", DataTable)
        moves.clear()
        for entry in self.sitting.log:
            style = "bold red" if not entry.holds else ("yellow" if entry.notable else "")
            moves.add_row(Text(str(entry.seq), justify="right"),
                          Text(str(entry.round or ""), justify="right"),
                          text_cell(entry.text, style="bold"),
                          text_cell(f"{entry.message} [{entry.rule}]", style=style),
                          key=str(entry.seq))
        if self.sitting.log:
            moves.move_cursor(row=len(self.sitting.log) - 1)
        self.refresh_bindings()

    @on(DataTable.RowSelected, "#moves")
    def _chosen(self, event: DataTable.RowSelected) -> None:
        seq = int(str(event.row_key.value))
        entry = next(e for e in self.sitting.log if e.seq == seq)
        self.seq = seq
        self._plan = None
        self.query_one("#target", Label).update(f"Correct #{seq} to")
        new = self.query_one("#new", Input)
        new.disabled = False
        new.value = entry.text
        new.focus()
        self.query_one("#preview", Button).disabled = False
        self.query_one("#apply", Button).disabled = True
        self.refresh_bindings()

    @on(Input.Changed, "#new")
    def _edited(self) -> None:
        # A preview is only good for the text it was made for.
        self._plan = None
        self.query_one("#apply", Button).disabled = True
        self.refresh_bindings()

    @on(Button.Pressed, "#preview")
    @on(Input.Submitted, "#new")
    def action_preview(self) -> None:
        if self.seq is None:
            return
        try:
            plan = self.sitting.preview_correction(self.seq, self.query_one("#new", Input).value)
        except SessionError as exc:
            self._show(filled("[b $error]$text[/]", text=exc.message))
            return
        self._plan = plan if plan.ok else None
        self._show(plan_text(plan))
        self.query_one("#apply", Button).disabled = not plan.ok
        self.refresh_bindings()

    @on(Button.Pressed, "#apply")
    def action_apply(self) -> None:
        plan = self._plan
        if plan is None:
            return
        if plan.dropped:
            self.app.push_screen(
                ConfirmDialog("Drop later moves?", f"Correcting #{plan.seq} drops "
                              f"{len(plan.dropped)} later move(s) that no longer hold. They "
                              "stay in the file's log but stop counting.", "Correct and drop"),
                lambda yes: self._apply(plan) if yes else None)
        else:
            self._apply(plan)

    def _apply(self, plan: Correction) -> None:
        try:
            done = self.sitting.correct(plan.seq, plan.new)
        except SessionError as exc:
            self._show(filled("[b $error]$text[/]", text=exc.message))
            return
        self._show(plan_text(done))
        self._reset()

    def action_undo(self) -> None:
        try:
            done = self.sitting.undo()
        except SessionError as exc:
            self._show(filled("[b $error]$text[/]", text=exc.message))
            return
        self._show(filled(f"[b $secondary]Undone #{done.seq} $text[/]", text=done.text))
        self._reset()

    def _reset(self) -> None:
        self.seq = None
        self._plan = None
        self.query_one("#target", Label).update("Correct —")
        new = self.query_one("#new", Input)
        new.value = ""
        new.disabled = True
        self.query_one("#preview", Button).disabled = True
        self.query_one("#apply", Button).disabled = True
        self._fill()
        self.query_one("#moves", DataTable).focus()

    def _show(self, content: Content) -> None:
        self.query_one("#plan", Static).update(content)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return not self.sitting.read_only and bool(self.sitting.log)
        if action == "preview":
            return self.seq is not None
        if action == "apply":
            return self._plan is not None
        return True

    def action_back(self) -> None:
        self.dismiss(None)
