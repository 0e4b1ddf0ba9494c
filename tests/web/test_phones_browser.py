"""Phones at the table, in a real browser: several browser contexts are several phones, the
server is `uno-referee serve` as the app starts it, and the table's one writer answers its pipe
in this process, as the app does (the test is the scorekeeper: it approves, revokes, accepts)."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from playwright.sync_api import Browser, Page, expect

from referee.engine.events import Header
from referee.service import LiveSession, SessionService
from referee.table import Desk
from referee.table.confirm import Confirm
from referee.table.protocol import handle

from .conftest import PHONE
from .server_process import ServerProcess

WAIT_MS = 90_000
"""How long a browser wait may take on a loaded machine before the test fails."""
# Two cards a hand: a round is over in a few moves, and one card left comes at once.
HEADER = Header(
    edition="classic",
    players=("Ann", "Bob", "Cy"),
    scoring="target 500",
    overrides=(("hand-size", "2"),),
)
OPENING = ("round 1", "dealer Cy", "start r7")
T = TypeVar("T")


@pytest.fixture(name="browser")
def _browser(shared_browser: Browser) -> Browser:
    """Every test here is synchronous: one Chromium serves them all (`shared_browser`)."""
    return shared_browser


class Table:
    """The app's side without the app: the Desk that answers the server's pipe, one message at
    a time, and the scorekeeper's acts under the same lock."""

    def __init__(self, service: SessionService, data_dir: Path, confirm: Confirm) -> None:
        sid = service.create(HEADER)
        self.live: LiveSession = service.open(sid)
        for line in OPENING:
            assert self.live.record(line).ok
        self.desk = Desk(self.live, confirm)
        self.lock = threading.Lock()
        self.server = ServerProcess(data_dir, sid, seats=self.answer)

    def answer(self, message: dict[str, Any]) -> dict[str, Any]:
        with self.lock:
            return handle(self.desk, message)

    def do(self, act: Callable[[Desk], T]) -> T:
        with self.lock:
            return act(self.desk)

    def moves(self) -> list[str]:
        with self.lock:
            return [move.text for move in self.live.moves]

    def by(self) -> list[tuple[str, str | None]]:
        with self.lock:
            proposers = self.live.proposed_by()
            return [(move.text, proposers.get(move.entry)) for move in self.live.moves]


@pytest.fixture
def table_of(service: SessionService, data_dir: Path) -> Iterator[Callable[[Confirm], Table]]:
    made: list[Table] = []

    def make(confirm: Confirm) -> Table:
        table = Table(service, data_dir, confirm)
        table.server.start()
        made.append(table)
        return table

    yield make
    for table in made:
        table.server.stop()
        table.live.close()


def phones(browser: Browser, count: int) -> list[Page]:
    """`count` phones, each its own browser context (its own cookies)."""
    return [
        browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
        for _ in range(count)
    ]


def take_seat(page: Page, table: Table, player: str, by_code: bool = False) -> None:
    """The phone asks for `player`'s seat; the scorekeeper approves it, or the phone types the
    code the terminal shows."""
    page.goto(table.server.url)
    page.locator(f'button[data-seat="{player}"]').click()
    expect(page.locator(".asking")).to_be_visible(timeout=WAIT_MS)
    if by_code:
        code = table.do(lambda d: next(j.code for j in d.seats.asking() if j.player == player))
        page.locator('input[name="code"]').fill(code)
        page.locator("form.code button").click()
    else:
        table.do(lambda d: d.seats.approve(player))
    expect(page.locator("#pad-title")).to_have_text(f"Your seat: {player}", timeout=WAIT_MS)


def type_move(page: Page, line: str) -> None:
    page.locator('input[name="line"]').fill(line)
    page.locator("form.line button").click()


def recorded(table: Table, count: int) -> None:
    """Until the table holds `count` moves: a phone's line still shows its last ruling while
    its next proposal is on its way, so its words cannot say that the next one was stored."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while len(table.moves()) < count:
        assert time.monotonic() < deadline, f"never recorded: {table.moves()}"
        threading.Event().wait(0.05)


def said(page: Page) -> Any:
    return expect(page.locator("#said"))


def post(page: Page, path: str, data: dict[str, Any], **headers: str) -> tuple[int, Any]:
    """A request from this phone's page, as its script would send it (or not quite)."""
    found = page.evaluate(
        """async ([path, data, headers]) => {
            const response = await fetch(path, {method: "POST", credentials: "same-origin",
                headers: Object.assign({"Content-Type": "application/json"}, headers),
                body: JSON.stringify(data)});
            return [response.status, await response.text()];
        }""",
        [path, data, headers],
    )
    return found[0], found[1]


def test_seats_a_legal_play_and_an_illegal_one_refused_on_that_phone_only(
    browser: Browser, table_of: Callable[[Confirm], Table]
) -> None:
    table = table_of("plays")
    ann, bob = phones(browser, 2)
    take_seat(ann, table, "Ann")  # approved by the scorekeeper (Ctrl+Y in the app)
    take_seat(bob, table, "Bob", by_code=True)  # the code the terminal shows, typed
    # Only the legal keys are enabled: Red 5 on Red 7, and not Green 3.
    expect(ann.locator('button[data-card="r5"]')).to_be_enabled()
    ann.locator('button[data-colour="g"]').click()
    expect(ann.locator('button[data-card="g3"]')).to_be_disabled()
    ann.locator('button[data-colour="r"]').click()
    ann.locator('button[data-card="r5"]').click()
    said(ann).to_contain_text("Ann played Red 5", timeout=WAIT_MS)
    assert table.by()[-1] == ("Ann: r5", "Ann")
    # Bob's illegal card is refused on his phone, with its rule; Ann's phone hears nothing.
    type_move(bob, "g3")
    said(bob).to_contain_text("Green 3 can't go on Red 5", timeout=WAIT_MS)
    said(ann).to_contain_text("Ann played Red 5")
    assert table.moves()[-1] == "Ann: r5"
    # A proposal from one seat for another is refused, whose seat it is named.
    type_move(bob, "Cy: r9")
    said(bob).to_contain_text("this phone holds Bob's seat", timeout=WAIT_MS)
    assert table.moves()[-1] == "Ann: r5"
    # Every phone's board follows.
    expect(ann.locator("#rulings li").first).to_contain_text("Ann: r5", timeout=WAIT_MS)
    expect(ann.locator("#players tr.mine")).to_have_attribute("data-name", "Ann")


def test_a_pad_fetched_again_unchanged_is_not_drawn_again(
    browser: Browser, table_of: Callable[[Confirm], Table]
) -> None:
    # A phone waiting for its seat fetches its pad every second and a half; each answer is the
    # same pad. Drawing it again put new buttons in place of the old ones, and a tap that came
    # as they were swapped was lost (the phone then sat there).
    table = table_of("none")
    (ann,) = phones(browser, 1)
    ann.goto(table.server.url)
    ann.locator('button[data-seat="Ann"]').click()
    asking = ann.locator(".asking")
    expect(asking).to_be_visible(timeout=WAIT_MS)
    asking.evaluate("element => { element.dataset.kept = 'yes'; }")
    for _ in range(2):
        with ann.expect_response(lambda r: r.url.endswith("/pad"), timeout=WAIT_MS):
            pass
    expect(ann.locator(".asking")).to_have_attribute("data-kept", "yes")
    # A pad that changed is drawn: the seat approved, the pad is the player's.
    table.do(lambda d: d.seats.approve("Ann"))
    expect(ann.locator("#pad-title")).to_have_text("Your seat: Ann", timeout=WAIT_MS)


def test_uno_and_catch_race_and_the_window_decides(
    browser: Browser, table_of: Callable[[Confirm], Table]
) -> None:
    table = table_of("none")
    ann, bob = phones(browser, 2)
    take_seat(ann, table, "Ann")
    take_seat(bob, table, "Bob")
    type_move(ann, "r5")  # one card left, no UNO called
    said(ann).to_contain_text("Ann played Red 5", timeout=WAIT_MS)
    # Ann's UNO and Bob's catch sent at the same moment (both requests in flight before either
    # is answered): the first to arrive is judged first, by the UNO window.
    ann.evaluate(
        """() => { window.raced = fetch("propose", {method: "POST", credentials: "same-origin",
            headers: {"Content-Type": "application/json"},
            body: JSON.stringify({action: "uno", seen: 4, request: "uno-1"})})
            .then(r => r.json()); }"""
    )
    bob.evaluate(
        """() => { window.raced = fetch("propose", {method: "POST", credentials: "same-origin",
            headers: {"Content-Type": "application/json"},
            body: JSON.stringify({action: "catch Ann", seen: 4, request: "catch-1"})})
            .then(r => r.json()); }"""
    )
    uno = ann.evaluate("() => window.raced")
    catch = bob.evaluate("() => window.raced")
    recorded = [m for m in table.moves()[4:] if m in ("Ann: uno", "Bob: catch Ann")]
    # Exactly one of them holds: a caught player can no longer call, a called one is not caught.
    assert len(recorded) == 1, (recorded, uno, catch)
    assert {uno["status"], catch["status"]} & {"recorded"} == {"recorded"}
    assert [uno["status"], catch["status"]].count("recorded") == 1


def test_a_challenge_confirmed_by_both_phones(
    browser: Browser, table_of: Callable[[Confirm], Table]
) -> None:
    table = table_of("plays")
    ann, bob = phones(browser, 2)
    take_seat(ann, table, "Ann")
    take_seat(bob, table, "Bob")
    ann.locator('button[data-card="w+4"]').click()  # blue is picked below
    said(ann).to_contain_text("Wild Draw Four", timeout=WAIT_MS)
    guilty = bob.locator('button[data-action="challenge guilty"]')
    expect(guilty).to_be_enabled(timeout=WAIT_MS)
    guilty.click()
    said(bob).to_contain_text("waiting for Ann to confirm", timeout=WAIT_MS)
    assert table.moves()[-1].startswith("Ann: w+4")
    # The challenged player's phone is asked (without a reload: it looks by itself); it agrees,
    # and the verdict goes in.
    ann.locator('button[data-second="yes"]').click(timeout=WAIT_MS)
    # Every phone's board shows the verdict once it is stored.
    for page in (ann, bob):
        expect(page.locator("#rulings li").first).to_contain_text(
            "Bob: challenge guilty", timeout=WAIT_MS
        )
    assert table.by()[-1] == ("Bob: challenge guilty", "Bob")


def test_hands_entered_on_the_phones_and_a_wrong_one_caught(
    browser: Browser, table_of: Callable[[Confirm], Table]
) -> None:
    table = table_of("none")
    ann, bob, cy = phones(browser, 3)
    for page, player in ((ann, "Ann"), (bob, "Bob"), (cy, "Cy")):
        take_seat(page, table, player)
    for page, line in ((ann, "r5 uno"), (bob, "draw"), (cy, "draw"), (ann, "r3")):
        before = len(table.moves())
        type_move(page, line)
        recorded(table, before + 1)
        expect(page.locator("#said")).not_to_be_empty(timeout=WAIT_MS)
        assert len(table.moves()) == before + 1, (line, page.locator("#said").inner_text())
    # Ann went out: Bob and Cy enter their own hands. Bob holds three cards, not two.
    expect(bob.locator('input[name="hand"]')).to_be_visible(timeout=WAIT_MS)
    bob.locator('input[name="hand"]').fill("r1 r2")
    bob.locator("form.hand button").click()
    said(bob).to_contain_text("3", timeout=WAIT_MS)
    assert not any(m.startswith("hand Bob") for m in table.moves())
    assert table.do(lambda d: [r.player for r in d.disputes]) == ["Bob"]
    bob.locator('input[name="hand"]').fill("r1 r2 r3")
    bob.locator("form.hand button").click()
    said(bob).to_contain_text("Bob holds 6 points", timeout=WAIT_MS)
    cy.locator('input[name="hand"]').fill("15")
    cy.locator("form.hand button").click()
    expect(cy.locator("#said")).not_to_be_empty(timeout=WAIT_MS)
    expect(bob.locator("#sheet")).to_be_visible(timeout=WAIT_MS)
    assert table.moves()[-2:] == ["hand Bob: r1 r2 r3", "hand Cy: 15"]


def test_revoked_forged_and_replayed_requests_are_refused(
    browser: Browser, table_of: Callable[[Confirm], Table]
) -> None:
    table = table_of("none")
    ann, bob, stranger = phones(browser, 3)
    take_seat(ann, table, "Ann")
    take_seat(bob, table, "Bob")
    # A replayed id: answered as the first time, recorded once.
    first = post(ann, "propose", {"action": "r5", "seen": 3, "request": "same-id"})
    again = post(ann, "propose", {"action": "r5", "seen": 3, "request": "same-id"})
    assert first == again and first[0] == 200
    assert table.moves().count("Ann: r5") == 1
    # Without the page's own Origin (a request made outside it): refused, nothing stored.
    response = bob.request.post(
        table.server.url + "propose",
        data={"action": "draw", "seen": 4, "request": "no-origin"},
        headers={"Content-Type": "application/json"},
    )
    assert response.status == 403
    # A forged credential: refused.
    url = table.server.url
    stranger.context.add_cookies([{"name": "seat", "value": "forged", "url": url}])
    stranger.goto(url)
    assert post(stranger, "propose", {"action": "draw", "seen": 4, "request": "f"})[0] == 403
    # A revoked seat can do nothing more, and is asked to take a seat again.
    table.do(lambda d: d.seats.revoke("Bob"))
    assert post(bob, "propose", {"action": "draw", "seen": 4, "request": "b"})[0] == 403
    bob.reload()
    expect(bob.locator("#pad-title")).to_have_text("Take a seat", timeout=WAIT_MS)
    assert table.moves()[-1] == "Ann: r5"


JAPANESE = Header(
    edition="classic", players=("太郎", "花子", "健太", "千佳"), scoring="rounds 5", rules="jp"
)
FIVE_ROUNDS = [
    "round 1", "dealer 太郎", "out 花子", "hand 太郎: 27", "hand 健太: 25", "hand 千佳: 10",
    "round 2", "out 健太", "hand 太郎: 12", "hand 花子: 20", "hand 千佳: 8",
    "round 3", "out 太郎", "hand 花子: 33", "hand 健太: 5", "hand 千佳: 50",
    "round 4", "out 千佳", "hand 太郎: 0", "hand 花子: 19", "hand 健太: 7",
    "round 5", "out 花子", "hand 太郎: 44", "hand 健太: 2", "hand 千佳: 16",
]  # fmt: skip
DOCS_IMAGE = Path(__file__).resolve().parents[2] / "docs" / "phone-ja.png"


def test_the_japanese_phone_page_after_five_rounds_keeps_every_name_whole_and_in_view(
    browser: Browser, service: SessionService, data_dir: Path, tmp_path: Path
) -> None:
    sid = service.create(JAPANESE)
    with service.open(sid) as live:
        for line in FIVE_ROUNDS:
            assert live.record(line).ok, line
        desk = Desk(live, "plays")
        lock = threading.Lock()

        def answer(message: dict[str, Any]) -> dict[str, Any]:
            with lock:
                return handle(desk, message)

        server = ServerProcess(data_dir, sid, lang="ja", seats=answer)
        server.start()
        try:
            page = phones(browser, 1)[0]
            page.goto(server.url)
            page.locator('button[data-seat="花子"]').click()
            expect(page.locator(".asking")).to_be_visible(timeout=WAIT_MS)
            with lock:
                desk.seats.approve("花子")
            expect(page.locator("#pad-title")).to_contain_text("花子", timeout=WAIT_MS)
            sheet = page.locator("#sheet")
            expect(sheet).to_be_visible(timeout=WAIT_MS)
            line_height = page.evaluate(
                "() => parseFloat(getComputedStyle(document.body).lineHeight)"
            )
            # Every name, in the players and on the sheet, on one line: never broken in a word.
            for name in JAPANESE.players:
                for cell in (
                    page.locator(f'#players tr[data-name="{name}"] th'),
                    sheet.locator("tbody th", has_text=name),
                ):
                    box = cell.bounding_box()
                    assert box is not None and box["height"] < 2 * line_height, (name, box)
            # 合計 and 順位 are reached by scrolling the sheet, with the names still in view.
            sheet.locator("xpath=..").evaluate("(div) => { div.scrollLeft = div.scrollWidth; }")
            scroller = sheet.locator("xpath=..").bounding_box()
            assert scroller is not None
            for heading in ("合計", "順位"):
                box = sheet.locator("thead th", has_text=heading).bounding_box()
                right = scroller["x"] + scroller["width"] + 1
                assert box is not None and box["x"] + box["width"] <= right, (heading, box)
            for name in JAPANESE.players:
                box = sheet.locator("tbody th", has_text=name).bounding_box()
                assert box is not None and box["x"] >= scroller["x"] - 1, (name, box)
            page.screenshot(path=str(tmp_path / "phone-ja.png"), full_page=True)
            if os.environ.get("UPDATE_DOCS_IMAGES"):
                page.screenshot(path=str(DOCS_IMAGE), full_page=True)
        finally:
            server.stop()
