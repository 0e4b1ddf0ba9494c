"""Player names typed now (normalised, one check for the form and the CLI) and text made visible."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee import cli
from referee.notation import name_problem, normal_name, parse_session, players_problem, visible
from referee.notation.names import BIDI_CONTROLS, ZERO_WIDTH
from referee.notation.words import _name_problem as file_name_problem
from referee.service import SessionService, SetupProblem, build_header

REFUSED = sorted({*"\t\n\r\x00\x1b\x7f\x85\x9b\u2028\u2029", *ZERO_WIDTH, *BIDI_CONTROLS})
HEADER = '[Edition "classic"]\n[Rules "en"]\n[Scoring "none"]\n'


# Showing text ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("Ann", "Ann"),
        ("太郎 [b]$x\\", "太郎 [b]$x\\"),
        ("e\u0301", "e\u0301"),
        ("Ann\x1b[31m", "Ann␛[31m"),
        ("a\tb\nc\rd\x00", "a␉b␊c␍d␀"),
        ("del\x7f", "del␡"),
        ("c1\x85\x9b", "c1\\x85\\x9b"),
        ("ab\u202ecd\u2066e\u2069", "ab\\u202ecd\\u2066e\\u2069"),
        ("line\u2028sep", "line\\u2028sep"),
    ],
)
def test_visible_replaces_what_would_act_on_the_terminal(text, shown):
    assert visible(text) == shown
    assert visible(shown) == shown  # stand-ins are themselves shown as they are


def test_visible_keeps_newlines_only_when_asked():
    assert visible("one\ntwo\x1b", lines=True) == "one\ntwo␛"
    assert visible("one\ntwo") == "one␊two"


@given(st.text())
def test_nothing_visible_leaves_can_act_on_a_terminal(text):
    for ch in visible(text):
        assert unicodedata.category(ch) != "Cc" and ch not in BIDI_CONTROLS
        assert ch not in "\u2028\u2029"


# Checking names typed now ----------------------------------------------------------------------


@pytest.mark.parametrize("ch", REFUSED, ids=lambda ch: f"U+{ord(ch):04X}")
def test_a_control_zero_width_or_bidi_character_is_refused_by_name_and_place(ch):
    problem = name_problem(f"An{ch}n")
    assert problem is not None
    assert f"U+{ord(ch):04X}" in problem and "character 3 of 'An" in problem
    assert ch not in problem  # the message quotes the name with the character made visible


def test_the_message_gives_the_unicode_name():
    assert name_problem("Ann\u202e") == (
        "a name cannot contain U+202E RIGHT-TO-LEFT OVERRIDE, character 4 of 'Ann\\u202e'"
    )
    assert name_problem("Bo\u200bb") == (
        "a name cannot contain U+200B ZERO WIDTH SPACE, character 3 of 'Bo\\u200bb'"
    )
    assert name_problem("Ann\x1b") == (
        "a name cannot contain U+001B (a control character), character 4 of 'Ann␛'"
    )


def test_names_are_normalised_and_compared_without_case_or_width():
    # Full-width letters (U+FF21 and on) are what some phone keyboards type.
    assert normal_name("  \uff21\uff4e\uff4e ") == "Ann"
    assert normal_name("ﬁona") == "fiona"
    assert name_problem("Ann", ["\uff21\uff2e\uff2e"]) is not None
    assert name_problem("STRASSE", ["straße"]) is not None
    assert name_problem("Ann", ["Bob"]) is None
    assert name_problem(normal_name("Bo\uff1ab")) is not None  # a full-width colon is a colon


def test_players_problem_says_which_player():
    assert players_problem(["Ann", "Bob"]) is None
    assert players_problem(["Ann", "B\u2066ob"]) == (
        "player 2: a name cannot contain U+2066 LEFT-TO-RIGHT ISOLATE, character 2 of 'B\\u2066ob'"
    )
    assert players_problem(["Ann", "Bob", "ANN"]) == (
        "player 3: duplicate player 'ANN' (already 'Ann'; names are matched without case or width)"
    )


NAME_CHARS = st.characters(exclude_categories=["Cs"])


@given(st.text(NAME_CHARS, min_size=1, max_size=24))
def test_a_name_files_accept_stays_accepted_unless_it_holds_a_listed_character(name):
    # Stored sessions replay forever: typing now refuses only the characters listed, and only
    # names that NFKC leaves alone are compared (the form stores the normalised name).
    listed = any(ch in ZERO_WIDTH or ch in BIDI_CONTROLS for ch in name)
    if file_name_problem(name) is None and normal_name(name) == name and not listed:
        assert name_problem(name) is None, name
    if name_problem(name) is None:
        assert file_name_problem(name) is None, name  # a name typed now can always be stored


def test_build_header_normalises_and_refuses_with_the_player():
    header = build_header("\uff21nn, Bob", "classic", "none")
    assert header.players == ("Ann", "Bob")
    with pytest.raises(SetupProblem, match=r"Players: player 2: .*U\+200D ZERO WIDTH JOINER"):
        build_header("Ann, Bo\u200db", "classic", "none")
    with pytest.raises(SetupProblem, match="duplicate player"):
        build_header("Ann, \uff21\uff2e\uff2e", "classic", "none")


def test_the_event_and_place_typed_in_full_width_are_stored_like_names(tmp_path: Path, capsys):
    # An input method left in full-width mode types 「金曜ＵＮＯ会」: stored as 金曜UNO会, as a
    # player's name would be, so that the same evening is found and grouped under one name.
    header = build_header("Ann, Bob", "classic", "none", event=" 金曜ＵＮＯ会 ", site="Ｃａｆé")
    assert (header.event, header.site) == ("金曜UNO会", "Café")
    home = str(tmp_path / "home")
    assert (
        cli.main(["new", "--players", "Ann, Bob", "--event", "金曜ＵＮＯ会", "--data-dir", home])
        == 0
    )
    capsys.readouterr()
    assert cli.main(["list", "--json", "--data-dir", home]) == 0
    assert json.loads(capsys.readouterr().out)[0]["event"] == "金曜UNO会"


def test_a_file_with_a_bidi_character_in_a_name_still_reads():
    # Accepted before this check existed: it must replay identically.
    session = parse_session(HEADER + '[Players "A\u202eB, C"]\n', "old.uno")
    assert session.header.players == ("A\u202eB", "C")


# The command line ------------------------------------------------------------------------------


def test_list_and_show_print_names_and_titles_with_their_controls_visible(tmp_path: Path, capsys):
    home = tmp_path / "home"
    # The store keeps no control character in a header; bidi controls were always kept.
    text = f'[Event "Night \u2067red\u2069"]\n{HEADER}[Players "A\u202eB, C"]\nround 1\n'
    sid = SessionService(home).import_text(text, "old.uno").id
    for argv in (["list"], ["show", sid, "--moves"], ["list", "--json"]):
        assert cli.main([*argv, "--data-dir", str(home)]) == 0
        out = capsys.readouterr().out
        if argv[-1] == "--json":
            assert json.loads(out)[0]["event"] == "Night \u2067red\u2069"
        else:
            assert "\u202e" not in out and "\u2067" not in out, argv
            assert "Night \\u2067red\\u2069" in out and "A\\u202eB" in out, out


def test_new_refuses_a_name_with_a_control_character(tmp_path: Path, capsys):
    code = cli.main(["new", "--players", "Ann, Bo\u202eb", "--data-dir", str(tmp_path)])
    err = capsys.readouterr().err
    assert code != 0 and "U+202E RIGHT-TO-LEFT OVERRIDE" in err and "player 2" in err
    assert "\u202e" not in err
