"""The session service: what the Textual app and the session commands both use.

    service = SessionService(data_dir)          # --data-dir, $UNO_REFEREE_HOME or the default
    header = build_header("Ann, Bob, Cy", "classic", "target 500", rules="en")
    sid = service.create(header)                # a short id such as "k3m9px"
    with service.open(sid) as live:             # the writer lock; SessionLocked if taken
        result = live.record("Bob: r5")         # Recorded(ok, text, rule, message, seq, ...)
        ahead = live.preview("Cy: r7")          # Preview: what record would answer, no change
        live.record(ahead)                      # stores that ruling: not read nor judged again
        live.undo()                             # Undone(seq, text); NothingToUndo if empty
        plan = live.preview_correction(12, "Cy: g5")   # Correction: ruling, later moves' rulings
        live.correct(12, "Cy: g5")              # stores it; later moves that fail are dropped
        live.state(), live.sheet, live.moves, live.trouble
    service.open(sid, read_only=True)           # to watch: `refresh()` picks up new moves
    service.list()                              # Listing(sessions, warnings), index repaired
    service.info(sid), service.delete(sid), service.export(sid)
    service.restore(sid), service.trashed()     # `delete` moves to the trash; back whole
    service.import_text(text, "game.uno")       # Imported(id, moves, rounds) or ImportRefused
                                                # (ImportExtends: it continues a stored one)

`record` reads the move, rules on it, stores it (fsync) and only then returns the ruling; a
syntax error or a refused move stores nothing. `preview` does the reading and the ruling alone,
and `record` of a preview stores its ruling without doing either again. Every failure is a
SessionError whose `message` is meant for the user (SessionLocked: open read-only instead to
watch; SessionCorrupt: the file was set aside, the message says where). There is no "close
round": a round ends by its moves (the last card, or `out NAME`) and the `hand` lines, and
`round N` starts the next, all recorded like any move. Deleting moves the session to the trash
(`restore` brings it back, `purge` removes it for good): ask the user before calling `delete`
or `purge`.
"""

# Each name is loaded from its module when first asked for (PEP 562): `check` replays a file
# (`service.replay`) without the stored sessions, and a move loads no statistics or sheet.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..store import (
        NewerSchema,
        ReadOnly,
        SaveFailed,
        SessionCorrupt,
        SessionError,
        SessionLocked,
        SessionNotFound,
    )
    from .headers import build_header, check_header, header_changes
    from .live import LiveSession
    from .results import (
        Correction,
        Imported,
        ImportExtends,
        ImportRefused,
        LaterMove,
        Listing,
        NoSuchMove,
        NothingToUndo,
        Preview,
        Recorded,
        SessionInfo,
        SetupProblem,
        Undone,
        status_name,
    )
    from .sessions import SessionService
    from .trouble import SYNTAX_RULE, Trouble


_HOMES = {
    **dict.fromkeys(
        (
            "NewerSchema",
            "ReadOnly",
            "SaveFailed",
            "SessionCorrupt",
            "SessionError",
            "SessionLocked",
            "SessionNotFound",
        ),
        "referee.store.errors",
    ),
    "build_header": "referee.service.headers",
    "check_header": "referee.service.headers",
    "header_changes": "referee.service.headers",
    "LiveSession": "referee.service.live",
    **dict.fromkeys(
        (
            "Correction",
            "Imported",
            "ImportExtends",
            "ImportRefused",
            "LaterMove",
            "Listing",
            "NoSuchMove",
            "NothingToUndo",
            "Preview",
            "Recorded",
            "SessionInfo",
            "SetupProblem",
            "Undone",
            "status_name",
        ),
        "referee.service.results",
    ),
    "SessionService": "referee.service.sessions",
    "SYNTAX_RULE": "referee.service.trouble",
    "Trouble": "referee.service.trouble",
}
"""The module that holds each name."""

if not TYPE_CHECKING:
    from ..lazy_names import loader

    __getattr__ = loader(__name__, _HOMES)

__all__ = [
    "SYNTAX_RULE",
    "Correction",
    "ImportExtends",
    "ImportRefused",
    "Imported",
    "LaterMove",
    "Listing",
    "LiveSession",
    "NewerSchema",
    "NoSuchMove",
    "NothingToUndo",
    "Preview",
    "ReadOnly",
    "Recorded",
    "SaveFailed",
    "SessionCorrupt",
    "SessionError",
    "SessionInfo",
    "SessionLocked",
    "SessionNotFound",
    "SessionService",
    "SetupProblem",
    "Trouble",
    "Undone",
    "build_header",
    "check_header",
    "header_changes",
    "status_name",
]
