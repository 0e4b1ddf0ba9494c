"""The notation's words as a Japanese table types them: kana and kanji forms of the move words,
the manuals' card and colour names, 「、」 between cards and 「点」 after a total."""

# Japanese characters are what this is about: ruff's look-alike warnings do not apply.
# ruff: noqa: RUF001

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

WORDS: dict[str, tuple[str, ...]] = {
    "uno": ("うの", "ウノ"),
    "draw": ("どろー", "ドロー", "引く", "ひく"),
    "accept": ("あくせぷと", "アクセプト", "受ける", "うける"),
    "challenge": ("ちゃれんじ", "チャレンジ"),
    "guilty": ("反則", "反則あり", "違反", "違反あり", "有罪", "くろ", "クロ"),
    "innocent": ("反則なし", "違反なし", "無罪", "せーふ", "セーフ", "しろ", "シロ"),
    "shows": ("見せる", "みせる"),
    "catch": ("きゃっち", "キャッチ", "指摘"),
    "misplay": ("誤プレイ", "ミスプレイ", "みすぷれい"),
    "penalty": ("ぺなるてぃ", "ペナルティ", "ペナルティー", "罰則"),
    "jump": ("じゃんぷ", "ジャンプ", "ジャンプイン"),
    "takes": ("増やす",),
    "gives": ("減らす",),
    "top": ("とっぷ", "トップ"),
    "round": ("らうんど", "ラウンド"),
    "dealer": ("親", "おや", "ディーラー"),
    "start": ("すたーと", "スタート"),
    "hand": ("手札", "てふだ"),
    "out": ("上がり", "あがり"),
    "turn": ("番", "ばん"),
}
"""The notation's keywords and the forms a Japanese table types for them: kana as an input
method left in kana mode sends them, and the words the Japanese manuals use."""

COLOUR_READINGS: dict[str, tuple[str, ...]] = {
    "r": ("あか", "アカ", "赤色"),
    "y": ("き", "きいろ", "キイロ", "黄色"),
    "g": ("みどり", "ミドリ", "緑色"),
    "b": ("あお", "アオ", "青色"),
    "pu": ("紫", "むらさき"),
}
"""Colour words beside the manuals' names (赤, 黄, 緑, 青, ピンク, 水色, オレンジ, パープル),
which come from the catalogue."""

NAME_WORDS = frozenset({"catch", "dealer", "out", "turn"})
"""Keywords followed by a player's name, which is never read as a word."""

_SEPARATORS = re.compile("[、，,・･]")
_POINTS = re.compile(r"(\d+)点")
_ROUND = re.compile(r"第?(\d+)(?:回戦|ラウンド)")
_KANA = re.compile("[\u3041-\u309f\u30a0-\u30ff]")


@functools.cache
def _cards() -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """Card names, coloured ranks and colour names in Japanese -> their codes, from the
    catalogue (the manuals' names: ダークカラーワイルド, とりかえっこワイルド, 水色)."""
    from ..engine.cards import COLOR_NAMES, COLORED_ACTIONS, DARK_ACTIONS, WILD_KINDS
    from ..i18n.catalogue import translations

    words = translations("ja")
    wilds = {words.pgettext("card", name): code for code, name in WILD_KINDS.items()}
    ranks = {words.pgettext("card", name): code for code, name in COLORED_ACTIONS.items()}
    # Flip's dark actions are printed with names of their own (ダークスキップ).
    ranks.update(
        {words.pgettext("dark card", COLORED_ACTIONS[code]): code for code in DARK_ACTIONS}
    )
    ranks.update({str(n): str(n) for n in range(10)})
    colours = {words.pgettext("colour", name): code for code, name in COLOR_NAMES.items()}
    for code, readings in COLOUR_READINGS.items():
        colours.update(dict.fromkeys(readings, code))
    return wilds, ranks, colours


@functools.cache
def _keywords() -> dict[str, str]:
    return {form: word for word, forms in WORDS.items() for form in forms}


def word(token: str) -> str:
    """One token of a move in the notation: a keyword, a card, a colour or a total typed in
    Japanese becomes its code (`ウノ` -> `uno`, `赤2` -> `r2`, `赤のスキップ` -> `rs`,
    `ワイルド` -> `w`, `青` -> `b`, `27点` -> `27`); anything else is left as it is."""
    if token.isascii():
        return token
    keyword = _keywords().get(token)
    if keyword is not None:
        return keyword
    points = _POINTS.fullmatch(token)
    if points:
        return points.group(1)
    wilds, ranks, colours = _cards()
    if token in wilds:
        return wilds[token]
    if token in colours:
        return colours[token]
    for colour, code in colours.items():
        if token.startswith(colour):
            rest = token[len(colour) :].removeprefix("の").removeprefix("色の")
            rank = ranks.get(rest) or (rest if rest.isascii() and rest else None)
            if rank is not None:
                return code + rank
    return token


def words(tokens: Iterable[str]) -> list[str]:
    """A move's tokens in the notation, a player's name after `catch`, `dealer`, `out` or `turn`
    or after `@` left as typed."""
    out: list[str] = []
    for token in tokens:
        if (out and out[-1] in NAME_WORDS) or token.startswith("@"):
            out.append(token)
        else:
            out.append(word(token))
    return out


def separated(text: str) -> str:
    """「、」 and 「・」 between cards read as spaces."""
    return _SEPARATORS.sub(" ", text)


def round_line(text: str) -> str | None:
    """`2回戦` or `第2回戦` typed alone: the notation's `round 2`."""
    found = _ROUND.fullmatch(text.strip())
    return f"round {found.group(1)}" if found else None


def has_kana(text: str) -> bool:
    """Whether the text holds hiragana or katakana: what an input method left in kana mode
    sends for letters typed as the notation's (`うの` for `uno`, `ｄらｗ` for `draw`)."""
    return _KANA.search(text) is not None
