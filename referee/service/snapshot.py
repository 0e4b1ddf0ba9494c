"""Snapshots of a replayed session: its state after the last move, cached between commands.

Replaying a session of thousands of moves takes longer than a command on it should (the
command line's `move`, `undo` and `show` open the session each time). The state the replay
ends in is kept in the user's cache folder, beside the state before the last move (what
`undo` goes back to), and used when the session's header and moves are exactly those it was
made from, by this very version of the referee. The session file stays the only record: a
missing, stale or unusable snapshot is ignored and the session replayed.

A snapshot is data and nothing else: a JSON document of the engine's own fields (cards by
code, messages by catalogue key and typed values, rule ids by name; the session's rules are
not stored but taken from its header, and what the state derives from its fields, the score
sheet and the discard pile's face counts, is derived again). Reading one runs no code named
in it. As its state is used without a replay, it is signed: an HMAC-SHA256 with the user's
key, kept in the data folder (`store.secret`), so only this user's referee can write one that
is used. Then every field is checked (its type, its range, seats within the table, cards of
the session's deck, keys of the catalogue) before anything is built from it.

A snapshot that is not signed with the key, or does not hold a state this version can use, is
removed, and one line on standard error says so; the command then does what it does without a
snapshot. An earlier version's snapshot, one made from other moves or by other code, is
ignored without a word (the next command that changes the session replaces it).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import hmac
import json
import os
import sys
from collections.abc import Callable, Iterable, Mapping

from .. import __version__
from ..engine.cards import COLOR_NAMES, UNSEEN, Card, card
from ..engine.messages import (
    CATALOGUE,
    WORDS,
    CardNames,
    Codes,
    Colour,
    Message,
    Names,
    Word,
    is_message,
)
from ..engine.rules import IDS, RuleId
from ..engine.scoring import RoundResult, score
from ..engine.state import NO_KNOWN, NO_WINDOWS, Game, OwedDraw, PendingDraw, Setup, Table
from ..i18n import LANGUAGES, _
from ..named import NamedTuple

# Only to check that a kept message can be put into words in every language (the app may switch
# language while it runs): nothing is said here.
from ..render import render
from ..store import cache, secret
from ..store.cache import cache_file, discard, read_private, write_private
from ..store.resume import Resume
from ..store.resume import from_doc as resume_from

TYPE_CHECKING = False  # as typing's, without loading typing or pathlib (see referee.named)
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any, NoReturn

SNAPSHOT_MIN_MOVES = 300
"""Shorter sessions replay in a few milliseconds: not worth a file."""

FORMAT = 2
"""1: the pickled engine objects (no longer read); 2: a signed JSON document."""

_KIND = cache.SNAPSHOTS
_CONTEXT = b"uno-referee snapshot 2\n"
"""Signed before the document: a MAC made for anything else never fits a snapshot."""


class Snapshot(NamedTuple):
    end: Game
    """The state after the last move."""
    before: Game | None
    """The state before it (None if unknown)."""


def moves_digest(sid: str, tags: Any, texts: Iterable[str]) -> str:
    """What a snapshot must have been made from: the session, its header and its moves."""
    digest = hashlib.sha256()
    digest.update(json.dumps([sid, tags], sort_keys=True, ensure_ascii=False).encode())
    # Each text after a newline, in one update: the bytes of one update per text (so the
    # snapshots kept stay current), at a fraction of the cost on a long session.
    texts = list(texts)
    if texts:
        digest.update(("\n" + "\n".join(texts)).encode())
    return digest.hexdigest()


@functools.cache
def code_stamp() -> str:
    """This version of the referee: its version and every source file's size and time, so a
    changed engine never reads another's states."""
    root = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    parts = [__version__]
    # Each folder's files in name order, the folders in the order of their paths, each file as
    # `folder/name:size:mtime` (the top folder is `.`): what a walk of the tree that asked for
    # each path relative to the top gave, at a fraction of the cost on every command.
    for folder, files in sorted(_source_files(root, "")):
        for name, size, mtime in sorted(files):
            parts.append(f"{folder or '.'}/{name}:{size}:{mtime}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def _source_files(path: str, folder: str) -> list[tuple[str, list[tuple[str, int, int]]]]:
    """The `.py` files under `path` (`folder` relative to the top, "" for the top itself): each
    folder with its files' names, sizes and times. Links to folders are not followed, and a
    folder that cannot be read counts as empty (as `os.walk` has it); bytecode folders hold no
    source."""
    files: list[tuple[str, int, int]] = []
    found = [(folder, files)]
    try:
        with os.scandir(path) as entries:
            listed = list(entries)
    except OSError:
        return found
    for entry in listed:
        try:
            if entry.is_dir():
                if entry.name != "__pycache__" and not entry.is_symlink():
                    inner = f"{folder}/{entry.name}" if folder else entry.name
                    found += _source_files(entry.path, inner)
            elif entry.name.endswith(".py"):
                st = entry.stat()
                files.append((entry.name, st.st_size, st.st_mtime_ns))
        except OSError:
            continue
    return found


def load(source: str | Path, digest: str, setup: Setup, data: str | Path) -> Snapshot | None:
    """The snapshot of the session file `source` whose moves give `digest`, or None.

    `data` is the data folder, which keeps the key the snapshot must be signed with."""
    doc = _document(source, data)
    if doc is None or doc.get("code") != code_stamp() or doc.get("moves") != digest:
        return None  # made from other moves, or by another version: stale, not wrong
    return _states(doc, source, setup)


class Peeked(NamedTuple):
    """A current snapshot that says what its session file's log comes to (`store.resume`)."""

    doc: dict[str, Any]
    resume: Resume


def peek(source: str | Path, data: str | Path) -> Peeked | None:
    """The snapshot of the session file `source`, signed with the key of the data folder `data`
    and made by this version, with the Resume of the file it was made from; None if there is
    none. Before the file is read: `SessionFile.open` uses the Resume only for a file whose
    bytes have its hash, and `resumed` gives the states then."""
    doc = _document(source, data)
    if doc is None or doc.get("code") != code_stamp():
        return None
    try:
        resume = resume_from(doc.get("file"))
    except ValueError:
        return None  # made before snapshots said what their file was, or of a file that did not fit
    return Peeked(doc, resume)


def resumed(peeked: Peeked, source: str | Path, setup: Setup) -> Snapshot | None:
    """The states of a snapshot from `peek`, for the session file `source` opened from its
    Resume (so its bytes are those the states were made from); None if they are unusable."""
    return _states(peeked.doc, source, setup)


def _document(source: str | Path, data: str | Path) -> dict[str, Any] | None:
    """The signed document of the snapshot of `source`, or None (one that is damaged or not
    signed with the key of `data` is removed, and a note says so)."""
    path = cache_file(_KIND, source)
    raw = read_private(path)
    if not raw:
        return None  # none (an empty file is what a power cut may leave of one)
    signing = secret.read_key(data)
    if signing is None:
        return None  # nothing can be trusted without the key: replay (and keep the file)
    head, _nl, body = raw.partition(b"\n")
    try:
        found = json.loads(head)
    except (ValueError, RecursionError):
        found = None
    if isinstance(found, dict) and type(found.get("format")) is int and found["format"] < FORMAT:
        discard(path)  # an earlier version's
        return None
    mac = found.get("mac") if isinstance(found, dict) and found.get("format") == FORMAT else None
    if not (
        isinstance(mac, str) and mac.isascii() and hmac.compare_digest(mac, _mac(signing, body))
    ):
        discard(path)
        _tell(
            _(
                "uno-referee: note: the cached snapshot of session {id} is damaged or was not "
                "written by this program; it was removed, and the session was replayed from "
                "its file"
            ).format(id=_session_id(source))
        )
        return None
    try:
        doc = json.loads(body)
    except (ValueError, RecursionError):
        doc = None
    if not isinstance(doc, dict):
        _unusable(path, source)
        return None
    return doc


def _states(doc: dict[str, Any], source: str | Path, setup: Setup) -> Snapshot | None:
    """The states a signed snapshot document holds, checked field by field; None (the file
    removed, with a note) if they are not states this version can use."""
    try:
        end = _game(doc["end"], setup)
        before = (
            None
            if doc["before"] is None
            else _game(doc["before"], setup, (doc["end"]["results"], end))
        )
    except Exception:  # anything at all that is not a usable state means "replay"
        _unusable(cache_file(_KIND, source), source)
        return None
    return Snapshot(end, before)


def _unusable(path: str, source: str | Path) -> None:
    discard(path)
    _tell(
        _(
            "uno-referee: note: the cached snapshot of session {id} holds a state this "
            "version cannot use; it was removed, and the session was replayed from its "
            "file"
        ).format(id=_session_id(source))
    )


def save(
    source: str | Path,
    digest: str | None,
    snapshot: Snapshot,
    data: str | Path,
    resume: Resume | None = None,
) -> None:
    """Keep the states for the next command, signed with the key of the data folder `data`
    (a cache: failures are ignored). `digest`: the moves they were made from (None if not
    known: the file was opened from a Resume); `resume`: what the very file they were made
    from holds, so that the next command need not read its log."""
    if digest is None and resume is None:
        return  # nothing the next command could match it with
    signing = secret.key(data)
    if signing is None:
        return  # no key can be kept here: no snapshot either
    try:
        end, before = snapshot
        body = _dumps(
            {
                "code": code_stamp(),
                "moves": digest,
                "file": None if resume is None else resume.to_doc(),
                "end": _game_doc(end),
                "before": None if before is None else _game_doc(before),
            }
        )
    except Exception:  # a state this format cannot hold: replay next time
        return
    head = _dumps({"format": FORMAT, "mac": _mac(signing, body)})
    cache.sweep(_KIND)  # what snapshot writers killed mid-write left
    write_private(cache_file(_KIND, source), head + b"\n" + body)


def _session_id(source: str | Path) -> str:
    """The id of the session whose file is `source` (its name without `.json`)."""
    return os.path.splitext(os.path.basename(source))[0]


def _mac(signing: bytes, body: bytes) -> str:
    return hmac.new(signing, _CONTEXT + body, hashlib.sha256).hexdigest()


def _dumps(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


def _tell(note: str) -> None:
    # Standard error, never standard output: the command's output is the same with a snapshot
    # or without one. (The app captures standard error while it runs.)
    with contextlib.suppress(OSError, ValueError, AttributeError):
        print(note, file=sys.stderr)


# Writing -------------------------------------------------------------------------------------
# Each value is written only if it is of the exact type the engine keeps there; anything else
# raises, and no snapshot is made.


class _Unstorable(TypeError):
    pass


def _code(face: Any) -> str:
    if type(face) is not Card:
        raise _Unstorable(face)
    return "?" if face is UNSEEN else face.code


def _codes(faces: Iterable[Any]) -> list[str]:
    return [_code(face) for face in faces]


def _card_counts(counts: Mapping[Card, int]) -> list[list[Any]]:
    return [[_code(face), _plain_int(n)] for face, n in counts.items()]


def _plain_int(value: Any) -> int:
    if type(value) is not int:
        raise _Unstorable(value)
    return value


def _opt_int(value: Any) -> int | None:
    return None if value is None else _plain_int(value)


def _text(value: Any) -> str:
    if type(value) is not str:
        raise _Unstorable(value)
    return value


def _opt_text(value: Any) -> str | None:
    return None if value is None else _text(value)


def _flag(value: Any) -> bool:
    if type(value) is not bool:
        raise _Unstorable(value)
    return value


def _rule_name(value: Any) -> str:
    if type(value) is not RuleId:
        raise _Unstorable(value)
    return str(value)


def _game_doc(g: Game) -> dict[str, Any]:
    return {
        "round_no": _plain_int(g.round_no),
        "phase": _text(g.phase),
        "dealer": _opt_text(g.dealer),
        "seats": [[_text(name), _plain_int(seat)] for name, seat in g.seats.items()],
        "results": [_result_doc(r) for r in g.results],
        "winner": _opt_text(g.winner),
        "revealed": [[_text(name), _plain_int(n)] for name, n in g.revealed.items()],
        "revealed_cards": _card_counts(g.revealed_cards),
        "penalties": [[_text(name), _plain_int(n)] for name, n in g.penalties],
        "penalty_due": sorted(_text(name) for name in g.penalty_due),
        "knocked": [_text(name) for name in g.knocked],
        "gone": [_text(name) for name in g.gone],
        "table": None if g.table is None else _table_doc(g.table),
    }


def _result_doc(r: RoundResult) -> dict[str, Any]:
    if type(r) is not RoundResult:
        raise _Unstorable(r)
    return {
        "winner": _opt_text(r.winner),
        "hands": [[_text(name), _plain_int(n)] for name, n in r.hands.items()],
        "penalties": [[_text(name), _plain_int(n)] for name, n in r.penalties],
        "knocked_out": [_text(name) for name in r.knocked_out],
        "ko_bonus": _plain_int(r.ko_bonus),
        "at_time": _flag(r.at_time),
        "left": [_text(name) for name in r.left],
    }


def _table_doc(t: Table) -> dict[str, Any]:
    # Not `pile_counts`: the pile's face counts, counted again on reading.
    return {
        "players": [_text(name) for name in t.players],
        "dealer": _plain_int(t.dealer),
        "hands": [_plain_int(n) for n in t.hands],
        "turn": _opt_int(t.turn),
        "direction": _plain_int(t.direction),
        "top": None if t.top is None else _code(t.top),
        "color": _opt_text(t.color),
        "pile": _codes(t.pile),
        "pile_back": None if t.pile_back is None else _codes(t.pile_back),
        "side": _plain_int(t.side),
        "draw_pile": _plain_int(t.draw_pile),
        "known": [_card_counts(hand) for hand in t.known],
        "pool": _card_counts(t.pool),
        "pending": None if t.pending is None else _pending_doc(t.pending),
        "owed": None if t.owed is None else _owed_doc(t.owed),
        "must_play": _opt_int(t.must_play),
        "catchable": [[_plain_int(s), _plain_int(c)] for s, c in t.catchable.items()],
        "closed": [[_plain_int(s), _message_doc(m)] for s, m in t.closed.items()],
        "extra": [
            [_text(name), [_plain_int(s) for s in _seat_tuple(value)]]
            for name, value in t.extra.items()
        ],
        "winner": _opt_int(t.winner),
        "reshuffles": _plain_int(t.reshuffles),
        "out": [_plain_int(s) for s in t.out],
        "left": [[_plain_int(s), _rule_name(r)] for s, r in t.left.items()],
    }


def _seat_tuple(value: Any) -> tuple[Any, ...]:
    # What the units keep in `Table.extra` (Minecraft: the seats owing a Creeper's three).
    if type(value) is not tuple:
        raise _Unstorable(value)
    return value


def _pending_doc(p: PendingDraw) -> dict[str, Any]:
    if type(p.until) is not bool:
        raise _Unstorable(p.until)
    return {
        "offender": _plain_int(p.offender),
        "victim": _plain_int(p.victim),
        "card": _code(p.card),
        "amount": _plain_int(p.amount),
        "prev_top": None if p.prev_top is None else _code(p.prev_top),
        "prev_color": _opt_text(p.prev_color),
        "held": _plain_int(p.held),
        "rule": _rule_name(p.rule),
        "wd4s": _plain_int(p.wd4s),
        "until": p.until,
    }


def _owed_doc(o: OwedDraw) -> dict[str, Any]:
    return {
        "seat": _plain_int(o.seat),
        "then": _plain_int(o.then),
        "rule": _rule_name(o.rule),
        "winner": _opt_int(o.winner),
    }


def _message_doc(m: Any) -> list[Any]:
    if not is_message(m):
        raise _Unstorable(m)
    message_key, values = m
    name: str = message_key.key
    if CATALOGUE.get(name) is not message_key:
        raise _Unstorable(m)  # not the catalogue's: it could not be found again
    return [name, [_value_doc(v) for v in values]]


def _value_doc(v: Any) -> Any:
    """A message's value: null, a boolean, an integer, or [kind, what]."""
    kind = type(v)
    if v is None or kind is bool or kind is int:
        return v
    if kind is str:
        return ["str", v]
    if kind is Colour:
        return ["colour", str(v)]
    if kind is Word:
        return ["word", str(v)]
    if kind is RuleId:
        return ["rule", str(v)]
    if kind is Card:
        return ["card", _code(v)]
    if kind is CardNames:
        return ["cards", _codes(v)]
    if kind is Codes:
        return ["codes", _codes(v)]
    if kind is Names:
        return ["names", [_text(name) for name in v]]
    return ["message", _message_doc(v)]


# Reading -------------------------------------------------------------------------------------
# Every field is checked before it is used; the first that is not as this version writes it
# raises (any exception: `load` catches them all).

_MAX_COUNT = 1_000_000
"""Far above any count a session reaches (cards, points, rounds): a bound, not a limit."""

_MAX_TEXT = 10_000
_MAX_NESTING = 4
"""Messages within messages (a ruling quotes the message that closed a window)."""

_PHASES = frozenset({"idle", "setup", "play", "over"})


class _Invalid(ValueError):
    pass


def _fail(what: str) -> NoReturn:
    raise _Invalid(what)


def _fields(doc: Any, names: frozenset[str]) -> dict[str, Any]:
    if type(doc) is not dict or doc.keys() != names:
        _fail("fields")
    return doc


def _list(value: Any, size: int | None = None) -> list[Any]:
    if type(value) is not list or (size is not None and len(value) != size):
        _fail("list")
    return value


def _count(value: Any, low: int = 0, high: int = _MAX_COUNT) -> int:
    if type(value) is not int or not low <= value <= high:
        _fail("count")
    return value


def _seat(value: Any, seats: int) -> int:
    return _count(value, 0, seats - 1)


def _opt_seat(value: Any, seats: int) -> int | None:
    return None if value is None else _seat(value, seats)


def _string(value: Any) -> str:
    if type(value) is not str or len(value) > _MAX_TEXT:
        _fail("text")
    return value


def _name(value: Any, names: frozenset[str]) -> str:
    if type(value) is not str or value not in names:
        _fail("name")
    return value


def _opt_name(value: Any, names: frozenset[str]) -> str | None:
    return None if value is None else _name(value, names)


def _colour(value: Any) -> str | None:
    if value is not None and (type(value) is not str or value not in COLOR_NAMES):
        _fail("colour")
    return value


def _rule(value: Any) -> RuleId:
    if type(value) is not str or value not in IDS:
        _fail("rule")
    return IDS[value]


class _Faces:
    """Card codes of the session's deck (and `?`, the unseen face, where it may be)."""

    def __init__(self, setup: Setup) -> None:
        self.deck = setup.deck.cards

    def face(self, code: Any, unseen: bool = False) -> Card:
        if type(code) is not str:
            _fail("card")
        if code == "?" and unseen:
            return UNSEEN
        found = card(code)  # KeyError for a code no card has
        if found not in self.deck:
            _fail("card")
        return found

    def faces(self, codes: Any, unseen: bool = False) -> tuple[Card, ...]:
        return tuple(self.face(code, unseen) for code in _list(codes))

    def counts(self, pairs: Any) -> dict[Card, int]:
        found: dict[Card, int] = {}
        for pair in _list(pairs):
            code, n = _list(pair, 2)
            face = self.face(code)
            if face in found:
                _fail("twice")
            found[face] = _count(n)
        return found


def _pairs(
    value: Any, read_key: Callable[[Any], Any], read_value: Callable[[Any], Any]
) -> dict[Any, Any]:
    found: dict[Any, Any] = {}
    for pair in _list(value):
        k, v = _list(pair, 2)
        k = read_key(k)
        if k in found:
            _fail("twice")
        found[k] = read_value(v)
    return found


def _distinct(items: tuple[Any, ...]) -> tuple[Any, ...]:
    if len(set(items)) != len(items):
        _fail("twice")
    return items


_GAME = frozenset(
    {
        "round_no",
        "phase",
        "dealer",
        "seats",
        "results",
        "winner",
        "revealed",
        "revealed_cards",
        "penalties",
        "penalty_due",
        "knocked",
        "gone",
        "table",
    }
)


def _game(doc: Any, setup: Setup, like: tuple[list[Any], Game] | None = None) -> Game:
    """The state `doc` holds. `like`: another state read from this snapshot, and its results
    as written, whose rounds this state shares (the state before the last move has the same
    rounds, but for the last one at most): those are neither read nor scored again."""
    d = _fields(doc, _GAME)
    names = frozenset(setup.players)
    faces = _Faces(setup)

    def name(v: Any) -> str:
        return _name(v, names)

    g = Game.__new__(Game)
    g.setup = setup
    g.round_no = _count(d["round_no"])
    if d["phase"] not in _PHASES:
        _fail("phase")
    g.phase = d["phase"]
    g.dealer = _opt_name(d["dealer"], names)
    seats = dict(_name_counts(d["seats"], names, distinct=True))
    if sorted(seats.values()) != list(range(len(seats))):
        _fail("seats")
    g.seats = seats
    written, other = like if like is not None else ([], None)
    g.results = tuple(
        other.results[i]
        if other is not None and i < len(written) and r == written[i]
        else _result(r, names)
        for i, r in enumerate(_list(d["results"]))
    )
    g.winner = _opt_name(d["winner"], names)
    g.revealed = dict(_name_counts(d["revealed"], names, distinct=True))
    g.revealed_cards = faces.counts(d["revealed_cards"])
    g.penalties = _name_counts(d["penalties"], names)
    g.penalty_due = frozenset(map(name, _list(d["penalty_due"])))
    g.knocked = _distinct(tuple(map(name, _list(d["knocked"]))))
    g.gone = _distinct(tuple(map(name, _list(d["gone"]))))
    g.table = None if d["table"] is None else _table(d["table"], names, faces, setup)
    # The sheet is scored again from the results, which `score` checks (ValueError).
    last_open = g.hands_missing()
    if other is not None and g.results == other.results and last_open == other.hands_missing():
        g.scored = other.scored
    else:
        g.scored = score(setup.scoring, setup.players, g.results, last_open)
    return g


_RESULT = frozenset({"winner", "hands", "penalties", "knocked_out", "ko_bonus", "at_time", "left"})


def _result(doc: Any, names: frozenset[str]) -> RoundResult:
    d = _fields(doc, _RESULT)
    return RoundResult(
        _opt_name(d["winner"], names),
        dict(_name_counts(d["hands"], names, distinct=True)),
        _name_counts(d["penalties"], names),
        _distinct(tuple(_name(n, names) for n in _list(d["knocked_out"]))),
        _count(d["ko_bonus"]),
        _read_flag(d["at_time"]),
        _distinct(tuple(_name(n, names) for n in _list(d["left"]))),
    )


def _read_flag(value: Any) -> bool:
    if type(value) is not bool:
        _fail("flag")
    return bool(value)


def _name_counts(
    value: Any, names: frozenset[str], distinct: bool = False
) -> tuple[tuple[str, int], ...]:
    """[[name, count], ...] (each name once if `distinct`); the commonest field: each round's
    hands are one."""
    found = []
    for pair in _list(value):
        if type(pair) is not list or len(pair) != 2:
            _fail("pair")
        name, n = pair
        if (
            type(name) is not str
            or name not in names
            or type(n) is not int
            or not 0 <= n <= _MAX_COUNT
        ):
            _fail("count")
        found.append((name, n))
    if distinct:
        _distinct(tuple(name for name, _n in found))
    return tuple(found)


_TABLE = frozenset(
    {
        "players",
        "dealer",
        "hands",
        "turn",
        "direction",
        "top",
        "color",
        "pile",
        "pile_back",
        "side",
        "draw_pile",
        "known",
        "pool",
        "pending",
        "owed",
        "must_play",
        "catchable",
        "closed",
        "extra",
        "winner",
        "reshuffles",
        "out",
        "left",
    }
)


def _table(doc: Any, names: frozenset[str], faces: _Faces, setup: Setup) -> Table:
    d = _fields(doc, _TABLE)
    players = _distinct(tuple(_name(n, names) for n in _list(d["players"])))
    n = len(players)
    if n < 1:
        _fail("players")

    def seat(v: Any) -> int:
        return _seat(v, n)

    t = Table.__new__(Table)
    t.players = players
    t.dealer = seat(d["dealer"])
    t.hands = [_count(h) for h in _list(d["hands"], n)]
    t.turn = _opt_seat(d["turn"], n)
    if d["direction"] not in (1, -1) or type(d["direction"]) is not int:
        _fail("direction")
    t.direction = d["direction"]
    t.top = None if d["top"] is None else faces.face(d["top"], unseen=True)
    t.color = _colour(d["color"])
    t.pile = faces.faces(d["pile"], unseen=True)
    sided = setup.deck.sides is not None
    if (d["pile_back"] is None) == sided:
        _fail("sides")
    t.pile_back = None if d["pile_back"] is None else faces.faces(d["pile_back"], unseen=True)
    if t.pile_back is not None and len(t.pile_back) != len(t.pile):
        _fail("pile")
    t.side = _count(d["side"], 0, 1 if sided else 0)
    t.draw_pile = _count(d["draw_pile"])
    t.known = tuple(faces.counts(hand) or NO_KNOWN for hand in _list(d["known"], n))
    t.pool = faces.counts(d["pool"]) or NO_KNOWN
    t.pending = None if d["pending"] is None else _pending(d["pending"], n, faces)
    t.owed = None if d["owed"] is None else _owed(d["owed"], n)
    t.must_play = _opt_seat(d["must_play"], n)
    t.catchable = _pairs(d["catchable"], seat, seat) or NO_WINDOWS
    t.closed = _pairs(d["closed"], seat, lambda m: _checked_message(m, faces)) or NO_WINDOWS
    t.extra = _pairs(d["extra"], _string, lambda v: tuple(seat(s) for s in _list(v)))
    t.winner = _opt_seat(d["winner"], n)
    t.reshuffles = _count(d["reshuffles"])
    t.out = _distinct(tuple(seat(s) for s in _list(d["out"])))
    t.left = _pairs(d["left"], seat, _rule)
    t.recount()  # the pile's face counts (ValueError past 255 of a face)
    return t


_PENDING = frozenset(
    {
        "offender",
        "victim",
        "card",
        "amount",
        "prev_top",
        "prev_color",
        "held",
        "rule",
        "wd4s",
        "until",
    }
)


def _pending(doc: Any, n: int, faces: _Faces) -> PendingDraw:
    d = _fields(doc, _PENDING)
    if type(d["until"]) is not bool:
        _fail("until")
    return PendingDraw(
        offender=_seat(d["offender"], n),
        victim=_seat(d["victim"], n),
        card=faces.face(d["card"]),
        amount=_count(d["amount"]),
        prev_top=None if d["prev_top"] is None else faces.face(d["prev_top"], unseen=True),
        prev_color=_colour(d["prev_color"]),
        held=_count(d["held"]),
        rule=_rule(d["rule"]),
        wd4s=_count(d["wd4s"]),
        until=d["until"],
    )


_OWED = frozenset({"seat", "then", "rule", "winner"})


def _owed(doc: Any, n: int) -> OwedDraw:
    d = _fields(doc, _OWED)
    return OwedDraw(
        _seat(d["seat"], n), _seat(d["then"], n), _rule(d["rule"]), _opt_seat(d["winner"], n)
    )


def _checked_message(doc: Any, faces: _Faces) -> Message:
    """A message that renders in every language (a value of a type its text cannot show would
    fail only when the table reads it; the app can change its language while it runs)."""
    message = _message(doc, faces, 0)
    for lang in LANGUAGES:
        render((message,), lang)
    return message


def _message(doc: Any, faces: _Faces, depth: int) -> Message:
    if depth > _MAX_NESTING:
        _fail("nesting")
    name, values = _list(doc, 2)
    message_key = CATALOGUE.get(name) if type(name) is str else None
    if message_key is None:
        _fail("message")
    return message_key, tuple(
        _value(v, faces, depth) for v in _list(values, len(message_key.fields))
    )


def _value(doc: Any, faces: _Faces, depth: int) -> Any:
    if doc is None or type(doc) is bool:
        return doc
    if type(doc) is int:
        return _count(doc, -_MAX_COUNT)
    kind, what = _list(doc, 2)
    if kind == "str":
        return _string(what)
    if kind == "colour":
        if what != "":
            _colour(what)
        return Colour(_string(what))
    if kind == "word":
        if type(what) is not str or what not in WORDS:
            _fail("word")
        return Word(what)
    if kind == "rule":
        return _rule(what)
    if kind == "card":
        return faces.face(what, unseen=True)
    if kind == "cards":
        return CardNames(faces.faces(what, unseen=True))
    if kind == "codes":
        return Codes(faces.faces(what, unseen=True))
    if kind == "names":
        return Names(tuple(_string(name) for name in _list(what)))
    if kind == "message":
        return _message(what, faces, depth + 1)
    _fail("value")
