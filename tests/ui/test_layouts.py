"""Layouts that hold from 80x24 to 120x40 with 2 to 10 players, in both languages: the table's
status and every player in sight, and a ruling log of at least five lines."""

from __future__ import annotations

import importlib

import pytest
from rich.cells import cell_len

from referee import i18n
from referee.engine.events import Header
from referee.service import SessionService
from screens.widgets import expand
from screens.widgets.alerts import Alert
from screens.widgets.seating import fit

from .conftest import settle

alerts_module = importlib.import_module("screens.widgets.alerts")
"""The module (the package exports its `alerts` function under the same name)."""

NAMES = (
    "Alexandra",
    "Benedict",
    "Chikako",
    "Dev",
    "Emiko",
    "Fernando",
    "Gwendolyn",
    "太郎",
    "Ivan",
    "Jun",
)
OPENING = ["round 1", "dealer Alexandra", "start r7", "r5", "r6"]


def table_of(service: SessionService, players: int) -> str:
    sid = service.create(Header(edition="classic", players=NAMES[:players], scoring="target 500"))
    with service.open(sid) as live:
        for move in OPENING:
            assert live.record(expand(move, live.referee)).ok, move
        for _ in range(8):  # enough rulings to fill a log of any height
            assert live.record(expand("draw", live.referee)).ok
    return sid


def inside(widget, screen) -> bool:
    region, whole = widget.region, screen.region
    return (
        region.width > 0
        and region.height > 0
        and region.x >= 0
        and region.y >= 0
        and region.right <= whole.right
        and region.bottom <= whole.bottom
    )


def lines_of(widget) -> list[str]:
    return [strip.text for strip in widget.render_lines(widget.region.reset_offset)]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("players", [2, 4, 7, 10])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_table_holds_at_any_size_and_seating(make_app, service, lang, players, size):
    i18n.use(lang)
    app = make_app(session_id=table_of(service, players))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        for selector in ("#card", "#status", "#seating", "#log", "#move", "#turn"):
            assert inside(screen.query_one(selector), screen), selector
        seating = screen.query_one("#seating")
        shown = "\n".join(lines_of(seating))
        compact = screen.has_class("-compact")
        for name in NAMES[:players]:
            cut = fit(name, 8 if compact else 10)
            assert cut in shown, (name, shown)
        # Every line of the seating whole, none cut at its right edge.
        width = seating.content_region.width
        assert all(cell_len(line) <= width for line in str(seating.render()).split("\n"))
        log = screen.query_one("#log")
        assert log.content_region.height >= 5, log.content_region
        # Two columns only where one line a player would not leave the log its five lines.
        assert compact == (size == (80, 24) and players >= 7)


ROUND_START = ["round 1", "dealer Alexandra"]
"""The table waits for the start card (or `out NAME`): its longest alert."""


def crowded(found: list[Alert]) -> list[Alert]:
    """Two long warnings before what the referee waits for: more than 80x24 has room for."""
    return [
        Alert(
            "Gwendolyn has one card and did not call UNO: catchable until Alexandra "
            "acts, or until the next card is played, whichever comes first",
            "F4",
            "catch(6)",
        ),
        Alert(
            "Chikako may challenge Benedict's Wild Draw Four (colour before it: RED); "
            "Chikako draws 4 if she does not",
            "F5",
            "challenge",
        ),
        *found,
    ]


def table_at(service: SessionService, players: int, moves: list[str]) -> str:
    sid = service.create(Header(edition="classic", players=NAMES[:players], scoring="target 500"))
    with service.open(sid) as live:
        for move in moves:
            assert live.record(expand(move, live.referee)).ok, move
    return sid


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("players", [2, 5, 10])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("three", [False, True], ids=["start", "three"])
async def test_alerts_leave_the_table_in_sight(
    make_app, service, monkeypatch, lang, players, size, three
):
    """However long the alerts are, nothing is pushed off the screen or under the header: the
    alerts give up their wrapping (one line each, the key first, the words cut with an
    ellipsis, the least urgent counted) before the log gives up its five lines."""
    if three:
        real = alerts_module.alerts
        monkeypatch.setattr(alerts_module, "alerts", lambda ref: crowded(real(ref)))
    i18n.use(lang)
    app = make_app(session_id=table_at(service, players, ROUND_START))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        header = screen.query_one("Header")
        for selector in (
            "#card",
            "#status",
            "#seating",
            "#alerts",
            "#log",
            "#move",
            "#turn",
            "#verdict",
        ):
            widget = screen.query_one(selector)
            assert inside(widget, screen), selector
            assert widget.region.y >= header.region.bottom, (selector, widget.region)
        assert screen.query_one("#log").content_region.height >= 5
        shown = lines_of(screen.query_one("#alerts"))
        everything = size == (120, 40)
        keys = ["F4", "F5", "F7"] if three else ["F7"]
        if three and not everything:
            # One line an alert, as many as the rows left (one beside five seated players).
            assert len(shown) == (1 if players == 5 else 2), shown
            keys = ["F4", "F5"][: len(shown)]
            more = i18n._("(+{count} more)").format(count=3 - len(shown))
            assert more in "".join(shown)
        for key in keys:
            assert key in "".join(shown), (key, shown)
        if not three and len(shown) > 1:
            # Wrapped to the width (Japanese between any two characters), no word of the
            # notation split: no line left short before the next.
            assert any("start r7" in line for line in shown), shown
            assert all(cell_len(line.rstrip()) >= size[0] - 12 for line in shown[:-1]), shown
        if everything:
            # Room enough: every alert whole, wrapped, its key after its words.
            assert "..." not in "".join(shown) and "…" not in "".join(shown)


async def footer_keys(pilot) -> list:
    """The footer's keys once laid out: the footer composes its keys again when the screen's
    bindings change, a frame after the screen is shown (later on a busy machine)."""

    def laid_out() -> bool:
        keys = list(pilot.app.screen.query("FooterKey"))
        return bool(keys) and all(key.region.width for key in keys)

    await settle(pilot, laid_out, "the footer's keys, laid out")
    return list(pilot.app.screen.query("FooterKey"))


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_every_footer_key_is_whole_at_80_columns(make_app, service, demo, lang):
    """Textual's compact footer where the roomy one would cut the last keys (Japanese words
    are twice as wide), and without the palette's key where even that is too wide: on the
    sessions screen, with the most keys, at the table and on the standings."""
    i18n.use(lang)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for screen, key in (
            ("SessionsScreen", "enter"),
            ("TableScreen", "escape"),
            ("SessionsScreen", "f6"),
            ("StandingsScreen", None),
        ):
            assert type(app.screen).__name__ == screen
            keys = await footer_keys(pilot)
            footer = app.screen.query_one("Footer")
            for shown in keys:
                assert shown.region.right <= footer.region.right, (shown.description, screen)
                assert shown.region.width >= shown.get_content_width(shown.size, shown.size)
            palettes = [k for k in keys if k.has_class("-command-palette")]
            others = [k for k in keys if k not in palettes]
            # Only the standings, with their four choices, give the palette's key up.
            assert bool(palettes) == (screen != "StandingsScreen"), screen
            assert all(k.region.right <= p.region.x for k in others for p in palettes)
            if key:
                await pilot.press(key)  # the demo session is highlighted first
                await pilot.pause()
