"""The session open at the table: the service's LiveSession plus the ruling of every move."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from referee.engine import Referee, edition_title, family_name, scoring_name
from referee.engine.events import Header, PlayerWentOut, StartTurned
from referee.engine.messages import Message
from referee.engine.step import Step
from referee.i18n import _, pgettext
from referee.i18n import current as current_language
from referee.notation import visible
from referee.render import render
from referee.service import Correction, LiveSession, Preview, Recorded, SessionService, Undone
from referee.sheet import Sheet, build_sheet
from referee.table import Confirm, Desk

from .glyphs import current

Keeping = Literal["track", "score"]
"""How a round is kept: every move refereed, or only who went out and the hands left."""


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One recorded move and what the referee said about it."""

    seq: int
    """The move's number for life (what a correction names)."""
    text: str
    """The move in canonical notation."""
    rule: str
    parts: tuple[Message, ...]
    """The ruling's parts (data), put into words when read."""
    notable: bool
    round: int
    """The round the move belongs to (0 before `round 1`)."""
    holds: bool = True
    """False for a stored move this version refuses on replay (the service's `trouble`)."""

    @property
    def message(self) -> str:
        """The ruling in the language in use (the app switches language without replaying)."""
        return words(self.parts)


_last_words: tuple[str, tuple[Message, ...], str] | None = None
"""The last ruling put into words: its language, its parts and its words."""


def words(parts: tuple[Message, ...]) -> str:
    """A ruling in the language in use. The newest ruling is shown twice, under the move box
    and in the log a frame later: its words are made once, and kept until another's are."""
    global _last_words
    language, last = current_language(), _last_words
    if last is not None and last[0] == language and last[1] == parts:
        return last[2]
    said = render(parts)
    _last_words = (language, parts, said)
    return said


def replaced_list(replaced: tuple[str, ...]) -> str:
    """What a move's number held before it (undone or corrected moves), newest first."""
    return pgettext("list", ", ").join(
        _("'{text}'").format(text=text) for text in reversed(replaced)
    )


def log_entry(step: Step) -> LogEntry:
    ruling = step.ruling
    return LogEntry(
        step.seq, step.text, ruling.rule, tuple(ruling.parts), ruling.notable, step.round
    )


class Sitting:
    """One session open in the app, for recording (the writer lock is held) or watching.

    The app never replays: the service replayed the session once on opening and keeps a step
    for every move since; the log and the sheet are read from those steps.
    """

    def __init__(self, service: SessionService, live: LiveSession) -> None:
        self.service = service
        self.live = live
        self._closed = False
        self._log: list[LogEntry] = []
        self._steps: list[Step] | None = None
        """The service's step list the log was made from."""
        self.last_catcher: str | None = None
        """Who caught a missed UNO last: the catch dialog offers them first."""
        self.keeping: Keeping | None = None
        """How the table chose to keep its last round (None: as its moves say)."""
        self.desk: Desk | None = None
        """The phones' seats and proposals, once the table serves them (`phones`)."""

    @classmethod
    def open(cls, service: SessionService, session_id: str, *, read_only: bool = False) -> Sitting:
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
        """The session in a few words for a title bar: the event (or the players), the deck
        unless it is the classic one, the rulebook, the scoring, and the id."""
        h = self.header
        parts = [
            h.event or pgettext("list", ", ").join(h.players),
            *([edition_title(h.edition)] if h.edition != "classic" else []),
            family_name(h.rules),
            scoring_name(h.scoring),
            self.id,
        ]
        return visible(f" {current().dot} ".join(parts))

    @property
    def log(self) -> list[LogEntry]:
        """Every move in force with its ruling; a stored move that no longer holds is last."""
        steps, trouble = self.live.steps, self.live.trouble
        # Recording appends to the service's list; undo and corrections give it a new one.
        if steps is not self._steps or len(steps) < len(self._log):
            self._steps, self._log = steps, []
        self._log += [log_entry(step) for step in steps[len(self._log) :]]
        if trouble is None:
            return self._log
        round_no = steps[-1].round if steps else 0
        return [
            *self._log,
            LogEntry(
                trouble.seq, trouble.text, trouble.rule, trouble.parts, True, round_no, holds=False
            ),
        ]

    def last_keeping(self) -> Keeping:
        """How the last round was kept, as chosen at this table or else as its moves say:
        `score` if it ended with `out NAME` before any start card, else `track`."""
        if self.keeping is not None:
            return self.keeping
        for step in reversed(self.live.steps):
            if isinstance(step.event, StartTurned):
                return "track"
            if isinstance(step.event, PlayerWentOut):
                return "score"
        return "track"

    def sheet(self) -> Sheet | None:
        """The score sheet with its notable rulings; None while a stored move no longer holds."""
        if self.live.trouble is not None:
            return None
        return build_sheet(self.live.opened_with, self.live.steps, self.referee.state)

    # Changing the session ----------------------------------------------------------------------

    def preview(self, line: str) -> Preview:
        """What recording `line` would do now (read and judged), changing nothing."""
        return self.live.preview(line)

    def phones(self, confirm: Confirm = "plays") -> Desk:
        """The table's phones: their seats and the proposals waiting (made on first use)."""
        if self.desk is None:
            self.desk = Desk(self.live, confirm)
        return self.desk

    def _moved(self) -> None:
        # The scorekeeper changed the table: what the phones proposed is judged again on it.
        if self.desk is not None:
            self.desk.recheck()

    def record(self, move: str | Preview) -> Recorded:
        """Rule on a move (or take its preview's ruling) and store it (fsync) if it holds; a
        refusal stores nothing."""
        result = self.live.record(move)
        if result.ok:
            self._moved()
        return result

    def undo(self) -> Undone:
        """Take back the last move in force; NothingToUndo if there is none."""
        undone = self.live.undo()
        self._moved()
        return undone

    def preview_correction(self, seq: int, text: str) -> Correction:
        return self.live.preview_correction(seq, text)

    def correct(self, seq: int, text: str) -> Correction:
        done = self.live.correct(seq, text)
        self._moved()
        return done

    def refresh(self) -> bool:
        """Watchers: pick up moves stored by the writer; True if anything changed."""
        return self.live.refresh()

    def close(self) -> None:
        """Release the writer lock; closing twice is harmless (a screen and the app may both)."""
        if not self._closed:
            self._closed = True
            self.live.close()
