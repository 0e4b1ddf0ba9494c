"""`uno-referee` speaks the language of the run: `--lang`, else the settings file, else the
locale; its --help, argparse's own words, its errors and the rules it prints."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee import i18n
from referee.cli import language
from referee.cli.common import cells, fill, wrap
from referee.engine.setup import option_specs, resolve, rules_in_force
from referee.i18n.catalogue import translations
from referee.store import settings


def japanese(text: str) -> bool:
    return any("\u3040" <= ch <= "\u30ff" for ch in text)


def ja(message: str) -> str:
    return translations("ja").gettext(message)


# --help and argparse's own words ------------------------------------------------------------------


def test_help_in_japanese_with_argparse_s_words(run):
    code, out, _ = run("--lang", "ja", "--help")
    assert code == 0
    assert out.startswith(ja("usage: ") + "uno-referee ")
    assert f"\n{ja('options')}:\n" in out and f"\n{ja('commands')}:\n" in out
    assert ja("show this help message and exit") in out
    assert ja("check that every line of a session is legal") in out
    assert "usage:" not in out and "options:" not in out
    assert japanese(ja("show this help message and exit"))


def test_help_in_english(run):
    code, out, _ = run("--lang", "en", "--help")
    assert code == 0 and out.startswith("usage: uno-referee ")
    assert "\noptions:\n" in out and "show this help message and exit" in out
    assert not japanese(out)


def test_lang_after_the_command_works_too(run):
    code, out, _ = run("rules", "--help", "--lang", "ja")
    assert code == 0 and out.startswith(ja("usage: ") + "uno-referee rules ")
    assert ja("rulebook family: en or jp (default: en)") in out


def test_japanese_help_lines_fit_the_terminal(run, monkeypatch):
    monkeypatch.setenv("COLUMNS", "60")
    _, out, _ = run("--lang", "ja", "new", "--help")
    # argparse leaves two columns; a Japanese character takes two.
    assert max(cells(line) for line in out.splitlines()) <= 60
    usage = out.split("\n\n")[0].splitlines()
    indent = cells(usage[0][: usage[0].index("uno-referee") + len("uno-referee new ")])
    assert all(cells(line) - cells(line.lstrip()) == indent for line in usage[1:])


@pytest.mark.parametrize(
    ("argv", "english", "needle"),
    [
        (
            ["check"],
            "the following arguments are required: FILE",
            "the following arguments are required: %s",
        ),
        (
            ["frobnicate"],
            "invalid choice: 'frobnicate'",
            "invalid choice: %(value)r (choose from %(choices)s)",
        ),
        (
            ["correct", "abcdef", "x", "r5"],
            "invalid int value: 'x'",
            "invalid %(type)s value: %(value)r",
        ),
        (
            ["check", "a.uno", "b.uno"],
            "unrecognized arguments: b.uno",
            "unrecognized arguments: %s",
        ),
    ],
)
def test_usage_errors_in_both_languages(run, argv, english, needle):
    code, out, err = run("--lang", "en", *argv)
    assert (code, out) == (2, "") and english in err and "error: " in err
    code, out, err = run("--lang", "ja", *argv)
    translated = ja(needle)
    assert translated != needle
    head = translated.split("%")[0]
    assert (code, out) == (2, "") and head in err and ja("usage: ") in err
    assert "usage:" not in err and "error: " not in err


def test_an_unknown_language_is_a_usage_error_in_the_language_of_the_run(run, monkeypatch):
    code, _, err = run("--lang", "fr", "list")
    assert code == 2 and "argument --lang: invalid choice: 'fr'" in err
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    code, _, err = run("--lang", "fr", "list")
    assert code == 2 and "--lang" in err and ja("usage: ") in err


# Messages and errors -----------------------------------------------------------------------------


def test_an_unknown_session_id_in_both_languages(run):
    code, out, err = run("--lang", "ja", "export", "zzzzzz", "--format", "csv")
    assert (code, out) == (2, "")
    assert err.startswith("zzzzzz: ") and japanese(err)
    code, _, err = run("--lang", "en", "export", "zzzzzz", "--format", "csv")
    assert code == 2 and "no such file, and no stored session zzzzzz" in err


def test_a_missing_file_in_japanese(run, tmp_path):
    path = str(tmp_path / "nowhere.uno")
    assert run("--lang", "ja", "check", path) == (
        2,
        "",
        ja("{path}: no such file").format(path=path) + "\n",
    )


def test_check_counts_in_japanese(run, tmp_path):
    path = tmp_path / "game.uno"
    path.write_text(
        '[Edition "classic"]\n[Scoring "none"]\n[Players "A, B"]\n\nround 1\n'
        "dealer A\nstart r7\nB: r5\n",
        encoding="utf-8",
    )
    code, out, _ = run("--lang", "ja", "check", str(path))
    assert code == 0
    statements = translations("ja").ngettext("{n} statement", "{n} statements", 4).format(n=4)
    rounds = translations("ja").ngettext("{n} round", "{n} rounds", 1).format(n=1)
    assert (
        out
        == ja("{file}: ok ({statements}, {rounds})").format(
            file=path, statements=statements, rounds=rounds
        )
        + "\n"
    )
    assert japanese(out)


# rules -------------------------------------------------------------------------------------------


def test_rules_in_japanese_print_each_rule_and_option_translated(run):
    code, out, _ = run("rules", "--lang", "ja")
    assert code == 0
    assert out.startswith(
        ja("Rulebook in force: {title}, {family} (--edition {edition} --rules {rulebook})").split(
            "{"
        )[0]
    )
    assert ja("Options in force:") in out
    flat = "".join(out.split())
    options = resolve("en", "classic")
    for rule in rules_in_force(options, "classic"):
        assert f"\n{rule.id}" in out
        # Wrapped by cells: compare without the line breaks.
        assert "".join(ja(rule.text).split()) in flat
        assert ja("source: {source}").format(source=ja(rule.source)) in out
    specs = option_specs()
    for key, value in options.items():
        assert f"\uff1a{key} = {value}" in out  # after the option's name and a colon
        assert "".join(ja(specs[key].meaning).split()) in flat


def test_rules_in_english_print_option_meanings(run):
    code, out, _ = run("rules", "--lang", "en")
    assert code == 0 and not japanese(out.split("\n", 1)[0])
    assert "      Cards dealt to each player.\n" in out


# Which language a run speaks ---------------------------------------------------------------------


def test_the_locale_chooses_when_nothing_else_does(run, monkeypatch):
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    code, out, _ = run("--help")
    assert code == 0 and out.startswith(ja("usage: "))


def test_the_settings_file_beats_the_locale(run, monkeypatch):
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    settings.change("language", "en")
    assert run("--help")[1].startswith("usage: ")
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    settings.change("language", "ja")
    assert run("--help")[1].startswith(ja("usage: "))


def test_the_flag_beats_the_settings_file(run):
    settings.change("language", "ja")
    assert run("--lang", "en", "--help")[1].startswith("usage: ")
    settings.change("language", "en")
    assert run("--help", "--lang=ja")[1].startswith(ja("usage: "))


def test_each_run_chooses_again(run):
    assert run("--lang", "ja", "--help")[1].startswith(ja("usage: "))
    assert run("--help")[1].startswith("usage: ")
    assert i18n.current() == "en"


def test_lang_is_not_read_inside_a_move_or_after_double_dash(run):
    # The words of a move are data: only an option called --lang chooses the language.
    code, _, err = run("move", "zzzzzz", "--", "--lang", "ja")
    assert code == 2 and not japanese(err)


LINE_WORDS = st.sampled_from(
    [
        "--lang",
        "--lang=ja",
        "--lang=en",
        "--lang=fr",
        "--lan",
        "--la=ja",
        "--l",
        "--l=en",
        "--langs",
        "--list",
        "--data-dir",
        "--data-dir=--lang",
        "-l",
        "--",
        "-",
        "ja",
        "en",
        "move",
        "check",
        "rules",
        "x.uno",
        "r5",
        "--help",
        "\uff0d\uff0dlang",  # typed in full width
        "--LANG",
        "",
    ]
)


@given(st.lists(LINE_WORDS, max_size=6))
def test_lang_is_found_as_the_prelude_parser_finds_it(words: list[str]) -> None:
    # `lang_flag` skips building its parser when no word could be `--lang` or an abbreviation
    # of it: what it finds must be what that parser finds in every line.
    prelude = language._Prelude(add_help=False, exit_on_error=False)
    prelude.add_argument("--lang")
    try:
        found = prelude.parse_known_args(list(words))[0].lang
    except argparse.ArgumentError:
        found = None
    expected = found if found in i18n.LANGUAGES else None
    assert language.lang_flag(words) == expected


def test_the_console_script_speaks_japanese_under_a_japanese_locale(tmp_path):
    env = {**os.environ, "LANG": "ja_JP.UTF-8", "UNO_REFEREE_HOME": str(tmp_path)}
    env.pop("LC_ALL", None)
    env.pop("LC_MESSAGES", None)
    done = subprocess.run(
        [sys.executable, "-m", "referee.cli", "check"], capture_output=True, env=env, check=False
    )
    err = done.stderr.decode("utf-8")
    assert done.returncode == 2 and ja("the following arguments are required: %s")[:4] in err


# Wrapping by terminal cells ----------------------------------------------------------------------


def test_wrap_counts_cells_and_keeps_closing_punctuation_on_the_line():
    text = "カードを出したり引いたりできるのは、自分の番の人だけです。番は回る向きに従います。"
    lines = wrap(text, 20)
    assert "".join(lines) == text
    assert all(cells(line) <= 22 for line in lines)
    assert not any(line[0] in "\u3001\u3002\uff09\u300d" for line in lines)  # closing marks
    assert wrap("plain English words here", 10) == ["plain", "English", "words here"]
    assert fill("a b", 96, "    ") == "    a b"
