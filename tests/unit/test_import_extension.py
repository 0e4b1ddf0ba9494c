"""Importing a mid-evening export, then the final one (issue 24): the second continues the
first, so it updates it in place (asked for) instead of counting the early rounds twice."""

from __future__ import annotations

import errno
import json
from pathlib import Path

import pytest

from referee.service import ImportExtends, SessionLocked, SessionService
from referee.service.sessions import NEW, UPDATE
from referee.store import atomic

SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"
FIVE = (SAMPLES / "minecraft-five-rounds.uno").read_text(encoding="utf-8")
# The export after two of the five rounds (its first 23 lines: rounds 1 and 2, 11 moves).
MID = "".join(FIVE.splitlines(keepends=True)[:23])


@pytest.fixture
def evening(tmp_path) -> tuple[Path, Path]:
    mid, final = tmp_path / "mid.uno", tmp_path / "final.uno"
    mid.write_text(MID, encoding="utf-8")
    final.write_text(FIVE, encoding="utf-8")
    return mid, final


def sessions(run) -> list[dict]:
    return json.loads(run("list", "--json")[1])


def test_the_final_export_is_not_stored_beside_the_mid_evening_one(run, evening):
    """Without a word, both were stored and rounds 1 and 2 counted twice: B had 2 wins of 1
    game and 7 rounds. Now nothing is stored until the user says what to do."""
    mid, final = evening
    code, out, _err = run("import", str(mid))
    assert code == 0
    sid = out.strip()
    code, out, err = run("import", str(final))
    assert code == 2 and out == ""
    assert f"final.uno continues session {sid}" in err
    assert "holds the first 11 of the file's 26 moves; nothing was imported" in err
    assert "--update" in err and "--new" in err
    [row] = sessions(run)
    assert (row["id"], row["moves"], row["round"]) == (sid, 11, 2)


def test_update_adds_the_later_moves_in_place(run, evening, home):
    mid, final = evening
    sid = run("import", str(mid))[1].strip()
    assert run("label", sid, "winter league")[0] == 0
    code, out, err = run("import", str(final), "--update")
    assert code == 0 and out == f"{sid}\n"
    assert f"added 15 later move(s) to session {sid} (now 26 moves, 5 round(s))" in err
    [row] = sessions(run)
    assert (row["id"], row["moves"], row["round"], row["status"]) == (sid, 26, 5, "finished")
    assert row["labels"] == ["winter league"]
    assert row["totals"] == {"A": -121, "B": 218, "C": 19, "D": -116}
    # Every round counted once: B won rounds 1, 3 and 5 of one five-round game.
    stats = json.loads(run("stats", "--json", "--label", "winter league")[1])
    b = next(line for line in stats["players"] if line["name"] == "B")
    assert (b["sessions"], b["games"], b["wins"], b["rounds"], b["rounds_won"]) == (1, 1, 1, 5, 3)
    # The stored session reads back as the whole file, in one log.
    assert (
        run("export", sid, "--format", "uno")[1] == run("export", str(final), "--format", "uno")[1]
    )
    # Importing either file again stores nothing.
    code, _out, err = run("import", str(final))
    assert code == 0 and "already stored as session" in err
    code, _out, err = run("import", str(mid))
    assert code == 0 and f"session {sid} already holds these 11 moves and 15 later" in err
    assert len(sessions(run)) == 1


def test_a_stored_session_that_holds_more_makes_the_import_add_nothing(run, evening):
    mid, final = evening
    sid = run("import", str(final))[1].strip()
    code, out, err = run("import", str(mid))
    assert code == 0 and out == f"{sid}\n"
    assert "already holds these 11 moves and 15 later one(s); nothing was imported" in err
    assert len(sessions(run)) == 1


def test_new_stores_a_session_of_its_own_and_says_which_it_continues(run, evening):
    mid, final = evening
    sid = run("import", str(mid))[1].strip()
    code, out, err = run("import", str(final), "--new")
    assert code == 0 and out.strip() != sid
    assert f"it continues session {sid}, which stays as it was" in err
    assert len(sessions(run)) == 2


def test_at_a_terminal_the_user_is_asked(run, evening, monkeypatch):
    mid, final = evening
    sid = run("import", str(mid))[1].strip()
    monkeypatch.setattr("sys.stdin.isatty", lambda: True, raising=False)
    answers = iter(["n", "y"])
    asked: list[str] = []

    def answer(prompt: str) -> str:
        asked.append(prompt)
        return next(answers)

    monkeypatch.setattr("builtins.input", answer)
    code, _out, err = run("import", str(final))
    assert code == 1 and "nothing was imported" in err
    assert sessions(run)[0]["moves"] == 11
    code, out, _err = run("import", str(final))
    assert code == 0 and out == f"{sid}\n"
    assert "Add its 15 later move(s) to session" in asked[0]
    assert sessions(run)[0]["moves"] == 26


def test_a_session_recorded_live_is_continued_by_its_export(run, home, tmp_path):
    """A session recorded move by move (with an undo in its log), exported, then played on
    elsewhere: its moves in force are the file's first ones."""
    code, out, _err = run(
        "new", "--players", "Alice, Bob, Carol", "--scoring", "target 500", "--date", "2026-01-05"
    )
    sid = out.strip()
    assert run("move", sid, "round 1", "dealer Alice", "start r7", "Bob: r5", "Carol: r3")[0] == 0
    assert run("undo", sid)[0] == 0
    assert run("move", sid, "Carol: r9")[0] == 0
    text = run("export", sid, "--format", "uno")[1]
    longer = tmp_path / "longer.uno"
    longer.write_text(text + "Alice: r2\n", encoding="utf-8")
    code, _out, err = run("import", str(longer), "--update")
    assert code == 0 and f"added 1 later move(s) to session {sid}" in err
    with SessionService(home).open(sid, read_only=True) as live:
        assert [m.text for m in live.moves][-2:] == ["Carol: r9", "Alice: r2"]
        assert live.moves[-1].seq == 6


def test_the_update_is_all_or_nothing(run, evening, home, monkeypatch):
    """A disk that fails the write leaves the stored session exactly as it was."""
    mid, final = evening
    sid = run("import", str(mid))[1].strip()
    path = home / "sessions" / f"{sid}.json"
    before = path.read_bytes()

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as patched:
        patched.setattr(atomic, "replace", full)
        code, _out, err = run("import", str(final), "--update")
    assert code == 2 and "No space left on device" in err and "nothing was recorded" in err
    assert path.read_bytes() == before
    assert sessions(run)[0]["moves"] == 11
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]


def test_the_update_waits_for_the_sessions_one_writer(home):
    """The session is open for recording (the app at the table): the update is refused and
    nothing changes; it goes through the session's writer lock like any move."""
    service = SessionService(home)
    sid = service.import_text(MID, "mid.uno").id
    with service.open(sid), pytest.raises(SessionLocked):
        service.import_text(FIVE, "final.uno", extension=UPDATE)
    assert service.info(sid).moves == 11
    done = service.import_text(FIVE, "final.uno", extension=UPDATE)
    assert (done.id, done.added, done.moves) == (sid, 15, 26)


def test_the_service_asks_by_default_and_new_keeps_both(home):
    service = SessionService(home)
    sid = service.import_text(MID, "mid.uno").id
    with pytest.raises(ImportExtends) as found:
        service.import_text(FIVE, "final.uno")
    assert (found.value.session, found.value.stored, found.value.moves) == (sid, 11, 26)
    assert [info.id for info in service.list().sessions] == [sid]
    other = service.import_text(FIVE, "final.uno", extension=NEW)
    assert other.extends == sid and other.id != sid
    # A file with another header (here, another date) continues nothing.
    dated = FIVE.replace('[Edition "minecraft"]', '[Date "2026-01-05"]\n[Edition "minecraft"]')
    assert service.import_text(dated, "dated.uno").extends is None
