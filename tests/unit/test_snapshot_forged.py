"""Snapshots planted in the cache folder by someone who can write it (a synced or shared cache,
a restored backup, an unpacked archive): nothing in one runs, and no command says or does
anything else because of it.

The snapshots here are written in the format the referee once read (a pickle of the engine's
objects behind a JSON head line), as an attacker would write them for it; each test failed
while that format was read (and a FIFO in a snapshot's place held the command until written
to)."""

from __future__ import annotations

import contextlib
import io
import json
import os
import pickle
import shutil
import threading
import types
from collections.abc import Callable
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest

from referee import cli
from referee.engine.cards import UNSEEN, Card
from referee.engine.events import Session
from referee.engine.state import Game
from referee.notation import format_session, parse_move
from referee.service import SessionService
from referee.service import snapshot as snap
from referee.store.cache import cache_path
from tests.unit.test_snapshot import HEADER, long_game

MOVES = 320
"""Ann holds 5 cards after the first 320 moves of `long_game()`; Cy's `r6` is move 321."""


@pytest.fixture
def table(tmp_path: Path) -> tuple[SessionService, str, list[str]]:
    """A stored session of MOVES moves (long enough for snapshots), and the game's moves."""
    moves = long_game()
    service = SessionService(tmp_path / "data")
    session = Session(HEADER, [parse_move(m, HEADER) for m in moves[:MOVES]])
    sid = service.import_text(format_session(session), "long.uno").id
    return service, sid, moves


def command(service: SessionService, *argv: str) -> tuple[int, str, str]:
    """`uno-referee ARGV... --data-dir DATA` in this process: (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main([*argv, "--data-dir", str(service.layout.root)])
    return code, out.getvalue(), err.getvalue()


def snapshot_file(service: SessionService, sid: str) -> Path:
    return cache_path("snapshots", service.layout.session(sid))


def without_snapshots(service: SessionService, sid: str, *argv: str) -> tuple[int, str]:
    """What a command prints with no snapshot at all, on a copy of the data folder."""
    copy = service.layout.root.parent / "reference"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(service.root, copy)
    other = SessionService(copy)
    snapshot_file(other, sid).unlink(missing_ok=True)
    code, out, _err = command(other, *argv)
    return code, out


def plant(service: SessionService, sid: str, body: bytes) -> None:
    """Write a snapshot in the old format, current for the session's moves and this code."""
    with service.open(sid, read_only=True) as live:
        digest = live._digest()
    where = snapshot_file(service, sid)
    where.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    head = json.dumps({"format": 1, "code": snap.code_stamp(), "moves": digest}).encode()
    where.write_bytes(head + b"\n" + body)
    where.chmod(0o600)


# The old format's pickles, written as its writer wrote them ----------------------------------


def _mapping(items: dict[Any, Any]) -> MappingProxyType[Any, Any]:
    return MappingProxyType(items)


_mapping.__module__, _mapping.__qualname__ = snap.__name__, "_mapping"


class _OldWriter(pickle.Pickler):
    """The engine's objects as the old snapshots held them: the session's rules, cards and
    catalogue messages by reference, mapping proxies through the reader's one helper."""

    def __init__(self, stream: io.BytesIO, setup: Any) -> None:
        super().__init__(stream, protocol=pickle.HIGHEST_PROTOCOL)
        self._setup = setup

    def reducer_override(self, obj: Any) -> Any:
        if type(obj) is MappingProxyType:
            return _mapping, (dict(obj),)
        return NotImplemented

    def persistent_id(self, obj: Any) -> Any:
        if obj is self._setup:
            return ("setup",)
        if type(obj) is Card:
            return ("card", None if obj is UNSEEN else obj.code)
        if callable(obj) and hasattr(obj, "template"):
            return ("message", obj.key)
        return None


def old_pickle(end: Game, before: Game | None, monkeypatch: pytest.MonkeyPatch) -> bytes:
    # The writer names the helper by the module it lived in; it is put back there meanwhile.
    monkeypatch.setattr(snap, "_mapping", _mapping, raising=False)
    stream = io.BytesIO()
    _OldWriter(stream, end.setup).dump((end, before))
    return stream.getvalue()


def _unicode(text: str) -> bytes:
    data = text.encode()
    return pickle.SHORT_BINUNICODE + bytes([len(data)]) + data


def _global(module: str, name: str) -> bytes:
    # By a dotted name, which the reader resolved attribute by attribute (protocol 4).
    return _unicode(module) + _unicode(name) + pickle.STACK_GLOBAL


def _value(value: Any) -> bytes:
    """A pickle of plain values, without its protocol header, STOP or memo."""
    stream = io.BytesIO()
    pickler = pickle.Pickler(stream, protocol=3)  # bytes as bytes; no frames
    pickler.fast = True  # no memo: the values are spliced into another pickle
    pickler.dump(value)
    return stream.getvalue()[2:-1]


def _code_arguments(code: types.CodeType) -> tuple[Any, ...]:
    """The arguments `CodeType(...)` takes to make `code` again, in this Python's order."""
    signature = (getattr(types.CodeType, "__text_signature__", None) or "()")[1:-1]
    renamed = {"codestring": "code", "constants": "consts"}
    names = [word.strip().split("=")[0] for word in signature.split(",")]
    return tuple(
        getattr(code, "co_" + renamed.get(name, name)) for name in names if name and name != "/"
    )


def code_running_pickle(marker: Path) -> bytes:
    """A pickle that, once read, makes `marker`: a function built from its own bytecode, with
    the function and code types reached through an engine class (`Referee.__init__`)."""
    code = compile(f"open({str(marker)!r}, 'w').write('ran')", "<planted>", "exec")
    where = "referee.engine.referee"
    make_code = (
        _global(where, "Referee.__init__.__code__.__class__")
        + _value(_code_arguments(code))
        + pickle.REDUCE
    )
    make_function = (
        _global(where, "Referee.__init__.__class__")
        + pickle.MARK
        + make_code
        + pickle.EMPTY_DICT
        + pickle.TUPLE
        + pickle.REDUCE
    )
    call = make_function + pickle.EMPTY_TUPLE + pickle.REDUCE
    return pickle.PROTO + b"\x04" + call + pickle.STOP


def states(service: SessionService, sid: str) -> tuple[Game, Game]:
    """The session's last state and the one before it, as a replay makes them."""
    with service.open(sid, read_only=True) as live:
        steps = live.steps
        return steps[-1].ruling.state, steps[-2].ruling.state


# The tests -------------------------------------------------------------------------------------

COMMANDS: list[Callable[[list[str]], tuple[str, ...]]] = [
    lambda moves: ("show",),
    lambda moves: ("show", "--moves"),
    lambda moves: ("export", "--format", "md"),
    lambda moves: ("move", moves[MOVES]),
    lambda moves: ("undo",),
]


@pytest.mark.parametrize("make", COMMANDS, ids=["show", "show-moves", "export", "move", "undo"])
def test_a_planted_snapshot_runs_no_code(table, tmp_path: Path, make) -> None:
    service, sid, moves = table
    marker = tmp_path / "ran.txt"
    argv = make(moves)
    words = (argv[0], sid, *argv[1:])
    expected = without_snapshots(service, sid, *words)
    plant(service, sid, code_running_pickle(marker))
    code, out, _err = command(service, *words)
    assert not marker.exists(), "the planted snapshot ran its code"
    assert (code, out) == expected


def test_a_forged_snapshot_does_not_change_a_hand(table, monkeypatch) -> None:
    service, sid, _moves = table
    end, before = states(service, sid)
    assert end.table is not None and end.table.players[0] == "Ann" and end.table.hands[0] == 5
    expected = without_snapshots(service, sid, "show", sid)
    assert "Ann 5" in expected[1]
    forged = end.fork()
    assert forged.table is not None
    forged.table.hands[0] = 0
    plant(service, sid, old_pickle(forged, before, monkeypatch))
    code, out, _err = command(service, "show", sid)
    assert "Ann 0" not in out and "Ann 5" in out
    assert (code, out) == expected


def _no_results(g: Game) -> None:
    g.results = (None,)  # type: ignore[assignment]  # the wrong types are the point
    g.scored = None  # type: ignore[assignment]


WRONG_TYPES: dict[str, Callable[[Game], None]] = {
    "hands": lambda g: setattr(g.table, "hands", "five"),
    "turn": lambda g: setattr(g.table, "turn", "Ann"),
    "players": lambda g: setattr(g.table, "players", None),
    "results": _no_results,
    "seats": lambda g: setattr(g, "seats", ["Ann"]),
    "top": lambda g: setattr(g.table, "top", 7),
    "phase": lambda g: setattr(g, "phase", "play-on"),
}


@pytest.mark.parametrize("field", list(WRONG_TYPES))
def test_a_snapshot_with_wrong_field_types_never_ends_in_an_internal_error(
    table, monkeypatch, field: str
) -> None:
    service, sid, moves = table
    end, before = states(service, sid)
    for argv in (
        ("show", sid),
        ("show", sid, "--moves"),
        ("move", sid, moves[MOVES]),
        ("undo", sid),
    ):
        expected = without_snapshots(service, sid, *argv)
        forged = end.fork()
        WRONG_TYPES[field](forged)
        plant(service, sid, old_pickle(forged, before, monkeypatch))
        code, out, err = command(service, *argv)
        assert code != 3 and "internal error" not in err, (argv, err)
        assert (code, out) == expected, argv
        if argv[0] in ("move", "undo"):
            end, before = states(service, sid)


def in_time(work: Callable[[], Any], fifo: Path) -> Any:
    """`work()`'s result; fails if it is still waiting on `fifo` after a minute (then opens
    the FIFO's other end, so that the waiting thread ends)."""
    done = threading.Event()
    found: list[Any] = []

    def run() -> None:
        found.append(work())
        done.set()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    if not done.wait(timeout=60):
        with open(fifo, "wb"):
            pass
        thread.join()
        raise AssertionError(f"the command waited for a writer on {fifo}")
    return found[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs")
def test_a_fifo_in_place_of_a_snapshot_does_not_hold_a_command(table) -> None:
    service, sid, _moves = table
    expected = without_snapshots(service, sid, "show", sid)
    where = snapshot_file(service, sid)
    where.unlink(missing_ok=True)
    where.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    os.mkfifo(where, 0o600)
    code, out, _err = in_time(lambda: command(service, "show", sid), where)
    assert (code, out) == expected
