"""Names and event titles are data: every screen shows them literally, never as markup."""

from __future__ import annotations

import html
import re
from collections import defaultdict

from textual.pilot import Pilot

from referee.service import SessionService
from screens.widgets.seating import Seating

from .conftest import SAMPLES

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
    for x, y, run in re.findall(r'<text[^>]*?x="([\d.]+)" y="([\d.]+)"[^>]*>(.*?)</text>',
                                svg):
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
