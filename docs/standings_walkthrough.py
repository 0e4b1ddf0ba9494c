"""Three evenings of a club, as a new user records them; the standings, the report, screenshots.

Run `python docs/standings_walkthrough.py OUT` from the repository: it stores the evenings in
OUT/data with the command line, merges "Bobby" into "Bob", marks Zed a guest, prints
`uno-referee stats`, writes OUT/season.html and saves the standings screen as SVG (English and
Japanese). The README's pictures are these SVGs drawn by `chromium --headless --screenshot`.
"""

from __future__ import annotations

import asyncio
import datetime
import html
import json
import re
import sys
from pathlib import Path

from referee import cli, i18n
from referee.service import SessionService
from screens.app import build_app

ROOT = Path(__file__).resolve().parents[1]

SECOND_EVENING = [
    "round 1",
    "out Bobby",
    "hand Alice: 20",
    "hand Carol: 35",
    "hand Zed: 5",
    "round 2",
    "out Zed",
    "hand Alice: 10",
    "hand Bobby: 40",
    "hand Carol: 12",
]
THIRD_EVENING = [
    "round 1",
    "out Carol",
    "hand Bob: 25",
    "hand Dave: 8",
    "hand Alice: 30",
    "round 2",
    "out Dave",
    "hand Bob: 12",
    "hand Carol: 3",
    "hand Alice: 17",
]
# After the sample's tracked round (Dave went out with 191), two scoring-only rounds.
FIRST_EVENING_MORE = [
    "round 2",
    "out Alice",
    "hand Bob: 200",
    "hand Carol: 150",
    "hand Dave: 10",
    "round 3",
    "out Alice",
    "hand Bob: 90",
    "hand Carol: 40",
    "hand Dave: 20",
]


def command(*words: str) -> str:
    """Run `uno-referee WORDS...` in this process; its standard output."""
    from io import StringIO

    saved, sys.stdout = sys.stdout, StringIO()
    try:
        code = cli.main(list(words))
        out = sys.stdout.getvalue()
    finally:
        sys.stdout = saved
    if code != 0:
        raise SystemExit(f"uno-referee {' '.join(words)}: exit {code}")
    return out


async def screenshot(data: Path, path: Path, lang: str) -> list[str]:
    i18n.use(lang)
    app = build_app(data, today=lambda: datetime.date(2025, 3, 20))
    async with app.run_test(size=(124, 44)) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        app.save_screenshot(path.name, str(path.parent))
        table = app.screen.query_one("#standings")
        return [str(table.get_row_at(i)[1]) for i in range(table.row_count)]  # type: ignore[attr-defined]


def main(out: Path) -> None:
    data = out / "data"
    base = ("--data-dir", str(data))
    first = command(
        "import", str(ROOT / "sample_sessions" / "classic-challenge-catch.uno"), *base
    ).strip()
    command("move", first, *FIRST_EVENING_MORE, *base)
    second = command(
        "new",
        "--players",
        "Alice, Bobby, Carol, Zed",
        "--scoring",
        "rounds 2",
        "--event",
        "Thursday UNO night",
        "--date",
        "2025-03-13",
        *base,
    ).strip()
    command("move", second, *SECOND_EVENING, *base)
    third = command(
        "new",
        "--players",
        "Bob, Carol, Dave, Alice",
        "--scoring",
        "rounds 2",
        "--rules",
        "jp",
        "--event",
        "Thursday UNO night",
        "--date",
        "2025-03-20",
        *base,
    ).strip()
    command("move", third, *THIRD_EVENING, *base)
    print(command("players", "merge", "Bob", "Bobby", *base), end="")
    print(command("players", "guest", "Zed", *base), end="")
    print(command("stats", *base))
    command(
        "stats",
        "--html",
        str(out / "season.html"),
        "--force",
        "--title",
        "Thursday UNO night, March 2025",
        *base,
    )
    standings = json.loads(command("stats", "--json", *base))
    names = [line["name"] for line in standings["players"]]
    shown = asyncio.run(screenshot(data, out / "standings-screen.svg", "en"))
    assert shown == names, (shown, names)
    assert report_order(out / "season.html") == names, report_order(out / "season.html")
    asyncio.run(screenshot(data, out / "standings-screen.ja.svg", "ja"))
    print(
        f"{len(SessionService(data).list().sessions)} sessions; the screen, `stats` and "
        f"the report agree: {', '.join(names)}"
    )


def report_order(path: Path) -> list[str]:
    """The players of the report's standings table, in its order (the second cell of a row)."""
    page = path.read_text(encoding="utf-8")
    table = page[page.index('<table class="standings">') :]
    table = table[: table.index("</table>")]
    rows = re.findall(r"<tr>(.*?)</tr>", table, re.S)[1:]
    return [
        html.unescape(
            re.sub(r"<[^>]+>", "", re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)[1])
        ).strip()
        for row in rows
    ]


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "walkthrough"))
