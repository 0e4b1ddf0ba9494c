"""The table: seating, top card, alerts, the move box and the ruling log of one open session."""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Input, Static

from referee.engine.changes import before_first_card
from referee.engine.events import Header as SessionHeader
from referee.engine.state import Game
from referee.i18n import N_, _, ngettext
from referee.notation import from_keyboard, visible
from referee.render import render
from referee.service import NothingToUndo, Preview, Recorded, SessionError
from referee.suggest import actor, catch_lines, misplay_instead, quick_moves
from referee.table import Reply

from .dialogs import SERVE_KEY, CatchDialog, ChallengeDialog, Kept, RoundStartDialog, RuleDialog
from .glyphs import current
from .history_screen import HistoryScreen
from .host import Host
from .literal import literal
from .prose import Prose
from .round_end_screen import RoundEndScreen
from .rules_change_screen import RulesChangeDialog
from .rules_screen import RulesScreen
from .score_sheet_screen import ScoreSheetScreen
from .sitting import Sitting, replaced_list, words
from .widgets import (
    Alerts,
    CardView,
    MoveBox,
    RulingLog,
    Seating,
    TableStatus,
    TurnBanner,
    banner,
    empty_line,
    problem,
)
from .widgets.footer import Footer
from .widgets.header import Header
from .widgets.phones_panel import PhonesPanel

_ONE_KEY_ACTIONS = ("draw", "accept", "uno", "catch", "challenge", "undo", "hands", "next_round")
"""Actions whose keys come and go with the state of the table."""

_KEYS_AFTER = 1 / 30
"""Seconds after a move before the footer's keys are checked: once its frame is painted."""

_FIXED_ROWS = 8
"""Rows the header, the move box, the line under it and the footer take."""

_LOG_ROWS = 7
"""The ruling log's least height: five rulings and its border."""

_CARD_ROWS = 7
"""The top row's least height: the card's."""

_REFRESH_SECONDS = 1.0
"""How often a watched (read-only) table looks for moves stored by the writer."""


class TableScreen(Screen[None]):
    """Records moves through the sitting; every view is redrawn from the referee afterwards."""

    CSS_PATH = "table_screen.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f2", "draw", N_("Draw"), id="table.draw"),
        Binding("f2", "accept", N_("Accept +4"), id="table.accept"),
        Binding("f3", "uno", N_("UNO"), id="table.uno"),
        Binding("f4", "catch", N_("Catch"), id="table.catch"),
        Binding("f5", "challenge", N_("Challenge"), id="table.challenge"),
        Binding("f6", "undo", N_("Undo"), id="table.undo"),
        Binding("f7", "hands", N_("Hands"), id="table.hands"),
        Binding("f7", "next_round", N_("Round start"), id="table.next_round"),
        Binding("f8", "sheet", N_("Sheet"), id="table.sheet"),
        Binding("f9", "history", N_("History"), id="table.history", show=False),
        Binding("f10", "rules", N_("Rules"), id="table.rules", show=False),
        Binding("ctrl+r", "change_rules", N_("Change rules"), id="table.change_rules", show=False),
        Binding("escape", "leave", N_("Sessions"), id="table.leave", show=False),
        Binding("f12", "serve", SERVE_KEY, id="table.serve", show=False),
        Binding("ctrl+y", "approve_seat", N_("Approve seat"), id="table.approve_seat", show=False),
        Binding("ctrl+n", "reject_proposal", N_("Turn down"), id="table.reject", show=False),
    ]

    def __init__(self, sitting: Sitting) -> None:
        super().__init__()
        self.sitting = sitting
        self._last: tuple[Callable[[], str], str] | None = None
        """The last ruling shown under the move box (its words, made in the language in use),
        and its rule id."""
        self._verdict: tuple[Callable[[], str], str | None, str] | None = None
        """What the line under the move box says: drawn again after a language switch."""
        self._keys: tuple[bool | None, ...] = ()
        """Which one-key actions the footer shows now."""
        self._quick_at: tuple[Game, dict[str, str]] | None = None
        """The quick moves of the state last asked about: each one-key action asks in turn,
        and a state the referee ruled on never changes."""
        self._keys_due = False
        """The footer's keys are to be checked after the next frame."""
        self._redraw_due = False
        """The views are to be redrawn once the frame showing a ruling is painted."""
        self._frozen = False
        """Whether this table froze the objects alive (`gc.freeze`) until it closes."""
        self._titled: SessionHeader | None = None
        """The header the title names (`set` lines change it)."""

    def compose(self) -> ComposeResult:
        # The views redrawn after every move are kept, not looked up each time (a query walks
        # the screen); a language switch composes them anew.
        self._card, self._status = CardView(id="card"), TableStatus(id="status")
        self._seating, self._alerts = Seating(id="seating"), Alerts(id="alerts")
        self._log, self._turn = RulingLog(id="log"), TurnBanner(id="turn")
        self._said = Static("", id="verdict")
        self._phones = PhonesPanel(id="phones")
        yield Header()
        with Horizontal(id="top"):
            yield self._card
            yield self._status
            yield self._seating
        yield self._alerts
        yield self._phones
        yield self._log
        with Horizontal(id="entry"):
            yield self._turn
            yield MoveBox(lambda: self.sitting.referee, self.sitting.preview, id="move")
        yield self._said
        yield Footer()

    def on_mount(self) -> None:
        self._set_up()
        # The session's steps and the table's widgets live as long as the table, and a full
        # collection walks every one of them: tens of milliseconds at 1,000 moves, a frame lost
        # in the middle of a move. They stay out of collections while the table is open.
        self.call_after_refresh(self._freeze)
        if self.sitting.read_only:
            self.set_interval(_REFRESH_SECONDS, self._watch)
        trouble = self.sitting.live.trouble
        if trouble is not None:
            self._say(
                lambda: _(
                    "{mark} move #{seq} '{move}' no longer holds: {ruling}; correct "
                    "it in History (F9)"
                ).format(
                    mark=current().refused,
                    seq=trouble.seq,
                    move=trouble.text,
                    ruling=render(trouble.parts),
                ),
                trouble.rule,
                "error",
            )

    def _set_up(self) -> None:
        """The titles, the move box's state and every view: on mount and after a language
        switch, which composes the screen again."""
        self.title = _("UNO Referee")
        self.sub_title = self.sitting.label()
        self._titled = self.sitting.referee.header
        box = self.query_one(MoveBox)
        if self.sitting.read_only:
            box.disabled = True
            box.placeholder = _("watching: another window records this session")
        else:
            box.focus()
        self._keys = ()
        self.redraw()
        if self._verdict is not None:
            self._say(*self._verdict)

    async def language_changed(self) -> None:
        """Compose the table again in the language in use; the move being typed stays."""
        box = self.query_one(MoveBox)
        typed, cursor = box.value, box.cursor_position
        await self.recompose()
        box = self.query_one(MoveBox)
        box.value, box.cursor_position = typed, cursor
        self._set_up()

    def on_screen_resume(self) -> None:
        self.redraw()

    def _freeze(self) -> None:
        if not self._frozen and self.is_attached:
            self._frozen = True
            gc.freeze()

    def on_unmount(self) -> None:
        if self._frozen:
            self._frozen = False
            gc.unfreeze()
        self.sitting.close()

    # Drawing -----------------------------------------------------------------------------------

    def redraw(self) -> None:
        """Every view from the referee's state: the engine is the only source of truth."""
        self._redraw_due = False
        ref = self.sitting.referee
        table = ref.table
        self._card.show(table.top if table else None, table.color if table else None)
        if ref.header is not self._titled:
            # A `set` line (or its undo) changed the rules the title names.
            self._titled = ref.header
            self.sub_title = self.sitting.label()
        compact = self._compact()
        self._status.show(ref, compact)
        self._seating.show(ref, compact)
        self._alerts.show(ref, self._alert_rows(compact), self.size.width)
        self._phones.show(self.sitting.desk)
        self._log.show(self.sitting.log)
        self._turn.show(banner(ref, self.sitting.read_only))
        # The footer's keys follow a frame later: which apply asks for the legal moves, which
        # the frame showing the ruling need not wait for (a key is checked as pressed). Not
        # `call_after_refresh`: Textual runs those before the frame it is about to paint.
        if not self._keys_due:
            self._keys_due = True
            self.set_timer(_KEYS_AFTER, self._show_keys)

    def _redraw_after_ruling(self) -> None:
        """Every view, once the frame showing the ruling is painted.

        The ruling is what the table waits for: its frame holds only the line under the move
        box and the emptied box, and is painted within a few milliseconds of Enter. Drawing
        the seating, the card, the status and the log into it first would hold it back by the
        time they take to draw (about two thirds of the frame); they follow in the next frame.
        Asked of the ruling's own line, which Textual repaints first: a callback a screen asks
        for itself may run before its widgets have asked to be repainted, so before the frame.
        """
        if not self._redraw_due:
            self._redraw_due = True
            self._said.call_after_refresh(self._redraw_if_due)

    def _redraw_if_due(self) -> None:
        if self._redraw_due and self.is_attached:
            self.redraw()

    def _compact(self) -> bool:
        """Whether the seating takes two columns: when one line per player would leave the
        ruling log fewer than five lines beside an alert."""
        compact = self._seating_rows(False) > self.size.height - _FIXED_ROWS - _LOG_ROWS - 1
        if compact != self.has_class("-compact"):
            self.set_class(compact, "-compact")
        return compact

    def _alert_rows(self, compact: bool) -> int:
        """The rows the alerts may take: what is left once the top row, the log's five lines
        and the rest have theirs."""
        top = max(_CARD_ROWS, self._seating_rows(compact))
        return self.size.height - _FIXED_ROWS - _LOG_ROWS - top

    def _seating_rows(self, compact: bool) -> int:
        """The seating's height: its border, and a line per player under a heading, or two
        players a line (no heading) when compact."""
        players = len(self.sitting.referee.players)
        return (players + 1) // 2 + 2 if compact else players + 3

    def on_resize(self) -> None:
        self.redraw()

    def _show_keys(self) -> None:
        self._keys_due = False
        keys = tuple(self.check_action(action, ()) for action in _ONE_KEY_ACTIONS)
        if keys != self._keys:
            # The footer rebuilds its keys on every refresh: only when one changed.
            self._keys = keys
            self.refresh_bindings()

    def _say(self, text: Callable[[], str], rule: str | None, level: str) -> None:
        """Show a ruling or a problem under the move box; `text` makes its words, in the
        language in use (again after a switch)."""
        verdict = self._said
        # Its height is fixed: no layout, so the frame with the ruling is drawn sooner.
        verdict.update(Prose(literal(text(), lines=True)), layout=False)
        verdict.set_classes(f"-{level}")
        self._verdict = (text, rule, level)
        self._last = (text, rule) if rule else None

    def _ruled(self, result: Recorded) -> Callable[[], str]:
        """The words of a stored ruling, made from its data each time they are read, so they
        follow the language."""

        def text() -> str:
            ruling = words(result.parts)
            if result.replaced:
                return _("{mark} #{seq} {move}: {ruling} [{rule}] (in place of {moves})").format(
                    mark=current().ok,
                    seq=result.seq,
                    move=result.text,
                    ruling=ruling,
                    rule=result.rule,
                    moves=replaced_list(result.replaced),
                )
            return _("{mark} #{seq} {move}: {ruling} [{rule}]").format(
                mark=current().ok, seq=result.seq, move=result.text, ruling=ruling, rule=result.rule
            )

        return text

    def _watch(self) -> None:
        if self.sitting.refresh():
            self.redraw()

    # Recording ---------------------------------------------------------------------------------

    def record(self, line: str | Preview) -> Recorded | None:
        """Rule on `line` (or store the ruling of its preview) and store it if it holds; show
        the ruling either way."""
        try:
            result = self.sitting.record(line)
        except SessionError as exc:
            problem = exc.message
            self._say(lambda: _refused(problem), None, "error")
            return None
        if result.ok:
            self._say(self._ruled(result), result.rule, "ok")
            self._redraw_after_ruling()
            self._hub_soon()
        elif result.note:
            self._say(
                lambda: _(
                    "{mark} Not recorded: '{move}': {ruling} [{rule}]. It changes "
                    "nothing in the game."
                ).format(
                    mark=current().info,
                    move=result.text,
                    ruling=render(result.parts),
                    rule=result.rule,
                ),
                result.rule,
                "info",
            )
        else:
            # A card that cannot go there may already be on the table: the engine says whether
            # recording it as a misplay would hold, and the refusal then gives that line.
            instead = (
                misplay_instead(self.sitting.referee, result.text)
                if result.rule != "notation"
                else None
            )
            if instead is None:
                self._say(
                    lambda: _(
                        "{mark} Refused, nothing recorded: '{move}': {ruling} [{rule}]"
                    ).format(
                        mark=current().refused,
                        move=result.text,
                        ruling=render(result.parts),
                        rule=result.rule,
                    ),
                    result.rule,
                    "error",
                )
            else:
                self._say(
                    lambda: _(
                        "{mark} Refused, nothing recorded: '{move}': {ruling} "
                        "[{rule}]. If it was put down anyway, '{misplay}' records "
                        "the misplay."
                    ).format(
                        mark=current().refused,
                        move=result.text,
                        ruling=render(result.parts),
                        rule=result.rule,
                        misplay=instead,
                    ),
                    result.rule,
                    "error",
                )
        return result

    @on(Input.Submitted, "#move")
    def _submitted(self, event: Input.Submitted) -> None:
        # One move a line, in the order typed or pasted, each judged after the one before is
        # recorded. A refused move stops the rest: the moves typed after it were meant for the
        # table as it would have been, so a scorekeeper corrects the refused one first; it
        # stays in the box, and the later ones come back one at a time to be checked again.
        box = self.query_one(MoveBox)
        typed = event.value
        if not box.take(typed):
            return
        desk = self.sitting.desk
        if not from_keyboard(typed).strip() and desk is not None and desk.queue:
            # An empty Enter with a phone's proposal waiting accepts it.
            box.done()
            self.action_accept_proposal()
            return
        if not from_keyboard(typed).strip():
            # An empty Enter refuses nothing: it brings the next waiting move, if any.
            self._say(
                lambda: _("{mark} Not a move, nothing recorded: {why}").format(
                    mark=current().refused, why=empty_line()
                ),
                "notation",
                "error",
            )
            box.done()
            return
        # Read and judged once, most often as it was typed (the box asks as it changes):
        # recording stores that ruling, unless the table moved on since.
        line, preview = box.preview(typed)
        why = problem(typed, preview, line)
        if why is not None:
            box.refuse(typed)
            held = box.held()
            self._say(
                lambda: _waiting(
                    _("{mark} Not a move, nothing recorded: {why}").format(
                        mark=current().refused, why=why
                    ),
                    held,
                ),
                "notation",
                "error",
            )
            return
        result = self.record(preview)
        if result is not None and result.note:
            box.done()
        elif result is None or not result.ok:
            box.refuse(typed)
            if box.held() and self._verdict is not None:
                said, rule, level = self._verdict
                held = box.held()
                self._say(lambda: _waiting(said(), held), rule, level)
        else:
            box.done()

    @on(RulingLog.RulingSelected)
    def _ruling_selected(self, event: RulingLog.RulingSelected) -> None:
        entry = event.entry
        self._explain(
            lambda: _("#{seq} {move}: {ruling}").format(
                seq=entry.seq, move=entry.text, ruling=entry.message
            ),
            entry.rule,
        )

    def on_click(self, event: events.Click) -> None:
        # A click on the ruling under the move box explains its rule, like Enter in the log.
        if event.widget is not None and event.widget.id == "verdict" and self._last is not None:
            self._explain(*self._last)

    def _explain(self, ruling: Callable[[], str], rule: str) -> None:
        self.app.push_screen(RuleDialog(ruling, rule, self.sitting.referee.rule(rule)))

    # One-key actions ---------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "change_rules":
            return not self.sitting.read_only
        if action not in _ONE_KEY_ACTIONS:
            return True
        if self.sitting.read_only:
            return False
        ref = self.sitting.referee
        quick = self._quick_moves()
        if action in ("draw", "accept"):
            return action in quick
        if action in ("uno", "catch"):
            return "uno" in quick
        if action == "challenge":
            return "challenge" in quick
        if action == "undo":
            return bool(self.sitting.live.moves) or None
        missing = ref.phase == "over" and bool(ref.missing_hands())
        if action == "hands":
            return missing
        # A round is kept move by move or for the score only: asked before it starts, and
        # again once it has begun, until its start card is down.
        ready = ref.phase in ("idle", "setup") or (ref.phase == "over" and not missing)
        return ready and not ref.sheet.finished

    def _quick_moves(self) -> dict[str, str]:
        ref = self.sitting.referee
        if self._quick_at is None or self._quick_at[0] is not ref.state:
            # The keys stand for draws, answers, calls and catches: the referee is asked about
            # those alone, not about every card that could go down (a hundred candidates).
            self._quick_at = (ref.state, quick_moves(ref, ref.legal_moves(plays=False)))
        return self._quick_at[1]

    def _quick(self, key: str) -> None:
        line = self._quick_moves().get(key)
        if line is not None:
            self.record(line)

    def action_draw(self) -> None:
        self._quick("draw")

    def action_accept(self) -> None:
        self._quick("accept")

    def action_uno(self) -> None:
        # The line the key is shown for (the referee's quick move), not one written here.
        self._quick("uno")

    def action_catch(self, seat: int | None = None) -> None:
        """Ask who caught whom (the referee says who can catch whom now), then record it."""
        ref = self.sitting.referee
        lines = catch_lines(ref)
        if not lines:
            return
        target = ref.players[seat] if seat is not None else None
        self.app.push_screen(
            CatchDialog(lines, tuple(ref.players), self.sitting.last_catcher or actor(ref), target),
            self._caught,
        )

    def _caught(self, chosen: tuple[str, str] | None) -> None:
        if chosen is not None:
            catcher, line = chosen
            result = self.record(line)
            if result is not None and result.ok:
                self.sitting.last_catcher = catcher

    def action_challenge(self) -> None:
        if self.check_action("challenge", ()):
            self.app.push_screen(ChallengeDialog(self.sitting), self._challenged)

    def _challenged(self, result: Recorded | None) -> None:
        if result is not None:
            self._say(self._ruled(result), result.rule, "ok")

    def action_undo(self) -> None:
        try:
            done = self.sitting.undo()
        except NothingToUndo as exc:
            nothing = exc.message
            self._say(lambda: nothing, None, "error")
            return
        except SessionError as exc:
            problem = exc.message
            self._say(lambda: _refused(problem), None, "error")
            return
        box = self.query_one(MoveBox)
        # The move waits in the box: Enter puts it back, an edit fixes it.
        box.value = done.text
        box.cursor_position = len(done.text)
        self._say(
            lambda: _(
                "{mark} Undone #{seq} {move} (it is in the move box: Enter records it again)"
            ).format(mark=current().undone, seq=done.seq, move=done.text),
            None,
            "info",
        )
        self.redraw()

    def action_hands(self) -> None:
        self.app.push_screen(RoundEndScreen(self.sitting))

    def action_next_round(self) -> None:
        """Ask how the round is kept, then begin it: `round N` (unless begun), and for the score
        only `out NAME`, then the hands."""
        ref = self.sitting.referee
        number = ref.round_no if ref.phase == "setup" else ref.round_no + 1
        self.app.push_screen(
            RoundStartDialog(number, tuple(ref.players), self.sitting.last_keeping()),
            self._round_kept,
        )

    def _round_kept(self, kept: Kept | None) -> None:
        if kept is None:
            return
        keeping, out = kept
        self.sitting.keeping = keeping
        ref = self.sitting.referee
        if ref.phase != "setup":
            begun = self.record(f"round {ref.round_no + 1}")
            if begun is None or not begun.ok:
                return
        if out is not None:
            went = self.record(f"out {out}")
            if went is not None and went.ok and self.check_action("hands", ()):
                self.app.push_screen(RoundEndScreen(self.sitting))

    def action_sheet(self, export: bool = False) -> None:
        self.app.push_screen(ScoreSheetScreen(self.sitting, export=export))

    def action_history(self) -> None:
        self.app.push_screen(HistoryScreen(self.sitting))

    def _hub_soon(self) -> None:
        # The league's hub gets the move a little later, from a thread: never waited on here.
        hub = getattr(self.app, "hub_sync", None)
        if hub is not None:
            hub.soon()

    def action_serve(self) -> None:
        host = self.app
        assert isinstance(host, Host)
        host.show_scoreboard(self.sitting)

    def action_rules(self) -> None:
        ref = self.sitting.referee
        self.app.push_screen(RulesScreen(ref.options.values, ref.deck.id, ref.header.rules))

    def action_change_rules(self) -> None:
        ref = self.sitting.referee
        self.app.push_screen(
            RulesChangeDialog(ref.header, before_first_card(ref.state)), self._rules_changed
        )

    def _rules_changed(self, lines: list[str] | None) -> None:
        """Record the dialog's `set` lines in turn, up to the first the referee refuses."""
        for line in lines or ():
            result = self.record(line)
            if result is None or not result.ok:
                break

    def action_address(self, index: int) -> None:
        """Start a move for the player clicked in the seating (`Carol: `)."""
        box = self.query_one(MoveBox)
        box.value = f"{self.sitting.referee.players[index]}: "
        box.cursor_position = len(box.value)
        box.focus()

    def action_leave(self) -> None:
        self.dismiss(None)

    # The phones --------------------------------------------------------------------------------

    def phones_changed(self, reply: Reply | None = None) -> None:
        """A phone's message changed the table or what waits for the scorekeeper: a recorded
        move is shown as the scorekeeper's own are, and every view follows."""
        if reply is not None and reply.status == "recorded" and reply.seq is not None:
            result = Recorded(True, reply.text, reply.rule, reply.parts, reply.seq)
            self._say(self._ruled(result), result.rule, "ok")
        elif reply is not None and reply.status == "refused":
            self._say(
                lambda: _("{mark} Not recorded: {move}: {ruling} [{rule}]").format(
                    mark=current().refused,
                    move=reply.text,
                    ruling=render(reply.parts),
                    rule=reply.rule,
                ),
                reply.rule,
                "error",
            )
        self.redraw()

    def action_accept_proposal(self) -> None:
        desk = self.sitting.desk
        if desk is None or not desk.queue:
            return
        self.phones_changed(desk.accept())

    def action_reject_proposal(self) -> None:
        desk = self.sitting.desk
        if desk is None or not desk.queue:
            return
        desk.reject()
        self.phones_changed()

    def revoke_seat(self, player: str) -> None:
        desk = self.sitting.desk
        if desk is not None and desk.seats.revoke(player):
            self.app.notify(_("{player}'s seat is free again").format(player=visible(player)))
            self.phones_changed()

    def action_approve_seat(self) -> None:
        desk = self.sitting.desk
        asking = desk.seats.asking() if desk is not None else []
        if desk is None or not asking:
            return
        desk.seats.approve(asking[0].player)
        self.phones_changed()


def _waiting(said: str, held: int) -> str:
    """A refusal, and how many moves typed after the refused one wait behind it."""
    if not held:
        return said
    return (
        said
        + "\n"
        + ngettext(
            "{n} more move typed after it waits: it comes back into the box once this one is "
            "recorded.",
            "{n} more moves typed after it wait: they come back into the box one at a time, each "
            "once the one before is recorded.",
            held,
        ).format(n=held)
    )


def _refused(problem: str) -> str:
    """A problem the service reported (its words are its own), marked as refused."""
    return _("{mark} {problem}").format(mark=current().refused, problem=problem)
