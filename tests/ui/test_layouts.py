"""Layouts that hold from 80x24 to 120x40 with 2 to 10 players, in both languages: the table's
status and every player in sight, and a ruling log of at least five lines."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from referee import i18n
from referee.engine.events import Header
from referee.service import SessionService
from screens.widgets import expand
from screens.widgets.seating import fit

NAMES = ("Alexandra", "Benedict", "Chikako", "Dev", "Emiko", "Fernando", "Gwendolyn", "太郎",
         "Ivan", "Jun")
OPENING = ["round 1", "dealer Alexandra", "start r7", "r5", "r6"]


def table_of(service: SessionService, players: int) -> str:
    sid = service.create(Header(edition="classic", players=NAMES[:players],
                                scoring="target 500"))
    with service.open(sid) as live:
        for move in OPENING:
            assert live.record(expand(move, live.referee)).ok, move
        for _ in range(8):  # enough rulings to fill a log of any height
            assert live.record(expand("draw", live.referee)).ok
    return sid


def inside(widget, screen) -> bool:
    region, whole = widget.region, screen.region
    return (region.width > 0 and region.height > 0 and region.x >= 0 and region.y >= 0
            and region.right <= whole.right and region.bottom <= whole.bottom)


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
