"""The one replay: a session's statements refereed in order, once, into steps.

Opening a stored session, checking or scoring a `.uno` file and previewing a correction all
referee statements here; everything that shows a session (the table, the history, the sheet,
exports, `show`, `check`, `replay`, `score`) reads the steps this makes.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterable, Iterator

from ..engine import Referee
from ..engine.events import Event, Header, Session
from ..engine.step import Step
from ..named import NamedTuple
from ..notation import NotationError, format_event, parse_move
from .trouble import INTERNAL_RULE, SYNTAX_RULE, Trouble, internal_parts

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)

if TYPE_CHECKING:
    from ..sheet import Sheet


class Statement(NamedTuple):
    """A statement to referee: its number, its text, and its event if already read."""

    seq: int
    text: str
    event: Event | None = None


class Replayed:
    """What a replay found: the steps that hold, and the first statement that does not.

    `referee` is at the state after the last step that holds; `trouble` is the first statement
    that does not hold (refused, unreadable, or an engine failure), and `refused` its step when
    the referee refused it (its ruling says why)."""

    # A plain class: every command that referees loads this module (a dataclass costs more to
    # define than this whole class).
    __slots__ = ("referee", "refused", "steps", "trouble")

    def __init__(
        self,
        referee: Referee,
        steps: list[Step] | None = None,
        trouble: Trouble | None = None,
        refused: Step | None = None,
    ) -> None:
        self.referee = referee
        self.steps: list[Step] = [] if steps is None else steps
        self.trouble = trouble
        self.refused = refused


def rule_on(
    referee: Referee, header: Header, statements: Iterable[Statement]
) -> Iterator[Step | Trouble]:
    """Referee each statement in turn: its Step (the referee moved on if its ruling holds),
    or a Trouble for one that could not be refereed (unreadable, or an engine failure).

    Each text is read under the header in force when it comes (`header` as the `set` lines
    before it left it: the referee's)."""
    for statement in statements:
        event = statement.event
        try:
            if event is None:
                event = parse_move(statement.text, referee.state.setup.header)
            ruling = referee.apply(event)
        except NotationError as exc:
            yield Trouble(statement.seq, statement.text, SYNTAX_RULE, exc.parts)
            continue
        except Exception as exc:  # an engine bug: refused, and the state is as it was
            yield Trouble(statement.seq, statement.text, INTERNAL_RULE, internal_parts(exc))
            continue
        yield Step(statement.seq, statement.text, event, ruling)


def trouble_of(step: Step) -> Trouble:
    """A refused step as the trouble it makes."""
    return Trouble(step.seq, step.text, step.ruling.rule, tuple(step.ruling.parts))


def replay(
    header: Header, statements: Iterable[Statement], start: Referee | None = None
) -> Replayed:
    """Referee statements in order until one does not hold (SetupError for a bad header)."""
    referee = start or Referee(header)
    done = Replayed(referee)
    with _collector_paused():
        _replay_into(done, header, statements)
    return done


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    # Every step keeps the state it left, so a long session's replay only allocates; the
    # cycle collector would walk those objects again and again for nothing (the engine makes
    # no reference cycles). Reference counting still frees everything dropped.
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


def _replay_into(done: Replayed, header: Header, statements: Iterable[Statement]) -> None:
    for found in rule_on(done.referee, header, statements):
        if isinstance(found, Trouble):
            done.trouble = found
            break
        if not found.ruling.ok:
            done.trouble, done.refused = trouble_of(found), found
            break
        done.steps.append(found)


def replay_session(session: Session, start: Referee | None = None) -> Replayed:
    """A parsed `.uno` file refereed: each step numbered by its source line (SetupError for
    a header the referee cannot take)."""
    header = session.header
    lines = session.lines or [0] * len(session.events)
    return replay(
        header,
        (
            Statement(line, format_event(event, header), event)
            for line, event in zip(lines, session.events, strict=True)
        ),
        start,
    )


def sheet_of(session: Session, start: Referee | None = None) -> Sheet:
    """A `.uno` file's score sheet; SessionRefused names its first statement that does not
    hold (SetupError for a header the referee cannot take)."""
    # Loaded here: `check`, `replay` and a move replay without the sheet.
    from ..sheet import SessionRefused, build_sheet

    done = replay_session(session, start)
    if done.trouble is not None:
        t = done.trouble
        raise SessionRefused(t.seq, t.rule, t.parts)
    return build_sheet(session.header, done.steps, done.referee.state)
