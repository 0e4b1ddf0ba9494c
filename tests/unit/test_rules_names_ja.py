"""Japanese rulings name the cards and colours as the Japanese manuals print them (issue 25).

The UNO FLIP! manual, Japanese edition (「カードの説明と枚数」: ダークドロー5, ダークリバース,
ダークスキップ, ダークフリップ, ダークカラーワイルド; the dark colours ピンク, 水色, オレンジ,
パープル); Japanese Wikipedia, 「UNO (ゲーム)」 (Wild Swap Hands: とりかえっこワイルド; Skip
Everyone in the Japanese Flip: ダークスキップ). Each session is written in the notation and
replayed; the rulings are read in Japanese.
"""

from __future__ import annotations

from referee.engine import Referee
from referee.notation import parse_session
from referee.render import render


def rulings_ja(text: str) -> list[str]:
    """Every ruling of a session, in Japanese (each move must be accepted)."""
    session = parse_session(text, "names.uno")
    ref = Referee(session.header)
    said = []
    for event in session.events:
        ruling = ref.apply(event)
        assert ruling.ok, render(ruling.parts)
        said.append(render(ruling.parts, "ja"))
    return said


FLIP = """\
[Edition "flip"]
[Rules "jp"]
[Scoring "none"]
[Players "Ann, Bob, Cy, Dee"]
round 1
dealer Dee
start r5
Ann: rf top te5
Bob: te+5
Dee: tese
Dee: ter
Cy: tef top rf
"""


def test_flip_dark_cards_and_colours_use_the_manuals_names() -> None:
    flip, draw_five, skip_everyone, reverse, back = rulings_ja(FLIP)[-5:]
    assert "水色の5" in flip and "ティール" not in flip
    assert "水色のダークドロー5" in draw_five
    assert "水色のダークスキップ" in skip_everyone
    assert "水色のダークリバース" in reverse
    assert "水色のダークフリップ" in back


WILD_DRAW_COLOR = """\
[Edition "flip"]
[Rules "jp"]
[Scoring "none"]
[Players "Ann, Bob, Cy, Dee"]
round 1
dealer Dee
start r5
Ann: rf top pu5
Bob: w+c teal
"""


def test_wild_draw_color_is_dark_colour_wild() -> None:
    said = rulings_ja(WILD_DRAW_COLOR)[-1]
    assert "ダークカラーワイルド" in said and "水色" in said
    assert "ワイルドドローカラー" not in said


SWAP = """\
[Edition "swap"]
[Rules "jp"]
[Scoring "none"]
[Players "Ann, Bob, Cy"]
round 1
dealer Cy
start r5
Ann: wsw red @Bob
"""


def test_wild_swap_hands_is_torikaekko_wild() -> None:
    said = rulings_ja(SWAP)[-1]
    assert "とりかえっこワイルド" in said and "ワイルドスワップハンズ" not in said


NO_MERCY = """\
[Edition "nomercy"]
[Rules "jp"]
[Scoring "none"]
[Players "Ann, Bob, Cy"]
round 1
dealer Cy
start r5
Ann: rse
"""


def test_no_mercys_skip_everyone_keeps_its_own_name() -> None:
    """The dark names are Flip's: No Mercy's light-coloured Skip Everyone is スキップエブリワン."""
    said = rulings_ja(NO_MERCY)[-1]
    assert "赤のスキップエブリワン" in said and "ダーク" not in said
