"""The text exports (referee.sheet.exports): CSV, Markdown, JSON, notation and the HTML page,
each read back and checked against the sheet they came from (issue 3 item 3)."""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from referee import cli
from referee.engine.events import Header, Session
from referee.engine.messages import to_data
from referee.notation import format_session, parse_session
from referee.render import render as say
from referee.service.replay import sheet_of
from referee.sheet import Sheet
from referee.sheet.exports import FORMATS, csv_sheet, labels, qr
from tests.selfplay import SelfPlay
from tests.unit.manual_example import MANUAL_POINTS, MANUAL_RUNNING, SAMPLES

SAMPLE_NAMES = sorted(p.name for p in SAMPLES.glob("*.uno"))

HOSTILE = """\
[Event "<script>alert(1)</script> & co"]
[Edition "classic"]
[Scoring "rounds 2"]
[Players "=SUM(A1), A|B, <b>&, Bo*b_"]

round 1
dealer A|B
out <b>&
hand =SUM(A1): 5
hand A|B: 7
hand Bo*b_: 9
"""


def sample(name: str) -> Sheet:
    path = SAMPLES / name
    return sheet_of(parse_session(path.read_text(encoding="utf-8"), str(path)))


def hostile() -> Sheet:
    return sheet_of(parse_session(HOSTILE, "hostile.uno"))


def render(fmt: str, sheet: Sheet) -> str:
    return FORMATS[fmt].render(sheet).decode("utf-8")


# CSV ------------------------------------------------------------------------------------------


def read_csv(data: bytes) -> list[dict[str, str]]:
    assert data.startswith(b"\xef\xbb\xbf")  # the BOM that makes Excel read UTF-8
    return list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"), newline="")))


def test_csv_has_a_row_per_player_per_round_with_the_manual_numbers() -> None:
    rows = read_csv(FORMATS["csv"].render(sample("minecraft-five-rounds.uno")))
    assert list(rows[0]) == list(csv_sheet.COLUMNS)
    assert len(rows) == 5 * 4
    for row in rows:
        i, player = int(row["round"]) - 1, row["player"]
        assert int(row["points"]) == MANUAL_POINTS[player][i]
        assert int(row["total"]) == MANUAL_RUNNING[player][i]
        assert row["went_out"] == "BCBCB"[i] and row["dealer"] == "ABCBC"[i]
        assert row["hand"] == ("0" if player == row["went_out"] else str(-MANUAL_POINTS[player][i]))
    last = {row["player"]: int(row["rank"]) for row in rows if row["round"] == "5"}
    assert last == {"B": 1, "C": 2, "D": 3, "A": 4}


def test_csv_keeps_japanese_names_and_defuses_formulas() -> None:
    rows = read_csv(FORMATS["csv"].render(sample("jp-shuffle-hands.uno")))
    assert [r["player"] for r in rows[:3]] == ["太郎", "花子", "次郎"]
    players = {r["player"] for r in read_csv(FORMATS["csv"].render(hostile()))}
    # A spreadsheet would run "=SUM(A1)"; the leading quote keeps it text.
    assert players == {"'=SUM(A1)", "A|B", "<b>&", "Bo*b_"}


# JSON -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", SAMPLE_NAMES)
def test_json_is_score_json_plus_rulings(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 3: `json` is the same data as `score --json`, plus the rounds' rulings."""
    assert cli.main(["score", "--json", str(SAMPLES / name)]) == 0
    score = json.loads(capsys.readouterr().out)
    sheet = sample(name)
    data = json.loads(render("json", sheet))
    assert list(data)[: len(score)] == list(score)
    for key, value in score.items():
        if key != "rounds":
            assert data[key] == value, key
    assert len(data["rounds"]) == len(score["rounds"]) == len(sheet.rounds)
    for record, plain, rnd in zip(data["rounds"], score["rounds"], sheet.rounds, strict=True):
        assert {k: record[k] for k in plain} == plain
        assert record["rulings"] == [
            {
                "line": n.line,
                "rule": n.rule,
                "text": say(n.parts),
                "key": to_data(n.parts)[0],
                "params": to_data(n.parts)[1],
            }
            for n in rnd.notes
        ]
        assert record["number"] == rnd.number and record["dealer"] == rnd.dealer
    assert data["session"]["edition"] == sheet.header.edition
    assert (data["playing"] is None) == (sheet.playing is None)  # demo.uno is mid-game


# Markdown -------------------------------------------------------------------------------------


def test_markdown_table_like_the_manual() -> None:
    text = render("md", sample("minecraft-five-rounds.uno"))
    assert "| Player | 1 | 2 | 3 | 4 | 5 | Total | Rank |" in text
    assert (
        "| B | **+118 (118)** | -28 (90) | **+78 (168)** | -21 (147) | **+71 (218)** | "
        "**218** | 1 |"
    ) in text
    assert "| A | -40 (-40) | -9 (-49) | -30 (-79) | -9 (-88) | -33 (-121) | **-121** | 4 |" in text
    assert "| *Dealer* | A | B | C | B | C |  |  |" in text
    assert "**B wins after 5 rounds.**" in text
    assert "### Round 3 · C deals · B went out" in text
    assert "- line 25: B went out and wins round 3. `[going-out]`" in text


def test_markdown_escapes_names_so_the_table_holds() -> None:
    text = render("md", hostile())
    row = next(line for line in text.splitlines() if line.startswith("| A\\|B"))
    assert row == "| A\\|B | -7 (-7) | **-7** | 3 |"
    assert "| \\<b\\>& | **+21 (21)** | **21** | 1 |" in text
    assert "| Bo\\*b\\_ | -9 (-9) | **-9** | 4 |" in text
    assert all(
        line.count("|") - line.count("\\|") == 5
        for line in text.splitlines()
        if line.startswith("| ") and "Player" not in line
    )


def test_status_and_ranks_in_words() -> None:
    """The one-line verdict every export shows, for each state a game can be in."""
    base = '[Edition "classic"]\n[Scoring "{}"]\n[Players "Ann, Bob, Cy"]\n'
    first = "round 1\nout Ann\nhand Bob: 2\nhand Cy: 3\n"
    cases = [
        (base.format("rounds 3"), "No round scored yet."),
        (base.format("rounds 3") + first, "After 1 of 3 rounds."),
        (base.format("target 500") + first, "After 1 round; the game goes on."),
        (base.format("target 5") + first, "Ann wins after 1 round."),
        # Nobody held a point: all three share first place (1, 1, 1).
        (
            base.format("rounds 1") + "round 1\nout Ann\nhand Bob: 0\nhand Cy: 0\n",
            "A tie after 1 round: Ann, Bob and Cy share first place.",
        ),
        (
            base.format("lowest 5") + "round 1\nout Cy\nhand Ann: 5\nhand Bob: 0\n",
            "A tie after 1 round: Bob and Cy share first place.",
        ),
    ]
    for text, status in cases:
        assert labels.status(sheet_of(parse_session(text, "t.uno"))) == status
    sheet = sheet_of(parse_session(cases[-1][0], "t.uno"))
    assert dict(sheet.score.ranks) == {"Ann": 3, "Bob": 1, "Cy": 1}
    assert "| Bob | +0 (0) | **0** | 1 |" in render("md", sheet)


IN_PLAY = """\
[Edition "classic"]
[Scoring "rounds 3"]
[Players "Ann, Bob, Cy"]
round 1
dealer Ann
out Ann
hand Bob: 10
hand Cy: 1
round 2
start r5
Cy: r7
Ann: penalty 2 "slow play"
"""


@pytest.mark.parametrize("fmt", list(FORMATS))
@pytest.mark.parametrize("cut", [3, 7, 13])  # no round yet; hands missing; a round in play
def test_every_format_renders_an_unfinished_session(fmt: str, cut: int) -> None:
    text = "".join(IN_PLAY.splitlines(keepends=True)[:cut])
    sheet = sheet_of(parse_session(text, "t.uno"))
    data = FORMATS[fmt].render(sheet)
    assert data
    if fmt in ("html", "md"):
        page = data.decode("utf-8")
        expected = {3: "No round", 7: "hands of Cy to enter", 13: "Round 2 · Bob deals · in play"}
        assert expected[cut] in page
        assert (cut == 7) == ("Provisional: hands still to be entered" in page)


def test_the_round_in_play_shows_its_rulings() -> None:
    sheet = sheet_of(parse_session(IN_PLAY, "t.uno"))
    data = json.loads(render("json", sheet))
    assert data["playing"] == {
        "number": 2,
        "dealer": "Bob",
        "rulings": [
            {
                "line": 12,
                "rule": "table-penalty",
                "text": "Penalty (slow play): Ann draws 2.",
                "key": ["calls.penalty"],
                "params": [{"player": "Ann", "why": "slow play", "drawn": 2}],
            }
        ],
    }
    assert "- line 12: Penalty (slow play): Ann draws 2. `[table-penalty]`" in render("md", sheet)
    assert len(read_csv(FORMATS["csv"].render(sheet))) == 3  # round 1 only


# Notation -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", SAMPLE_NAMES)
def test_uno_export_reads_back_to_the_same_session(name: str) -> None:
    sheet = sample(name)
    again = parse_session(render("uno", sheet), "again.uno")
    assert again.header == sheet.session.header and again.events == sheet.session.events
    assert render("uno", sheet) == format_session(sheet.session)


# HTML -----------------------------------------------------------------------------------------

# Anything that would make the page fetch or link to something outside itself.
EXTERNAL = re.compile(
    r"https?:|//|\bsrc\s*=|@import|url\(|<link|<script|<img|<iframe|<object"
    r"|<embed|\bhref\s*=|xlink",
    re.IGNORECASE,
)


@pytest.mark.parametrize("name", SAMPLE_NAMES)
def test_html_is_self_contained(name: str) -> None:
    page = render("html", sample(name))
    assert EXTERNAL.findall(page) == []
    assert page.startswith("<!DOCTYPE html>") and '<meta charset="utf-8">' in page
    assert "@page { size: A4" in page and "<style>" in page


def test_html_escapes_what_players_wrote() -> None:
    page = render("html", hostile())
    assert "<script" not in page and "&lt;script&gt;" in page
    assert "<th>&lt;b&gt;&amp;</th>" in page
    assert EXTERNAL.findall(page) == []


def test_html_shows_every_number_of_the_manual_table() -> None:
    sheet = sample("minecraft-five-rounds.uno")
    page = render("html", sheet)
    rows = re.findall(r"<tr(?: class=\"first\")?><th>(\w)</th>(.*?)</tr>", page)
    assert [player for player, _ in rows] == ["A", "B", "C", "D"]
    for player, cells in rows:
        pts = [int(v) for v in re.findall(r'class="pts">([-+]\d+)<', cells)]
        run = [int(v) for v in re.findall(r'class="run">(-?\d+)<', cells)]
        assert pts == MANUAL_POINTS[player] and run == MANUAL_RUNNING[player]
        total = re.search(r'class="total">(-?\d+)<', cells)
        assert total and int(total.group(1)) == MANUAL_RUNNING[player][-1]
    assert re.findall(r'<td class="rank">(\d)</td>', page) == ["4", "1", "2", "3"]
    assert page.count('<td class="out">') == 5  # who went out, once a round
    assert page.count("<polyline") == 4  # one running-total line per player
    assert f"<p>{qr.payload(sheet)}</p>" in page
    assert "B wins after 5 rounds." in page


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def tracked_game(seed: int) -> Sheet:
    """A five-round, four-player game played card by card by self-play, rulings and all."""
    header = Header(
        edition="classic",
        players=("Ann", "Bob", "Cy", "Dee"),
        scoring="rounds 5",
        rules="jp",
        event="Friday night at the club",
        date="2026-05-01",
    )
    play = SelfPlay(seed, check=False)
    play.play_game(header, rounds=5)
    text = format_session(Session(header, play.log))
    return sheet_of(parse_session(text, "friday.uno"))


@pytest.mark.skipif(CHROMIUM is None, reason="needs headless Chromium to print")
@pytest.mark.parametrize("which", ["manual example", "tracked game"])
def test_html_prints_on_one_a4_page(tmp_path: Path, which: str) -> None:
    """Issue 3: a five-round game's sheet prints on one A4 page (checked when Chromium is
    installed; CI has no browser)."""
    if which == "manual example":
        sheet = sample("minecraft-five-rounds.uno")
    else:
        sheet = tracked_game(7)
        assert len(sheet.rounds) == 5 and sum(len(r.notes) for r in sheet.rounds) >= 20
    page = tmp_path / "sheet.html"
    page.write_bytes(FORMATS["html"].render(sheet))
    pdf = tmp_path / "sheet.pdf"
    subprocess.run(
        [
            str(CHROMIUM),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--no-pdf-header-footer",
            f"--print-to-pdf={pdf}",
            page.as_uri(),
        ],
        capture_output=True,
        timeout=60,
        check=True,
    )
    data = pdf.read_bytes()
    assert len(re.findall(rb"/Type\s*/Page(?!s)", data)) == 1
    box = re.search(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", data)
    assert box and (round(float(box.group(1))), round(float(box.group(2)))) == (595, 842)
