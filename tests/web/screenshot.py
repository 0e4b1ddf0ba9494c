"""Takes docs/scoreboard.png: the page at a phone's size, in the middle of the sample round.

    python -m tests.web.screenshot [docs/scoreboard.png] [--lang ja]

The sample round is played twice: as written, then again with everyone one seat further
on (the next dealer's round), stopped where Bob, down to one card without calling UNO, can be
caught. The sheet has a round and the table an alert.
"""

from __future__ import annotations

import argparse
import re
import tempfile
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

from referee.service import SessionService, build_header
from tests.web.conftest import CHROMIUM, PHONE
from tests.web.server_process import ServerProcess
from tests.web.test_browser import sample_moves

PLAYERS = "Alice, Bob, Carol, Dave"
NEXT_SEAT = {"Alice": "Bob", "Bob": "Carol", "Carol": "Dave", "Dave": "Alice"}


def one_seat_on(move: str) -> str:
    return re.sub(r"\b(Alice|Bob|Carol|Dave)\b", lambda m: NEXT_SEAT[m.group(1)], move)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", nargs="?", default="docs/scoreboard.png")
    parser.add_argument("--lang", default="en")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder)
        service = SessionService(data)
        sid = service.create(
            build_header(PLAYERS, "classic", "target 500", "en", event="Thursday UNO night")
        )
        moves = sample_moves()
        with service.open(sid) as live:
            for move in moves:
                assert live.record(move).ok, move
            assert live.record("round 2").ok
            for move in moves[moves.index("dealer Alice") : moves.index("Alice: b7") + 1]:
                assert live.record(one_seat_on(move)).ok, move
        with ServerProcess(data, sid, lang=args.lang) as server, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True)
            page = browser.new_page(viewport=PHONE, device_scale_factor=2, is_mobile=True)
            page.goto(server.url)
            expect(page.locator("body")).to_have_attribute("data-link", "live")
            page.screenshot(path=args.out, full_page=True)
            browser.close()
    print(args.out)


if __name__ == "__main__":
    main()
