"""Rulings record typed facts beside their words (what the statistics count)."""

from __future__ import annotations

from referee.engine.facts import Fact
from tests.unit.rules_helpers import catch, challenge, misplay, ok, penalty, play, table


def test_a_catch_records_who_was_caught_and_what_they_drew() -> None:
    ref = table(hand_size=2)
    ok(play(ref, "Ann", "r5"))
    out = ok(catch(ref, "Bob", "Ann"))
    assert out.ruling.facts == (Fact("caught", "Ann"), Fact("penalty", "Ann", 2))


def test_a_misplay_and_a_table_penalty_record_their_cards() -> None:
    ref = table()
    out = ok(misplay(ref, "Ann", "g3"))
    assert out.ruling.facts == (Fact("misplay", "Ann"), Fact("penalty", "Ann", 2))
    out = ok(penalty(ref, "Cy", 1, "slow play"))
    assert out.ruling.facts == (Fact("table-penalty", "Cy"), Fact("penalty", "Cy", 1))


def test_a_guilty_challenge_records_the_offender() -> None:
    ref = table()
    ok(play(ref, "Ann", "w+4", "blue"))
    out = ok(challenge(ref, "Bob", "guilty"))
    assert out.ruling.facts == (Fact("guilty", "Ann"), Fact("penalty", "Ann", 4))


def test_an_ordinary_move_records_nothing() -> None:
    ref = table()
    assert ok(play(ref, "Ann", "r5")).ruling.facts == ()
    assert ok(play(ref, "Bob", "r6")).ruling.facts == ()
