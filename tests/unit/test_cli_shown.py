"""Every output neutralised for where it goes (issue 24): CSV from any command keeps a name from
being a formula, text for a terminal shows control and bidi characters as stand-ins, JSON stays
exact."""

from __future__ import annotations

import argparse
import csv
import io
import json
from pathlib import Path

from referee.cli import stats_cmd
from referee.service import SessionService
from referee.sheet.exports import csv_sheet

FORMULAS = """\
[Date "2026-02-01"]
[Edition "classic"]
[Scoring "rounds 1"]
[Players "=1+1, -2+3, +SUM(A1), Ann"]

round 1
out =1+1
hand -2+3: 10
hand +SUM(A1): 5
hand Ann: 7
"""
EVIL = "\x1b[31mEve\u202e"
"""A name from the league book: ESC starts a colour, U+202E reverses what follows."""


def stored(run, home: Path, text: str = FORMULAS) -> str:
    path = home.parent / "session.uno"
    path.write_text(text, encoding="utf-8")
    code, out, _err = run("import", str(path))
    assert code == 0
    return out.strip()


def test_stats_csv_writes_names_as_text_never_as_formulas(run, home) -> None:
    stored(run, home)
    code, out, _err = run("stats", "--csv")
    assert code == 0
    rows = {row["rank"]: row for row in csv.DictReader(io.StringIO(out))}
    names = {row["name"] for row in rows.values()}
    assert names == {"'=1+1", "'-2+3", "'+SUM(A1)", "Ann"}
    assert {row["rival"] for row in rows.values()} <= {"", "'=1+1", "'+SUM(A1)", "Ann", "'-2+3"}
    # Numbers stay numbers, a negative one too.
    assert {row["points_rounds_points"] for row in rows.values()} == {"22", "-5", "-7", "-10"}
    # JSON stays exact.
    data = json.loads(run("stats", "--json")[1])
    assert {line["name"] for line in data["players"]} == {"=1+1", "-2+3", "+SUM(A1)", "Ann"}


def test_the_sheet_and_the_standings_share_one_cell_rule() -> None:
    assert [csv_sheet.cell(v) for v in ("=A1", "+1", "-x", "@y", "\tz", "\rw", "Ann", -5, 2.5)] == [
        "'=A1",
        "'+1",
        "'-x",
        "'@y",
        "'\tz",
        "'\rw",
        "Ann",
        -5,
        2.5,
    ]


def test_book_names_reach_the_terminal_as_stand_ins(run, home) -> None:
    sid = stored(run, home)
    book = home / "league.json"
    # Merged into a merged name: the book is set aside with a warning that quotes the names.
    damaged = {"version": 1, "aliases": {"Ann": EVIL, EVIL: "Zed"}}
    for argv in (("stats",), ("players",), ("players", "list"), ("label", sid, "club")):
        book.write_text(json.dumps(damaged), encoding="utf-8")
        code, out, err = run(*argv)
        assert code == 0, argv
        assert "\x1b" not in out + err and "\u202e" not in out + err, argv
        assert "␛[31mEve\\u202e" in err, argv


def test_csv_for_a_terminal_shows_stand_ins_and_for_a_file_stays_exact(run, home) -> None:
    stored(run, home)
    # Ann merged into a person of that name, as a book from elsewhere may hold.
    (home / "league.json").write_text(
        json.dumps({"version": 1, "aliases": {"Ann": EVIL}}), encoding="utf-8"
    )

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    args = argparse.Namespace(
        html=None,
        json=False,
        csv=True,
        label=None,
        event=None,
        site=None,
        since=None,
        until=None,
        today=False,
        month=None,
        guests=False,
        force=False,
        title=None,
    )
    for out, shown in ((Terminal(), "␛[31mEve\\u202e"), (io.StringIO(), EVIL)):
        assert stats_cmd.stats(SessionService(home), args, out) == 0
        assert shown in out.getvalue()
    assert "\x1b" not in run("stats")[1]
