"""The screens in Japanese at 80x24: SVG snapshots, and no English word left on any of them."""

from __future__ import annotations

import io
import re
import unicodedata
from collections.abc import Awaitable, Callable

import pytest
from rich.cells import cell_len
from rich.console import Console
from textual.app import App
from textual.geometry import Region
from textual.pilot import Pilot
from textual.screen import ModalScreen

from referee.engine.cards import COLOR_NAMES, parse_short_card
from referee.engine.options import SPECS
from referee.engine.rules import VARIANTS
from referee.engine.units import load_standard
from referee.notation import parse_session
from referee.notation.moves import ACTIONS

from .conftest import FIVE_ROUNDS, FOLDER, ROUND_OVER, SAMPLES, SIZE, settle

load_standard()  # every edition and house rule: their rules and options are shown

Route = Callable[[Pilot[None]], Awaitable[None]]


def typed(*steps: str) -> Route:
    """Each step is a key name (`f5`, `enter`) or, quoted in `'...'`, text typed key by key."""

    async def route(pilot: Pilot[None]) -> None:
        await pilot.pause()
        for step in steps:
            if step.startswith("'"):
                await pilot.press(*step.strip("'"))
            else:
                await pilot.press(step)
            await pilot.pause()
        await settle(pilot)

    return route


async def rule_dialog(pilot: Pilot[None]) -> None:
    """A refused move, then a click on its ruling: the rule it rests on, with its source."""
    await typed("'y9'", "enter")(pilot)
    await pilot.click("#verdict")
    await settle(pilot)


SCREENS: dict[str, tuple[str, Route]] = {
    # The table after a refused move: the ruling in place, the catch alert, the card.
    "table": ("ja_demo_app", typed("'y9'", "enter")),
    # Dev's Wild Draw Four on a Blue 5: Chika may challenge.
    "challenge_dialog": ("ja_demo_app", typed("'w+4 green'", "enter", "f5")),
    "rule_dialog": ("ja_demo_app", rule_dialog),
    # 太郎 went out; 花子's hand typed and checked, 次郎's still to enter.
    "round_end": ("ja_round_over_app", typed("f7", "'r3'")),
    "score_sheet": ("ja_demo_app", typed("f8")),
    # The final sheet of a five-round game: every round, 合計 and 順位 across 80 columns.
    "score_sheet_five_rounds": ("ja_five_rounds_app", typed("f8")),
    "qr_dialog": ("ja_demo_app", typed("f8", "f3")),
    # The last move picked for a correction.
    "history": ("ja_demo_app", typed("f9", "enter")),
    "rules": ("ja_demo_app", typed("f10")),
    # The session's rule fields, after its first card: only the scoring's number is open.
    "rules_change": ("ja_demo_app", typed("ctrl+r")),
    "help": ("ja_demo_app", typed("f1")),
    "sessions": ("ja_demo_app", typed("escape")),
    "confirm_dialog": ("ja_demo_app", typed("escape", "delete")),
    "import_dialog": ("ja_demo_app", typed("escape", "f3")),
    "new_session": ("ja_demo_app", typed("escape", "f2")),
    # The standings over the demo session: the table, the bars, the rulings.
    "standings": ("ja_demo_app", typed("escape", "f6")),
}
"""Each screen and dialog: the app it opens on and the way there."""


# What may be written in Latin letters on a Japanese screen, and why ---------------------------

PHRASES = ("UNO Referee", "UNO Card Game Official Rules", str(FOLDER), "uno-referee restore")
"""The product's name; the title of the published rulebook, cited as printed; the folder the
app was started in (a path is data); a command, to be typed as written (deleting a session says
how to bring it back from the trash)."""

WORDS = {
    "uno",  # the game (UNO), and the `.uno` file extension
    "esc",
    "enter",
    "tab",
    "ctrl",
    "del",
    "delete",  # key names, as keyboards print them
    "csv",
    "html",
    "json",
    "md",
    "png",
    "svg",
    "qr",  # export formats and the QR code
    "id",  # written ID in Japanese too
}
NOTATION = {
    *ACTIONS,
    "shows",
    "guilty",
    "innocent",
    "round",
    "dealer",
    "start",
    "hand",
    "turn",
    "out",
    *COLOR_NAMES.values(),
}
"""The move language, shown as written (`Ana: challenge shows g3`)."""
CODES = {
    *VARIANTS,
    *SPECS,
    *(
        value
        for spec in SPECS.values()
        if not isinstance(spec.values, str)
        for value in spec.values
    ),
}
"""Rule ids (`[match]`), option keys and their values: the identifiers the notation and the
rulings cite, in every language."""


def fixture_data() -> set[str]:
    """The players, event and site of the sessions on screen: data, shown as typed."""
    found: set[str] = set()
    for text, name in (
        ((SAMPLES / "demo.uno").read_text(encoding="utf-8"), "demo.uno"),
        (ROUND_OVER, "round-over.uno"),
        (FIVE_ROUNDS, "five-rounds.uno"),
    ):
        header = parse_session(text, name).header
        found |= {
            word.casefold()
            for value in (*header.players, header.event or "", header.site or "")
            for word in re.findall(r"[A-Za-z]+", value)
        }
    return found


def screen_lines(app: App[None]) -> list[str]:
    """The plain text of the active screen, line by line; of a dialog, only its box (the screen
    under it has its own test, and its words peek out cut around the box)."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    lines = console.export_text().splitlines()
    if not isinstance(app.screen, ModalScreen):
        return lines
    box = Region.from_union([child.region for child in app.screen.children])
    return [cells(line, box.x, box.right) for line in lines[box.y : box.bottom]]


def cells(line: str, start: int, end: int) -> str:
    """The characters of `line` between two cell columns (a Japanese character is two)."""
    out, column = [], 0
    for ch in line:
        if start <= column < end:
            out.append(ch)
        column += cell_len(ch)
    return "".join(out)


def english_words(lines: list[str]) -> list[str]:
    """Words of two Latin letters or more that the allow-list does not explain."""
    allowed = WORDS | NOTATION | fixture_data()
    codes = sorted(CODES, key=len, reverse=True)
    everything = allowed | {code.casefold() for code in CODES}
    # A phrase may wrap: its words may have line breaks and frames between them.
    text = "\n".join(lines)
    for phrase in PHRASES:
        pattern = r"[\s|│┃]+".join(map(re.escape, phrase.split()))
        text = re.sub(pattern, lambda m: re.sub(r"\S", " ", m.group()), text)
    found = []
    for line in text.split("\n"):
        # Rule ids and option keys hold hyphens (`going-out`): taken whole before words are.
        line = re.sub(r"(?<![\w-])(" + "|".join(map(re.escape, codes)) + r")(?![\w-])", " ", line)
        line = line.rstrip()
        for match in re.finditer(r"[A-Za-z]{2,}", line):
            word = match.group().casefold()
            if word in allowed or parse_short_card(word) is not None:
                continue
            # A word cut by the edge of its column, with only a frame after it (`[mat`, `Chik`).
            cut = re.fullmatch(r"\W*", line[match.end() :]) is not None
            if cut and any(known.startswith(word) for known in everything):
                continue
            found.append(match.group())
    return found


def terminal_cells(text: str) -> int:
    """The width of `text` in a terminal set up for Japanese: wide, full-width and East Asian
    Ambiguous characters take two cells (the snapshots count Ambiguous as one)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WFA" else 1 for ch in text)


@pytest.mark.parametrize("name", SCREENS)
def test_snapshot(name: str, snap_compare, request: pytest.FixtureRequest) -> None:
    """Each screen's picture; and on that very screen, no English word the allow-lists do not
    explain, and no line wider than 80 columns with East Asian Ambiguous characters two cells
    wide. One run of the app serves the three checks (starting the app is most of the time)."""
    app_fixture, route = SCREENS[name]
    read: list[list[str]] = []

    async def route_then_read(pilot: Pilot[None]) -> None:
        await route(pilot)
        read.append(screen_lines(pilot.app))

    same_picture = snap_compare(
        request.getfixturevalue(app_fixture), terminal_size=SIZE, run_before=route_then_read
    )
    [lines] = read
    assert english_words(lines) == [], "\n".join(lines)
    too_wide = [line for line in lines if terminal_cells(line.rstrip()) > SIZE[0]]
    assert too_wide == [], "\n".join(lines)
    assert same_picture


async def test_the_five_round_sheet_shows_total_and_rank_at_80x24(ja_five_rounds_app) -> None:
    # The done-when of the Japanese layout: 合計 and 順位 on screen, not scrolled off it, and
    # the winner's row with both figures.
    async with ja_five_rounds_app.run_test(size=SIZE) as pilot:
        await typed("f8")(pilot)
        lines = screen_lines(ja_five_rounds_app)
    heading = next((line for line in lines if "1回" in line and "累計" in line), "")
    assert "合計" in heading and "順位" in heading, "\n".join(lines)
    winner = next(line for line in lines if line.strip().startswith("健太") and "+118" in line)
    assert winner.split()[-3:-1] == ["218", "1"] or winner.split()[-2:] == ["1", "*"], winner
    assert all(terminal_cells(line.rstrip()) <= SIZE[0] for line in lines)
