"""The events behave as frozen dataclasses do: equal only to an event of their own class with
equal fields, hashable, frozen, copied, printed and matched by their fields."""

from __future__ import annotations

import copy
import pickle

import pytest

from referee.engine import events
from referee.engine.cards import card
from referee.engine.events import (
    CardPlayed,
    CardsDrawn,
    DealerNamed,
    DrawAccepted,
    HandAdjusted,
    Play,
    TurnOverridden,
    UnoCalled,
)
from referee.engine.frozen import FrozenInstanceError

EVENTS = [
    value
    for value in vars(events).values()
    if isinstance(value, type) and issubclass(value, events._Event) and value is not events._Event
]


def test_every_event_class_is_one_of_the_log():
    assert len(EVENTS) == 19
    assert set(EVENTS) == set(events.Event.__args__)  # type: ignore[attr-defined]


def test_equal_fields_of_different_events_are_not_equal():
    # The same single field, "Ann": a dealer named is not a call of UNO nor an accepted draw.
    alike = [DealerNamed("Ann"), UnoCalled("Ann"), DrawAccepted("Ann"), TurnOverridden("Ann")]
    for i, one in enumerate(alike):
        for other in alike[i + 1 :]:
            assert one != other
            assert (one == other) is False
    assert len(set(alike)) == 4
    assert DealerNamed("Ann") != ("Ann",)


def test_equal_and_hashed_by_class_and_fields():
    play = Play(card("r5"))
    assert CardPlayed("Ann", play) == CardPlayed(player="Ann", play=Play(card("r5")))
    assert hash(CardsDrawn("Bob", 2, counted=True)) == hash(CardsDrawn("Bob", 2, True))
    assert CardsDrawn("Bob") != CardsDrawn("Bob", counted=True)
    assert {CardsDrawn("Bob"): 1}[CardsDrawn("Bob", 1, False, None)] == 1


def test_defaults_repr_and_matching():
    drawn = CardsDrawn("Bob")
    assert (drawn.count, drawn.counted, drawn.play) == (1, False, None)
    assert repr(HandAdjusted("Cy", -2)) == "HandAdjusted(player='Cy', delta=-2, reason=None)"
    match HandAdjusted("Cy", 3, "misdeal"):
        case HandAdjusted(who, delta, reason=why):
            assert (who, delta, why) == ("Cy", 3, "misdeal")
        case _:
            pytest.fail("not matched by its fields")


def test_frozen_copied_and_pickled():
    event = CardsDrawn("Bob", 2, True)  # (a card is its interned self: not copied here)
    with pytest.raises(FrozenInstanceError):
        event.count = 3  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        del event.player
    assert not hasattr(event, "__dict__")
    for twin in (copy.copy(event), copy.deepcopy(event), pickle.loads(pickle.dumps(event))):
        assert twin == event and type(twin) is CardsDrawn
