"""The session service: create, open, list, delete, import and export stored sessions."""

from __future__ import annotations

import contextlib
import functools
import json
import os

from ..engine.events import Header, Session
from ..i18n import N_, _
from ..store import (
    Layout,
    SaveFailed,
    SessionError,
    SessionFile,
    SessionNotFound,
    cache,
    fingerprint,
    new_id,
    normal_id,
    plain_os_errors,
    sweep_leftovers,
)
from ..store.paths import data_dir_name
from ..store.session_file import now
from ..store.tags import checked, header_of, tags_of
from .results import Imported, ImportExtends, ImportRefused, Listing, SessionInfo, SetupProblem
from .trouble import SYNTAX_RULE, Trouble

# The referee and a live session load when a session is made, imported, opened or read anew:
# listing the stored ones from the index (the app's first screen) needs neither.
TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    from typing import Any

    from ..store import SessionIndex
    from .live import LiveSession

_ID_TRIES = 50

TRASH = "trash"
"""The trash, in the data folder: a data folder of its own (`trash/sessions/ID.json`)."""

ASK, UPDATE, NEW = "ask", "update", "new"
"""What `import_text` does with a file that continues a stored session: raise ImportExtends
(ask the user), update the stored session in place, or store the file as a new session."""


class SessionService:
    """Stored sessions under one data folder (`--data-dir`, `$UNO_REFEREE_HOME` or the default)."""

    def __init__(
        self, folder: str | os.PathLike[str] | None = None, *, index_on_close: bool = True
    ) -> None:
        """`index_on_close=False`: a writer closing a session leaves its list row to the next
        `list`, which finds the file changed and reads it (the command line, where each move
        is a process of its own and rewriting the index of a large collection would cost
        more than the move)."""
        self.layout = Layout(data_dir_name(folder))
        self._index_on_close = index_on_close

    @functools.cached_property
    def index(self) -> SessionIndex:
        """The list's rows, kept in a TinyDB file (loaded when first used: a move from the
        command line, `index_on_close=False`, uses none)."""
        from ..store.index import SessionIndex

        return SessionIndex(self.layout)

    @property
    def root(self) -> str:
        return os.fspath(self.layout.root)

    @property
    def trash(self) -> Layout:
        """Where deleted sessions wait, whole, until `restore` brings them back."""
        return Layout(self.layout.root / TRASH)

    def resolve(self, typed: str) -> str:
        """The session id for what was typed; SessionNotFound if it cannot be one."""
        sid = normal_id(typed)
        if sid is None:
            raise SessionNotFound(
                _(
                    "{typed!r} is not a session id (six letters and digits, as "
                    "'uno-referee list' shows them)"
                ).format(typed=typed)
            )
        return sid

    # Creating --------------------------------------------------------------------------------

    @plain_os_errors(N_("could not create the session: {reason}"))
    def create(self, header: Header) -> str:
        """Store a new session with no moves yet; returns its id."""
        from .headers import check_header

        try:
            header = checked(header)
        except ValueError as exc:
            raise SetupProblem(str(exc)) from None
        check_header(header)
        return self._store(header, [])

    @plain_os_errors(N_("could not import the session: {reason}"))
    def import_text(
        self, text: str, filename: str, *, again: bool = False, extension: str = ASK
    ) -> Imported:
        """Store a whole `.uno` session, or nothing: ImportRefused names the first bad line.

        Importing the same session twice (the same header and moves, whatever the comments)
        stores it once and says so, unless `again` asks for a fresh copy (the demo table):
        an import killed before it printed its id can simply be run again. So does a file
        whose moves a stored session holds and more (an early export of it).

        A file that continues a stored session (the same header, and its moves begin with all
        of the stored one's: the final export of an evening imported mid-way) would count
        the early rounds twice: `extension` says what to do. ASK raises ImportExtends and
        stores nothing; UPDATE adds the later moves to the stored session, in one atomic
        write under its writer lock (it keeps its id and labels); NEW stores the file as a
        session of its own (`Imported.extends` names the other)."""
        from ..engine import Referee, SetupError
        from ..notation import NotationError, parse_session
        from .live import NotCanonical, canonical
        from .replay import replay_session
        from .summary import summarize

        try:
            session = parse_session(text, filename)
        except NotationError as exc:
            raise ImportRefused(str(exc), refused=False) from None
        try:
            header = checked(session.header)
            start = Referee(header)
        except (ValueError, SetupError) as exc:
            raise ImportRefused(
                _("{file}:{line}: {problem}").format(file=filename, line="1:1", problem=exc),
                refused=False,
            ) from None
        stamp = now()
        entries: list[dict[str, Any]] = []
        summaries: list[dict[str, Any]] = []
        summary: dict[str, Any] | None = None
        done = replay_session(Session(header, session.events, session.lines), start)
        if done.trouble is not None:
            raise ImportRefused("", refused=True, file=filename, trouble=done.trouble)
        for seq, step in enumerate(done.steps, 1):
            try:
                entry: dict[str, Any] = {
                    "seq": seq,
                    "ts": stamp,
                    "kind": "move",
                    # Read back under the header in force (a `set` line may change it).
                    "text": canonical(step.event, step.ruling.state.setup.header),
                }
            except NotCanonical as exc:
                raise ImportRefused(
                    "",
                    refused=False,
                    file=filename,
                    trouble=Trouble(step.seq, step.text, SYNTAX_RULE, exc.parts),
                ) from None
            now_summary = summarize(step.ruling.state)
            if now_summary != summary:
                entry["summary"] = summary = now_summary
            entries.append(entry)
            summaries.append(now_summary)
        tags = tags_of(header)
        digest = _content_digest(tags, entries)
        rounds = done.referee.round_no
        if again:
            return Imported(self._store(header, entries, stamp, digest), len(entries), rounds)
        rows = self._rows(rebuild=False)[0]
        for row in rows.values():
            if row.get("imported") == digest:
                return Imported(row["id"], len(entries), rounds, True)
        texts = [entry["text"] for entry in entries]
        found = self._continued(rows, header, tags, texts)
        if found is not None and found[1] >= len(texts):
            # A stored session holds every move of the file (and perhaps more): nothing new.
            return Imported(found[0], len(entries), rounds, True, later=found[1] - len(texts))
        if found is not None and extension == UPDATE:
            sid, count = found
            self._extend(sid, tags, texts[:count], entries[count:], summaries[count], digest)
            return Imported(sid, len(entries), rounds, added=len(entries) - count)
        if found is not None and extension != NEW:
            sid, count = found
            raise ImportExtends(
                _(
                    "{file} continues session {id}: the session holds the first "
                    "{stored} of the file's {moves} moves; nothing was "
                    "imported"
                ).format(file=filename, id=sid, stored=count, moves=len(entries)),
                sid,
                count,
                len(entries),
            )
        sid = self._store(header, entries, stamp, digest)
        return Imported(sid, len(entries), rounds, extends=found[0] if found else None)

    def _continued(
        self,
        rows: dict[str, dict[str, Any]],
        header: Header,
        tags: dict[str, Any],
        texts: list[str],
    ) -> tuple[str, int] | None:
        """The stored session with the same header whose moves begin the file's, or whose
        moves the file's begin, and how many moves it holds: the one holding the file's moves
        first, else the longest (then the newest)."""
        found: list[tuple[bool, int, str, str]] = []
        for sid, row in rows.items():
            if (
                row.get("players") != list(header.players)
                or row.get("date") != header.date
                or row.get("event") != header.event
                or row.get("site") != header.site
                or row.get("scoring") != header.scoring
                or row.get("edition") != header.edition
                or row.get("rules") != header.rules
            ):
                continue  # the list row tells most sessions apart without opening the file
            try:
                with SessionFile.open(self.layout, sid, write=False) as file:
                    if file.meta.get("tags") != tags:
                        continue
                    stored = [move.text for move in file.moves]
            except SessionError:
                continue  # gone or damaged since the list was read: not this one
            shorter = min(len(stored), len(texts))
            if stored[:shorter] == texts[:shorter]:
                found.append(
                    (len(stored) >= len(texts), len(stored), str(row.get("updated", "")), sid)
                )
        if not found:
            return None
        _holds, count, _updated, sid = max(found)
        return sid, count

    def _extend(
        self,
        sid: str,
        tags: dict[str, Any],
        stored: list[str],
        later: list[dict[str, Any]],
        summary: dict[str, Any],
        digest: str,
    ) -> None:
        """Add the file's later moves to session `sid` under its writer lock (SessionLocked
        while it is open for recording), in one write: all of them, or none."""
        with SessionFile.open(self.layout, sid, write=True) as file:
            if file.meta.get("tags") != tags or [m.text for m in file.moves] != stored:
                raise SaveFailed(
                    _(
                        "session {id} changed while the file was read; nothing was "
                        "imported: import it again"
                    ).format(id=sid)
                )
            added = [{k: v for k, v in entry.items() if k not in ("seq", "ts")} for entry in later]
            # The list reads the last summary in the log: the first added move carries one.
            added[0]["summary"] = summary
            file.extend(added, {"imported": digest})
        self._index_file(sid)

    def _store(
        self,
        header: Header,
        entries: list[dict[str, Any]],
        created: str | None = None,
        imported: str | None = None,
    ) -> str:
        try:
            self.layout.ensure()
        except OSError as exc:
            raise SaveFailed(self._not_stored(exc)) from None
        sweep_leftovers(self.layout)
        for _try in range(_ID_TRIES):
            sid = new_id()
            if self.trash.session(sid).exists():
                continue  # kept for `restore`: the id is still that session's
            try:
                SessionFile.create(self.layout, sid, tags_of(header), entries, created, imported)
            except FileExistsError:
                continue
            except OSError as exc:
                raise SaveFailed(self._not_stored(exc)) from None
            self._index_file(sid)
            return sid
        raise SaveFailed(
            _("could not find a free session id in {folder}").format(folder=self.layout.sessions)
        )

    def _not_stored(self, exc: OSError) -> str:
        return _("could not create a session in {folder}: {reason}; nothing was stored").format(
            folder=self.layout.sessions, reason=exc.strerror or exc
        )

    # Opening ---------------------------------------------------------------------------------

    @plain_os_errors(N_("could not open the session: {reason}"))
    def open(self, typed_id: str, *, read_only: bool = False) -> LiveSession:
        """Open a session to record (taking its writer lock: SessionLocked if taken) or to watch.

        Resuming replays the stored moves once. Close it (or use `with`) to release the lock.
        """
        from . import snapshot
        from .live import LiveSession

        sid = self.resolve(typed_id)
        # A long session's snapshot may say what its file holds: then its log is not read.
        peeked = snapshot.peek(self.layout.session_file(sid), self.layout.folder)
        file = SessionFile.open(
            self.layout, sid, write=not read_only, resume=peeked.resume if peeked else None
        )
        try:
            return LiveSession(
                file, on_close=self._closed if self._index_on_close else None, peeked=peeked
            )
        except BaseException:
            file.close()
            raise

    @plain_os_errors(N_("could not export the session: {reason}"))
    def export(self, typed_id: str) -> str:
        """The session as `.uno` text."""
        with self.open(typed_id, read_only=True) as live:
            return live.export()

    @plain_os_errors(N_("could not delete the session: {reason}"))
    def delete(self, typed_id: str) -> str:
        """Move a session to the trash, whole, in one rename (the caller has asked for
        confirmation); SessionLocked while it is open for recording. Its labels stay in the
        league book, counted nowhere until `restore` brings it back. The id."""
        sid = self.resolve(typed_id)
        try:
            SessionFile.move(self.layout, self.trash, sid)
        except FileExistsError:
            raise SaveFailed(
                _("the trash already holds a session {id}; nothing was moved").format(id=sid)
            ) from None
        self.index.put(sid, None)
        return sid

    @plain_os_errors(N_("could not restore the session: {reason}"))
    def restore(self, typed_id: str) -> str:
        """Bring a session back from the trash: its file, its list row and (kept in the
        league book all along) its labels. The id."""
        sid = self.resolve(typed_id)
        try:
            SessionFile.move(self.trash, self.layout, sid)
        except SessionNotFound:
            raise SessionNotFound(
                _(
                    "no session {id} in the trash ({folder}); 'uno-referee list "
                    "--trash' lists what is there"
                ).format(id=sid, folder=self.trash.sessions)
            ) from None
        except FileExistsError:
            raise SaveFailed(
                _(
                    "a stored session already has the id {id}; the one in the trash was left there"
                ).format(id=sid)
            ) from None
        self._index_file(sid)
        return sid

    @plain_os_errors(N_("could not remove the session: {reason}"))
    def purge(self, typed_id: str) -> tuple[str, str | None]:
        """Remove a session in the trash for good, and its labels from the league book; the
        id and a warning if the book could not be changed (the file is gone all the same)."""
        sid = self.resolve(typed_id)
        try:
            SessionFile.delete(self.trash, sid)
        except SessionNotFound:
            raise SessionNotFound(
                _(
                    "no session {id} in the trash ({folder}); only a session "
                    "in the trash can be removed for good"
                ).format(id=sid, folder=self.trash.sessions)
            ) from None
        from ..stats.league import BookError, change_league  # see `labels`

        try:
            change_league(self.layout, lambda book: book.labels.pop(sid, None))
        except BookError as exc:
            return sid, exc.message
        return sid, None

    @plain_os_errors(N_("could not list the trash: {reason}"))
    def trashed(self) -> Listing:
        """The sessions in the trash, newest activity first (each file read: the trash has no
        index, and is read only when asked)."""
        infos: list[SessionInfo] = []
        warnings: list[str] = []
        for sid in self.trash.session_ids():
            try:
                with SessionFile.open(self.trash, sid, write=False) as file:
                    infos.append(SessionInfo.from_row(row_of(file)))
            except SessionNotFound:
                continue
            except SessionError as exc:
                warnings.append(exc.message)
        infos.sort(key=lambda info: (info.updated, info.id), reverse=True)
        return Listing(tuple(infos), tuple(warnings))

    def labels(self) -> tuple[dict[str, list[str]], str | None]:
        """Each session's labels (from the league book), and a warning if the book could not
        be read."""
        if not os.path.lexists(self.layout.book):
            # No league kept here (a family's laptop): nothing to read, nor to load to read it.
            return {}, None
        # The statistics are loaded by what uses them (the list, labels, standings): a move,
        # which a script may make once a process, needs none of them.
        from ..stats.league import load_league

        league, warning = load_league(self.layout)
        return league.labels, warning

    # The list --------------------------------------------------------------------------------

    @plain_os_errors(N_("could not list the sessions: {reason}"))
    def list(self, *, rebuild: bool = False) -> Listing:
        """Every stored session, newest activity first.

        Rows come from the index when their session file is unchanged (same fingerprint);
        otherwise from the file, which always wins. `rebuild` reads every file.
        """
        fresh, warnings = self._rows(rebuild)
        infos = sorted(
            (SessionInfo.from_row(row) for row in fresh.values()),
            key=lambda info: (info.updated, info.id),
            reverse=True,
        )
        return Listing(tuple(infos), warnings)

    def rows(self) -> tuple[dict[str, dict[str, Any]], tuple[str, ...]]:
        """The index rows by id (each with its figures, `row["stats"]`), brought up to date
        with the files, and what went wrong."""
        return self._rows(False)

    def _rows(self, rebuild: bool) -> tuple[dict[str, dict[str, Any]], tuple[str, ...]]:
        """The index brought up to date with the files: rows by id, and what went wrong."""
        sweep_leftovers(self.layout)
        # A move to the trash or back killed mid-way leaves the other folder's lock file.
        sweep_leftovers(self.trash)
        # What snapshot writers killed mid-write left (listing needs no snapshot itself).
        cache.sweep(cache.SNAPSHOTS)
        self.index.sweep()
        rows, warning = self.index.load()
        warnings = [warning] if warning else []
        fresh: dict[str, dict[str, Any]] = {}
        ids = self.layout.session_ids()
        changed = set(rows) != set(ids)
        for sid in ids:
            row = rows.get(sid)
            stamp = fingerprint(self.layout.session(sid))
            if stamp is None:
                continue
            if row is None or rebuild or not _usable(row) or row.get("file") != list(stamp):
                try:
                    row = self._row(sid)
                except SessionNotFound:
                    continue
                except SessionError as exc:  # damaged (now set aside), newer, unrefereeable
                    warnings.append(exc.message)
                    continue
                changed = True
            fresh[sid] = row
        if changed:
            self.index.save(fresh)
        return fresh, tuple(warnings)

    @plain_os_errors(N_("could not read the session: {reason}"))
    def info(self, typed_id: str) -> SessionInfo:
        """One session's list row, read from its file."""
        return SessionInfo.from_row(self._row(self.resolve(typed_id)))

    def _row(self, sid: str) -> dict[str, Any]:
        with SessionFile.open(self.layout, sid, write=False) as file:
            return row_of(file)

    def _index_file(self, sid: str) -> None:
        # If the file cannot be read now, the next list reads it (and reports it) itself.
        with contextlib.suppress(SessionError):
            self.index.put(sid, self._row(sid))

    def _closed(self, file: SessionFile, summary: dict[str, Any], figures: dict[str, Any]) -> None:
        # Called with the writer lock still held, so the file cannot change under us.
        file.seen = fingerprint(file.path)
        self.index.put(file.id, row_of(file, summary, figures))


def _usable(row: dict[str, Any] | None) -> bool:
    """Whether an index row has every field the list shows (the index is only a cache)."""
    from ..stats import usable_figures  # see `SessionService.labels`

    try:
        info = SessionInfo.from_row(row or {})
    except (KeyError, TypeError, ValueError):
        return False
    return usable_figures((row or {}).get("stats"), info.players)


def _content_digest(tags: dict[str, Any], entries: list[dict[str, Any]]) -> str:
    """What makes two imports the same session: the header and the canonical moves."""
    content = json.dumps([tags, [entry["text"] for entry in entries]], ensure_ascii=False)
    import hashlib  # loads OpenSSL: the session list, the app's first screen, hashes nothing

    return hashlib.sha256(content.encode("utf-8")).hexdigest()


def row_of(
    file: SessionFile, summary: dict[str, Any] | None = None, figures: dict[str, Any] | None = None
) -> dict[str, Any]:
    """A list row from a loaded file: what its moves say, and the figures the statistics count
    in it (computed once per change of the file, here). `summary` and `figures` come from a
    replay of this very file (a writer closing it); without them the moves are replayed here,
    as a summary stored in the file is not evidence (it may be forged or from an older
    version)."""
    from ..stats import blank_figures  # see `SessionService.labels`
    from .live import LiveSession
    from .shipped import row_fields

    header = header_of(file.meta["tags"])
    moves = file.moves
    if not moves:
        # A new session: nothing to replay (`new` referees its header once, in `create`).
        summary = {
            "round": 0,
            "status": "new",
            "leader": None,
            "totals": dict.fromkeys(header.players, 0),
        }
        figures = blank_figures(header)
    elif summary is None or figures is None:
        live = LiveSession(file)
        summary, figures = live.summary(), live.figures()
    created = str(file.meta.get("created", ""))
    return row_fields(file.id, header, summary, figures, len(moves), created, file.entries) | {
        "file": list(file.seen) if file.seen else None,
        "imported": file.meta.get("imported"),
        "uid": file.uid,
    }
