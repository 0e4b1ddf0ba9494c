"""Limits that say so: sizes far beyond a real evening are refused, naming the limit."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from referee import cli
from referee.engine.events import Header
from referee.notation import NotationError, parse_move, parse_session
from referee.notation.limits import MAX_LINE_CHARS, shorten
from referee.render import render
from referee.service import SessionService

HEAD = '[Edition "classic"]\n[Scoring "none"]\n[Players "Ann, Bob"]\nround 1\ndealer Ann\n'


def test_a_line_over_the_limit_is_refused_where_it_is() -> None:
    text = HEAD + "start r5\nBob: " + "r5 " * 400 + "\n"
    with pytest.raises(NotationError) as caught:
        parse_session(text, "long.uno")
    assert str(caught.value) == (
        "long.uno:7:1001: the line is 1,205 characters long; the limit is 1,000"
    )
    with pytest.raises(NotationError, match="the limit is 1,000"):
        parse_move("Bob: " + "x" * MAX_LINE_CHARS, Header("classic", ("Ann", "Bob")))


def test_too_many_statements_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("referee.notation.limits.MAX_STATEMENTS", 5)
    text = HEAD + "start r5\nBob: r6\nAnn: r7\nBob: r8\n"
    with pytest.raises(NotationError) as caught:
        parse_session(text, "many.uno")
    assert str(caught.value) == (
        "many.uno:9:1: more than 5 statements; that is the limit of one session"
    )


def test_a_file_over_the_limit_is_not_read_whole(
    tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("referee.cli.common.MAX_FILE_BYTES", 1_000)
    big = tmp_path / "big.uno"
    big.write_text(HEAD + "# padding\n" * 200, encoding="utf-8")
    assert cli.main(["check", str(big)]) == 2
    assert capsys.readouterr().err == (
        f"{big}: larger than 1,000 bytes, the limit of a session file\n"
    )
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(big.read_bytes())))
    assert cli.main(["check", "-"]) == 2
    assert "larger than 1,000 bytes" in capsys.readouterr().err


def test_a_session_at_its_move_limit_refuses_more(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("referee.service.live.MAX_STATEMENTS", 3)
    service = SessionService(tmp_path)
    sid = service.create(Header("classic", ("Ann", "Bob")))
    with service.open(sid) as live:
        for move in ("round 1", "dealer Ann", "start r5"):
            assert live.record(move).ok
        refused = live.record("Bob: r6")
        assert not refused.ok
        assert render(refused.parts) == (
            "this session holds 3 moves, the limit of one session; start a new one"
        )
        assert len(live.moves) == 3


def test_a_refusal_repeats_at_most_a_line_of_the_input(tmp_path: Path) -> None:
    service = SessionService(tmp_path)
    sid = service.create(Header("classic", ("Ann", "Bob")))
    flood = "Bob: " + "z" * 500
    with service.open(sid) as live:
        refused = live.record(flood)
    assert not refused.ok and refused.text == shorten(flood) and len(refused.text) == 60


def test_a_stored_file_over_the_limit_is_set_aside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = SessionService(tmp_path)
    sid = service.create(Header("classic", ("Ann", "Bob")))
    monkeypatch.setattr("referee.store.atomic.MAX_STORED_BYTES", 100)
    listing = service.list(rebuild=True)
    assert listing.sessions == ()
    assert not service.layout.session(sid).exists()
    # The index is over the limit too: set aside and rebuilt, as the session is.
    assert len(listing.warnings) == 2
    assert all(
        "larger than 100 bytes, the limit of a stored session" in warning
        for warning in listing.warnings
    )
