"""The commands name the deck, the rulebook and the scoring as the app does (UNO 108枚,
日本ルール, 5回戦), never by their ids alone (`classic`, `jp`, `rounds 5`)."""

from __future__ import annotations

from pathlib import Path

DEMO = Path(__file__).resolve().parents[2] / "sample_sessions" / "demo.ja.uno"


def test_rules_names_the_deck_and_the_rulebook(run):
    code, out, _ = run("--lang", "ja", "rules", "--rules", "jp")
    first = out.splitlines()[0]
    assert code == 0 and "UNO（108枚）" in first and "日本ルール" in first, first  # noqa: RUF001
    assert "ルール jp" not in first and "エディション classic" not in first, first
    code, out, _ = run("rules", "--edition", "flip")
    assert code == 0 and out.startswith("Rulebook in force: UNO Flip"), out.splitlines()[0]
    assert "international rules" in out.splitlines()[0]


def test_score_and_show_name_the_scoring(run):
    code, out, _ = run("--lang", "ja", "score", str(DEMO))
    assert code == 0 and "得点方式：5回戦。" in out and "rounds 5" not in out, out  # noqa: RUF001
    code, out, _ = run("--lang", "ja", "import", str(DEMO))
    assert code == 0
    [sid] = [line.split()[0] for line in run("list")[1].splitlines()[1:]]
    code, out, _ = run("--lang", "ja", "show", sid)
    assert code == 0 and "得点方式：5回戦。" in out and "rounds 5" not in out, out  # noqa: RUF001
    code, out, _ = run("show", sid)
    assert code == 0 and "scoring: 5 rounds;" in out, out


def test_rules_names_every_option(run):
    from referee.engine.option_names import option_name
    from referee.engine.setup import option_specs

    code, out, _ = run("--lang", "ja", "rules")
    assert code == 0
    assert "  ワイルドドロー4の反則：wd4-legal = color" in out  # noqa: RUF001
    assert "  ジャンプイン：jump-in = off" in out  # noqa: RUF001 - a house rule by its title
    code, out, _ = run("rules")
    for key in option_specs():
        assert option_name(key) != key
        assert f"  {option_name(key)}: {key} = " in out, key
