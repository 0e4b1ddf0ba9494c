"""Names and event titles are data: every screen shows them literally, never as markup."""

from __future__ import annotations

import csv
import html
import io
import itertools
import json
import re
from collections import defaultdict
from html.parser import HTMLParser
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual.pilot import Pilot
from textual.widgets import Input

from referee.notation import format_session, normal_name, parse_session, players_problem
from referee.notation.names import name_key
from referee.render import render
from referee.service import SessionService, SetupProblem, build_header
from referee.service.replay import sheet_of
from referee.sheet import Sheet
from referee.sheet.exports import FORMATS, qr
from screens.app import build_app
from screens.sessions_screen import PLAYERS_CELLS, players_text
from screens.widgets import PlayerList
from screens.widgets.seating import Seating, fit
from tests.strength import on_ci
from tests.unit.test_export_qr import decode, rasterize

from .conftest import SAMPLES, TODAY, text_of

NAMES = {"Ana": "Ann [/x]", "Ben": "Bob [guest]", "Chika": "[b]Cy", "Dev": "Dee [red]x[/]"}
EVENT = "Demo [/table] [bold]night"


def hostile_demo() -> str:
    """The demo table with names and a title that Rich would read as markup."""
    text = (SAMPLES / "demo.uno").read_text(encoding="utf-8")
    text = text.replace('[Event "Demo table"]', f'[Event "{EVENT}"]')
    return re.sub("|".join(rf"\b{old}\b" for old in NAMES), lambda m: NAMES[m[0]], text)


def screen_lines(pilot: Pilot[None]) -> list[str]:
    """What a person sees, line by line, read back from the screenshot's text runs."""
    svg = pilot.app.export_screenshot()
    rows: dict[float, list[tuple[float, str]]] = defaultdict(list)
    for x, y, run in re.findall(r'<text[^>]*?x="([\d.]+)" y="([\d.]+)"[^>]*>(.*?)</text>', svg):
        rows[float(y)].append((float(x), html.unescape(run).replace("\xa0", " ")))
    return ["".join(run for _, run in sorted(row)) for _, row in sorted(rows.items())]


def shown(pilot: Pilot[None]) -> str:
    return "\n".join(screen_lines(pilot))


async def test_hostile_names_show_literally_on_every_screen(make_app, data_home):
    SessionService(data_home).import_text(hostile_demo(), "demo.uno")
    app = make_app()
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        seen = shown(pilot)
        assert "Ann [/x]" in seen and "Bob [guest]" in seen
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "TableScreen"
        seen = shown(pilot)
        for name in NAMES.values():
            assert name in seen, name
        # A name cut to fit the seating stays literal and leaves the rest of the line alone.
        seating = str(app.screen.query_one(Seating).render())
        assert "Bob [gues… D  7" in seating, seating
        for key in ("f9", "f8"):
            await pilot.press(key)
            await pilot.pause()
            seen = shown(pilot)
            assert "Bob [guest]" in seen and "[b]Cy" in seen, (key, seen)
            await pilot.press("escape")
            await pilot.pause()


# Any name the referee accepts, shown as written ------------------------------------------------

PIECES = [
    "[",
    "]",
    "[/]",
    "[b]",
    "$",
    "$name",
    "\\",
    "@click=",
    "[@click=app.quit]",
    "太郎",
    "e\u0301",
    "n\u0303",
    "Ann",
    "x",
    " ",
]
"""Markup-like pieces (tags, template variables, escapes, actions), wide and combining text."""


def valid(names: list[str]) -> bool:
    """Names the referee takes for a new session (the check the form and `new` ask)."""
    if players_problem(names) is not None:
        return False
    try:
        build_header(", ".join(names), "classic", "target 500")
    except SetupProblem:  # two names the notation could not tell apart in a move
        return False
    return True


NAME = (
    st.lists(st.sampled_from(PIECES), min_size=1, max_size=4)
    .map(lambda parts: normal_name("".join(parts)))
    .filter(lambda name: 0 < len(name) <= 12)
)


def players(seats: int) -> st.SearchStrategy[list[str]]:
    """Names for a table of `seats` the referee takes, each told apart from the others."""
    return st.lists(NAME, min_size=seats, max_size=seats, unique_by=name_key).filter(valid)


_examples = itertools.count()


def playing_session(folder: Path, names: list[str]) -> None:
    """A stored session with the names seated and a round under way (dealer, top card)."""
    service = SessionService(folder)
    sid = service.create(
        build_header(", ".join(names), "classic", "target 500", event=f"Night {names[0]}")
    )
    with service.open(sid) as live:
        for move in ("round 1", f"dealer {names[0]}", "start r7", f"{names[1]}: r5"):
            assert live.record(move).ok, (move, render(live.record(move).parts))


# Tables of two and of three, each a test of its own, so that xdist runs them side by side.
@pytest.mark.parametrize("seats", [2, 3])
@settings(
    # Each example opens every screen: CI tries 10 sets of names (5 a table size), a developer's
    # run 4.
    max_examples=5 if on_ci() else 2,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
async def test_any_valid_name_shows_literally_on_every_screen(seats, data, tmp_path):
    names = data.draw(players(seats), label="names")
    folder = tmp_path / f"example-{next(_examples)}"
    # A fresh folder per example: the one session in it can always have the same id.
    with mock.patch("referee.service.sessions.new_id", lambda: "k3m9p2"):
        playing_session(folder, names)
    app = build_app(folder, today=lambda: TODAY, cwd=tmp_path, samples=SAMPLES)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        seen = shown(pilot)
        # The sessions list cuts its players to fit: the cut list, literally.
        listed = fit(players_text(names), PLAYERS_CELLS)
        assert listed in seen, (listed, seen)
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "TableScreen"
        seating = str(app.screen.query_one(Seating).render())
        for name in names:
            # Cut to fit the seating: the cut name, literally, in the widget's plain text.
            assert fit(name) in seating, (name, seating)
        assert f"dealer {names[0]}" in shown(pilot)
        for key, screen in (
            ("f9", "HistoryScreen"),
            ("f8", "ScoreSheetScreen"),
            ("f10", "RulesScreen"),
        ):
            await pilot.press(key)
            await pilot.pause()
            assert type(app.screen).__name__ == screen
            seen = shown(pilot)
            if key == "f8":
                for name in names:
                    assert name in seen, (key, name, seen)
            elif key == "f9":
                assert f"{names[1]}: r5" in seen, (key, seen)
            await pilot.press("escape")
            await pilot.pause()
            assert type(app.screen).__name__ == "TableScreen"


async def test_the_form_refuses_a_control_character_and_says_which_and_where(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        form = app.screen
        for typed, said in (
            ("Bo\u202eb", "U+202E RIGHT-TO-LEFT OVERRIDE, character 3 of 'Bo\\u202eb'"),
            ("Ann\x1b[2J", "U+001B (a control character), character 4 of 'Ann␛[2J'"),
            ("Z\u200bed", "U+200B ZERO WIDTH SPACE, character 2"),
        ):
            form.query_one("#name", Input).value = typed
            await pilot.press("enter")
            await pilot.pause()
            problem = text_of(pilot, "#name-problem")
            assert said in problem, problem
            assert form.query_one(PlayerList).players == []
        # A full-width name is stored as its usual form.
        form.query_one("#name", Input).value = "\uff21nn"
        await pilot.press("enter")
        await pilot.pause()
        assert form.query_one(PlayerList).players == ["Ann"]


# Exports -------------------------------------------------------------------------------------

EXPORT_NAMES = {
    "Ana": "<b>Ann</b> [/x]",
    "Ben": "Bo `b` ``",
    "Chika": "Cy & co\\",
    "Dev": "太郎 *é* |$x",
}


def hostile_sheet() -> Sheet:
    text = (SAMPLES / "demo.uno").read_text(encoding="utf-8")
    text = re.sub(
        "|".join(rf"\b{old}\b" for old in EXPORT_NAMES), lambda m: EXPORT_NAMES[m[0]], text
    )
    text = text.replace('[Event "Demo table"]', '[Event "<i>Demo</i> `x` & [b]"]')
    return sheet_of(parse_session(text, "hostile.uno"))


def code_span(text: str, after: str) -> str:
    """The content of the Markdown code span that follows `after` (CommonMark 6.1)."""
    rest = text[text.index(after) + len(after) :]
    fence = re.match(r"`+", rest)
    assert fence is not None, rest[:40]
    body = rest[fence.end() :]
    end = re.search(rf"(?<!`){fence[0]}(?!`)", body)
    assert end is not None
    content = body[: end.start()]
    both = content.startswith(" ") and content.endswith(" ") and content.strip()
    return content[1:-1] if both else content


class _TextOf(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def test_hostile_names_survive_every_export_format():
    sheet = hostile_sheet()
    names = list(EXPORT_NAMES.values())
    assert set(sheet.players) == set(names)
    out = {name: fmt.render(sheet) for name, fmt in FORMATS.items()}
    assert set(out) == {"csv", "md", "html", "json", "uno", "svg", "png"}

    rows = list(csv.DictReader(io.StringIO(out["csv"].decode("utf-8-sig"), newline="")))
    column = next(key for key in rows[0] if key.casefold() == "player")
    assert {row[column] for row in rows} == set(names)

    page = out["html"].decode("utf-8")
    assert "<b>Ann</b>" not in page and "<i>Demo</i>" not in page
    assert html.escape("<b>Ann</b> [/x]", quote=False) in page
    reader = _TextOf()
    reader.feed(page)
    words = "".join(reader.parts)
    for name in names:
        assert name in words, name

    assert [
        p["name"] if isinstance(p, dict) else p for p in json.loads(out["json"])["players"]
    ] == list(sheet.players)

    again = parse_session(out["uno"].decode("utf-8"), "again.uno")
    assert again.header.players == sheet.session.header.players
    assert format_session(again) == out["uno"].decode("utf-8")

    md = out["md"].decode("utf-8")
    payload = qr.payload(sheet)
    assert code_span(md, "Standings code: ") == payload
    assert "``" in payload or "`" in payload  # the fence had to be longer than one backtick
    assert "| \\<b\\>Ann\\</b\\> \\[/x\\] |" in md

    svg = out["svg"].decode("utf-8")
    assert decode(rasterize(svg)) == [payload]
    assert decode(out["png"]) == [payload]
