"""The league book: merges that chain, splits, guest marks that follow a merge, and a book
that cannot be read (issue 15)."""

from __future__ import annotations

import json

from referee.stats.league import League, book_path, change_league, load_league, save_league
from referee.store.paths import Layout


def test_merges_point_at_one_person():
    league = League()
    league.merge("Bob", "Bobby")
    league.merge("Robert", "Bob")  # Bob, and Bobby with him, are Robert now
    assert league.person("Bobby") == "Robert" and league.person("Bob") == "Robert"
    assert league.names_of("Robert") == ["Bob", "Bobby"]
    league.merge("Bobby", "Rob")  # merged into whoever Bobby is
    assert league.person("Rob") == "Robert"
    assert league.split("Bob") and league.person("Bob") == "Bob"
    assert not league.split("Bob")


def test_a_guest_mark_follows_the_merge():
    league = League(guests={"Zed"})
    league.merge("Zedd", "Zed")
    assert league.guests == {"Zedd"}


def test_the_book_reads_back_as_written(tmp_path):
    layout = Layout(tmp_path)
    league = League({"たろう": "太郎"}, {"Ken"}, {"abc234": ["冬", "club"]})
    save_league(layout, league)
    again, warning = load_league(layout)
    assert warning is None and again == league
    changed, _warning = change_league(layout, lambda book: book.guests.add("Zed"))
    assert changed.guests == {"Ken", "Zed"} and load_league(layout)[0].guests == {"Ken", "Zed"}


def test_a_book_that_merges_into_a_merged_name_is_set_aside(tmp_path):
    layout = Layout(tmp_path)
    path = book_path(layout)
    path.write_text(json.dumps({"version": 1, "aliases": {"a": "b", "b": "c"}}), encoding="utf-8")
    league, warning = load_league(layout)
    assert league == League() and warning is not None and "moved to" in warning
    assert not path.exists() and list((tmp_path / "quarantine").glob("league.*.json"))
    # A change after that starts a new book; the damaged one stays where it was put.
    change_league(layout, lambda book: book.merge("x", "y"))
    assert load_league(layout)[0].aliases == {"y": "x"}


def test_a_book_of_another_version_is_not_read_as_this_one(tmp_path):
    layout = Layout(tmp_path)
    book_path(layout).write_text('{"version": 99}', encoding="utf-8")
    league, warning = load_league(layout)
    assert league == League() and warning is not None
