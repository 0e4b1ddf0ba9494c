"""The session open at the table: the service's LiveSession plus the ruling of every move."""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine import Referee
from referee.events import Header, Session
from referee.notation import NotationError, parse_move
from referee.service import SYNTAX_RULE, Correction, LiveSession, Recorded, SessionService, Undone
from referee.sheet import SessionRefused, Sheet, build_sheet


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One recorded move and what the referee said about it."""

    seq: int
    """The move's number in the session log (what a correction names)."""
    text: str
    """The move in canonical notation."""
    rule: str
    message: str
    notable: bool
    round: int
    """The round the move belongs to (0 before `round 1`)."""
    holds: bool = True
    """False for a stored move this version refuses on replay (the service's `trouble`)."""


class Sitting:
    """One session open in the app, for recording (the writer lock is held) or watching.

    The service stores moves, not rulings, so the rulings of the stored moves are found by
    replaying them once on opening (and again after an undo or a correction, which replay
    anyway); each recorded move adds its ruling without a replay.
    """

    def __init__(self, service: SessionService, live: LiveSession) -> None:
        self.service = service
        self.live = live
        self.log: list[LogEntry] = []
        self._closed = False
        self._rebuild()

    @classmethod
    def open(cls, service: SessionService, session_id: str, *, read_only: bool = False
             ) -> Sitting:
        """Open a stored session; SessionError (with a user-facing message) if it cannot be."""
        live = service.open(session_id, read_only=read_only)
        try:
            return cls(service, live)
        except BaseException:
            live.close()
            raise

    # What the screens read ---------------------------------------------------------------------

    @property
    def id(self) -> str:
        return self.live.id

    @property
    def header(self) -> Header:
        return self.live.header

    @property
    def referee(self) -> Referee:
        return self.live.referee

    @property
    def read_only(self) -> bool:
        return self.live.read_only

    def label(self) -> str:
        """The session in a few words for a title bar."""
        h = self.header
        what = h.event or ", ".join(h.players)
        return f"{what} · {h.edition} {h.rules} · {h.scoring} · {self.id}"

    def sheet(self) -> Sheet | None:
        """The score sheet with its notable rulings; None while a stored move no longer holds."""
        if self.live.trouble is not None:
            return None
        try:
            return build_sheet(Session(self.header, self.live.events()))
        except SessionRefused:
            return None

    # Changing the session ----------------------------------------------------------------------

    def record(self, text: str) -> Recorded:
        """Rule on a move and store it (fsync) if it holds; a refusal stores nothing."""
        result = self.live.record(text)
        if result.ok and result.seq is not None:
            self.log.append(LogEntry(result.seq, result.text, result.rule, result.message,
                                     result.notable, self.referee.round_no))
        return result

    def undo(self) -> Undone:
        """Take back the last move in force; NothingToUndo if there is none."""
        done = self.live.undo()
        if self.log and self.log[-1].seq == done.seq:
            self.log.pop()
        else:
            self._rebuild()
        return done

    def preview_correction(self, seq: int, text: str) -> Correction:
        return self.live.preview_correction(seq, text)

    def correct(self, seq: int, text: str) -> Correction:
        done = self.live.correct(seq, text)
        if done.applied:
            self._rebuild()
        return done

    def refresh(self) -> bool:
        """Watchers: pick up moves stored by the writer; True if anything changed."""
        if not self.live.refresh():
            return False
        self._rebuild()
        return True

    def close(self) -> None:
        """Release the writer lock; closing twice is harmless (a screen and the app may both)."""
        if not self._closed:
            self._closed = True
            self.live.close()

    def _rebuild(self) -> None:
        ref = Referee(self.header)
        log: list[LogEntry] = []
        for move in self.live.moves:
            try:
                ruling = ref.apply(parse_move(move.text, self.header))
            except NotationError as exc:
                log.append(LogEntry(move.seq, move.text, SYNTAX_RULE, exc.message, True,
                                    ref.round_no, holds=False))
                break
            log.append(LogEntry(move.seq, move.text, ruling.rule, ruling.text, ruling.notable,
                                ref.round_no, holds=ruling.ok))
            if not ruling.ok:
                # The service reports this move as `trouble`; nothing after it is refereed.
                break
        self.log = log
