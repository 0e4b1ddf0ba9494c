"""The stored-session commands through `uno-referee`: output, exit codes, and what is stored."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from referee.service import SessionService

SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"
NEW = ("new", "--players", "Alice, Bob, Carol", "--scoring", "target 500")
OPENING = ("round 1", "dealer Alice", "start r7", "Bob: r5", "Carol: r9")


@pytest.fixture
def sid(run) -> str:
    code, out, _ = run(*NEW)
    assert code == 0
    sid = out.strip()
    assert run("move", sid, *OPENING)[0] == 0
    return sid


def stored(home: Path, sid: str) -> list[str]:
    with SessionService(home).open(sid, read_only=True) as live:
        return [m.text for m in live.moves]


def test_new_prints_only_the_id(run, home):
    code, out, err = run(
        *NEW,
        "--rules",
        "jp",
        "--rule",
        "uno-penalty=4",
        "--event",
        "Club",
        "--date",
        "2025-03-06",
        "--custom",
        "1=Swap with anyone",
    )
    assert code == 0 and err == "" and re.fullmatch(r"[a-z2-9]{6}\n", out)
    with SessionService(home).open(out.strip(), read_only=True) as live:
        h = live.header
        assert (h.rules, h.overrides, h.event, h.date) == (
            "jp",
            (("uno-penalty", "4"),),
            "Club",
            "2025-03-06",
        )
        assert h.customs == ((1, "Swap with anyone"),)


@pytest.mark.parametrize(("rules", "scoring"), [("en", "target 500"), ("jp", "rounds 5")])
def test_new_starts_with_the_rulebooks_usual_scoring(run, home, rules, scoring):
    """The same defaults as the app's form: the English sheet plays to 500, the Japanese
    manuals keep a five-round table; `--scoring` chooses another."""
    _, out, _ = run("new", "--players", "A, B", "--rules", rules)
    _, other, _ = run("new", "--players", "A, B", "--rules", rules, "--scoring", "none")
    service = SessionService(home)
    assert service.info(out.strip()).scoring == scoring
    assert service.info(other.strip()).scoring == "none"


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("--players", "Alice"), "Players"),
        (("--players", "A, B", "--edition", "chess"), "chess"),
        (("--players", "A, B", "--rule", "uno-penalty"), "key=value"),
        (("--players", "A, B", "--custom", "x"), "N=TEXT"),
    ],
)
def test_new_with_a_bad_header_exits_2_and_stores_nothing(run, home, args, needle):
    code, out, err = run("new", *args)
    assert (code, out) == (2, "") and needle in err
    assert not (home / "sessions").exists() or not list((home / "sessions").glob("*.json"))


def test_move_prints_each_ruling_with_its_number(run):
    code, out, _ = run(*NEW)
    sid = out.strip()
    code, out, err = run("move", sid, "round 1", "dealer Alice", "start r7")
    assert code == 0 and err == ""
    assert out.splitlines() == [
        "#1  round 1  ->  Round 1 begins. [session]",
        "#2  dealer Alice  ->  Alice deals round 1. [deal]",
        "#3  start r7  ->  Red 7 starts; Bob plays first. [start-card]",
    ]


def test_a_refused_move_exits_1_and_changes_nothing(run, home, sid):
    before = (home / "sessions" / f"{sid}.json").read_bytes()
    code, out, err = run("move", sid, "Alice: y3")
    assert (code, out) == (1, "")
    assert err == (
        f"uno-referee move: {sid}: 'Alice: y3' refused: Yellow 3 can't go on Red 9: "
        "match colour, number or symbol [match]; nothing was recorded\n"
    )
    assert (home / "sessions" / f"{sid}.json").read_bytes() == before


def test_a_move_that_cannot_be_read_exits_2(run, home, sid):
    code, _, err = run("move", sid, "Alice: r55")
    assert code == 2 and "(column 8)" in err and "nothing was recorded" in err
    assert stored(home, sid) == list(OPENING)


def test_moves_stop_at_the_first_refusal_and_keep_the_ones_before(run, home, sid):
    code, out, _ = run("move", sid, "Alice: r2", "Bob: y3", "Bob: r3")
    assert code == 1 and out.startswith("#6  Alice: r2")
    assert stored(home, sid) == [*OPENING, "Alice: r2"]


def test_moves_from_stdin(run, home, sid, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("Alice: r2\n\n# a comment\nBob: r3\n"))
    assert run("move", sid, "-")[0] == 0
    assert stored(home, sid)[-2:] == ["Alice: r2", "Bob: r3"]


def test_undo(run, home, sid):
    assert run("undo", sid) == (0, "undone #5  Carol: r9\n", "")
    assert stored(home, sid) == list(OPENING[:-1])


def test_undo_with_nothing_to_undo_exits_1(run):
    sid = run(*NEW)[1].strip()
    code, _, err = run("undo", sid)
    assert code == 1 and "nothing to undo" in err


def test_show_gives_state_turn_pending_and_score(run, sid):
    run("move", sid, "Alice: r2", "Bob: w+4 blue")
    code, out, _ = run("show", sid)
    assert code == 0
    assert out.startswith(f"session {sid}")
    assert "round 1, playing; Carol to play" in out
    assert "waiting for: Carol may challenge Bob's Wild Draw Four" in out
    assert "scoring: first to 500;" in out and "#7  Bob: w+4 blue" in out
    data = json.loads(run("show", sid, "--json")[1])
    assert data["state"]["turn"] == "Carol" and data["state"]["pending"]
    assert [m["seq"] for m in data["moves"]] == [1, 2, 3, 4, 5, 6, 7]
    assert data["sheet"]["players"] == ["Alice", "Bob", "Carol"]


def test_list(run, sid):
    code, out, _ = run("list")
    lines = out.splitlines()
    assert code == 0 and lines[0].split()[:3] == ["id", "date", "event"]
    assert lines[1].startswith(sid) and "playing" in lines[1] and "Alice 0" in lines[1]
    rows = json.loads(run("list", "--json")[1])
    assert [(r["id"], r["moves"], r["status"]) for r in rows] == [(sid, 5, "playing")]


def test_list_when_there_is_nothing_yet(run):
    code, out, _ = run("list")
    assert code == 0 and "no sessions" in out and "uno-referee new" in out


def test_correct_previews_and_asks_before_dropping_moves(run, home, sid):
    code, out, _ = run("correct", sid, "4", "Bob: g7", "--dry-run")
    assert code == 0 and "#4  Bob: r5  =>  Bob: g7" in out and "NO LONGER HOLDS" in out
    code, _, err = run("correct", sid, "4", "Bob: g7")  # stdin is not a terminal
    assert code == 2 and "--yes" in err
    assert stored(home, sid) == list(OPENING)
    code, out, _ = run("correct", sid, "4", "Bob: g7", "--yes")
    assert code == 0 and "dropped 1 later move(s)" in out
    assert stored(home, sid) == [*OPENING[:3], "Bob: g7"]


def test_correct_without_dropping_needs_no_confirmation(run, home, sid):
    assert run("correct", sid, "4", "Bob: r6")[0] == 0
    assert stored(home, sid)[3] == "Bob: r6"


def test_a_refused_correction_exits_1(run, home, sid):
    code, _, err = run("correct", sid, "4", "Bob: y3")
    assert code == 1 and "cannot replace move #4" in err
    code, _, err = run("correct", sid, "40", "Bob: y3")
    assert code == 1 and "no move #40" in err
    assert stored(home, sid) == list(OPENING)


def test_import_prints_the_id_and_export_reads_it_back(run, home):
    path = SAMPLES / "classic-challenge-catch.uno"
    code, out, err = run("import", str(path))
    sid = out.strip()
    assert code == 0 and "imported 40 moves" in err
    code, exported, _ = run("export", sid, "--format", "uno")
    assert code == 0
    assert exported == SessionService(home).export(sid)
    assert run("score", str(path))[1] == score_of(run, exported, home)


def test_importing_the_same_session_twice_stores_it_once(run, home, tmp_path):
    path = SAMPLES / "classic-challenge-catch.uno"
    code, out, _ = run("import", str(path))
    sid = out.strip()
    # The same session with other comments and spacing is the same session.
    other = tmp_path / "copy.uno"
    text = path.read_text(encoding="utf-8")
    other.write_text("# typed again\n" + text.replace("\n\n", "\n"), encoding="utf-8")
    for again in (path, other):
        code, out, err = run("import", str(again))
        assert (code, out) == (0, f"{sid}\n")
        assert err == (
            f"already stored as session {sid} (40 moves, 1 round(s)); nothing new was stored\n"
        )
    assert [row["id"] for row in json.loads(run("list", "--json")[1])] == [sid]
    # A different session is stored as usual.
    changed = tmp_path / "changed.uno"
    changed.write_text(text.replace('[Event "', '[Event "Another '), encoding="utf-8")
    code, out, err = run("import", str(changed))
    assert code == 0 and out.strip() != sid and err.startswith("imported 40 moves")


def score_of(run, text: str, home: Path) -> str:
    path = home / "again.uno"
    path.write_text(text, encoding="utf-8")
    return run("score", str(path))[1]


def test_import_with_an_illegal_move_exits_1_and_stores_nothing(run, home, tmp_path):
    text = (SAMPLES / "classic-challenge-catch.uno").read_text(encoding="utf-8")
    bad = tmp_path / "bad.uno"
    bad.write_text(text.replace("Dave: b1", "Dave: y1"), encoding="utf-8")
    code, out, err = run("import", str(bad))
    assert (code, out) == (1, "")
    assert err.startswith(f"{bad}:31: ") and "nothing was imported" in err
    assert run("list", "--json")[1] == "[]\n"


def test_import_of_a_missing_file_exits_2(run, tmp_path):
    code, _, err = run("import", str(tmp_path / "none.uno"))
    assert code == 2 and "no such file" in err


def test_delete_asks_and_scripts_say_yes(run, home, sid):
    code, _, err = run("delete", sid)
    assert code == 2 and "--yes" in err
    assert (home / "sessions" / f"{sid}.json").exists()
    assert run("delete", sid, "--yes") == (
        0,
        f"moved session {sid} to the trash; 'uno-referee restore {sid}' brings it back\n",
        "",
    )
    assert not (home / "sessions" / f"{sid}.json").exists()
    assert run("show", sid)[0] == 2


def test_delete_at_the_prompt(run, home, sid, monkeypatch):
    monkeypatch.setattr("sys.stdin.isatty", lambda: True, raising=False)
    answers = iter(["n", "yes"])
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    assert run("delete", sid)[0] == 1
    assert run("delete", sid)[0] == 0
    assert not (home / "sessions" / f"{sid}.json").exists()


def test_a_session_open_elsewhere_is_reported_not_corrupted(run, home, sid):
    before = (home / "sessions" / f"{sid}.json").read_bytes()
    with SessionService(home).open(sid):
        for argv in (("move", sid, "Alice: r2"), ("undo", sid), ("delete", sid, "--yes")):
            code, _, err = run(*argv)
            assert code == 2 and "open for recording in another window" in err
        assert run("show", sid)[0] == 0
    assert (home / "sessions" / f"{sid}.json").read_bytes() == before


@pytest.mark.parametrize(
    "argv", [("show", "zzzzzz"), ("move", "nope!", "Bob: r5"), ("undo", "abcdef")]
)
def test_unknown_sessions_exit_2(run, argv):
    code, out, err = run(*argv)
    assert (code, out) == (2, "") and err.startswith(f"uno-referee {argv[0]}: ")


def test_data_dir_option_overrides_the_environment(run, tmp_path, home):
    other = tmp_path / "elsewhere"
    sid = run(*NEW, "--data-dir", str(other))[1].strip()
    assert (other / "sessions" / f"{sid}.json").exists()
    assert run("show", sid)[0] == 2
    assert run("show", sid, "--data-dir", str(other))[0] == 0


def test_a_data_folder_that_is_not_a_folder_is_reported_plainly(run, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    sample = str(SAMPLES / "jp-shuffle-hands.uno")
    for argv in (NEW, ("list",), ("show", "abcdef"), ("import", sample)):
        code, out, err = run(*argv, "--data-dir", str(blocker))
        assert (code, out) == (2, "") and err.startswith(f"uno-referee {argv[0]}: ")
        assert "a-file" in err


def test_exporting_a_session_whose_stored_move_no_longer_reads_says_which(run, home, sid):
    # A move stored by an older version (or edited by hand) that this version cannot read.
    path = home / "sessions" / f"{sid}.json"
    text = stored(home, sid)[-1]
    path.write_text(path.read_text(encoding="utf-8").replace(text, "Bob: zz9"), encoding="utf-8")
    code, out, err = run("export", sid, "-f", "csv")
    seq = len(stored(home, sid))
    assert (code, out) == (1, "")
    assert err.startswith(f"{sid}:{seq}: move 'Bob: zz9' no longer holds: ")
    assert err.endswith(f"[notation]; correct it with 'uno-referee correct {sid} {seq} MOVE'\n")


def test_a_file_where_the_sessions_folder_should_be_is_named(run, home):
    home.mkdir(parents=True)
    (home / "sessions").write_text("not a folder")
    code, out, err = run("new", "--players", "A, B")
    assert (code, out) == (2, "")
    assert err == (
        f"uno-referee new: could not create a session in {home / 'sessions'}: "
        "Not a directory; nothing was stored\n"
    )
    assert (home / "sessions").read_text() == "not a folder"
