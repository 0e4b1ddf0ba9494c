"""One matching rule: a misplay is a card the play check refuses, so a house rule that refuses
a play (registered here, from outside the engine) makes that card a misplay too."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from referee.engine import events as ev
from referee.engine.options import SPECS, option
from referee.engine.rules import IDS, VARIANTS, rule
from referee.engine.ruling import Refusal
from referee.engine.state import Game, Table
from referee.engine.turn import Say as Turn
from referee.engine.units import HouseRule, register, unregister
from tests.unit.rules_helpers import misplay, ok, play, refused, table

KEY = "no-skip-on-skip"


@pytest.fixture
def no_skip_on_skip() -> Iterator[str]:
    """The house rule "a Skip may not be played on a Skip", registered for one test."""
    option(
        KEY,
        ("off", "on"),
        "off",
        "off",
        "Whether a Skip may be played on a Skip.",
        "A house rule of this test.",
        unit=KEY,
    )
    rid = rule(
        KEY,
        "A Skip may not be played on a Skip.",
        "A house rule of this test.",
        when=((KEY, "on"),),
        unit=KEY,
    )

    class NoSkipOnSkip(HouseRule):
        key = KEY

        def check_play(self, g: Game, t: Table, seat: int, play: ev.Play) -> None:
            top = t.top
            if play.card.kind == "s" and top is not None and top.kind == "s":
                raise Refusal(rid, Turn.no_match(card=play.card, top=top))

    register(NoSkipOnSkip)
    try:
        yield rid
    finally:
        unregister(NoSkipOnSkip)
        del SPECS[KEY], VARIANTS[IDS.pop(KEY)]


def test_a_card_the_house_rule_refuses_is_a_misplay(no_skip_on_skip: str) -> None:
    overrides: dict[str, Any] = {KEY.replace("-", "_"): "on"}
    ref = table(**overrides)
    ok(play(ref, "Ann", "rs"))  # Bob is skipped
    refused(play(ref, "Cy", "gs"), no_skip_on_skip)
    # The same card put down and caught: the play check refuses it, so it is a misplay.
    ok(misplay(ref, "Cy", "gs"), "misplay")


def test_without_the_house_rule_a_skip_on_a_skip_is_not_a_misplay() -> None:
    ref = table()
    ok(play(ref, "Ann", "rs"))
    refused(misplay(ref, "Cy", "gs"), "misplay")
    ok(play(ref, "Cy", "gs"))
