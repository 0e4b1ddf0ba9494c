"""What the session service answers: rulings on recorded moves, undo, corrections, list rows."""

from __future__ import annotations

from ..engine.frozen import Frozen, init
from ..i18n import N_, _
from ..named import NamedTuple
from ..store import SessionError
from .trouble import Parts, Trouble

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    from typing import Any

    from ..engine.ruling import Ruling
    from ..engine.state import Game
    from ..notation import NotationError, Reading


class NothingToUndo(SessionError):
    """The session has no move in force."""


class NoSuchMove(SessionError):
    """A correction names a number that is not a move in force."""


class SetupProblem(SessionError):
    """A new session's header cannot be refereed (bad players, edition, scoring or option)."""


class ImportExtends(SessionError):
    """The file continues a stored session (the same header, and its moves begin with all of
    the stored one's): nothing was stored until the caller says whether to update it."""

    def __init__(self, message: str, session: str, stored: int, moves: int) -> None:
        super().__init__(message)
        self.session = session
        self.stored = stored
        self.moves = moves


class ImportRefused(SessionError):
    """An imported file was not stored: `refused` for an illegal move, else a syntax error.

    `trouble` is the file's first statement that does not hold (refused by the referee, or
    not canonical), as data, in the file `file`: the edge says it (`referee.render`); without
    one, `message` says why (a line that cannot be read, a header that cannot be refereed)."""

    def __init__(
        self, message: str, refused: bool, file: str = "", trouble: Trouble | None = None
    ) -> None:
        super().__init__(message)
        self.refused = refused
        self.file = file
        self.trouble = trouble


class Recorded(NamedTuple):
    """The answer to `record`: stored (`ok`, with its number `seq`) or refused, changing nothing."""

    ok: bool
    text: str
    """The move in canonical notation (as typed, when it could not be read)."""
    rule: str
    """The rule id of the ruling, or `notation` for a syntax error."""
    parts: Parts
    """The ruling, or the syntax error, as data."""
    seq: int | None = None
    notable: bool = False
    column: int | None = None
    """Syntax errors: the 1-based column in the typed text."""
    replaced: tuple[str, ...] = ()
    """What the move's number held before (undone or dropped moves), oldest first."""
    note: bool = False
    """Not stored because the referee accepted it but it changes nothing in the game (a late
    catch without a penalty, an UNO call that cannot apply): `ok` is False, the ruling says
    why, and nothing was refused."""


class Preview(NamedTuple):
    """What recording one line would do now, changing nothing (`LiveSession.preview`).

    `record` takes it and stores its ruling as it stands: the line is not read nor judged
    again, unless the session moved on since (another move, an undo, a correction), when its
    move is judged again on the table as it is then (read once all the same).
    """

    text: str
    """The line, as the keyboard gave it (`from_keyboard`)."""
    answer: Recorded
    """What `record` would answer now (no number yet): stored if `ok`, else why not."""
    reading: Reading | NotationError
    """The line read (its event and canonical text), or why it cannot be."""
    ruling: Ruling | None
    """The referee's ruling on the move, on `state`; None if it was not judged."""
    state: Game
    """The state the line was judged on: the preview is stale once the session left it."""


class Undone(NamedTuple):
    """The move taken back by `undo`."""

    seq: int
    text: str


class LaterMove(NamedTuple):
    """A move after a corrected one, ruled on again."""

    seq: int
    text: str
    holds: bool
    rule: str
    parts: Parts


class Correction(NamedTuple):
    """What replacing move `seq` with `new` does; `applied` once `correct` stored it."""

    seq: int
    old: str
    new: str
    ok: bool
    rule: str
    parts: Parts
    later: tuple[LaterMove, ...] = ()
    applied: bool = False
    column: int | None = None

    @property
    def dropped(self) -> tuple[LaterMove, ...]:
        """Later moves that no longer hold; `correct` drops them (they stay in the log)."""
        return tuple(move for move in self.later if not move.holds)


class Imported(NamedTuple):
    id: str
    moves: int
    rounds: int
    already: bool = False
    """The same content was stored before (as `id`): nothing new was stored."""
    later: int = 0
    """With `already`: session `id` holds the file's moves and this many after them."""
    added: int = 0
    """The file extends session `id`, which was updated in place with this many moves."""
    extends: str | None = None
    """The file extends this stored session, yet was stored as a session of its own (`id`)."""


class SessionInfo(Frozen):
    """One row of the session list."""

    id: str
    event: str | None
    date: str | None
    players: tuple[str, ...]
    edition: str
    rules: str
    scoring: str
    status: str
    """`new`, `playing`, `round over` or `finished`."""
    round: int
    leader: str | None
    """The one player ranked first (the winner once finished); None before any score or on a
    tie."""
    totals: dict[str, int]
    moves: int
    created: str
    updated: str
    uid: str | None
    """The session's global id (`store.chain`); None until a file older than it is next
    opened for recording."""

    __slots__ = __match_args__ = (
        "id",
        "event",
        "date",
        "players",
        "edition",
        "rules",
        "scoring",
        "status",
        "round",
        "leader",
        "totals",
        "moves",
        "created",
        "updated",
        "uid",
    )

    # The fields' names, which `_replace` takes: `id` and `round` as the list's JSON keys.
    def __init__(
        self,
        id: str,  # noqa: A002 - the JSON key
        event: str | None,
        date: str | None,
        players: tuple[str, ...],
        edition: str,
        rules: str,
        scoring: str,
        status: str,
        round: int,  # noqa: A002 - the JSON key
        leader: str | None,
        totals: dict[str, int],
        moves: int,
        created: str,
        updated: str,
        uid: str | None = None,
    ) -> None:
        init(self, "id", id)
        init(self, "event", event)
        init(self, "date", date)
        init(self, "players", players)
        init(self, "edition", edition)
        init(self, "rules", rules)
        init(self, "scoring", scoring)
        init(self, "status", status)
        init(self, "round", round)
        init(self, "leader", leader)
        init(self, "totals", totals)
        init(self, "moves", moves)
        init(self, "created", created)
        init(self, "updated", updated)
        init(self, "uid", uid)

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> SessionInfo:
        """A list row read back from the index; TypeError or ValueError for any field of the
        wrong type or out of place (the index is a cache a hand or a bug may have spoiled)."""
        players = row["players"]
        if not (isinstance(players, list) and players and all(isinstance(p, str) for p in players)):
            raise TypeError("players")
        totals = row["totals"]
        if not (
            isinstance(totals, dict)
            and set(totals) == set(players)
            and all(type(v) is int and abs(v) <= _MAX_POINTS for v in totals.values())
        ):
            raise ValueError("totals")
        leader = row.get("leader")
        if leader is not None and leader not in players:
            raise ValueError("leader")
        if row["status"] not in STATUSES:
            raise ValueError("status")
        for key in ("round", "moves"):
            if type(row[key]) is not int or row[key] < 0:
                raise ValueError(key)
        texts = [row[key] for key in ("id", "edition", "rules", "scoring", "created", "updated")]
        texts += [row.get(key) or "" for key in ("event", "date")]
        if not all(isinstance(text, str) for text in texts):
            raise TypeError("text field")
        uid = row.get("uid")
        if uid is not None and not isinstance(uid, str):
            raise TypeError("uid")
        return cls(
            row["id"],
            row.get("event"),
            row.get("date"),
            tuple(players),
            row["edition"],
            row["rules"],
            row["scoring"],
            row["status"],
            row["round"],
            leader,
            dict(totals),
            row["moves"],
            row["created"],
            row["updated"],
            uid,
        )


STATUS_NAMES = {
    "new": N_("new"),
    "playing": N_("playing"),
    "round over": N_("round over"),
    "finished": N_("finished"),
}
"""A session's status (as stored in its log and the index: never translated) and its name."""
STATUSES = frozenset(STATUS_NAMES)


def status_name(status: str) -> str:
    """A session's status (`SessionInfo.status`, `summary()["status"]`) in the language in
    use."""
    name = STATUS_NAMES.get(status)
    return _(name) if name else status


_MAX_POINTS = 10**6
"""No real total comes near: a thousand rounds of the largest hands stay far below."""


class Listing(NamedTuple):
    """The session list, newest activity first, and anything found wrong while making it."""

    sessions: tuple[SessionInfo, ...]
    warnings: tuple[str, ...] = ()
