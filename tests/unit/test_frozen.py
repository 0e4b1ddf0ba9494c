"""The engine's value classes (`engine.frozen`) keep what `@dataclass(frozen=True)` gave them:
equality by fields (or by identity where it was `eq=False`), hashing, frozen fields, printing,
copies with fields changed, and the checks they make when made."""

from __future__ import annotations

import copy
import pickle

import pytest

from referee.engine.cards import card
from referee.engine.events import Header, Play
from referee.engine.frozen import FrozenInstanceError
from referee.engine.scoring import ScoringSystem
from referee.engine.state import OwedDraw, PendingDraw
from referee.engine.waiting import Wait

HEADER = Header("classic", ("Ann", "Bob"), scoring="target 500")


def test_equal_by_class_and_fields_in_order():
    assert Header("classic", ("Ann", "Bob"), "target 500") == HEADER
    assert Header("classic", ("Bob", "Ann"), "target 500") != HEADER
    assert hash(HEADER) == hash(Header("classic", ("Ann", "Bob"), "target 500"))
    assert Play(card("r5")) != Play(card("r5"), uno=True)
    # One field alike is not enough: the class counts.
    assert ScoringSystem("none") != Wait("turn", ("k", ()))  # type: ignore[arg-type]


def test_cards_are_equal_only_to_themselves():
    face = card("r5")
    assert face == card("r5") and face is card("r5")
    twin = copy.copy(face)
    assert twin is not face and twin != face
    assert {face: 1}[card("r5")] == 1


def test_replace_gives_a_changed_copy():
    assert HEADER._replace(scoring="rounds 3") == Header("classic", ("Ann", "Bob"), "rounds 3")
    assert HEADER.scoring == "target 500"
    with pytest.raises(TypeError, match="no field"):
        HEADER._replace(scorin="rounds 3")
    # A copy is made through `__init__`, so it is checked as a new one is.
    with pytest.raises(ValueError):
        ScoringSystem("rounds", 5)._replace(limit=0)


def test_frozen_printed_and_pickled():
    owed = OwedDraw(1, 2, "rule")  # type: ignore[arg-type]
    with pytest.raises(FrozenInstanceError):
        owed.seat = 0  # type: ignore[misc]
    with pytest.raises(AttributeError):  # as dataclasses' FrozenInstanceError is one
        del owed.then
    assert repr(owed) == "OwedDraw(seat=1, then=2, rule='rule', winner=None)"
    assert pickle.loads(pickle.dumps(HEADER)) == HEADER
    pending = PendingDraw(0, 1, card("w+4"), 4, card("r5"), "r", 3, "rule")  # type: ignore[arg-type]
    assert (pending.wd4s, pending.until) == (1, False)
    assert copy.deepcopy(pending).amount == 4


def test_scoring_is_checked_when_made():
    with pytest.raises(ValueError):
        ScoringSystem("target")
    with pytest.raises(ValueError):
        ScoringSystem("sometimes", 3)
