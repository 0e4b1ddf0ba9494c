"""The league book survives what the machine does to it (issue 24): a book that cannot be read is
never written over, a named pipe in its place hangs nothing, a killed writer's temp file goes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from referee.stats.league import BookError, League, change_league, load_league, save_league
from referee.store.paths import Layout
from tests.unit.pipes import named_pipe

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "sample_sessions" / "classic-challenge-catch.uno"
DEADLINE = 120
"""Seconds a command run in its own process has; one that hangs on a named pipe never ends."""


def merged_book(run: Callable[..., tuple[int, str, str]], home: Path) -> tuple[str, bytes]:
    """A stored session, Bob merged into Alice and the session labelled: its id, the book."""
    code, out, _err = run("import", str(SAMPLE))
    assert code == 0
    sid = out.strip()
    assert run("players", "merge", "Alice", "Bob")[0] == 0
    assert run("label", sid, "club")[0] == 0
    return sid, (home / "league.json").read_bytes()


def test_an_unreadable_book_is_never_written_over(run, home, unreadable) -> None:
    sid, before = merged_book(run, home)
    book = home / "league.json"
    unreadable(book)
    for argv in (
        ("players", "guest", "Carol"),
        ("players", "merge", "Alice", "Dave"),
        ("players", "split", "Bob"),
        ("label", sid, "winter"),
    ):
        code, _out, err = run(*argv)
        assert code == 2, argv
        assert f"the league book {book} could not be read (" in err
        assert "nothing was changed" in err
    # Readers say so and go on without it.
    code, out, err = run("stats", "--json")
    assert code == 0 and "could not be read" in err and "standings are shown without" in err
    assert {line["name"] for line in json.loads(out)["players"]} >= {"Alice", "Bob"}
    code, out, err = run("players", "list")
    assert code == 0 and "could not be read" in err
    # Spelt another way, the book reads as it always did: nothing was written over it.
    with open(os.path.join(home, ".", "league.json"), "rb") as stream:
        assert stream.read() == before
    assert not (home / "quarantine").exists()


def test_a_folder_in_the_books_place_is_left_alone(tmp_path: Path) -> None:
    layout = Layout(tmp_path)
    book = tmp_path / "league.json"
    book.mkdir()
    league, warning = load_league(layout)
    assert league == League() and warning is not None and str(book) in warning
    with pytest.raises(BookError, match=r"could not be read .*nothing was changed"):
        change_league(layout, lambda b: b.guests.add("Zed"))
    assert book.is_dir()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_in_the_books_place_is_never_waited_on(tmp_path: Path) -> None:
    layout = Layout(tmp_path)
    book = tmp_path / "league.json"
    with named_pipe(book) as waited:
        league, warning = load_league(layout)
        assert not waited.is_set()
        assert league == League() and warning is not None
        assert "(a named pipe, not a file)" in warning
        with pytest.raises(BookError, match=r"could not be read .*nothing was changed"):
            change_league(layout, lambda b: b.guests.add("Zed"))
        assert not waited.is_set()
    assert book.is_fifo()


def test_a_damaged_book_that_cannot_be_set_aside_is_not_written_over(tmp_path: Path) -> None:
    layout = Layout(tmp_path)
    book = tmp_path / "league.json"
    book.write_text("{damaged", encoding="utf-8")
    (tmp_path / "quarantine").write_text("a file where the folder would go", encoding="utf-8")
    league, warning = load_league(layout)
    assert league == League() and warning is not None and "could not be set aside" in warning
    with pytest.raises(BookError, match=r"could not be set aside .*nothing was changed"):
        change_league(layout, lambda b: b.guests.add("Zed"))
    assert book.read_text(encoding="utf-8") == "{damaged"


def test_a_book_nested_too_deep_is_set_aside_as_damaged(tmp_path: Path) -> None:
    layout = Layout(tmp_path)
    book = tmp_path / "league.json"
    book.write_text(
        '{"version": 1, "labels": {"x": ' + "[" * 40 + "]" * 40 + "}}", encoding="utf-8"
    )
    league, warning = load_league(layout)
    assert league == League() and warning is not None
    assert "nests more than 32 levels" in warning and "moved to" in warning


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
@pytest.mark.parametrize("argv", [("stats",), ("players", "list"), ("players", "guest", "Alice")])
def test_a_named_pipe_as_the_book_hangs_no_command(tmp_path: Path, argv: tuple[str, ...]) -> None:
    home = tmp_path / "home"
    env = {**os.environ, "UNO_REFEREE_HOME": str(home)}
    command = [sys.executable, "-m", "referee.cli"]
    subprocess.run(
        [*command, "import", str(SAMPLE)],
        env=env,
        check=True,
        capture_output=True,
        timeout=DEADLINE,
    )
    os.mkfifo(home / "league.json")
    done = subprocess.run(
        [*command, *argv], env=env, capture_output=True, text=True, timeout=DEADLINE
    )
    assert done.returncode == (2 if "guest" in argv else 0), done.stderr
    assert "a named pipe, not a file" in done.stderr
    assert (home / "league.json").is_fifo()


def test_a_killed_writers_temp_file_is_swept(run, home) -> None:
    merged_book(run, home)
    stale = home / ".league.json.k1ll3d.tmp"
    stale.write_bytes(b'{"version": 1, "ali')
    assert run("list")[0] == 0
    assert not stale.exists()
    stale.write_bytes(b"")
    assert run("players", "guest", "Carol")[0] == 0
    assert not stale.exists()


def test_a_saved_book_reads_back_through_the_checked_reader(tmp_path: Path) -> None:
    layout = Layout(tmp_path)
    league = League({"Bobby": "Bob"}, {"Zed"}, {"abc234": ["[club]", "{winter}"]})
    save_league(layout, league)
    assert load_league(layout) == (league, None)
