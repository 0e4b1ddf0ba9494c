"""Properties of snapshots: whatever lies in the cache folder, every command prints and exits as
it would with no snapshot at all, and nothing in it runs; a snapshot the referee wrote gives
back the very state a replay gives, in every edition."""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
import random
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import cli, i18n
from referee.engine import Referee
from referee.engine.events import Header, Session
from referee.engine.public import public_state
from referee.engine.state import Game
from referee.notation import format_event, format_session, parse_move
from referee.service import SessionService
from referee.service import snapshot as snap
from referee.store.cache import CACHE_VARIABLE, cache_path
from referee.store.secret import KEY_NAME, read_key
from referee.store.settings import CONFIG_VARIABLE
from tests.selfplay import SelfPlay
from tests.selfplay.tables import random_header
from tests.strength import examples
from tests.unit.test_selfplay import EDITIONS
from tests.unit.test_snapshot_forged import code_running_pickle

LONG_TABLES = [
    ("classic", "en", 3),
    ("classic", "jp", 11),
    ("flip", "en", 5),
    ("minecraft", "jp", 2),
    ("nomercy", "en", 7),
    ("swap", "jp", 13),
]
"""(edition, rulebook, seed) of the long sessions: random house rules, and Flip's other side
(`pile_back`) and Minecraft's Creepers (`Table.extra`) among them."""

COMMANDS = [
    ("show",),
    ("show", "--moves"),
    ("show", "--json"),
    ("export", "--format", "md"),
    ("move", None),
    ("show",),
    ("undo",),
    ("show", "--moves"),
]
"""Each command run on a planted snapshot, in this order (`None`: the game's next move)."""


@dataclasses.dataclass(frozen=True)
class Stored:
    """A long session, stored in a data folder kept as a template, and what each command in
    `COMMANDS` prints without any snapshot: (exit status, standard output)."""

    folder: Path
    sid: str
    argvs: tuple[tuple[str, ...], ...]
    expected: tuple[tuple[int, str], ...] = dataclasses.field(repr=False)


def long_session(edition: str, rules: str, seed: int) -> tuple[Header, list[str]]:
    """A self-play session of at least SNAPSHOT_MIN_MOVES + 20 moves, and its next move."""
    rng = random.Random(f"{edition}/{rules}/{seed}")
    header = random_header(rng, edition, rules, players=rng.choice((3, 4)))._replace(
        scoring="rounds 60"
    )
    sim = SelfPlay(rng.randrange(10**9), check=False)
    # The game is cut at its first few hundred moves: its first ten rounds hold them (and are
    # what playing all sixty begins with), at a sixth of the cost.
    sim.play_game(header, rounds=10)
    texts = [format_event(event, header) for event in sim.recorded]
    size = snap.SNAPSHOT_MIN_MOVES + 20 + rng.randrange(200)
    assert len(texts) > size, (edition, len(texts))
    return header, texts[: size + 1]


def command(folder: Path, argv: tuple[str, ...]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main([*argv, "--data-dir", str(folder)])
    return code, out.getvalue(), err.getvalue()


def snapshot_file(folder: Path, sid: str) -> Path:
    return cache_path("snapshots", SessionService(folder).layout.session(sid))


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Stored]]:
    """Every long table stored once, with each command's output where no snapshot exists."""
    tables = []
    with pytest.MonkeyPatch.context() as patch:
        # As the tests' own fixtures do for each test (this one is made before them).
        patch.setenv(CACHE_VARIABLE, str(tmp_path_factory.mktemp("cache")))
        patch.setenv(CONFIG_VARIABLE, str(tmp_path_factory.mktemp("config") / "settings.toml"))
        for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
            patch.delenv(variable, raising=False)
        i18n.use("en")
        for edition, rules, seed in LONG_TABLES:
            header, texts = long_session(edition, rules, seed)
            folder = tmp_path_factory.mktemp(f"{edition}-{rules}")
            session = Session(header, [parse_move(text, header) for text in texts[:-1]])
            sid = (
                SessionService(folder / "data").import_text(format_session(session), "long.uno").id
            )
            argvs = tuple(
                (str(argv[0]), sid, *(texts[-1] if a is None else a for a in argv[1:]))
                for argv in COMMANDS
            )
            reference = folder / "reference"
            shutil.copytree(folder / "data", reference)
            expected = []
            for argv in argvs:
                snapshot_file(reference, sid).unlink(missing_ok=True)
                code, out, err = command(reference, argv)
                assert code == 0, (argv, err)
                expected.append((code, out))
            tables.append(Stored(folder / "data", sid, argvs, tuple(expected)))
        yield tables


# What is planted ------------------------------------------------------------------------------


def split(raw: bytes) -> tuple[dict[str, Any], dict[str, Any]]:
    head, _, body = raw.partition(b"\n")
    return json.loads(head), json.loads(body)


def signed(key: bytes, doc: dict[str, Any]) -> bytes:
    """The document as the referee writes it, signed with `key`."""
    body = json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode()
    return json.dumps({"format": 2, "mac": snap._mac(key, body)}).encode() + b"\n" + body


def paths(node: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a JSON document, the document's own last."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield from paths(value, (*at, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from paths(value, (*at, i))
    yield at


def get(doc: Any, at: tuple[Any, ...]) -> Any:
    for step in at:
        doc = doc[step]
    return doc


def put(doc: Any, at: tuple[Any, ...], value: Any) -> None:
    get(doc, at[:-1])[at[-1]] = value


def well_typed(draw: st.DrawFn, value: Any) -> Any:
    """Another value of the same JSON type: what someone without the key could write."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return draw(st.integers(0, 12).filter(lambda n: n != value))
    if isinstance(value, str):
        return draw(
            st.sampled_from(
                ["Ann", "Bob", "Cy", "r5", "w+4", "y", "play", "over", "basics.closed", value + "x"]
            )
        )
    if isinstance(value, list):
        return draw(st.permutations(value)) if len(value) > 1 else []
    return value


WRONG_TYPES = [1.5, {}, 10**7, -(10**7)]
"""Values no field of a snapshot may hold: no field is a fraction or an empty object, and no
count, seat or value in a message comes near ten million."""

SEATS = {"dealer", "turn", "winner", "must_play", "offender", "victim", "seat", "then"}
NAMES = {"dealer", "winner"}
"""Fields of a table that hold seats; of a state or a round's result, names."""

OUT_OF_RANGE: dict[str, Any] = {
    "phase": "lunch",
    "top": "zz",
    "card": "zz",
    "prev_top": "r10",
    "color": "black",
    "prev_color": "pink",
    "rule": "no-such-rule",
    "direction": 0,
    "side": 2,
    "round_no": -1,
    "draw_pile": -1,
    "amount": -3,
}
"""A value out of its field's range, by field."""


def out_of_range(doc: dict[str, Any], at: tuple[Any, ...]) -> Any:
    """A value out of the range of the field at `at` (None: no range is known there)."""
    field, value = at[-1], get(doc, at)
    if "table" in at and field in SEATS and isinstance(value, int):
        return len(get(doc, at[: at.index("table") + 1])["players"])
    if "table" not in at and field in NAMES and isinstance(value, str):
        return "Nobody"
    return OUT_OF_RANGE.get(field) if isinstance(field, str) else None


def ill_typed(draw: st.DrawFn, doc: dict[str, Any]) -> None:
    """Change one place of the document (below `end` or `before`) to what no snapshot holds: a
    value of a wrong type or out of its range (a seat past the table, a name nobody has, a
    card no deck has), or a field gone or one added."""
    side = "end" if doc["before"] is None else draw(st.sampled_from(["end", "before"]))
    places = [p for p in paths(doc[side], (side,)) if len(p) > 1]
    how = draw(st.sampled_from(["type", "drop", "add", "range"]))
    if how == "drop":
        at = draw(st.sampled_from([p for p in places if isinstance(get(doc, p[:-1]), dict)]))
        del get(doc, at[:-1])[at[-1]]
    elif how == "add":
        at = draw(st.sampled_from([p for p in places if isinstance(get(doc, p), dict)]))
        get(doc, at)["unexpected"] = 0
    elif how == "range":
        at = draw(st.sampled_from([p for p in places if out_of_range(doc, p) is not None]))
        put(doc, at, out_of_range(doc, at))
    else:
        put(doc, draw(st.sampled_from(places)), draw(st.sampled_from(WRONG_TYPES)))


def planted(draw: st.DrawFn, kind: str, valid: bytes, key: bytes, marker: Path) -> bytes:
    """What is put in place of the valid snapshot `valid` the referee just wrote (`marker`: the
    file a planted pickle would make if it ran)."""
    head, doc = split(valid)
    body = valid.partition(b"\n")[2]
    if kind == "code":  # a pickle that runs code, as the old format or signed as the new one
        code = code_running_pickle(marker)
        if draw(st.booleans()):
            return (
                json.dumps({"format": 1, "code": doc["code"], "moves": doc["moves"]}).encode()
                + b"\n"
                + code
            )
        return json.dumps({"format": 2, "mac": snap._mac(key, code)}).encode() + b"\n" + code
    if kind == "bytes":
        return draw(st.binary(min_size=1, max_size=300))
    if kind == "head":  # a valid signature's head on another body, or the reverse
        if draw(st.booleans()):
            return json.dumps(head).encode() + b"\n" + draw(st.binary(max_size=200))
        return draw(st.binary(max_size=100).filter(lambda b: b"\n" not in b)) + b"\n" + body
    if kind == "ill-typed":  # signed with the user's key: checked field by field
        ill_typed(draw, doc)
        return signed(key, doc)
    # Someone without the key: well-typed values, unsigned or signed wrongly.
    places = [p for p in paths(doc) if p and p[0] in ("end", "before")]
    for at in draw(st.lists(st.sampled_from(places), min_size=1, max_size=3)):
        with contextlib.suppress(KeyError, IndexError, TypeError):
            put(doc, at, well_typed(draw, get(doc, at)))
    if kind == "unsigned":
        return json.dumps({"format": 2}).encode() + b"\n" + signed(key, doc).partition(b"\n")[2]
    if kind == "old-mac":  # the signature of the snapshot it was made from
        return json.dumps(head).encode() + b"\n" + signed(key, doc).partition(b"\n")[2]
    other = draw(st.binary(min_size=32, max_size=32).filter(lambda k: k != key))
    return signed(other, doc)


KINDS = ["bytes", "head", "code", "unsigned", "wrong-mac", "old-mac", "ill-typed"]
"""What is planted: random bytes; a head or a body that is not a snapshot's; a pickle that
would run code; well-typed changes without the key (no signature, another key's, the
signature of the snapshot changed); values of wrong types or ranges signed with the key."""


@settings(
    # Each example runs every command of COMMANDS in a data folder of its own: CI plants 400
    # snapshots, a developer's run 160 (every kind about 20 times).
    max_examples=examples(ci=50, local=20),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_no_planted_snapshot_changes_what_a_command_does(
    stored: list[Stored], tmp_path: Path, data: st.DataObject
) -> None:
    table = data.draw(st.sampled_from(stored), label="table")
    with tempfile.TemporaryDirectory(dir=tmp_path) as scratch:
        run_planted(table, Path(scratch) / "data", data)


def run_planted(table: Stored, folder: Path, data: st.DataObject) -> None:
    shutil.copytree(table.folder, folder)
    marker = folder / "ran"
    code, out, _err = command(folder, ("show", table.sid))  # leaves a valid snapshot
    assert (code, out) == table.expected[0]
    key = read_key(folder)
    assert key is not None and (folder / KEY_NAME).stat().st_mode & 0o077 == 0
    where = snapshot_file(folder, table.sid)
    for argv, expected in zip(table.argvs, table.expected, strict=True):
        valid = where.read_bytes()
        assert split(valid)[0]["format"] == 2
        kind = data.draw(st.sampled_from(KINDS), label="kind")
        # DataObject.draw is a DrawFn; hypothesis types its `label` without the default.
        where.write_bytes(planted(data.draw, kind, valid, key, marker))  # type: ignore[arg-type]
        code, out, err = command(folder, argv)
        assert code != 3 and "internal error" not in err and "Traceback" not in err, err
        assert (code, out) == expected, (kind, argv)
        assert not marker.exists()
        # Said on standard error only: a signed snapshot that is not a state, or one not signed.
        if kind == "ill-typed":
            assert "holds a state this version cannot use" in err, err
        elif kind in ("unsigned", "wrong-mac"):  # (old-mac: the changes may change nothing)
            assert "was not written by this program" in err, err
        assert where.exists() and where.read_bytes() != b""  # a valid one again, for the next


# Round trips ----------------------------------------------------------------------------------


def same_state(replayed: Game, restored: Game) -> None:
    """The same facts: every field (the score sheet scored in both), and the same public state."""
    assert replayed.sheet == restored.sheet
    assert replayed.same_as(restored) and restored.same_as(replayed)
    assert public_state(replayed) == public_state(restored)


@pytest.mark.parametrize("edition", EDITIONS)
@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    rules=st.sampled_from(["en", "jp"]),
    scoring=st.sampled_from(["rounds 3", "target 150", "lowest 100", "penalty 60", "none"]),
    seed=st.integers(0, 10**9),
    cut=st.floats(0, 1),
)
def test_a_snapshot_gives_back_the_replayed_state(
    tmp_path: Path, edition: str, rules: str, scoring: str, seed: int, cut: float
) -> None:
    rng = random.Random(seed)
    header = random_header(rng, edition, rules)._replace(scoring=scoring)
    sim = SelfPlay(rng.randrange(10**9), check=False)
    sim.play_game(header, rounds=3)
    ref = Referee(header)
    states = [ref.state]
    for event in sim.log:
        ref.apply(event)
        states.append(ref.state)
    at = min(len(states) - 1, int(cut * len(states)))
    end, before = states[at], states[at - 1] if at else None
    source = tmp_path / f"{seed}.json"
    snap.save(source, "moves", snap.Snapshot(end, before), tmp_path)
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        found = snap.load(source, "moves", end.setup, tmp_path)
    assert found is not None and err.getvalue() == ""
    same_state(end, found.end)
    if before is None:
        assert found.before is None
    else:
        assert found.before is not None
        same_state(before, found.before)
