"""Tests for `uno-referee` (referee.cli): the command-line contract of notation section 7."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from referee import __version__, cli
from referee.cli import file_cmds
from referee.engine.option_names import option_name
from referee.engine.setup import option_specs, resolve, rules_in_force
from referee.notation import NotationError, parse_session
from referee.render import render
from referee.service.replay import replay_session
from referee.sheet import text_table

SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"

HEADER = """\
[Edition "classic"]
[Scoring "target 500"]
[Players "Alice, Bob, Carol"]
"""
LEGAL = (
    HEADER
    + """
round 1
dealer Alice
start r7
Bob: r5
Carol: r9
"""
)
# Line 9 is refused: Yellow 3 matches neither the colour (red) nor the number (5).
REFUSED = LEGAL.replace("Carol: r9", "Carol: y3\nAlice: r2")
REFUSED_LINE = 9
JAPANESE = """\
[Edition "shuffle"]
[Rules "jp"]
[Scoring "rounds 5"]
[Players "太郎, 花子, 次郎"]

round 1
dealer 太郎
start g3
花子: g5
次郎: g1
"""
STATE_KEYS = {"round", "turn", "direction", "top", "color", "hands", "draw_pile", "side", "pending"}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def write(tmp_path: Path):
    def _write(text: str | bytes, name: str = "game.uno") -> str:
        path = tmp_path / name
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
        return str(path)

    return _write


def refused_ruling(text: str):
    """The engine's own ruling on the first refused statement, to compare the report with."""
    done = replay_session(parse_session(text, "x.uno"))
    assert done.refused is not None and not done.refused.ruling.ok
    return done.refused


# check ---------------------------------------------------------------------------------------


def test_check_legal_file_exits_0_with_counts(capsys, write):
    path = write(LEGAL)
    assert run(capsys, "check", path) == (0, f"{path}: ok (5 statements, 1 round)\n", "")


def test_check_refused_move_exits_1_with_file_line_ruling_and_rule(capsys, write):
    path = write(REFUSED)
    step = refused_ruling(REFUSED)
    code, out, err = run(capsys, "check", path)
    assert (code, out) == (1, "")
    assert step.seq == REFUSED_LINE
    assert err == f"{path}:{REFUSED_LINE}: {render(step.ruling.parts)} [{step.ruling.rule}]\n"
    assert step.ruling.rule == "match"


def test_check_reports_only_the_first_refusal(capsys, write):
    path = write(REFUSED + "Bob: y9\n")
    code, _, err = run(capsys, "check", path)
    assert code == 1
    assert err.count("\n") == 1 and err.startswith(f"{path}:{REFUSED_LINE}: ")


def test_check_syntax_error_exits_2_with_the_notation_error(capsys, write):
    text = LEGAL.replace("Bob: r5", "Bob: r55")
    path = write(text)
    with pytest.raises(NotationError) as caught:
        parse_session(text, path)
    code, out, err = run(capsys, "check", path)
    assert (code, out) == (2, "")
    assert err == f"{caught.value}\n"
    assert re.match(rf"{re.escape(path)}:8:\d+: ", err)


def test_check_header_setup_error_is_reported_at_line_1(capsys, write):
    path = write(
        LEGAL.replace('[Edition "classic"]', '[Edition "classic"]\n[Rule "no-such-option" "on"]')
    )
    code, out, err = run(capsys, "check", path)
    assert (code, out) == (2, "")
    assert err.startswith(f"{path}:1:1: ") and "no-such-option" in err


def test_check_option_the_edition_cannot_take_is_a_setup_error(capsys, write):
    path = write(LEGAL.replace('[Edition "classic"]', '[Edition "flip"]\n[Rule "stacking" "same"]'))
    code, _, err = run(capsys, "check", path)
    assert code == 2
    assert err.startswith(f"{path}:1:1: ") and "does not work with the flip edition" in err


def test_missing_file_exits_2_without_traceback(capsys, tmp_path):
    path = str(tmp_path / "nowhere.uno")
    code, out, err = run(capsys, "check", path)
    assert (code, out, err) == (2, "", f"{path}: no such file\n")


def test_directory_exits_2(capsys, tmp_path):
    code, _, err = run(capsys, "replay", str(tmp_path))
    assert code == 2 and "is a directory" in err and "Traceback" not in err


def test_file_not_utf8_exits_2(capsys, write):
    path = write(LEGAL.replace("Alice", "Zoë").encode("latin-1"))
    code, out, err = run(capsys, "score", path)
    assert (code, out) == (2, "")
    assert err.startswith(f"{path}: not UTF-8 text") and "Traceback" not in err


def test_crlf_and_bom_files_check_clean(capsys, write):
    path = write(("\ufeff" + LEGAL).replace("\n", "\r\n").encode("utf-8"))
    code, out, _ = run(capsys, "check", path)
    assert (code, out) == (0, f"{path}: ok (5 statements, 1 round)\n")


def test_dash_reads_the_session_from_stdin(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(LEGAL.encode("utf-8"))))
    assert run(capsys, "check", "-") == (0, "<stdin>: ok (5 statements, 1 round)\n", "")


# replay --------------------------------------------------------------------------------------


def test_replay_json_one_object_per_statement(capsys, write):
    path = write(LEGAL)
    code, out, err = run(capsys, "replay", path, "--json")
    assert (code, err) == (0, "")
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["line"] for r in records] == [5, 6, 7, 8, 9]
    for record in records:
        assert set(record) == {"line", "ok", "ruling", "rule", "key", "params", "state"}
        assert record["ok"] is True and record["ruling"] and record["rule"]
        assert set(record["state"]) >= STATE_KEYS
    last = records[-1]["state"]
    assert last["turn"] == "Alice" and last["top"] == "r9" and last["color"] == "red"
    assert last["direction"] == "cw" and last["hands"] == {"Alice": 7, "Bob": 6, "Carol": 6}
    assert (records[3]["ruling"], records[3]["rule"]) == (
        "Bob played Red 5; Carol plays next.",
        "match",
    )


def test_replay_json_stops_after_the_first_refused_line(capsys, write):
    path = write(REFUSED + "Bob: y9\n")
    code, out, _ = run(capsys, "replay", "--json", path)
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 1
    assert [r["ok"] for r in records] == [True, True, True, True, False]
    assert records[-1]["line"] == REFUSED_LINE and records[-1]["rule"] == "match"
    # Nothing changed: the state is the one before the refused line.
    assert records[-1]["state"] == records[-2]["state"]


def test_replay_text_line_per_statement(capsys, write):
    path = write(REFUSED)
    code, out, _ = run(capsys, "replay", path)
    lines = out.splitlines()
    assert code == 1
    # Numbers are right-aligned to the file's last line (10).
    assert lines[3] == " 8  Bob: r5  ->  Bob played Red 5; Carol plays next. [match]"
    assert lines[0] == " 5  round 1  ->  Round 1 begins. [session]"
    assert re.fullmatch(r" 9  Carol: y3  ->  REFUSED: .+ \[match\]", lines[-1])
    assert len(lines) == 5


def test_replay_text_pads_line_numbers(capsys, write):
    path = write("\n" * 5 + LEGAL)
    _, out, _ = run(capsys, "replay", path)
    assert out.splitlines()[0].startswith("10  round 1  ->  ")
    assert re.fullmatch(r"\d\d  .+", out.splitlines()[-1])


# score ---------------------------------------------------------------------------------------


def test_score_json_minecraft_sample(capsys):
    code, out, err = run(capsys, "score", "--json", str(SAMPLES / "minecraft-five-rounds.uno"))
    sheet = json.loads(out)
    assert (code, err) == (0, "")
    assert sheet["players"] == ["A", "B", "C", "D"]
    assert sheet["totals"] == {"A": -121, "B": 218, "C": 19, "D": -116}
    assert sheet["ranks"] == {"B": 1, "C": 2, "D": 3, "A": 4}
    assert sheet["finished"] is True and sheet["winner"] == "B"
    assert [r["winner"] for r in sheet["rounds"]] == ["B", "C", "B", "C", "B"]
    assert sheet["rounds"][0]["points"] == {"A": -40, "B": 118, "C": -70, "D": -8}


def test_score_text_table(capsys):
    code, out, _ = run(capsys, "score", str(SAMPLES / "minecraft-five-rounds.uno"))
    rows = [line.split() for line in out.splitlines()]
    assert code == 0
    assert ["round", "winner", "A", "B", "C", "D"] in rows
    assert ["1", "B", "-40", "(-40)", "+118", "(118)", "-70", "(-70)", "-8", "(-8)"] in rows
    assert ["total", "-121", "218", "19", "-116"] in rows
    assert ["rank", "4", "1", "2", "3"] in rows
    assert out.rstrip().endswith("winner: B")


def test_score_of_an_unfinished_game(capsys, write):
    path = write(HEADER + "\nround 1\nout Bob\nhand Alice: 30\nhand Carol: 12\n")
    code, out, _ = run(capsys, "score", "--json", path)
    sheet = json.loads(out)
    assert code == 0
    assert sheet["totals"] == {"Alice": 0, "Bob": 42, "Carol": 0}
    assert (sheet["finished"], sheet["winner"]) == (False, None)
    _, text, _ = run(capsys, "score", path)
    assert text.rstrip().endswith("not finished")


def test_score_with_a_refused_line_reports_it_like_check(capsys, write):
    path = write(REFUSED)
    step = refused_ruling(REFUSED)
    code, out, err = run(capsys, "score", "--json", path)
    assert (code, out) == (1, "")
    assert err == f"{path}:{REFUSED_LINE}: {render(step.ruling.parts)} [{step.ruling.rule}]\n"


# rules ---------------------------------------------------------------------------------------


def test_rules_default_is_classic_en_with_ids_sources_and_marks(capsys):
    code, out, err = run(capsys, "rules")
    assert (code, err) == (0, "")
    assert out.startswith(
        "Rulebook in force: UNO (108 cards), international rules (--edition classic --rules en)"
    )
    for rule in rules_in_force(resolve("en", "classic"), "classic"):
        assert f"source: {rule.source}\n" in out
        mark = "  (no official rule; table default)" if rule.table_default else ""
        assert f"\n{rule.id}{mark}\n" in out
    assert "\nwsh" not in out and "shuffle-hands" not in out
    for key, value in resolve("en", "classic").items():
        mark = "  (table default)" if option_specs()[key].table_default else ""
        assert f"  {option_name(key)}: {key} = {value}{mark}\n" in out


def test_rules_follow_edition_rulebook_and_overrides(capsys):
    code, out, _ = run(
        capsys,
        "rules",
        "--edition",
        "minecraft",
        "--rules",
        "jp",
        "--rule",
        "uno-penalty=4",
        "--rule",
        "late-uno=no",
    )
    assert code == 0
    assert "\ncreeper\n" in out
    assert (
        "    source: Minecraft UNO manual, Japanese edition (importer インフォレンズ), "
        "「マイクラフトUNOオリジナルルール」\n"
    ) in out
    assert ": coaching-penalty = 4\n" in out
    assert ": wd4-legal = playable\n" in out
    assert ": uno-penalty = 4  (set by --rule)\n" in out
    assert ": late-uno = no  (table default, set by --rule)\n" in out
    assert "A late UNO call does not protect" in out


def test_rules_label_each_default_with_its_source(capsys):
    code, out, _ = run(capsys, "rules", "--edition", "nomercy", "--rule", "stacking=same")
    assert code == 0
    specs = option_specs()
    assert (
        ": two-player-reverse-draw = self\n      default self: "
        f"{specs['two-player-reverse-draw'].source}\n"
    ) in out
    assert (f": stack-challenge = on\n      default on: {specs['stack-challenge'].source}\n") in out


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--edition", "mario"], "unknown edition 'mario'"),
        (["--edition", "flip", "--rule", "stacking=higher"], "does not work with the flip edition"),
        (["--rules", "fr"], "unknown rulebook 'fr'"),
        (["--rule", "uno-penalty"], "--rule expects key=value"),
        (["--rule", "no-such=1"], "unknown rule option 'no-such'"),
        (["--rule", "uno-penalty=lots"], "takes a whole number"),
        (["--rule", "mercy=lots"], "takes off / integer"),
    ],
)
def test_rules_bad_input_exits_2(capsys, argv, needle):
    code, out, err = run(capsys, "rules", *argv)
    assert (code, out) == (2, "")
    assert err.startswith("uno-referee rules: ") and needle in err


# The program as a whole ------------------------------------------------------------------------


def test_japanese_names_round_trip(capsys, write):
    path = write(JAPANESE)
    assert run(capsys, "check", path)[0] == 0
    _, out, _ = run(capsys, "replay", "--json", path)
    last = json.loads(out.splitlines()[-1])
    assert last["state"]["hands"] == {"太郎": 7, "花子": 6, "次郎": 6}
    assert last["state"]["turn"] == "太郎"
    assert "花子 played Green 5" in out
    _, text, _ = run(capsys, "replay", path)
    assert text.splitlines()[-1].startswith("10  次郎: g1  ->  次郎 played Green 1")


def test_japanese_output_is_utf8_whatever_the_console(tmp_path):
    path = tmp_path / "jp.uno"
    path.write_text(JAPANESE, encoding="utf-8")
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    done = subprocess.run(
        [sys.executable, "-m", "referee.cli", "replay", str(path)],
        capture_output=True,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")
    assert "太郎 deals round 1." in done.stdout.decode("utf-8")


def test_score_table_aligns_wide_names(capsys, write):
    path = write(
        JAPANESE.split("\nround 1")[0] + "\nround 1\nout 花子\nhand 太郎: 10\nhand 次郎: 5\n"
    )
    _, out, _ = run(capsys, "score", path)
    header, first = out.splitlines()[1:3]
    width = text_table.width
    # Wide characters take two terminal columns: the cells line up under the names anyway.
    assert width(header[: header.index("花子")]) == width(first[: first.index("+15")])
    assert width(header[: header.index("次郎")]) == width(first[: first.index("-5 (-5)")])


def test_bare_command_prints_a_hint_and_exits_0(capsys):
    code, out, _ = run(capsys)
    assert code == 0 and "uno-referee check FILE" in out


def test_version(capsys):
    assert run(capsys, "--version") == (0, f"uno-referee {__version__}\n", "")


def test_usage_errors_exit_2(capsys):
    assert run(capsys, "frobnicate")[0] == 2
    code, _, err = run(capsys, "check")
    assert code == 2 and "FILE" in err


def test_help_exits_0(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "check" in out and "replay" in out


def test_internal_error_exits_3_without_traceback(capsys, monkeypatch, write):
    def boom(*_args):
        raise RuntimeError("kaput")

    monkeypatch.setattr(file_cmds, "check", boom)
    code, out, err = run(capsys, "check", write(LEGAL))
    assert (code, out) == (3, "")
    assert err == "uno-referee: internal error: RuntimeError: kaput\n"


def test_new_follows_the_language_for_its_rulebook(tmp_path, monkeypatch, capsys):
    # Issue 27: `new` in Japanese is 日本ルール with 5回戦; in English the English sheet.
    from referee import cli
    from referee.service import SessionService

    monkeypatch.setenv("UNO_REFEREE_HOME", str(tmp_path / "home"))
    assert cli.main(["--lang", "ja", "new", "--players", "太郎, 花子"]) == 0
    ja = capsys.readouterr().out.strip()
    assert cli.main(["--lang", "en", "new", "--players", "Ann, Bob"]) == 0
    en = capsys.readouterr().out.strip()
    assert cli.main(["--lang", "ja", "new", "--players", "Ann, Bob", "--rules", "en"]) == 0
    chosen = capsys.readouterr().out.strip()
    service = SessionService(tmp_path / "home")
    headers = {}
    for sid in (ja, en, chosen):
        with service.open(sid, read_only=True) as live:
            headers[sid] = (live.header.rules, live.header.scoring)
    assert headers == {
        ja: ("jp", "rounds 5"),
        en: ("en", "target 500"),
        chosen: ("en", "target 500"),
    }


def test_list_and_show_name_the_game_in_the_readers_language(tmp_path, monkeypatch, capsys):
    # Issue 27: `classic jp, rounds 5` and 「ルール en」 were ids; a table reads names.
    from referee import cli

    monkeypatch.setenv("UNO_REFEREE_HOME", str(tmp_path / "home"))
    assert cli.main(["--lang", "ja", "new", "--players", "太郎, 花子"]) == 0
    sid = capsys.readouterr().out.strip()
    assert cli.main(["--lang", "ja", "list"]) == 0
    assert "UNO（108枚）、日本ルール、5回戦" in capsys.readouterr().out  # noqa: RUF001
    assert cli.main(["--lang", "ja", "show", sid]) == 0
    shown = capsys.readouterr().out
    game = "（UNO（108枚）、日本ルール、5回戦）"  # noqa: RUF001 - the Japanese brackets
    assert game in shown and "ルール jp" not in shown
    assert cli.main(["--lang", "en", "show", sid]) == 0
    assert "(UNO (108 cards), Japanese rules, 5 rounds)" in capsys.readouterr().out
