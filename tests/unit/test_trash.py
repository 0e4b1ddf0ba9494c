"""`delete` moves a session to the trash and `restore` brings it back whole: the file, its row
in the list and its labels (issue 24). Before, deleting was final and a re-import got the
figures back but not the labels."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.service import SessionLocked, SessionNotFound, SessionService
from referee.service import sessions as sessions_module

SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"
FIVE = SAMPLES / "minecraft-five-rounds.uno"


@pytest.fixture
def labelled(run) -> str:
    code, out, _err = run("import", str(FIVE))
    assert code == 0
    sid = out.strip()
    assert run("label", sid, "winter league")[0] == 0
    return sid


def listed(run, *options: str) -> list[str]:
    return [row["id"] for row in json.loads(run("list", "--json", *options)[1])]


def test_delete_then_restore_brings_the_session_back_whole(run, home, labelled):
    sid = labelled
    before = json.loads(run("stats", "--json", "--label", "winter league")[1])
    stored = (home / "sessions" / f"{sid}.json").read_bytes()
    code, out, _err = run("delete", sid, "--yes")
    assert code == 0 and "moved session" in out and f"uno-referee restore {sid}" in out
    assert listed(run) == [] and listed(run, "--trash") == [sid]
    assert sid in run("list", "--trash")[1]
    # In the trash, counted nowhere; the book keeps the label for the way back.
    assert json.loads(run("stats", "--json")[1])["sessions"] == []
    book = json.loads((home / "league.json").read_text(encoding="utf-8"))
    assert book["labels"] == {sid: ["winter league"]}
    code, _out, err = run("stats", "--label", "winter league")
    assert code == 2 and "only deleted sessions have it" in err

    code, out, _err = run("restore", sid)
    assert code == 0 and out == f"restored session {sid}, with its labels\n"
    assert (home / "sessions" / f"{sid}.json").read_bytes() == stored
    assert listed(run) == [sid] and listed(run, "--trash") == []
    [row] = json.loads(run("list", "--json")[1])
    assert row["labels"] == ["winter league"] and row["moves"] == 26
    assert json.loads(run("stats", "--json", "--label", "winter league")[1]) == before


def test_the_trash_is_a_folder_in_the_data_folder(run, home, labelled):
    assert run("delete", labelled, "--yes")[0] == 0
    assert not (home / "sessions" / f"{labelled}.json").exists()
    assert (home / "trash" / "sessions" / f"{labelled}.json").is_file()
    assert run("list", "--trash", "--json")[0] == 0
    code, out, _err = run("list", "--trash")
    assert code == 0 and labelled in out and "winter league" in out


def test_purge_removes_a_session_in_the_trash_for_good_with_its_labels(run, home, labelled):
    sid = labelled
    code, _out, err = run("delete", sid, "--purge", "--yes")
    assert code == 2 and "no session" in err and "in the trash" in err
    assert listed(run) == [sid]
    assert run("delete", sid, "--yes")[0] == 0
    code, out, _err = run("delete", sid, "--purge", "--yes")
    assert code == 0 and out == f"removed session {sid} for good\n"
    assert listed(run, "--trash") == []
    assert json.loads((home / "league.json").read_text(encoding="utf-8"))["labels"] == {}
    code, _out, err = run("restore", sid)
    assert code == 2 and "no session" in err and "in the trash" in err
    assert "the trash is empty" in run("list", "--trash")[1]


def test_a_session_open_for_recording_is_not_moved(home):
    service = SessionService(home)
    sid = service.import_text(FIVE.read_text(encoding="utf-8"), "five.uno").id
    with service.open(sid), pytest.raises(SessionLocked):
        service.delete(sid)
    assert service.layout.session(sid).exists()
    assert service.trashed().sessions == ()
    service.delete(sid)
    with pytest.raises(SessionNotFound):
        service.delete(sid)
    assert service.restore(sid.upper()) == sid
    with pytest.raises(SessionNotFound):
        service.restore(sid)


def test_a_new_session_never_takes_the_id_of_one_in_the_trash(home, monkeypatch):
    service = SessionService(home)
    text = FIVE.read_text(encoding="utf-8")
    sid = service.import_text(text, "five.uno").id
    service.delete(sid)
    ids = iter([sid, "bbbbbb"])
    monkeypatch.setattr(sessions_module, "new_id", lambda: next(ids))
    assert service.import_text(text, "five.uno", again=True).id == "bbbbbb"
    assert service.restore(sid) == sid
    assert {info.id for info in service.list().sessions} == {sid, "bbbbbb"}


def test_a_restore_never_overwrites_a_stored_session(home):
    service = SessionService(home)
    sid = service.import_text(FIVE.read_text(encoding="utf-8"), "five.uno").id
    service.delete(sid)
    # Planted by hand (or an older version): a stored session with the same id.
    trashed = service.trash.session(sid).read_bytes()
    service.layout.session(sid).write_bytes(trashed)
    with pytest.raises(sessions_module.SaveFailed, match="left there"):
        service.restore(sid)
    assert service.trash.session(sid).read_bytes() == trashed
