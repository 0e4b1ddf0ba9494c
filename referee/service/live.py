"""One stored session opened to record moves (the writer) or to watch (read-only).

Opening replays the stored moves once (`replay.py`) and keeps each step: the move, its event,
its ruling and the state it left. Recording rules on one move and adds its step; undo goes back
to the state of the step before; a correction replays from the corrected move on. Nothing else
replays a session: the app, the sheet and the commands read `steps`. A long session with a
current snapshot (`snapshot.py`) opens at its last state, and replays its steps only when they
are first read.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine import Referee, SetupError, changes_nothing
from ..engine.events import Event, Header, Session
from ..engine.messages import Quoted
from ..engine.public import public_state
from ..engine.ruling import Ruling
from ..engine.scoring import ScoreSheet
from ..engine.state import Game
from ..engine.step import Step
from ..i18n import N_, _
from ..notation import (
    NotationError,
    Reading,
    format_event,
    format_session,
    from_keyboard,
    parse_move,
    read_move,
)
from ..notation.limits import MAX_STATEMENTS, shorten
from ..store import Move, ReadOnly, SessionError, SessionFile, plain_os_errors
from ..store.log import last_summary
from ..store.tags import header_of
from . import snapshot
from .replay import Statement, replay, rule_on, trouble_of
from .results import Correction, LaterMove, NoSuchMove, NothingToUndo, Preview, Recorded, Undone
from .summary import summarize
from .trouble import INTERNAL_RULE, SYNTAX_RULE, Parts, Trouble, internal_parts
from .words import Say

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    from typing import Any


class NotCanonical(ValueError):
    """An event whose notation would not read back as the same event (`parts` says so)."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.parts: Parts = (Say.not_canonical(text=text),)


def canonical(event: Event, header: Header) -> str:
    """An imported event's notation; NotCanonical unless it reads back as the same event.

    The stored text is what replays forever, so a text that would replay differently is refused
    at the door rather than found out on the next open.
    """
    text = format_event(event, header)
    if parse_move(text, header) != event:
        raise NotCanonical(text)
    return text


class LiveSession:
    """A session with its live referee and its steps; see `SessionService.open`.

    `referee` is the live state (ask it: `legal_moves`, `waiting_for`; change it only through
    `record`, `undo` and `correct`). `steps` are the moves in force that hold, with their
    rulings. `trouble` is set when a stored move no longer holds under this version of the
    engine: the steps stop before it, and recording waits until it is corrected. Use one
    LiveSession from one thread at a time.
    """

    referee: Referee
    trouble: Trouble | None
    _steps: list[Step] | None

    def __init__(
        self,
        file: SessionFile,
        on_close: Callable[[SessionFile, dict[str, Any], dict[str, Any]], None] | None = None,
        peeked: snapshot.Peeked | None = None,
    ) -> None:
        """`peeked`: the session's snapshot, whose states are used if `file` was opened from
        its Resume (`SessionService.open`)."""
        self._file = file
        self._on_close = on_close
        self._dirty = False
        self.id = file.id
        self.opened_with = header_of(file.meta["tags"])
        """The header the session was made with; `set` lines change the one in force."""
        self.created: str = file.meta.get("created", "")
        try:
            self._start = Referee(self.opened_with).state
        except SetupError as exc:
            raise SessionError(
                _("session {id} cannot be refereed by this version: {problem}").format(
                    id=self.id, problem=exc
                )
            ) from None
        self._load(peeked)

    def _load(self, peeked: snapshot.Peeked | None = None) -> None:
        self._summary = self._file.last_summary()
        self._before: Game | None = None
        """The state before the last move in force, while the steps are not known."""
        self._cached: str | None = None
        """The digest of the moves the cached snapshot holds, if it is current ("" if it was
        found by the file's bytes)."""
        if self._file.resumed and peeked is not None:
            # The file's bytes are those the snapshot was made from: its log is not even read.
            found = snapshot.resumed(peeked, self._file.path, self._start.setup)
            if found is not None:
                self.referee, self.trouble = Referee.at(found.end), None
                self._steps = None
                self._before, self._cached = found.before, ""
                return
        if self._file.count >= snapshot.SNAPSHOT_MIN_MOVES:
            digest = self._digest()
            found = snapshot.load(
                self._file.path, digest, self._start.setup, self._file.layout.folder
            )
            if found is not None:
                # The state the replay would end in, without the replay: the steps are
                # replayed only if something reads them (`steps`).
                self.referee, self.trouble = Referee.at(found.end), None
                self._steps = None
                self._before, self._cached = found.before, digest
                return
        self._set(self._replay_all())

    def _replay_all(self) -> Any:
        return replay(self.opened_with, self._statements(self._moves), Referee.at(self._start))

    @property
    def uid(self) -> str | None:
        """The session's global id (`SessionFile.uid`); `id` is its short local alias."""
        return self._file.uid

    @property
    def header(self) -> Header:
        """The header in force: the one the session was made with, as its `set` lines left it."""
        return self.referee.header

    def _set(self, done: Any) -> None:
        self.referee = done.referee
        self._steps = done.steps
        self.trouble = done.trouble

    @property
    def _moves(self) -> list[Move]:
        # The file keeps the moves in force up to date as it appends: one list, not two.
        return self._file.moves

    @property
    def steps(self) -> list[Step]:
        """Each move in force that holds, with its event and ruling (replayed when first read
        if the session was opened from a snapshot)."""
        if self._steps is None:
            self._set(self._replay_all())
        assert self._steps is not None
        return self._steps

    def _digest(self) -> str:
        return snapshot.moves_digest(
            self.id, self._file.meta.get("tags"), (move.text for move in self._moves)
        )

    @staticmethod
    def _statements(moves: list[Move]) -> list[Statement]:
        return [Statement(move.seq, move.text) for move in moves]

    def _state_before(self, index: int) -> Game:
        """The state after the first `index` steps."""
        return self.steps[index - 1].ruling.state if index else self._start

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
        return public_state(self.referee.state)

    def summary(self) -> dict[str, Any]:
        summary = summarize(self.referee)
        h = self.header
        if h != self.opened_with:
            # The list shows the rules the session plays by now (`row_of`).
            summary["in_force"] = {"edition": h.edition, "rules": h.rules, "scoring": h.scoring}
        return summary

    def figures(self) -> dict[str, Any]:
        """What the statistics count in this session (`referee.stats`), for its index row."""
        from ..stats import session_figures  # only for the list: not loaded to record a move

        return session_figures(self.header, self.steps, self.referee.state)

    def events(self) -> list[Event]:
        """The events of the moves that hold (all of them unless `trouble` is set), read from
        the replay's steps: a stored text is never parsed a second time."""
        return [step.event for step in self.steps]

    def export(self) -> str:
        """The session as a `.uno` file (canonical notation, no comments)."""
        return format_session(Session(self.opened_with, self.events()))

    @plain_os_errors(N_("could not read the session: {reason}"))
    def refresh(self) -> bool:
        """Read-only watchers: pick up what the writer stored since; True if anything changed."""
        if not self._file.changed():
            return False
        steps = self.steps  # before the moves change: replayed now if opened from a snapshot
        before = self._moves
        self._file.reload()  # a new list of moves: `before` keeps the old one
        self._summary = last_summary(self._file.entries)
        if self.trouble is None and self._moves[: len(before)] == before:
            done = replay(
                self.opened_with, self._statements(self._moves[len(before) :]), self.referee
            )
            done.steps[:0] = steps
            self._set(done)
        else:
            self._set(self._replay_all())
        self._before = None
        return True

    # Recording -------------------------------------------------------------------------------

    def preview(self, text: str, after: Game | None = None) -> Preview:
        """What `record(text)` would answer now, changing nothing: the line read once (with
        its canonical text) and judged once. Give it to `record` to store that ruling.

        `after`: judge it on that state instead, the state of moves not yet recorded (the
        table's queue of proposals waiting ahead of it)."""
        text = from_keyboard(text, self.header.players)
        reading: Reading | NotationError
        try:
            reading = read_move(text, self.header)
        except NotationError as exc:
            reading = exc
        return self._judge(text, reading, after)

    def judge_again(self, preview: Preview, after: Game | None = None) -> Preview:
        """`preview` judged once more on the table as it is now (or on `after`): its line is
        not read again."""
        return self._judge(preview.text, preview.reading, after)

    def _judge(
        self, text: str, reading: Reading | NotationError, after: Game | None = None
    ) -> Preview:
        referee = self.referee if after is None else Referee.at(after)
        state = referee.state
        # Refusals repeat what was typed: never more than a line of it.
        typed = shorten(text.strip())

        def refused(answer: Recorded, ruling: Ruling | None = None) -> Preview:
            return Preview(text, answer, reading, ruling, state)

        if self.trouble is not None:
            t = self.trouble
            return refused(
                Recorded(
                    False,
                    typed,
                    t.rule,
                    (Say.no_longer_holds(seq=t.seq, text=shorten(t.text), why=Quoted(t.parts)),),
                )
            )
        if self._file.count >= MAX_STATEMENTS:
            return refused(Recorded(False, typed, "session", (Say.full(limit=MAX_STATEMENTS),)))
        if isinstance(reading, NotationError):
            return refused(
                Recorded(
                    False, typed, SYNTAX_RULE, self._read_wrong(reading, text), column=reading.col
                )
            )
        event, stored = reading
        try:
            ruling = referee.check(event)
        except Exception as exc:  # an engine bug: the move is refused and nothing changed
            return refused(Recorded(False, stored, INTERNAL_RULE, internal_parts(exc)))
        parts = tuple(ruling.parts)
        if not ruling.ok:
            return refused(Recorded(False, stored, ruling.rule, parts), ruling)
        if changes_nothing(state, ruling):
            # The referee takes such a line (stored sessions hold them), but the log keeps
            # what happened to the game: the table is told, nothing is stored.
            return refused(Recorded(False, stored, ruling.rule, parts, note=True), ruling)
        return Preview(
            text,
            Recorded(True, stored, ruling.rule, parts, None, ruling.notable),
            reading,
            ruling,
            state,
        )

    def record(
        self, move: str | Preview, *, by: str | None = None, request: str | None = None
    ) -> Recorded:
        """Rule on one move (a line, or a `preview` of one); if it holds, store it durably,
        then return the ruling.

        A preview is taken as it was judged; one made before the session moved on is judged
        again on the table as it is now (its line is not read again). A syntax error or a
        refusal stores nothing and changes nothing. `by` (the player whose phone proposed it)
        and `request` (that proposal's id, so that a retried request is recorded once) are
        kept in its log entry.
        """
        self._check_writable()
        preview = self.preview(move) if isinstance(move, str) else move
        if preview.state is not self.referee.state:
            preview = self._judge(preview.text, preview.reading)
        answer, ruling = preview.answer, preview.ruling
        if not answer.ok or ruling is None or isinstance(preview.reading, NotationError):
            return answer
        event, stored = preview.reading
        before = self.referee.state
        # What `Referee.apply` does with a ruling that holds, without ruling again.
        self.referee.state = ruling.state
        summary = summarize(self.referee)
        fields: dict[str, Any] = {"kind": "move", "text": stored}
        if by is not None:
            fields["by"] = by
        if request is not None:
            fields["request"] = request
        if summary != self._summary:
            fields["summary"] = summary
        try:
            doc = self._file.append(fields)
        except BaseException:
            # The referee moved on but the disk did not: back to the state before the move.
            self.referee = Referee.at(before)
            raise
        self._committed(doc, summary)
        last = self._file.last_move
        assert last is not None  # the move just stored
        if self._steps is not None:
            self._steps.append(Step(last.seq, stored, event, ruling))
        self._before = before
        return answer._replace(seq=last.seq, replaced=last.replaced)

    def requests(self) -> dict[str, int]:
        """The proposals' ids the log holds, with the number of the entry that recorded each:
        a retried proposal is answered from here rather than recorded twice."""
        return {
            entry["request"]: entry["seq"]
            for entry in self._file.entries
            if type(entry.get("request")) is str
        }

    def proposed_by(self) -> dict[int, str]:
        """Who proposed each move their phone sent, by the seq of the entry that recorded it
        (`Move.entry`); the scorekeeper's own moves are not in it."""
        return {
            entry["seq"]: entry["by"]
            for entry in self._file.entries
            if type(entry.get("by")) is str
        }

    def undo(self) -> Undone:
        """Take back the last move in force (stored as an `undo` entry)."""
        self._check_writable()
        if not self._moves:
            raise NothingToUndo(_("nothing to undo: session {id} has no moves").format(id=self.id))
        last = self._moves[-1]
        steps: list[Step] | None
        if self._steps is None and self._before is not None:
            # Opened from a snapshot, which holds the state before the last move.
            steps, referee, trouble = None, Referee.at(self._before), None
        else:
            kept = self.steps
            steps = kept[:-1] if kept and kept[-1].seq == last.seq else list(kept)
            referee = Referee.at(self._state_before(len(steps)))
            trouble = (
                None if self.trouble is not None and self.trouble.seq == last.seq else self.trouble
            )
        summary = summarize(referee)
        doc = self._file.append({"kind": "undo", "target": last.entry, "summary": summary})
        self.referee, self._steps, self.trouble = referee, steps, trouble
        self._before = None
        self._committed(doc, summary)
        return Undone(last.seq, last.text)

    def preview_correction(self, seq: int, text: str) -> Correction:
        """What replacing move `seq` with `text` would do, changing nothing."""
        return self._plan(seq, text)[0]

    def correct(self, seq: int, text: str) -> Correction:
        """Replace move `seq`, replay the rest, and drop the later moves that no longer hold."""
        self._check_writable()
        plan, done = self._plan(seq, text)
        if not plan.ok or done is None:
            return plan
        referee, steps = done
        summary = summarize(referee)
        # The log names moves by the entries that recorded them; people, by their numbers.
        entry = {move.seq: move.entry for move in self._moves}
        doc = self._file.append(
            {
                "kind": "correct",
                "target": entry[seq],
                "text": plan.new,
                "voids": [entry[m.seq] for m in plan.dropped],
                "summary": summary,
            }
        )
        self.referee, self._steps, self.trouble = referee, steps, None
        self._before = None
        self._committed(doc, summary)
        return plan._replace(applied=True)

    def _plan(self, seq: int, text: str) -> tuple[Correction, tuple[Referee, list[Step]] | None]:
        at = next((i for i, move in enumerate(self._moves) if move.seq == seq), None)
        if at is None:
            raise NoSuchMove(
                _(
                    "there is no move #{seq} in session {id} ('uno-referee show ID "
                    "--moves' lists them with their numbers)"
                ).format(seq=seq, id=self.id)
            )
        old = self._moves[at].text
        text = from_keyboard(text, self.header.players)
        typed = text.strip()

        def refused(
            rule: str, parts: Parts, new: str = typed, column: int | None = None
        ) -> tuple[Correction, None]:
            return Correction(seq, old, new, False, rule, parts, column=column), None

        # Read under the header in force where the move stands (a `set` line before it may
        # have changed the edition).
        steps = self.steps
        header = (
            steps[at - 1].ruling.state.setup.header
            if 0 < at <= len(steps)
            else self.opened_with
            if at == 0
            else self.header
        )
        try:
            event, new = read_move(text, header)
        except NotationError as exc:
            return refused(SYNTAX_RULE, self._read_wrong(exc, text), column=exc.col)
        if new == old:
            return refused("session", (Say.already(seq=seq, text=old),), new)
        trouble = self.trouble
        if trouble is not None and len(self.steps) < at:
            return refused(
                trouble.rule,
                (
                    Say.earlier_no_longer_holds(
                        seq=trouble.seq, text=shorten(trouble.text), why=Quoted(trouble.parts)
                    ),
                ),
                new,
            )
        referee = Referee.at(self._state_before(at))
        first = next(rule_on(referee, self.opened_with, [Statement(seq, new, event)]))
        if not isinstance(first, Step):
            return refused(first.rule, first.parts, new)
        if not first.ruling.ok:
            return refused(first.ruling.rule, tuple(first.ruling.parts), new)
        steps = [*self.steps[:at], first]
        later = []
        for found in rule_on(referee, self.opened_with, self._statements(self._moves[at + 1 :])):
            if isinstance(found, Step) and found.ruling.ok:
                steps.append(found)
                later.append(
                    LaterMove(
                        found.seq, found.text, True, found.ruling.rule, tuple(found.ruling.parts)
                    )
                )
            else:
                why = trouble_of(found) if isinstance(found, Step) else found
                later.append(LaterMove(why.seq, why.text, False, why.rule, why.parts))
        plan = Correction(
            seq, old, new, True, first.ruling.rule, tuple(first.ruling.parts), tuple(later)
        )
        return plan, (referee, steps)

    def _committed(self, doc: dict[str, Any], summary: dict[str, Any]) -> None:
        if "summary" in doc:
            self._summary = summary
        self._dirty = True

    def _read_wrong(self, exc: NotationError, text: str) -> Parts:
        """A line that does not read, and, when it still holds kana, that the input method was
        left in kana mode."""
        from ..notation.error_words import Say as Reading
        from ..notation.keyboard import kana_mode

        if kana_mode(text, self.header.players):
            # The hint first: at 80x24 the line under the move box shows the start of it.
            return (Reading.kana_mode(problem=Quoted(exc.parts)),)
        return exc.parts

    def _check_writable(self) -> None:
        if not self._file.writable:
            raise ReadOnly(
                _("session {id} is open read-only (to watch); open it to record").format(id=self.id)
            )

    # Closing ---------------------------------------------------------------------------------

    def close(self) -> None:
        """Release the writer lock, refresh the session's list row and keep a snapshot of a
        long session's state for the next command."""
        callback, self._on_close = self._on_close, None
        try:
            if callback is not None and self._dirty and self._file.writable:
                callback(self._file, self.summary(), self.figures())
        finally:
            self._file.close()
        self._keep_snapshot()

    def _keep_snapshot(self) -> None:
        if self._file.count < snapshot.SNAPSHOT_MIN_MOVES or self.trouble is not None:
            return
        if self._cached is not None and not self._dirty:
            return  # opened from a current snapshot and nothing recorded since
        # A file opened from a Resume and not read since: its moves are not known, only what
        # they come to (the snapshot is then found by the file's bytes alone).
        digest = None if self._file.resumed else self._digest()
        if digest is not None and digest == self._cached:
            return
        before = self._before
        if before is None and self._steps is not None and self._steps:
            before = self._state_before(len(self._steps) - 1)
        start = self._start.setup
        if self.referee.state.setup is not start or (
            before is not None and before.setup is not start
        ):
            # A snapshot is read back with the rules of the session's stored header; a session
            # whose `set` lines changed them is replayed instead.
            return
        snapshot.save(
            self._file.path,
            digest,
            snapshot.Snapshot(self.referee.state, before),
            self._file.layout.folder,
            self._file.resume(),
        )
        self._cached = digest

    def __enter__(self) -> LiveSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
