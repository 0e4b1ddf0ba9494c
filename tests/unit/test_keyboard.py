"""Full-width input (a Japanese IME in full-width mode) is read as ASCII wherever people type
moves: the service, the command line's `move` and `correct`, and the move box."""

# Full-width characters are what this is about: ruff's look-alike warnings do not apply.
# ruff: noqa: RUF001

from __future__ import annotations

from pathlib import Path

import pytest

from referee import cli
from referee.engine import Referee
from referee.engine.events import Header
from referee.notation import NotationError, from_keyboard, parse_move, parse_session
from referee.service import SessionService, build_header
from referee.store.tags import header_text
from screens.widgets.move_box import expand

HEADER = build_header("太郎, 花子, キャロル", "classic", "target 500", rules="jp")
OPENING = ("round 1", "dealer 太郎", "start r7")


@pytest.mark.parametrize(("typed", "read"), [
    ("ｒ５", "r5"),
    ("ｗ＋４　ｂｌｕｅ", "w+4 blue"),
    ("キャロル：ｃａｔｃｈ　花子", "キャロル:catch 花子"),
    ("ｈａｎｄ　花子：１２", "hand 花子:12"),
    ("ｄｒａｗ", "draw"),
    ("r5", "r5"),  # ASCII is left alone
    ("ｷｬﾛﾙ: r5", "キャロル: r5"),  # half-width katakana become the usual ones
])
def test_full_width_is_read_as_ascii(typed: str, read: str) -> None:
    assert from_keyboard(typed) == read


def test_the_service_records_a_full_width_move_as_its_canonical_text(tmp_path: Path) -> None:
    service = SessionService(tmp_path / "data")
    sid = service.create(HEADER)
    with service.open(sid) as live:
        for move in OPENING:
            assert live.record(move).ok
        done = live.record("花子：ｒ５")
        assert done.ok and done.text == "花子: r5"
        fixed = live.correct(done.seq, "花子：ｒ９")
        assert fixed.applied and fixed.new == "花子: r9"
    with service.open(sid, read_only=True) as live:
        assert [m.text for m in live.moves][-1] == "花子: r9"


def test_the_command_line_takes_full_width_moves(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("UNO_REFEREE_HOME", str(tmp_path / "home"))
    assert cli.main(["new", "--players", "太郎, 花子, キャロル", "--rules", "jp"]) == 0
    sid = capsys.readouterr().out.strip()
    assert cli.main(["move", sid, *OPENING, "花子：ｒ５", "キャロル：ｗ　ｂｌｕｅ"]) == 0
    out = capsys.readouterr().out
    assert "花子: r5" in out and "キャロル: w blue" in out


def test_files_are_read_exactly_as_written() -> None:
    # A `.uno` file is not typed into the referee: it must replay the same forever, so its
    # full-width text stays a syntax error, located.
    text = header_text(HEADER) + "round 1\ndealer 太郎\nstart r7\n花子：ｒ５\n"
    with pytest.raises(NotationError) as caught:
        parse_session(text)
    assert caught.value.line == text.count("\n")


def test_the_move_box_reads_full_width_and_implies_the_player() -> None:
    ref = Referee(Header(edition="classic", players=("太郎", "花子", "キャロル")))
    for move in OPENING:
        assert ref.apply(parse_move(move, ref.header)).ok
    assert expand("ｒ５", ref) == "花子: r5"
    assert expand("キャロル：ｃａｔｃｈ　花子", ref) == "キャロル:catch 花子"
