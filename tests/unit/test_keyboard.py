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


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("ｒ５", "r5"),
        ("ｗ＋４　ｂｌｕｅ", "w+4 blue"),
        ("キャロル：ｃａｔｃｈ　花子", "キャロル:catch 花子"),
        ("ｈａｎｄ　花子：１２", "hand 花子:12"),
        ("ｄｒａｗ", "draw"),
        ("r5", "r5"),  # ASCII is left alone
        ("ｷｬﾛﾙ: r5", "キャロル: r5"),  # half-width katakana become the usual ones
    ],
)
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
        assert done.seq is not None
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


# What a Japanese table types (issue 27): kana and kanji forms of the move words, the manuals'
# card and colour names, 「、」 and 「・」 between cards, 「点」 after a total.
@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("ｒ３　うの", "r3 uno"),
        ("花子: ウノ", "花子: uno"),
        ("花子: r1 うの", "花子: r1 uno"),
        ("赤2、赤2", "r2 r2"),
        ("赤２・赤２", "r2 r2"),
        ("赤2", "r2"),
        ("青の5", "b5"),
        ("緑スキップ", "gs"),
        ("黄色のリバース", "yr"),
        ("青ドロー2", "b+2"),
        ("ワイルド 青", "w b"),
        ("ワイルドドロー4 あか", "w+4 r"),
        ("とりかえっこワイルド 赤 @太郎", "wsw r @太郎"),
        ("ダークカラーワイルド ピンク", "w+c pi"),
        ("水色のダークスキップ", "tese"),
        ("パープルの5", "pu5"),
        ("ドロー", "draw"),
        ("引く 赤7", "draw r7"),
        ("チャレンジ 反則", "challenge guilty"),
        ("チャレンジ 反則なし", "challenge innocent"),
        ("キャロル: キャッチ 花子", "キャロル: catch 花子"),
        ("花子: penalty 2 「長考」", '花子: penalty 2 "長考"'),
        ('花子: penalty 2 "うの"', '花子: penalty 2 "うの"'),  # a quoted reason stays as typed
        ("hand 花子: 27点", "hand 花子: 27"),
        ("手札 花子: 赤5、緑ドロー2", "hand 花子: r5 g+2"),
        ("2回戦", "round 2"),
        ("第3回戦", "round 3"),
        ("親 太郎", "dealer 太郎"),
        ("スタート 青5", "start b5"),
    ],
)
def test_japanese_forms_are_read_as_the_notation(typed: str, read: str) -> None:
    assert from_keyboard(typed, HEADER.players) == read


def test_a_players_name_is_never_read_as_a_word() -> None:
    # A player called 赤 (red) or うの stays a name where names stand.
    players = ("赤", "うの", "花子")
    assert from_keyboard("花子: catch 赤", players) == "花子: catch 赤"
    assert from_keyboard("赤: うの", players) == "赤: uno"
    assert from_keyboard("花子: r7 @うの", players) == "花子: r7 @うの"
    assert from_keyboard("dealer うの", players) == "dealer うの"


def test_every_japanese_form_is_stored_as_the_canonical_notation(tmp_path: Path) -> None:
    service = SessionService(tmp_path / "data")
    sid = service.create(HEADER)
    with service.open(sid) as live:
        for move in ("1回戦", "親 太郎", "スタート 赤7"):
            assert live.record(move).ok
        done = live.record("赤5")
        assert not done.ok  # no player named: the service needs one (the move box adds it)
        done = live.record("花子：赤５　うの")
        assert done.ok and done.text == "花子: r5 uno"
        done = live.record("キャロル: 引く")
        assert done.ok and done.text == "キャロル: draw"
        assert done.seq is not None
        fixed = live.correct(done.seq, "キャロル: 引く 赤9")
        assert fixed.applied and fixed.new == "キャロル: draw r9"
    with service.open(sid, read_only=True) as live:
        assert [m.text for m in live.moves] == [
            "round 1",
            "dealer 太郎",
            "start r7",
            "花子: r5 uno",
            "キャロル: draw r9",
        ]


def test_a_line_typed_in_kana_mode_is_told_to_switch_to_alphanumeric(tmp_path: Path) -> None:
    from referee.render import render

    service = SessionService(tmp_path / "data")
    sid = service.create(HEADER)
    with service.open(sid) as live:
        for move in OPENING:
            assert live.record(move).ok
        refused = live.record("花子：ｄらｗ")  # `draw` typed with the input method in kana mode
        assert not refused.ok
        said = render(refused.parts, "ja")
        assert "英数モード" in said and "dらw" in said
        # A line with no kana left gets no such hint.
        refused = live.record("花子: dxaw")
        assert not refused.ok and "英数" not in render(refused.parts, "ja")


def test_a_total_with_its_counter_is_a_hand_in_the_round_end_form() -> None:
    from screens.round_end_screen import hand_value

    ref = Referee(Header(edition="classic", players=("太郎", "花子"), scoring="target 500"))
    for move in ("round 1", "dealer 太郎", "out 花子"):  # a round kept for the score only
        assert ref.apply(parse_move(move, ref.header)).ok
    assert hand_value(ref, "太郎", "27点")[::2] == (True, 27)
    assert hand_value(ref, "太郎", "赤5、緑ドロー2")[::2] == (True, 25)


def test_the_move_box_reads_japanese_and_hints_at_kana_mode(tmp_path: Path) -> None:
    from referee import i18n
    from screens.widgets.move_box import problem

    service = SessionService(tmp_path / "data")
    sid = service.create(HEADER)
    with service.open(sid) as live:
        for move in OPENING:
            assert live.record(move).ok
        ref = live.referee
        assert expand("赤５　うの", ref) == "花子: r5 uno"
        line = expand("赤５　うの", ref)
        assert problem("赤５　うの", live.preview(line), line) is None
        i18n.use("ja")
        try:
            line = expand("ｄらｗ", ref)
            said = problem("ｄらｗ", live.preview(line), line)
        finally:
            i18n.use("en")
    assert said is not None and "英数モード" in said
    # The hint comes first: at 80x24 the line under the move box shows its first three lines.
    assert said.startswith("かなモードで入力されたようです。")
