"""Moves that change nothing (a useless UNO call, a late or false catch without a penalty) are
told to the table and not stored, under both rulebooks; where an option makes them count (a
penalty, a late call that protects) they are rulings, stored as before; stored files holding
such lines still replay."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee import cli
from referee.engine.events import Header
from referee.notation import parse_session
from referee.render import render
from referee.service import SessionService
from referee.service.replay import replay_session
from referee.store.tags import header_text

PLAYERS = ("Ana", "Ben", "Chika", "Dev")
PLAYS = [
    "r1",
    "r2",
    "r3",
    "r4",
    "r5",
    "r6",
    "r7",
    "r8",
    "r9",
    "r0",
    "r1",
    "r2",
    "g2",
    "g3",
    "g4",
    "g5",
    "g6",
    "g7",
    "g8",
    "g9",
    "g1",
]
UNTIL_CATCHABLE = [
    "round 1",
    "dealer Dev",
    "start r3",
    *(f"{PLAYERS[i % 4]}: {card}" for i, card in enumerate(PLAYS)),
]
"""Ana has played her next-to-last card without calling UNO; Ben acts next (the others hold
two cards each)."""


def session(service: SessionService, rules: str, overrides: tuple = ()) -> str:
    sid = service.create(
        Header(
            edition="classic",
            players=PLAYERS,
            rules=rules,
            scoring="target 500",
            overrides=overrides,
        )
    )
    with service.open(sid) as live:
        for move in UNTIL_CATCHABLE:
            assert live.record(move).ok, move
    return sid


def count(service: SessionService, sid: str) -> int:
    with service.open(sid, read_only=True) as live:
        return len(live.moves)


@pytest.fixture
def service(tmp_path: Path) -> SessionService:
    return SessionService(tmp_path / "data")


# (moves first recorded, the line, its rule): each changes nothing in the game.
NOTES = [
    ((), "Dev: catch Ben", "uno-false-catch"),  # Ben holds 2 cards: no penalty
    (("Ben: g2",), "Chika: catch Ana", "uno-window"),  # the window closed when Ben played
    (("Ben: g2",), "Ana: uno", "uno-call"),  # too late to call, too late to catch
]


@pytest.mark.parametrize("rules", ["en", "jp"])
@pytest.mark.parametrize(("before", "line", "rule"), NOTES)
def test_a_move_that_changes_nothing_is_a_note_not_stored(service, rules, before, line, rule):
    sid = session(service, rules)
    with service.open(sid) as live:
        for move in before:
            assert live.record(move).ok
        state = live.state()
        result = live.record(line)
        assert (result.ok, result.note, result.rule, result.seq) == (False, True, rule, None)
        assert live.state() == state
        assert live.moves[-1].text == (before[-1] if before else UNTIL_CATCHABLE[-1])
    assert count(service, sid) == len(UNTIL_CATCHABLE) + len(before)


@pytest.mark.parametrize("rules", ["en", "jp"])
def test_with_a_false_catch_penalty_the_false_catch_is_a_ruling(service, rules):
    sid = session(service, rules, (("false-catch-penalty", "2"),))
    with service.open(sid) as live:
        result = live.record("Dev: catch Ben")
        assert result.ok and not result.note and result.rule == "uno-false-catch"
        assert "Dev draws 2" in render(result.parts)
    assert count(service, sid) == len(UNTIL_CATCHABLE) + 1


@pytest.mark.parametrize(("late", "stored"), [("allowed", True), ("no", False)])
def test_a_late_uno_call_is_stored_only_where_it_protects(service, late, stored):
    sid = session(service, "en", (("late-uno", late),))
    with service.open(sid) as live:
        result = live.record("Ana: uno")
        assert result.rule == "uno-late" and result.ok is stored and result.note is not stored
    assert count(service, sid) == len(UNTIL_CATCHABLE) + stored


def test_a_stored_file_with_such_lines_still_replays(service):
    header = Header(edition="classic", players=PLAYERS, scoring="target 500")
    moves = [*UNTIL_CATCHABLE, "Dev: catch Ben", "Ben: g2", "Chika: catch Ana", "Ana: uno"]
    text = header_text(header) + "".join(m + "\n" for m in moves)
    done = replay_session(parse_session(text))
    assert done.trouble is None and len(done.steps) == len(moves)
    sid = service.import_text(text, "old.uno").id
    assert count(service, sid) == len(moves)


def test_the_command_line_says_it_was_not_recorded(service, tmp_path, capsys):
    sid = session(service, "en")
    code = cli.main(
        ["--data-dir", str(tmp_path / "data"), "move", sid, "Dev: catch Ben", "Ben: g2"]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert (
        "Dev: catch Ben  ->  False catch: Ben holds 2 cards. No penalty. [uno-false-catch]; "
        "not recorded: it changes nothing in the game" in out
    )
    assert f"#{len(UNTIL_CATCHABLE) + 1}  Ben: g2" in out
    assert count(service, sid) == len(UNTIL_CATCHABLE) + 1
