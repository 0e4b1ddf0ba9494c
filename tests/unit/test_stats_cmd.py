"""`uno-referee stats`, `players` and `label` on stored sessions; figures kept in the index."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import referee.stats as stats_package
from referee.service import SessionService
from referee.service.standings import standings_of
from referee.stats.selection import Selection

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_sessions"
MADE = Path(__file__).resolve().parent / "stats_sessions"


def imported(run, *paths: Path) -> list[str]:
    ids = []
    for path in paths:
        code, out, _err = run("import", str(path))
        assert code == 0
        ids.append(out.strip())
    return ids


def test_stats_json_merges_and_leaves_guests_out(run, home):
    imported(run, SAMPLES / "jp-shuffle-hands.uno", MADE / "scoring-only-jp.uno")
    assert run("players", "merge", "太郎", "たろう")[0] == 0
    code, out, _err = run("players", "guest", "Ken")
    assert code == 0 and "Ken" in out
    code, out, err = run("stats", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    lines = {line["name"]: line for line in data["players"]}
    assert set(lines) == {"太郎", "花子", "次郎"}
    assert lines["太郎"]["merged"] == ["たろう"]
    taro = lines["太郎"]
    assert (taro["games"], taro["rounds"], taro["rounds_won"]) == (1, 4, 1)
    assert lines["太郎"]["points"]["rounds"] == {"rounds": 4, "points": -43, "average": -10.75}
    assert lines["花子"]["rank"] == 1 and lines["花子"]["wins"] == 1
    assert data["pairs"] == [
        {
            "players": ["太郎", "花子"],
            "games": 1,
            "higher": [0, 1],
            "ties": 0,
            "points": {"rounds": {"games": 1, "points": [15, 35]}},
        }
    ]
    with_guests = json.loads(run("stats", "--json", "--guests")[1])
    assert "Ken" in {line["name"] for line in with_guests["players"]}


def test_stats_text_and_csv(run, home):
    imported(run, SAMPLES / "classic-challenge-catch.uno")
    code, out, _err = run("stats")
    assert code == 0 and "Alice" in out and "+4 guilty" in out
    code, out, _err = run("stats", "--csv")
    rows = {row["name"]: row for row in csv.DictReader(io.StringIO(out))}
    assert rows["Bob"]["wd4_guilty"] == "1" and rows["Carol"]["catches"] == "1"
    assert rows["Dave"]["points_target_average"] == "191.0"


def test_selections_by_label_date_and_event(run, home):
    first, second = imported(
        run, SAMPLES / "classic-challenge-catch.uno", MADE / "scoring-only-jp.uno"
    )
    assert run("label", second, "winter league")[0] == 0
    data = json.loads(run("stats", "--json", "--label", "winter league")[1])
    assert data["sessions"] == [second]
    data = json.loads(run("stats", "--json", "--from", "2025-03-01", "--to", "2025-03-31")[1])
    assert data["sessions"] == [first]
    data = json.loads(run("stats", "--json", "--month", "2026-01")[1])
    assert data["sessions"] == [second]
    data = json.loads(run("stats", "--json", "--event", "Thursday UNO night")[1])
    assert data["sessions"] == [first]
    assert run("label", second, "winter league", "--remove")[0] == 0
    code, out, err = run("stats", "--json", "--label", "winter league")
    assert code == 2 and out == "" and "no session has the label winter league" in err


def test_bad_input_exit_2_with_a_precise_message(run, home):
    imported(run, MADE / "scoring-only-jp.uno")
    code, _out, err = run("stats", "--from", "2026-13-01")
    assert code == 2 and "--from expects a date YYYY-MM-DD" in err
    code, _out, err = run("stats", "--month", "January")
    assert code == 2 and "--month expects YYYY-MM" in err
    code, _out, err = run("stats", "--from", "2026-02-01", "--to", "2026-01-01")
    assert code == 2 and "after --to" in err
    code, _out, err = run("players", "merge", "Ken", "Kenny")
    assert code == 2 and "no stored session has a player named Kenny" in err
    code, _out, err = run("players", "split", "Ken")
    assert code == 2 and "not merged" in err
    code, _out, err = run("players", "guest", "Ken\x1b[31m")
    assert code == 2 and "\x1b" not in err


def test_players_list_and_split(run, home):
    imported(run, SAMPLES / "jp-shuffle-hands.uno", MADE / "scoring-only-jp.uno")
    run("players", "merge", "太郎", "たろう")
    out = run("players", "list")[1]
    assert "太郎: 2 session(s); also written たろう" in out
    assert run("players", "split", "たろう")[0] == 0
    people = json.loads(run("players", "list", "--json")[1])
    assert {p["name"]: p["sessions"] for p in people}["たろう"] == 1


def test_a_damaged_league_book_is_set_aside_never_fatal(run, home):
    imported(run, MADE / "scoring-only-jp.uno")
    book = home / "league.json"
    book.write_text("{not json", encoding="utf-8")
    code, out, err = run("stats", "--json")
    assert code == 0 and "league book" in err and "moved to" in err
    assert json.loads(out)["players"]
    kept = list((home / "quarantine").glob("league.*.json"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == "{not json"
    assert not book.exists()


def test_figures_are_kept_in_the_index_and_follow_a_recorded_move(run, home):
    [sid] = imported(run, MADE / "penalties-en.uno")
    service = SessionService(home)
    rows, _warnings = service.rows()
    assert rows[sid]["stats"]["players"]["Cy"]["misplays"] == 1
    index = json.loads((home / "index.json").read_text(encoding="utf-8"))
    assert any(row.get("stats") for row in index["sessions"].values())
    before = standings_of(service, Selection()).standings.line("Bob")
    assert before is not None and before.counts["table_penalties"] == 1
    with service.open(sid) as live:
        assert live.record('Ann: penalty 1 "phone at the table"').ok
    after = standings_of(service, Selection()).standings.line("Ann")
    assert after is not None and after.counts["table_penalties"] == 1
    # A move recorded by another process (the command line leaves the index to the next
    # reader): the file changed, so its figures are computed again.
    assert run("move", sid, "Bob: penalty 1")[0] == 0
    bob = standings_of(service, Selection()).standings.line("Bob")
    assert bob is not None and bob.counts["table_penalties"] == 2


def test_index_rows_without_figures_are_computed_again(run, home):
    [sid] = imported(run, MADE / "scoring-only-jp.uno")
    path = home / "index.json"
    index = json.loads(path.read_text(encoding="utf-8"))
    for row in index["sessions"].values():
        del row["stats"]
    path.write_text(json.dumps(index), encoding="utf-8")
    rows, _warnings = SessionService(home).rows()
    assert rows[sid]["stats"]["places"]["花子"] == 1


def test_recording_a_move_leaves_the_figures_to_closing(run, home, monkeypatch):
    # The figures are computed once a session changes, when its writer closes it, never on
    # each move: recording pays nothing for the statistics.
    [sid] = imported(run, MADE / "penalties-en.uno")
    service = SessionService(home)
    calls: list[str] = []
    real = stats_package.session_figures

    def counted(*args, **kwargs):
        calls.append("figures")
        return real(*args, **kwargs)

    # The session asks the statistics package for it when it closes (loaded only then).
    monkeypatch.setattr(stats_package, "session_figures", counted)
    with service.open(sid) as live:
        for _ in range(3):
            assert live.record("Ann: penalty 1").ok
        assert calls == []
    assert calls == ["figures"]
    rows, _warnings = service.rows()
    assert rows[sid]["stats"]["players"]["Ann"]["table_penalties"] == 3
