"""The sessions screen: the demo for a newcomer, resume, import by path, confirmed delete."""

from __future__ import annotations

from textual.widgets import DataTable, Input

from referee.service import build_header
from referee.stats.league import change_league
from screens.dialogs import ConfirmDialog, ImportDialog
from screens.samples import import_demo, samples_dir
from screens.sessions_screen import SessionsScreen
from screens.table_screen import TableScreen

from .conftest import SAMPLES, text_of, type_line


async def test_with_no_data_the_demo_is_offered_and_opens_a_live_table(make_app, service):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "No stored sessions yet" in text_of(pilot, "#welcome")
        assert app.screen.focused is not None and app.screen.focused.id == "demo"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert "Ana has one card and did not call UNO" in text_of(pilot, "#alerts")
        assert "BLUE" in text_of(pilot, "#card")
        assert "Round 2 · Ben deals" in text_of(pilot, "#status")
    [info] = service.list().sessions
    assert info.event == "Demo table" and info.status == "playing"


def test_the_samples_folder_is_found_from_a_checkout():
    assert samples_dir() == SAMPLES


async def test_resume_lists_what_is_stored_and_delete_asks_first(make_app, service):
    first = import_demo(service, SAMPLES).id
    second = import_demo(service, SAMPLES).id
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen.query_one("#sessions", DataTable)
        assert table.row_count == 2
        assert "Ana, Ben, Chika, Dev" in str(table.get_row_at(0))

        await pilot.press("delete")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("enter")  # Cancel has the focus: a reflex keeps the data
        await pilot.pause()
        assert {i.id for i in service.list().sessions} == {first, second}

        await pilot.press("delete")
        await pilot.pause()
        await pilot.click("#yes")
        await pilot.pause()
        assert isinstance(app.screen, SessionsScreen)
        remaining = [i.id for i in service.list().sessions]
        assert len(remaining) == 1
        assert app.screen.query_one("#sessions", DataTable).row_count == 1

        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.screen.sitting.id == remaining[0]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SessionsScreen)


async def test_import_by_path_names_what_is_wrong_and_stores_nothing(make_app, service, tmp_path):
    bad = tmp_path / "bad.uno"
    text = (SAMPLES / "demo.uno").read_text(encoding="utf-8")
    bad.write_text(text.replace("Ana: b5", "Ana: y9"), encoding="utf-8")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, ImportDialog)
        await type_line(pilot, "missing.uno")
        assert "no such file" in text_of(pilot, "#problem")
        app.screen.query_one("#path", Input).value = "bad.uno"
        await pilot.press("enter")
        await pilot.pause()
        problem = text_of(pilot, "#problem")
        assert "bad.uno:" in problem and "[match]" in problem and "nothing was imported" in problem
        assert service.list().sessions == ()

        app.screen.query_one("#path", Input).value = str(SAMPLES / "demo.uno")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
    assert len(service.list().sessions) == 1


async def test_a_bad_id_on_the_command_line_is_a_message_not_a_traceback(make_app):
    app = make_app(session_id="nope")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SessionsScreen)
        assert any("is not a session id" in n.message for n in app._notifications)


async def test_long_names_leave_status_leader_and_id_on_screen(make_app, service):
    """Ten players with long names: the players' cell is cut, so the status, the leader and the
    id still show on an 80-column screen."""
    names = ", ".join(f"Maximiliane{n} Fitzgerald" for n in range(10))
    sid = service.create(build_header(names, "classic", "target 500", rules="en"))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen.query_one("#sessions", DataTable)
        strips = app.screen._compositor.render_strips()
        row = "".join(segment.text for segment in strips[table.region.y + 1])
        assert sid in row and "new" in row and "…" in row


async def test_labels_show_and_delete_moves_to_the_trash(make_app, service):
    """The list shows each session's labels (issue 24: the app never did), and Delete says
    where the session goes and how it comes back; it comes back whole."""
    sid = import_demo(service, SAMPLES).id
    change_league(service.layout, lambda book: book.labels.update({sid: ["winter league"]}))
    app = make_app()
    async with app.run_test(size=(160, 24)) as pilot:
        await pilot.pause()
        table = app.screen.query_one("#sessions", DataTable)
        assert str(table.get_cell(sid, "labels")) == "winter league"
        await pilot.press("delete")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        question = text_of(pilot, "#question")
        assert "moved to the trash" in question and f"uno-referee restore {sid}" in question
        assert "cannot be undone" not in question
        await pilot.click("#yes")
        await pilot.pause()
        assert service.list().sessions == ()
        assert [info.id for info in service.trashed().sessions] == [sid]
    service.restore(sid)
    [info] = service.list().sessions
    assert info.id == sid and service.labels()[0] == {sid: ["winter league"]}


async def test_importing_a_later_export_offers_to_update_the_session(make_app, service, tmp_path):
    """The app's import of a file that continues a stored session (issue 24): it asks, and
    adds the later moves to that session instead of storing the early rounds twice."""
    text = (SAMPLES / "minecraft-five-rounds.uno").read_text(encoding="utf-8")
    sid = service.import_text("".join(text.splitlines(keepends=True)[:23]), "mid.uno").id
    final = tmp_path / "final.uno"
    final.write_text(text, encoding="utf-8")
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("f3")
        await pilot.pause()
        await type_line(pilot, str(final))
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert f"Add its 15 later move(s) to session {sid}" in text_of(pilot, "#question")
        await pilot.press("escape")  # no: nothing stored, the dialog says why
        await pilot.pause()
        assert isinstance(app.screen, ImportDialog)
        assert f"continues session {sid}" in text_of(pilot, "#problem")
        assert [(i.id, i.moves) for i in service.list().sessions] == [(sid, 11)]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.click("#yes")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.sitting.id == sid
    assert [(i.id, i.moves) for i in service.list().sessions] == [(sid, 26)]
