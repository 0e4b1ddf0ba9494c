"""One stored session opened to record moves (the writer) or to watch (read-only).

The in-memory Referee is the live state: `record` rules on one move and stores it without
replaying the log; opening replays the log once. Undo and corrections replay from the start
(a few milliseconds for thousands of moves) and are stored as compensating log entries.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from ..engine import Referee, SetupError
from ..events import Event, Header, Session
from ..notation import NotationError, format_event, format_session, parse_move
from ..replay import state
from ..scoring import ScoreSheet
from ..store import Move, ReadOnly, SessionError, SessionFile, plain_os_errors
from ..store.log import apply as apply_entry
from ..store.log import effective, last_summary
from ..store.tags import header_of
from .results import (
    INTERNAL_RULE,
    SYNTAX_RULE,
    Correction,
    LaterMove,
    NoSuchMove,
    NothingToUndo,
    Recorded,
    Trouble,
    Undone,
    internal_message,
)
from .summary import summarize


def canonical(event: Event, header: Header) -> str:
    """The event's notation; ValueError unless it reads back as the same event.

    The stored text is what replays forever, so a text that would replay differently is refused
    at the door rather than found out on the next open.
    """
    text = format_event(event, header)
    if parse_move(text, header) != event:
        raise ValueError(f"`{text}` would not read back as the same move")
    return text


class LiveSession:
    """A session with its live referee; see `SessionService.open`.

    `referee` is the live state (read it, e.g. for `referee.hints`; change it only through
    `record`, `undo` and `correct`). `trouble` is set when a stored move no longer holds under
    this version of the engine: the state stops before it, and recording waits until it is
    corrected. Use one LiveSession from one thread at a time.
    """

    def __init__(self, file: SessionFile, on_close: Callable[[SessionFile], None] | None = None
                 ) -> None:
        self._file = file
        self._on_close = on_close
        self._dirty = False
        self.id = file.id
        self.header = header_of(file.meta["tags"])
        self.created: str = file.meta.get("created", "")
        try:
            Referee(self.header)
        except SetupError as exc:
            raise SessionError(f"session {self.id} cannot be refereed by this version: {exc}"
                               ) from None
        self._load()

    def _load(self) -> None:
        self._moves = effective(self._file.entries)
        self._summary = last_summary(self._file.entries)
        self.referee, self.trouble = self._replay(self._moves)

    def _replay(self, moves: Sequence[Move], ref: Referee | None = None
                ) -> tuple[Referee, Trouble | None]:
        """A referee after `moves` (continuing `ref` if given); stops at one that fails."""
        continuing = ref is not None
        ref = ref or Referee(self.header)
        for i, move in enumerate(moves):
            try:
                ruling = ref.apply(parse_move(move.text, self.header))
            except NotationError as exc:
                return ref, Trouble(move.seq, move.text, SYNTAX_RULE, exc.message)
            except Exception as exc:  # an engine bug: the session still opens, up to this move
                prior = ([m for m in self._moves if m.seq < move.seq] if continuing
                         else moves[:i])
                ref, _ = self._replay(prior)
                return ref, Trouble(move.seq, move.text, INTERNAL_RULE, internal_message(exc))
            if not ruling.ok:
                return ref, Trouble(move.seq, move.text, ruling.rule, ruling.text)
        return ref, None

    # Reading ---------------------------------------------------------------------------------

    @property
    def read_only(self) -> bool:
        return not self._file.writable

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves in force, in order; `seq` identifies a move for `correct`."""
        return tuple(self._moves)

    @property
    def sheet(self) -> ScoreSheet:
        return self.referee.sheet

    def state(self) -> dict[str, Any]:
        """The public state, as `replay --json` prints it."""
        return state(self.referee)

    def summary(self) -> dict[str, Any]:
        return summarize(self.referee)

    def events(self) -> list[Event]:
        return [parse_move(move.text, self.header) for move in self._moves]

    def export(self) -> str:
        """The session as a `.uno` file (canonical notation, no comments)."""
        return format_session(Session(self.header, self.events()))

    @plain_os_errors("read the session")
    def refresh(self) -> bool:
        """Read-only watchers: pick up what the writer stored since; True if anything changed."""
        if not self._file.changed():
            return False
        before = self._moves
        self._file.reload()
        self._moves = effective(self._file.entries)
        self._summary = last_summary(self._file.entries)
        if self.trouble is None and self._moves[:len(before)] == before:
            self.referee, self.trouble = self._replay(self._moves[len(before):], self.referee)
        else:
            self.referee, self.trouble = self._replay(self._moves)
        return True

    # Recording -------------------------------------------------------------------------------

    def record(self, text: str) -> Recorded:
        """Rule on one move; if it holds, store it durably, then return the ruling.

        A syntax error or a refusal stores nothing and changes nothing.
        """
        self._check_writable()
        typed = text.strip()
        if self.trouble is not None:
            t = self.trouble
            return Recorded(False, typed, t.rule, f"move #{t.seq} `{t.text}` no longer holds "
                            f"({t.message}); correct it before recording more")
        try:
            event = parse_move(text, self.header)
            stored = canonical(event, self.header)
        except NotationError as exc:
            return Recorded(False, typed, SYNTAX_RULE, exc.message, column=exc.col)
        except ValueError as exc:
            return Recorded(False, typed, SYNTAX_RULE, str(exc))
        try:
            ruling = self.referee.apply(event)
        except Exception as exc:
            # An engine bug may have half-applied the move: rebuild, record nothing, no traceback.
            self.referee, self.trouble = self._replay(self._moves)
            return Recorded(False, stored, INTERNAL_RULE, internal_message(exc))
        if not ruling.ok:
            return Recorded(False, stored, ruling.rule, ruling.text)
        summary = summarize(self.referee)
        fields: dict[str, Any] = {"kind": "move", "text": stored}
        if summary != self._summary:
            fields["summary"] = summary
        try:
            doc = self._file.append(fields)
        except BaseException:
            # The referee moved on but the disk did not: put the referee back.
            self.referee, self.trouble = self._replay(self._moves)
            raise
        self._committed(doc, summary)
        return Recorded(True, stored, ruling.rule, ruling.text, doc["seq"], ruling.notable)

    def undo(self) -> Undone:
        """Take back the last move in force (stored as an `undo` entry)."""
        self._check_writable()
        if not self._moves:
            raise NothingToUndo(f"nothing to undo: session {self.id} has no moves")
        last = self._moves[-1]
        ref, trouble = self._replay(self._moves[:-1])
        summary = summarize(ref)
        doc = self._file.append({"kind": "undo", "target": last.seq, "summary": summary})
        self.referee, self.trouble = ref, trouble
        self._committed(doc, summary)
        return Undone(last.seq, last.text)

    def preview_correction(self, seq: int, text: str) -> Correction:
        """What replacing move `seq` with `text` would do, changing nothing."""
        return self._plan(seq, text)[0]

    def correct(self, seq: int, text: str) -> Correction:
        """Replace move `seq`, replay the rest, and drop the later moves that no longer hold."""
        self._check_writable()
        plan, ref = self._plan(seq, text)
        if not plan.ok or ref is None:
            return plan
        summary = summarize(ref)
        doc = self._file.append({"kind": "correct", "target": seq, "text": plan.new,
                                 "voids": [m.seq for m in plan.dropped], "summary": summary})
        self.referee, self.trouble = ref, None
        self._committed(doc, summary)
        return replace(plan, applied=True)

    def _plan(self, seq: int, text: str) -> tuple[Correction, Referee | None]:
        at = next((i for i, move in enumerate(self._moves) if move.seq == seq), None)
        if at is None:
            raise NoSuchMove(f"there is no move #{seq} in session {self.id} "
                             "(`uno-referee show ID --moves` lists them with their numbers)")
        old = self._moves[at].text
        typed = text.strip()

        def refused(rule: str, message: str, new: str = typed, column: int | None = None
                    ) -> tuple[Correction, None]:
            return Correction(seq, old, new, False, rule, message, column=column), None

        try:
            event = parse_move(text, self.header)
            new = canonical(event, self.header)
        except NotationError as exc:
            return refused(SYNTAX_RULE, exc.message, column=exc.col)
        except ValueError as exc:
            return refused(SYNTAX_RULE, str(exc))
        if new == old:
            return refused("session", f"move #{seq} is already `{old}`", new)
        ref, trouble = self._replay(self._moves[:at])
        if trouble is not None:
            return refused(trouble.rule, f"move #{trouble.seq} `{trouble.text}` before it no "
                                         f"longer holds ({trouble.message}); correct that first",
                           new)
        ruling = ref.apply(event)
        if not ruling.ok:
            return refused(ruling.rule, ruling.text, new)
        later = []
        for move in self._moves[at + 1:]:
            try:
                result = ref.apply(parse_move(move.text, self.header))
                later.append(LaterMove(move.seq, move.text, result.ok, result.rule, result.text))
            except NotationError as exc:
                later.append(LaterMove(move.seq, move.text, False, SYNTAX_RULE, exc.message))
        return Correction(seq, old, new, True, ruling.rule, ruling.text, tuple(later)), ref

    def _committed(self, doc: dict[str, Any], summary: dict[str, Any]) -> None:
        apply_entry(self._moves, doc)
        if "summary" in doc:
            self._summary = summary
        self._dirty = True

    def _check_writable(self) -> None:
        if not self._file.writable:
            raise ReadOnly(f"session {self.id} is open read-only (to watch); open it to record")

    # Closing ---------------------------------------------------------------------------------

    def close(self) -> None:
        """Release the writer lock and refresh the session's list row."""
        callback, self._on_close = self._on_close, None
        try:
            if callback is not None and self._dirty and self._file.writable:
                callback(self._file)
        finally:
            self._file.close()

    def __enter__(self) -> LiveSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
