"""Damaged data is set aside, never fatal: generated JSON in place of a session or the index."""

from __future__ import annotations

import contextlib
import io
import json
import shutil
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import cli
from referee.engine.events import Header
from referee.service import SessionService

HEADER = Header("classic", ("Ann", "Bob", "Cy"), scoring="target 500")
MOVES = ("round 1", "dealer Ann", "start r7", "Bob: r5")

# Values of every JSON type, nested, with the odd values a forger would try.
LEAVES = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False)
    | st.text(max_size=20)
    | st.sampled_from(["Ann", "round 1", "Bob: r5", "\x1b[31m", "[/x]", "", "9" * 40])
)
JSON = st.recursive(
    LEAVES,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.text(max_size=8)
            | st.sampled_from(
                [
                    "meta",
                    "log",
                    "1",
                    "seq",
                    "text",
                    "kind",
                    "summary",
                    "tags",
                    "schema",
                    "id",
                    "sessions",
                    "players",
                    "totals",
                    "leader",
                    "updated",
                ]
            ),
            inner,
            max_size=5,
        )
    ),
    max_leaves=25,
)


def session_like(sid: str) -> st.SearchStrategy[object]:
    """Files shaped like a session: the right keys, with anything (or nothing) in them."""
    entry = st.fixed_dictionaries(
        {
            "seq": JSON | st.integers(0, 5),
            "kind": JSON | st.just("move"),
            "text": JSON | st.sampled_from(MOVES),
        }
    )
    meta = st.fixed_dictionaries(
        {"schema": JSON | st.just(1), "id": JSON | st.just(sid), "tags": JSON}
    )
    return (
        st.fixed_dictionaries(
            {
                "meta": st.dictionaries(st.just("1"), meta | JSON),
                "log": st.dictionaries(st.sampled_from("1234"), entry | JSON),
            }
        )
        | JSON
    )


def deep(levels: int) -> str:
    return "[" * levels + "]" * levels


def run(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(list(argv))
    return code, err.getvalue()


def stored_moves(folder: Path, sid: str) -> list[str]:
    with SessionService(folder).open(sid, read_only=True) as live:
        return [move.text for move in live.moves]


def setup(folder: Path) -> tuple[str, str]:
    """A good session with moves and a victim whose file will be replaced."""
    shutil.rmtree(folder, ignore_errors=True)
    service = SessionService(folder)
    good, victim = service.create(HEADER), service.create(HEADER)
    with service.open(good) as live:
        for move in MOVES:
            assert live.record(move).ok
    return good, victim


def every_command(folder: Path, good: str, victim: str) -> None:
    """The commands on both sessions: no internal error, and the good one untouched."""
    data = ("--data-dir", str(folder))
    for argv in (
        ("list", *data),
        ("list", "--rebuild", *data),
        ("show", victim, *data),
        ("move", victim, "round 1", *data),
        ("export", victim, "-f", "json", *data),
        ("show", good, *data),
        ("export", good, "-f", "csv", *data),
    ):
        code, err = run(*argv)
        assert code in (0, 1, 2), (argv, code, err)
        assert "internal error" not in err and "Traceback" not in err, (argv, err)
    assert stored_moves(folder, good) == list(MOVES)
    listed = SessionService(folder).list()
    assert good in {info.id for info in listed.sessions}


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_any_json_in_a_session_file(tmp_path: Path, data: st.DataObject) -> None:
    folder = tmp_path / "home"
    good, victim = setup(folder)
    shape = data.draw(session_like(victim) | st.builds(deep, st.integers(1, 200_000)))
    text = shape if isinstance(shape, str) else json.dumps(shape)
    path = folder / "sessions" / f"{victim}.json"
    path.write_text(text, encoding="utf-8")
    every_command(folder, good, victim)
    # Either it still reads as a session, or it was set aside whole, or (a newer program's
    # file format) left as it is: never lost.
    listed = {info.id for info in SessionService(folder).list().sessions}
    if victim not in listed:
        kept = [p.read_text(encoding="utf-8") for p in (folder / "quarantine").glob("*.json")]
        if path.exists():
            kept.append(path.read_text(encoding="utf-8"))
        assert text in kept


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_any_json_in_the_index(tmp_path: Path, data: st.DataObject) -> None:
    folder = tmp_path / "home"
    good, victim = setup(folder)
    shape = data.draw(
        JSON
        | st.fixed_dictionaries({"sessions": st.dictionaries(st.sampled_from("123"), JSON)})
        | st.builds(deep, st.integers(1, 200_000))
    )
    text = shape if isinstance(shape, str) else json.dumps(shape)
    (folder / "index.json").write_text(text, encoding="utf-8")
    every_command(folder, good, victim)


ENTRY_VALUES = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-2, max_value=3)
    | st.text(max_size=3)
    | st.sampled_from(["move", "undo", "correct", "b6"])
    | st.lists(st.integers(0, 3) | st.booleans(), max_size=2)
    | st.dictionaries(st.text(max_size=2), st.integers(), max_size=1)
)


@settings(max_examples=300, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["seq", "ts", "kind", "text", "target", "voids", "summary"]), ENTRY_VALUES
    )
)
def test_reading_a_log_checks_each_entry_as_check_does(doc: dict[str, object]) -> None:
    # `ordered` lets a plain move through without calling `check`: the same entries pass, and
    # a bad one fails with the same message.
    from referee.store import log

    def outcome(run: object) -> str:
        try:
            run()  # type: ignore[operator]
        except log.LogError as exc:
            return str(exc)
        return "ok"

    assert outcome(lambda: log.ordered([doc])) == outcome(lambda: log.check(doc))


def test_the_moves_in_force_are_those_each_entry_gives_in_turn() -> None:
    # `effective` takes plain moves inline: the same list, numbers and taken-over texts as
    # applying each entry in turn.
    from referee.store import log

    def entry(seq: int, kind: str, **fields: object) -> dict[str, object]:
        return {"seq": seq, "ts": f"t{seq}", "kind": kind, **fields}

    entries = [
        entry(1, "move", text="round 1"),
        entry(2, "move", text="dealer Ann"),
        entry(3, "move", text="start r7"),
        entry(4, "undo", target=3),
        entry(5, "move", text="start b7"),
        entry(6, "move", text="Bob: b5"),
        entry(7, "correct", target=5, text="start g7", voids=[6]),
        entry(8, "move", text="Bob: g5"),
        entry(9, "move", text="Cy: g1"),
    ]
    one_by_one = log.Moves()
    for each in entries:
        log.apply(one_by_one, each)
    found = log.effective(entries)
    assert found == one_by_one and found.undone == one_by_one.undone
    assert [move.seq for move in found] == [1, 2, 3, 4, 5]
    assert found[3].replaced == ("Bob: b5",)
