"""Snapshots of long sessions: a command opens a long session without replaying it, and rules,
undoes, corrects and shows exactly as a full replay would; a stale, damaged or planted
snapshot is never used."""

from __future__ import annotations

import atexit
import os
import pickle
import random
import shutil
import tempfile
from pathlib import Path

import pytest

from referee import cli
from referee.engine import Referee
from referee.engine.events import Header, Session
from referee.engine.public import public_state
from referee.notation import format_event
from referee.render import render
from referee.service import SessionService
from referee.service import snapshot as snap
from referee.service.replay import replay_session
from referee.store.cache import SNAPSHOTS, cache_path, read_private, write_private
from tests.selfplay import SelfPlay
from tests.selfplay.tables import random_header
from tests.unit.test_selfplay import EDITIONS

HEADER = Header(edition="classic", players=("Ann", "Bob", "Cy", "Dee"), scoring="rounds 40")


def long_game(seed: int = 7, header: Header = HEADER) -> list[str]:
    sim = SelfPlay(seed, check=False)
    sim.play_game(header, rounds=12)
    return [format_event(event, header) for event in sim.recorded]


@pytest.fixture
def service(tmp_path: Path) -> SessionService:
    return SessionService(tmp_path / "data")


def stored(service: SessionService, moves: list[str], header: Header = HEADER) -> str:
    """A new session of `moves`, recorded one move at a time in `service`'s (new) data folder,
    with the snapshot its last command left; its id.

    Recording a long game takes a second or more (each move is stored durably) and most tests
    here need one of a few games: a game recorded once in this process is kept as a template
    (its data folder and its snapshot), and copied for the next test that needs it; one that
    goes on from a kept game is copied from it and its further moves recorded."""
    root = service.layout.root
    known, fresh = (header, tuple(moves)), not root.exists()
    kept = _longest_kept(header, moves) if fresh else None
    if kept is None:
        sid = service.create(header)
        done = 0
    else:
        folder, sid, snapshot, done = kept
        shutil.copytree(folder, root)
        if snapshot is not None:
            write_private(_snapshot_path(service, sid), snapshot)
    if done < len(moves):
        with service.open(sid) as live:
            for move in moves[done:]:
                assert live.record(move).ok, move
    if fresh and known not in _KEPT:
        template = Path(tempfile.mkdtemp(prefix="uno-stored-"))
        atexit.register(shutil.rmtree, template, ignore_errors=True)
        shutil.copytree(root, template / "data")
        _KEPT[known] = (template / "data", sid, read_private(_snapshot_path(service, sid)))
    return sid


_KEPT: dict[tuple[Header, tuple[str, ...]], tuple[Path, str, bytes | None]] = {}
"""The games `stored` has recorded in this process, by header and moves: a copy of the data
folder it recorded the game in (its only session), the session's id and its snapshot's bytes."""


def _longest_kept(header: Header, moves: list[str]) -> tuple[Path, str, bytes | None, int] | None:
    """The kept game of `header` whose moves are the longest first part of `moves`, and how
    many moves it holds; None if no kept game is."""
    best = None
    for (kept_header, kept_moves), (folder, sid, snapshot) in _KEPT.items():
        n = len(kept_moves)
        if (
            kept_header == header
            and n <= len(moves)
            and tuple(moves[:n]) == kept_moves
            and (best is None or n > best[3])
        ):
            best = (folder, sid, snapshot, n)
    return best


def _snapshot_path(service: SessionService, sid: str) -> Path:
    return cache_path(SNAPSHOTS, service.layout.session(sid))


def replayed(header: Header, moves: list[str]) -> dict:
    """The public state a plain replay of the moves gives."""
    from referee.notation import parse_move

    session = Session(header, [parse_move(m, header) for m in moves])
    done = replay_session(session)
    assert done.trouble is None
    return public_state(done.referee.state)


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_restored_state_rules_as_the_replayed_one_on_every_later_move(
    edition: str, tmp_path: Path
) -> None:
    rng = random.Random(edition)
    for game in range(6):
        header = random_header(rng, edition, rng.choice(("en", "jp")))
        sim = SelfPlay(rng.randrange(10**9), check=False)
        sim.play_game(header, rounds=2)
        ref = Referee(header)
        cut = rng.randrange(len(sim.log))
        for event in sim.log[:cut]:
            ref.apply(event)
        before = ref.state
        path = Path(f"/nonexistent/{edition}-{game}.json")
        snap.save(path, "d", snap.Snapshot(ref.state, before), tmp_path)
        found = snap.load(path, "d", ref.state.setup, tmp_path)
        assert found is not None
        restored = Referee.at(found.end)
        for event in sim.log[cut:]:
            ruled, again = ref.apply(event), restored.apply(event)
            assert (ruled.ok, ruled.rule, render(ruled.parts)) == (
                again.ok,
                again.rule,
                render(again.parts),
            )
            assert public_state(ruled.state) == public_state(again.state)


def test_a_long_session_opens_from_its_snapshot_and_agrees_with_a_replay(service) -> None:
    moves = long_game()
    assert len(moves) > snap.SNAPSHOT_MIN_MOVES
    sid = stored(service, moves)
    with service.open(sid, read_only=True) as live:
        assert live._steps is None  # no replay: the snapshot the writer left was used
        assert live.state() == replayed(HEADER, moves)
        assert len(live.steps) == len(moves)  # reading the steps replays them, once
        assert live.state() == replayed(HEADER, moves)


def test_record_undo_and_correct_from_a_snapshot_agree_with_a_replay(service) -> None:
    moves = long_game()
    sid = stored(service, moves[:-3])
    for move in moves[-3:]:
        with service.open(sid) as live:
            assert live._steps is None
            assert live.record(move).ok
    with service.open(sid) as live:
        assert live._steps is None
        live.undo()
        assert live.state() == replayed(HEADER, moves[:-1])
    with service.open(sid) as live:  # the snapshot after the undo
        assert live._steps is None and live.state() == replayed(HEADER, moves[:-1])
        live.undo()  # no state before the last move is kept now: the steps are replayed
        assert live.state() == replayed(HEADER, moves[:-2])
    with service.open(sid) as live:
        last = live.moves[-1]
        plan = live.correct(last.seq, moves[-3])
        assert plan.applied or not plan.ok
    with service.open(sid, read_only=True) as live:
        assert live.state() == replayed(HEADER, [m.text for m in live.moves])


def test_a_snapshot_of_other_moves_is_not_used(service) -> None:
    moves = long_game()
    sid = stored(service, moves)
    path = service.layout.session(sid)
    with service.open(sid, read_only=True) as live:
        setup = live.referee.state.setup
    # Another version of the file (the moves changed): the digest no longer matches.
    assert snap.load(path, "another digest", setup, service.layout.root) is None
    with service.open(sid) as live:
        live.undo()
    with service.open(sid, read_only=True) as live:
        assert live.state() == replayed(HEADER, moves[:-1])


@pytest.mark.parametrize("damage", ["garbage", "truncated", "head", "foreign-class"])
def test_a_damaged_or_planted_snapshot_is_ignored(service, damage: str) -> None:
    moves = long_game()
    sid = stored(service, moves)
    where = cache_path("snapshots", service.layout.session(sid))
    raw = where.read_bytes()
    head, _, body = raw.partition(b"\n")
    if damage == "garbage":
        where.write_bytes(b"\x00\xff" * 50)
    elif damage == "truncated":
        where.write_bytes(raw[: len(raw) // 2])
    elif damage == "head":
        where.write_bytes(b'{"format": 99}\n' + body)
    else:
        # A pickle that would run a command when read: refused by name.
        class Boom:
            def __reduce__(self):
                return (os.system, ("echo planted > planted.txt",))

        where.write_bytes(head + b"\n" + pickle.dumps((Boom(), None)))
    with service.open(sid, read_only=True) as live:
        assert live._steps is not None  # replayed instead
        assert live.state() == replayed(HEADER, moves)
    assert not Path("planted.txt").exists()


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")
def test_a_snapshot_others_could_write_is_not_read(service) -> None:
    moves = long_game()
    sid = stored(service, moves)
    where = cache_path("snapshots", service.layout.session(sid))
    where.chmod(0o666)
    with service.open(sid, read_only=True) as live:
        assert live._steps is not None


def test_the_command_line_says_the_same_with_or_without_a_snapshot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    moves = long_game()
    service = SessionService(tmp_path / "data")
    sid = stored(service, moves[:-1])
    args = ["--data-dir", str(tmp_path / "data")]

    def run(*argv: str) -> str:
        assert cli.main([*args, *argv]) == 0
        return capsys.readouterr().out

    def fresh(*argv: str) -> str:
        for item in cache_path("snapshots", service.layout.session(sid)).parent.glob("*"):
            item.unlink()
        return run(*argv)

    assert run("show", sid) == fresh("show", sid)
    with_snapshot = run("move", sid, moves[-1])
    run("undo", sid)
    assert fresh("move", sid, moves[-1]).split(None, 1)[1] == with_snapshot.split(None, 1)[1]
    assert run("show", sid, "--moves") == fresh("show", sid, "--moves")


@pytest.mark.parametrize(
    "texts", [[], [""], ["round 1"], ["round 1", "dealer Ann", "Bob: r5"]], ids=repr
)
def test_the_moves_digest_is_the_one_kept_snapshots_were_made_with(texts: list[str]) -> None:
    # The header, then each move's text after a newline: snapshots written before stay current.
    import hashlib
    import json

    digest = hashlib.sha256(
        json.dumps(["s1", {"Edition": "classic"}], sort_keys=True, ensure_ascii=False).encode()
    )
    for text in texts:
        digest.update(b"\n" + text.encode())
    assert snap.moves_digest("s1", {"Edition": "classic"}, iter(texts)) == digest.hexdigest()
