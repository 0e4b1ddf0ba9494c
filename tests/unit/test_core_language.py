"""The engine, notation, store, services and exports speak the language in use: errors,
names and export headings in Japanese under `use("ja")`, unchanged in English."""

# Japanese is written with full-width brackets and colons.
# ruff: noqa: RUF001

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from referee import i18n
from referee.engine import (
    SetupError,
    edition_title,
    family_name,
    house_rule_title,
    scoring_kind_name,
)
from referee.engine.events import Header
from referee.engine.setup import build
from referee.notation import NotationError, parse_move, parse_session
from referee.service import SessionNotFound, SessionService, build_header, status_name
from referee.service.replay import sheet_of
from referee.sheet import Sheet
from referee.sheet.exports import FORMATS, labels
from tests.unit.manual_example import SAMPLES

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

FIVE_ROUNDS = "minecraft-five-rounds.uno"


@pytest.fixture
def japanese() -> Iterator[None]:
    i18n.use("ja")
    yield
    i18n.use("en")


def header() -> Header:
    return build_header("Ann, Bob, Cy", "classic", "target 500")


def sheet() -> Sheet:
    path = SAMPLES / FIVE_ROUNDS
    return sheet_of(parse_session(path.read_text(encoding="utf-8"), str(path)))


def notation_error(text: str) -> str:
    with pytest.raises(NotationError) as caught:
        parse_move(text, header())
    return caught.value.message


def setup_error() -> str:
    bad = Header(edition="classic", players=("Ann",), scoring="target 500")
    with pytest.raises(SetupError) as caught:
        build(bad)
    return str(caught.value)


def not_found(tmp_path: Path) -> str:
    with pytest.raises(SessionNotFound) as caught:
        SessionService(tmp_path).open("abc234")
    return caught.value.message


def render(fmt: str) -> str:
    return FORMATS[fmt].render(sheet()).decode("utf-8")


def csv_header() -> list[str]:
    text = FORMATS["csv"].render(sheet()).decode("utf-8-sig")
    return next(csv.reader(io.StringIO(text)))


# Errors ----------------------------------------------------------------------------------------


def test_errors_in_english_are_as_they_were(tmp_path: Path) -> None:
    i18n.use("ja")
    notation_error("Dee: r5")  # a table read in Japanese first: its players' list is not kept
    i18n.use("en")
    assert notation_error("Bob: r5 foo") == "expected a card or 'uno' after 'r5', got 'foo'"
    assert notation_error("Dee: r5") == "unknown player 'Dee' (players: Ann, Bob, Cy)"
    assert setup_error() == "a session needs 2 to 10 players"
    assert not_found(tmp_path).startswith("no session abc234 in ")


def test_errors_in_japanese(japanese: None, tmp_path: Path) -> None:
    # The move box shows these as the move is typed: the notation itself stays as typed.
    assert notation_error("Bob: r5 foo") == (
        "「r5」の後にカードか「uno」が必要ですが、「foo」と書かれています"
    )
    # In the language in use when the error is made, whatever language read the header first.
    assert notation_error("Dee: r5") == "プレイヤー「Dee」はいません（プレイヤー：Ann、Bob、Cy）"
    assert notation_error("Bob:") == (
        "「Bob:」の後にカードか動作（draw, accept, challenge, uno, "
        "catch, misplay, penalty, jump, takes, gives）が必要ですが、"
        "行が終わっています"
    )
    assert setup_error() == "セッションには2人から10人のプレイヤーが必要です"
    message = not_found(tmp_path)
    assert "セッション abc234 はありません" in message


def test_an_error_speaks_the_language_in_use_when_it_is_made() -> None:
    english = notation_error("Bob: zz")
    i18n.use("ja")
    try:
        japanese = notation_error("Bob: zz")
    finally:
        i18n.use("en")
    assert japanese != english and "「zz」" in japanese
    assert notation_error("Bob: zz") == english  # a move read once is cached, its error is not


# Names -----------------------------------------------------------------------------------------


def test_names_in_both_languages(japanese: None) -> None:
    assert edition_title("classic") == "UNO（108枚）"
    assert edition_title("no-such-deck") == "no-such-deck"
    assert family_name("en") == "国際ルール" and family_name("jp") == "日本ルール"
    assert house_rule_title("jump-in") == "ジャンプイン"
    assert scoring_kind_name("target") == "N点先取"
    assert status_name("round over") == "回戦終了"
    i18n.use("en")
    assert edition_title("classic") == "UNO (108 cards)"
    assert family_name("en") == "international rules"
    assert house_rule_title("seven-o") == "Seven-O"
    assert scoring_kind_name("none") == "one round"
    assert status_name("playing") == "playing"


# Exports ---------------------------------------------------------------------------------------


def test_exports_in_english_are_as_they_were() -> None:
    html = render("html")
    assert '<html lang="en">' in html and "<h2>Rulings</h2>" in html
    assert "<th>Player</th>" in html and "Running totals, round by round" in html
    markdown = render("md")
    assert "| Player | 1 | 2 | 3 | 4 | 5 | Total | Rank |" in markdown
    assert "## Rulings" in markdown and "### Round 1" in markdown
    assert csv_header() == [
        "round",
        "player",
        "hand",
        "points",
        "total",
        "rank",
        "went_out",
        "dealer",
    ]
    assert 'aria-label="QR code"' in FORMATS["svg"].render(sheet()).decode("utf-8")


def test_exports_in_japanese(japanese: None) -> None:
    html = render("html")
    assert '<html lang="ja">' in html and "<h2>裁定</h2>" in html
    assert "<th>プレイヤー</th>" in html and "<h2>合計点の推移</h2>" in html
    assert "<h2>順位</h2>" in html and 'aria-label="回戦ごとの合計点"' in html
    assert "第1回戦" in html and "·" not in html.split("<style>")[0] + html.split("</style>")[1]
    markdown = render("md")
    assert "| プレイヤー | 1 | 2 | 3 | 4 | 5 | 合計 | 順位 |" in markdown
    assert "## 裁定" in markdown and "### 第1回戦" in markdown and "順位コード：" in markdown
    assert csv_header() == ["回戦", "プレイヤー", "手札", "点", "合計", "順位", "上がり", "親"]
    assert 'aria-label="QRコード"' in FORMATS["svg"].render(sheet()).decode("utf-8")
    assert labels.status(sheet()) == "5回戦を終えてBの勝ちです。"


def keys(value: object) -> object:
    """The shape of a JSON value: its keys all the way down, without the texts."""
    if isinstance(value, dict):
        return {key: keys(item) for key, item in value.items()}
    if isinstance(value, list):
        return [keys(item) for item in value]
    return None


def test_machine_formats_stay_language_neutral(japanese: None) -> None:
    # The rulings' words are in the language in use; the keys and the session file are not.
    i18n.use("en")
    json_en, uno_en = json.loads(render("json")), render("uno")
    i18n.use("ja")
    json_ja = json.loads(render("json"))
    assert keys(json_ja) == keys(json_en) and json_ja["totals"] == json_en["totals"]
    assert render("uno") == uno_en
