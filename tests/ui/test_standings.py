"""The standings screen: reached from the sessions by a key, agrees with `uno-referee stats`,
follows sessions recorded while it is open, spans and guests (issue 15)."""

from __future__ import annotations

import json
from pathlib import Path

from textual.widgets import DataTable

from referee import cli
from referee.stats.league import League, save_league
from screens.standings_screen import StandingsScreen

from .conftest import SAMPLES, text_of

MADE = Path(__file__).resolve().parents[1] / "unit" / "stats_sessions"


def rows(app, selector: str) -> list[list[str]]:
    table = app.screen.query_one(selector, DataTable)
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


async def test_the_standings_agree_with_the_command_line(
    make_app, service, capsys, data_home, monkeypatch
):
    monkeypatch.setattr("screens.standings_screen.REFRESH_SECONDS", 0.05)
    service.import_text((SAMPLES / "jp-shuffle-hands.uno").read_text(encoding="utf-8"), "a")
    service.import_text((MADE / "scoring-only-jp.uno").read_text(encoding="utf-8"), "b")
    save_league(service.layout, League(aliases={"たろう": "太郎"}, guests={"Ken"}))
    assert cli.main(["stats", "--json"]) == 0
    expected = json.loads(capsys.readouterr().out)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        assert isinstance(app.screen, StandingsScreen)
        shown = rows(app, "#standings")
        assert [row[1] for row in shown] == [line["name"] for line in expected["players"]]
        taro = next(row for row in shown if row[1] == "太郎")
        assert taro[3] == "0/1" and taro[6] == "1/4"
        assert "Ken" not in {row[1] for row in shown}
        assert "2 session(s)" in text_of(pilot, "#selection")
        assert len(app.screen.query("BarChart.wins")) == 1

        await pilot.press("g")  # guests counted
        await pilot.pause()
        assert "Ken (guest)" in {row[1] for row in rows(app, "#standings")}

        # A session recorded while the screen is open (by the command line, say) shows up
        # when the screen next reads the index.
        service.import_text(
            (SAMPLES / "classic-challenge-catch.uno").read_text(encoding="utf-8"), "c"
        )
        await pilot.pause(0.3)
        assert "3 session(s)" in text_of(pilot, "#selection")
        names = {row[0] for row in rows(app, "#rulings")}
        assert {"Alice", "Bob", "Carol", "Dave"} <= names

        await pilot.press("t")  # today: the fixed test date has no session
        await pilot.pause()
        assert rows(app, "#standings") == []
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, StandingsScreen)


async def test_names_are_shown_literally(make_app, service):
    text = (MADE / "scoring-only-jp.uno").read_text(encoding="utf-8").replace("Ken", "[b]Ken[/b]")
    service.import_text(text, "markup.uno")
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        assert "[b]Ken[/b]" in {row[1] for row in rows(app, "#standings")}


async def test_labels_are_shown_and_chosen(make_app, service, monkeypatch):
    """The selection line names the labels in use; `l` takes the next one (then all sessions
    again); the notes say how ties and halves are counted (issue 24)."""
    monkeypatch.setattr("screens.standings_screen.REFRESH_SECONDS", 0.05)
    first = service.import_text(
        (SAMPLES / "jp-shuffle-hands.uno").read_text(encoding="utf-8"), "a"
    ).id
    second = service.import_text((MADE / "scoring-only-jp.uno").read_text(encoding="utf-8"), "b").id
    save_league(service.layout, League(labels={first: ["winter"], second: ["club"]}))
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        assert isinstance(app.screen, StandingsScreen)
        selection = text_of(pilot, "#selection")
        assert "2 session(s)" in selection and "club, winter" in selection
        assert "rounded half up" in text_of(pilot, "#notes")
        await pilot.press("l")
        await pilot.pause()
        assert "label club" in text_of(pilot, "#selection")
        assert "1 session(s)" in text_of(pilot, "#selection")
        assert "Ken" in {row[1] for row in rows(app, "#standings")}
        await pilot.press("l")
        await pilot.pause()
        assert "label winter" in text_of(pilot, "#selection")
        assert "Ken" not in {row[1] for row in rows(app, "#standings")}
        await pilot.press("l")
        await pilot.pause()
        assert "label" not in text_of(pilot, "#selection").splitlines()[0]
        assert "2 session(s)" in text_of(pilot, "#selection")
