"""The season report (`uno-referee stats --html`): self-contained, agrees with the standings,
one score sheet per selected session, names escaped (issue 15)."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"
MADE = Path(__file__).resolve().parent / "stats_sessions"


def cells(page: str, css: str) -> list[list[str]]:
    table = re.search(rf'<table class="{css}">(.*?)</table>', page, re.S)
    assert table is not None
    return [
        [unescape(c) for c in re.findall(r"<t[dh]>(.*?)</t[dh]>", row)]
        for row in re.findall(r"<tr>(.*?)</tr>", table.group(1))
    ]


def test_the_report_holds_the_standings_and_every_sheet(run, home, tmp_path):
    for path in (
        SAMPLES / "jp-shuffle-hands.uno",
        MADE / "scoring-only-jp.uno",
        SAMPLES / "classic-challenge-catch.uno",
    ):
        assert run("import", str(path))[0] == 0
    run("players", "merge", "太郎", "たろう")
    run("players", "guest", "Ken")
    out = tmp_path / "season.html"
    code, _out, err = run("stats", "--html", str(out), "--title", "Winter <season>")
    assert code == 0 and "wrote the report of 3 session(s)" in err
    page = out.read_text(encoding="utf-8")
    assert "<title>Winter &lt;season&gt;</title>" in page
    assert "<script" not in page and "http://" not in page and "https://" not in page
    # One page for the standings, then one per session, each with the sheet's own heading.
    assert page.count('<main class="page') == 4
    assert "お正月のウノ大会" in page and "Thursday UNO night" in page
    standings = json.loads(run("stats", "--json")[1])
    rows = cells(page, "standings")[1:]
    assert [row[1] for row in rows] == [line["name"] for line in standings["players"]]
    taro = next(row for row in rows if row[1] == "太郎")
    assert taro[3] == "0/1" and taro[6] == "1/4"
    counts = {row[0]: row for row in cells(page, "counts")[1:]}
    assert counts["Bob"][4] == "1"  # +4 guilty


def test_an_existing_file_is_kept_without_force(run, home, tmp_path):
    assert run("import", str(MADE / "scoring-only-jp.uno"))[0] == 0
    out = tmp_path / "season.html"
    out.write_text("mine", encoding="utf-8")
    code, _out, err = run("stats", "--html", str(out))
    assert code == 2 and out.read_text(encoding="utf-8") == "mine" and "exists" in err
    assert run("stats", "--html", str(out), "--force")[0] == 0
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_names_are_escaped(run, home, tmp_path):
    text = (MADE / "scoring-only-jp.uno").read_text(encoding="utf-8").replace("Ken", "<b>Ken</b>")
    source = tmp_path / "names.uno"
    source.write_text(text, encoding="utf-8")
    assert run("import", str(source))[0] == 0
    out = tmp_path / "season.html"
    assert run("stats", "--html", str(out))[0] == 0
    page = out.read_text(encoding="utf-8")
    assert "<b>Ken</b>" not in page and "&lt;b&gt;Ken&lt;/b&gt;" in page
