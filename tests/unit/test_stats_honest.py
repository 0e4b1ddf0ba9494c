"""Figures a club can check by hand (issue 24): merged names at one table, shared first places,
head to head by scoring system, halves rounded up, the table's local date, labels that exist,
and `players` changes that say what they did."""

from __future__ import annotations

import json
import re
import time

import pytest

from referee.service import SessionService
from referee.service import sessions as sessions_module


def scored(
    players: str,
    rounds: list[tuple[str, dict[str, int]]],
    *,
    date: str | None,
    scoring: str = "rounds 1",
) -> str:
    """A scoring-only session: per round, who went out and the hands left."""
    lines = [f'[Date "{date}"]'] if date else []
    lines += [
        '[Edition "classic"]',
        '[Rules "jp"]',
        f'[Scoring "{scoring}"]',
        f'[Players "{players}"]',
        "",
    ]
    for number, (out, hands) in enumerate(rounds, 1):
        lines += [f"round {number}", f"out {out}"]
        lines += [f"hand {name}: {points}" for name, points in hands.items()]
        lines.append("")
    return "\n".join(lines)


@pytest.fixture
def importing(run, tmp_path):
    """Import session texts; their ids."""

    def _import(*texts: str) -> list[str]:
        ids: list[str] = []
        for n, text in enumerate(texts):
            path = tmp_path / f"s{n}-{len(ids)}-{time.monotonic_ns()}.uno"
            path.write_text(text, encoding="utf-8")
            code, out, err = run("import", str(path))
            assert code == 0, err
            ids.append(out.strip())
        return ids

    return _import


def stats_json(run, *options: str) -> dict:
    code, out, err = run("stats", "--json", *options)
    assert code == 0, err
    return json.loads(out)


# Merged names at one table -------------------------------------------------------------------

THREE_EVENINGS = (
    scored("Bob, Carol, Dan", [("Bob", {"Carol": 10, "Dan": 20})], date="2026-01-05"),
    scored("Bobby, Carol, Dan", [("Carol", {"Bobby": 10, "Dan": 20})], date="2026-01-06"),
    # Bobby (merged into Bob) seated before Bob: two people at one table.
    scored("Bobby, Bob, Carol", [("Carol", {"Bobby": 10, "Bob": 20})], date="2026-01-07"),
)


def test_a_merged_name_seated_first_does_not_count_bob_twice(run, importing):
    """Bob played three evenings; on the third, Bobby (merged into Bob) sat at his table,
    before him. Bob is the one written as himself there; Bobby counts as a player of their own
    in that session (nobody takes two seats), and the notes say so."""
    ids = importing(*THREE_EVENINGS)
    assert run("players", "merge", "Bob", "Bobby")[0] == 0
    data = stats_json(run)
    lines = {line["name"]: line for line in data["players"]}
    bob = lines["Bob"]
    assert (bob["sessions"], bob["games"], bob["wins"]) == (3, 3, 1)
    # Bob's places: 1st, Bobby's 2nd on the second evening, 3rd on the third (20 left).
    assert bob["average_place"] == 2.0
    assert bob["points"]["rounds"] == {"rounds": 3, "points": 30 - 10 - 20, "average": 0.0}
    assert lines["Bobby"]["sessions"] == 1
    assert [
        pair["players"] for pair in data["pairs"] if pair["players"][0] == pair["players"][1]
    ] == []
    assert data["apart"] == [{"session": ids[2], "name": "Bobby", "person": "Bob", "seated": "Bob"}]
    text = run("stats")[1]
    assert not re.search(r"^Bob vs Bob\s", text, re.M)
    assert re.search(r"^Bob vs Bobby\s", text, re.M)
    assert f"Session {ids[2]}: Bobby sat at the table with Bob" in text
    # `players` counts the same way.
    assert "Bob: 3 session(s); also written Bobby" in run("players")[1]


def test_where_the_alias_sits_does_not_matter():
    from referee.stats.league import League
    from referee.stats.standings import people_of

    league = League(aliases={"Bobby": "Bob"})
    assert people_of(["Bobby", "Bob", "Carol"], league) == {
        "Bobby": "Bobby",
        "Bob": "Bob",
        "Carol": "Carol",
    }
    assert people_of(["Bob", "Bobby"], league) == {"Bob": "Bob", "Bobby": "Bobby"}
    assert people_of(["Carol", "Bobby"], league) == {"Carol": "Carol", "Bobby": "Bob"}
    # Two merged names, the person's own absent: the usual spelling is the person.
    league = League(aliases={"Bobby": "Robert", "Bob": "Robert"})
    assert people_of(["Bobby", "Bob"], league, {"Bob": 5, "Bobby": 1}) == {
        "Bobby": "Bobby",
        "Bob": "Robert",
    }


# Wins, head to head, rounding ----------------------------------------------------------------


def test_a_shared_first_place_is_a_win_for_each(run, importing):
    """Two rounds of `rounds 2`: Ann +30 then -15, Ben -10 then +25: both end on 15, both
    ranked first. Each has a win (a shared one); Cy none."""
    importing(
        scored(
            "Ann, Ben, Cy",
            [("Ann", {"Ben": 10, "Cy": 20}), ("Ben", {"Ann": 15, "Cy": 10})],
            date="2026-02-01",
            scoring="rounds 2",
        )
    )
    lines = {line["name"]: line for line in stats_json(run)["players"]}
    assert [lines[name]["wins"] for name in ("Ann", "Ben", "Cy")] == [1, 1, 0]
    assert lines["Ann"]["shared_wins"] == lines["Ben"]["shared_wins"] == 1
    assert lines["Ann"]["rank"] == lines["Ben"]["rank"] == 1
    text = run("stats")[1]
    assert "A first place shared counts as a win for each who shares it" in text


def test_head_to_head_adds_points_of_one_scoring_system_only(run, importing):
    """Ann and Ben played a game to 500 (Ann 500 points, Ben 0) and a one-round game (Ben +7,
    Ann -3): 500 and -3 are not one measure, so they are never added up."""
    importing(
        scored("Ann, Ben", [("Ann", {"Ben": 500})], date="2026-02-01", scoring="target 500"),
        scored("Ann, Ben", [("Ben", {"Ann": 7})], date="2026-02-02"),
    )
    [pair] = stats_json(run)["pairs"]
    assert pair["games"] == 2 and pair["higher"] == [1, 1]
    assert pair["points"] == {
        "rounds": {"games": 1, "points": [-7, 7]},
        "target": {"games": 1, "points": [500, 0]},
    }
    text = run("stats")[1]
    head = next(line for line in text.splitlines() if line.startswith("players "))
    assert "points (N rounds)" in head and "points (target)" in head
    row = next(line for line in text.splitlines() if line.startswith("Ann vs Ben"))
    assert "-7 vs 7 (1)" in row and "500 vs 0 (1)" in row and "493" not in row
    # A dash between two figures reads as a range, or as a minus: 「-7 - 7」, 「42 - -100」.
    text = run("--lang", "ja", "stats")[1]
    row = next(line for line in text.splitlines() if line.startswith("Ann 対 Ben"))
    assert "-7 対 7（1）" in row and "500 対 0（1）" in row and " - " not in row  # noqa: RUF001 - the marks themselves


def test_halves_are_rounded_up(run, importing):
    """Ann places 1, 2, 3, 3 over four one-round games: 9/4 = 2.25, shown as 2.3 (Python's
    half to even showed 2.2); she wins 1 of 4 (25%) and scores 3 - 1 - 5 - 5 = -8 points in
    4 rounds (-2.0 a round)."""
    importing(
        scored("Ann, Ben, Cy", [("Ann", {"Ben": 1, "Cy": 2})], date="2026-03-01"),
        scored("Ann, Ben, Cy", [("Ben", {"Ann": 1, "Cy": 2})], date="2026-03-02"),
        scored("Ann, Ben, Cy", [("Ben", {"Ann": 5, "Cy": 2})], date="2026-03-03"),
        scored("Ann, Ben, Cy", [("Cy", {"Ann": 5, "Ben": 1})], date="2026-03-04"),
    )
    lines = {line["name"]: line for line in stats_json(run)["players"]}
    ann = lines["Ann"]
    assert ann["average_place"] == 2.25
    assert ann["points"]["rounds"]["points"] == 3 - 1 - 5 - 5
    table = run("stats")[1].splitlines()
    row = next(line.split() for line in table if line.split()[1:2] == ["Ann"])
    # rank, player, sessions, wins/games, win %, avg place, rounds won, round %, pts/round
    assert row[4] == "25%" and row[5] == "2.3"
    assert row[8] == "-2.0"
    assert any("rounded half up (2.25 shows as 2.3" in line for line in table)


def test_rounding_is_half_up_for_every_shown_figure():
    from referee.stats.rounding import mean, percent, rounded

    assert mean(2.25) == "2.3" and mean(-2.25) == "-2.3" and mean(0.15) == "0.2"
    assert percent(0.125) == "13%" and percent(57 / 200) == "29%" and percent(None) == "-"
    assert rounded(0.0625) == 0.063 and mean(-0.04) == "0.0"


# The table's local date ----------------------------------------------------------------------


@pytest.fixture
def tokyo(monkeypatch):
    """The machine's clock in Tokyo (UTC+9, no summer time)."""
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_a_session_without_a_date_belongs_to_the_tables_local_day(
    run, importing, tokyo, monkeypatch
):
    """Begun at 8:30 on 1 February in Tokyo, stored as 23:30 on 31 January UTC: it is a
    February session, and the list says 2026-02-01."""
    monkeypatch.setattr(sessions_module, "now", lambda: "2026-01-31T23:30:00.000Z")
    [sid] = importing(scored("Ann, Ben", [("Ann", {"Ben": 3})], date=None))
    assert stats_json(run, "--month", "2026-02")["sessions"] == [sid]
    assert stats_json(run, "--month", "2026-01")["sessions"] == []
    listed = run("list")[1].splitlines()[1]
    assert listed.split()[:2] == [sid, "2026-02-01"]


# Labels ----------------------------------------------------------------------------------------


def test_a_label_typo_names_the_labels_that_exist(run, importing):
    first, second = importing(*THREE_EVENINGS[:2])
    assert run("label", first, "winter league")[0] == 0
    assert run("label", second, "club")[0] == 0
    code, out, err = run("stats", "--label", "winter leage")
    assert code == 2 and out == ""
    assert "no session has the label winter leage" in err
    assert "the labels are: club, winter league" in err
    assert "No session in this selection" not in out + err


def test_labels_show_in_list_and_list_json(run, importing):
    first, second = importing(*THREE_EVENINGS[:2])
    assert run("label", first, "winter league", "Thursday")[0] == 0
    code, out, _err = run("list")
    assert code == 0
    head, *rows = out.splitlines()
    assert "labels" in head.split()
    row = next(line for line in rows if line.startswith(first))
    assert "winter league, Thursday" in row
    data = {row["id"]: row for row in json.loads(run("list", "--json")[1])}
    assert data[first]["labels"] == ["winter league", "Thursday"]
    assert data[second]["labels"] == []


# players ---------------------------------------------------------------------------------------


def test_a_guest_mark_on_a_merged_name_is_refused(run, importing, home):
    importing(*THREE_EVENINGS[:2])
    assert run("players", "merge", "Bob", "Bobby")[0] == 0
    code, _out, err = run("players", "guest", "Bobby")
    assert code == 2
    assert "Bobby is merged into Bob" in err and "players guest Bob" in err
    assert json.loads((home / "league.json").read_text(encoding="utf-8"))["guests"] == []
    assert "Bob" in {line["name"] for line in stats_json(run)["players"]}
    assert run("players", "guest", "Bob")[0] == 0
    assert "Bob" not in {line["name"] for line in stats_json(run)["players"]}


def test_merging_into_a_name_not_played_yet_is_a_rename(run, importing):
    importing(*THREE_EVENINGS[:2])
    code, out, err = run("players", "merge", "Robert", "Bob")
    assert code == 0, err
    assert "Bob now counts as Robert" in out
    names = {line["name"]: line for line in stats_json(run)["players"]}
    assert "Bob" not in names and names["Robert"]["merged"] == ["Bob"]
    # The name merged must still be one played under (a typo there is refused).
    code, _out, err = run("players", "merge", "Robert", "Bobb")
    assert code == 2 and "no stored session has a player named Bobb" in err


def test_a_merge_already_made_changes_nothing_and_says_so(run, importing, home):
    importing(*THREE_EVENINGS[:2])
    assert run("players", "merge", "Bob", "Bobby")[0] == 0
    book = home / "league.json"
    before = (book.read_bytes(), book.stat().st_mtime_ns, book.stat().st_ino)
    code, out, _err = run("players", "merge", "Bobby", "Bob")
    assert code == 0
    assert out == "Bobby and Bob already count as one person, Bob; nothing was changed\n"
    assert (book.read_bytes(), book.stat().st_mtime_ns, book.stat().st_ino) == before
    assert SessionService(home).labels()[0] == {}
