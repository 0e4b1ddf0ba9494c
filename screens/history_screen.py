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
from textual.widgets import Button, DataTable, Header, Input, Label, Static

from referee.i18n import N_, _, ngettext
from referee.render import render
from referee.service import Correction, SessionError

from . import glyphs
from .dialogs import ConfirmDialog
from .literal import filled, text_cell
from .sitting import Sitting, replaced_list
from .widgets.footer import Footer


def plan_text(plan: Correction) -> Content:
    """What a correction does: its own ruling, then each later move's. Moves and rulings (which
    quote names) go in as template variables, shown as typed."""
    if not plan.ok:
        return filled(
            _("[b $error]#{seq} cannot become '$new':[/] $message [dim]\\[$rule][/]").format(
                seq=plan.seq
            ),
            new=plan.new,
            message=render(plan.parts),
            rule=plan.rule,
        )
    lines = [
        filled(
            _("[b]#{seq}[/] $old [b]{arrow}[/] $new: $message [dim]\\[$rule][/]").format(
                seq=plan.seq, arrow=glyphs.current().arrow
            ),
            old=plan.old,
            new=plan.new,
            message=render(plan.parts),
            rule=plan.rule,
        )
    ]
    for later in plan.later:
        if later.holds:
            lines.append(
                filled(
                    _("  [dim]#{seq} $text: still holds[/]").format(seq=later.seq), text=later.text
                )
            )
        else:
            lines.append(
                filled(
                    _(
                        "  [b $error]#{seq} $text: NO LONGER HOLDS, dropped:[/] "
                        "$message [dim]\\[$rule][/]"
                    ).format(seq=later.seq),
                    text=later.text,
                    message=render(later.parts),
                    rule=later.rule,
                )
            )
    if plan.applied:
        lines.insert(0, Content.from_markup(_("[b $success]Corrected.[/]")))
    elif plan.dropped:
        n = len(plan.dropped)
        lines.append(
            Content.from_markup(
                ngettext(
                    "[b $warning]Applying drops {n} later move.[/]",
                    "[b $warning]Applying drops {n} later moves.[/]",
                    n,
                ).format(n=n)
            )
        )
    else:
        lines.append(Content.from_markup(_("[b $success]Every later move still holds.[/]")))
    return Content("\n").join(lines)


class HistoryScreen(Screen[None]):
    """Pick a move (Enter or a click), type what it should have been, preview, then apply."""

    CSS_PATH = "history_screen.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", N_("Back")),
        Binding("f6", "undo", N_("Undo last"), id="history.undo"),
        Binding("f2", "preview", N_("Preview"), id="history.preview"),
        Binding("f3", "apply", N_("Apply"), id="history.apply"),
    ]

    def __init__(self, sitting: Sitting) -> None:
        super().__init__()
        self.sitting = sitting
        self.seq: int | None = None
        self._plan: Correction | None = None
        self._previewed = False
        """The plan under the moves is a preview of the text in the box (redrawn with it)."""
        self._by: dict[int, str] = {}

    def compose(self) -> ComposeResult:
        self.title = _("History")
        self.sub_title = self.sitting.label()
        yield Header(icon=glyphs.current().icon)
        moves: DataTable[Text] = DataTable(id="moves", cursor_type="row", zebra_stripes=True)
        moves.add_column("#", key="seq")
        moves.add_column(_("Rd"), key="round")
        moves.add_column(_("Move"), key="move")
        self._by = self._proposers()
        if self._by:
            # Only at a table whose phones proposed moves: whose phone sent each.
            moves.add_column(_("Phone"), key="by")
        moves.add_column(_("Ruling"), key="ruling")
        yield moves
        yield Static(_("Enter on a move to correct it; F6 takes back the last move."), id="plan")
        with Horizontal(id="fix"):
            yield Label(self._target_text(), id="target")
            yield Input(placeholder=_("the move as it should have been"), id="new", disabled=True)
            yield Button(_("Preview"), id="preview", disabled=True)
            yield Button(_("Apply"), id="apply", variant="warning", disabled=True)
        yield Footer()

    def on_mount(self) -> None:
        self._fill()
        self.query_one("#moves", DataTable).focus()

    async def recompose(self) -> None:
        # A language switch draws the screen anew: the move being corrected and what was typed
        # for it stay; a preview is made again in the new language.
        typed = self.query_one("#new", Input).value if self.is_mounted else ""
        await super().recompose()
        self._fill()
        if self.seq is None:
            self.query_one("#moves", DataTable).focus()
            return
        previewed = self._previewed
        self._editing(typed)
        if previewed:
            self.action_preview()

    def _target_text(self) -> str:
        if self.seq is None:
            return _("Correct {dash}").format(dash=glyphs.current().dash)
        return _("Correct #{seq} to").format(seq=self.seq)

    def _proposers(self) -> dict[int, str]:
        """Move number -> the player whose phone proposed it (the log keeps it)."""
        live = self.sitting.live
        by = live.proposed_by()
        return {move.seq: by[move.entry] for move in live.moves if move.entry in by}

    def _fill(self) -> None:
        moves = self.query_one("#moves", DataTable)
        moves.clear()
        # A number keeps its move for life; what it held before (undone or corrected) is shown.
        before = {move.seq: move.replaced for move in self.sitting.live.moves}
        for entry in self.sitting.log:
            style = "bold red" if not entry.holds else ("yellow" if entry.notable else "")
            ruling = (
                _("{ruling} [{rule}] (in place of {moves})").format(
                    ruling=entry.message, rule=entry.rule, moves=replaced_list(before[entry.seq])
                )
                if before.get(entry.seq)
                else f"{entry.message} [{entry.rule}]"
            )
            cells = [
                Text(str(entry.seq), justify="right"),
                Text(str(entry.round or ""), justify="right"),
                text_cell(entry.text, style="bold"),
            ]
            if self._by:
                cells.append(text_cell(self._by.get(entry.seq, "")))
            moves.add_row(*cells, text_cell(ruling, style=style), key=str(entry.seq))
        if self.sitting.log:
            moves.move_cursor(row=len(self.sitting.log) - 1)
        self.refresh_bindings()

    @on(DataTable.RowSelected, "#moves")
    def _chosen(self, event: DataTable.RowSelected) -> None:
        seq = int(str(event.row_key.value))
        entry = next(e for e in self.sitting.log if e.seq == seq)
        self.seq = seq
        self._plan = None
        self._previewed = False
        self._editing(entry.text)

    def _editing(self, text: str) -> None:
        """The correction row open on the chosen move, `text` in the box."""
        self.query_one("#target", Label).update(self._target_text())
        new = self.query_one("#new", Input)
        new.disabled = False
        with new.prevent(Input.Changed):
            new.value = text
        new.focus()
        self.query_one("#preview", Button).disabled = False
        self.query_one("#apply", Button).disabled = True
        self.refresh_bindings()

    @on(Input.Changed, "#new")
    def _edited(self) -> None:
        # A preview is only good for the text it was made for.
        self._plan = None
        self._previewed = False
        self.query_one("#apply", Button).disabled = True
        self.refresh_bindings()

    @on(Input.Submitted, "#new")
    def _entered(self, event: Input.Submitted) -> None:
        # The correction as it was at the Enter, not with what was typed after it.
        self._preview(event.value)

    @on(Button.Pressed, "#preview")
    def action_preview(self) -> None:
        self._preview(self.query_one("#new", Input).value)

    def _preview(self, new: str) -> None:
        if self.seq is None:
            return
        try:
            plan = self.sitting.preview_correction(self.seq, new)
        except SessionError as exc:
            self._show(filled("[b $error]$text[/]", text=exc.message))
            return
        self._previewed = True
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
                ConfirmDialog(
                    _("Drop later moves?"),
                    ngettext(
                        "Correcting #{seq} drops {n} later move that no longer holds. It stays in "
                        "the file's log but stops counting.",
                        "Correcting #{seq} drops {n} later moves that no longer hold. They stay in "
                        "the file's log but stop counting.",
                        len(plan.dropped),
                    ).format(seq=plan.seq, n=len(plan.dropped)),
                    _("Correct and drop"),
                ),
                lambda yes: self._apply(plan) if yes else None,
            )
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
        self._show(
            filled(_("[b $secondary]Undone #{seq} $text[/]").format(seq=done.seq), text=done.text)
        )
        self._reset()

    def _reset(self) -> None:
        self.seq = None
        self._plan = None
        self._previewed = False
        self.query_one("#target", Label).update(self._target_text())
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
