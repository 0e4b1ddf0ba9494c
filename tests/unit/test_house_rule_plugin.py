"""A house rule is one module: this test writes one, registers it and plays it (issue 11).

"A Blue 0 may be played on any colour", written here with no edit anywhere else: its option,
its rule id with text and source, and the one hook it needs (`matches`)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from referee.engine import Referee, SetupError
from referee.engine import events as ev
from referee.engine.cards import Card
from referee.engine.options import SPECS, option
from referee.engine.rules import IDS, VARIANTS, RuleId, rule
from referee.engine.setup import option_specs, rules_in_force
from referee.engine.state import Game, Table
from referee.engine.units import HouseRule, register, unregister
from referee.notation import parse_move
from referee.suggest import completions

KEY = "blue-zero"


def declare() -> type[HouseRule]:
    """The whole house rule, as its module would hold it."""
    key = option(
        KEY,
        ("off", "on"),
        "off",
        "off",
        "A Blue 0 may be played on any colour.",
        "house rule of this test",
        unit=KEY,
    )
    blue_zero = rule(
        KEY,
        "Blue Zero: a Blue 0 may be played on any colour.",
        "house rule of this test",
        when=((key, "on"),),
        unit=KEY,
    )

    class BlueZero(HouseRule):
        def matches(self, g: Game, t: Table, seat: int, face: Card) -> RuleId | None:
            return blue_zero if face.code == "b0" else None

    BlueZero.key = key
    return BlueZero


@pytest.fixture
def blue_zero() -> Iterator[type[HouseRule]]:
    unit = register(declare())
    try:
        yield unit
    finally:
        unregister(unit)
        # The declarations go too, so that another test may declare them again.
        del SPECS[KEY]
        VARIANTS.pop(IDS.pop(KEY))


def header(on: str | None) -> ev.Header:
    overrides = ((KEY, on),) if on is not None else ()
    return ev.Header("classic", ("Ann", "Bob", "Cy"), overrides=overrides)


def at_red_seven(head: ev.Header) -> Referee:
    ref = Referee(head)
    for event in (ev.RoundStarted(1), ev.DealerNamed("Cy"), parse_move("start r7", head)):
        assert ref.apply(event).ok
    return ref


def test_the_registered_rule_plays(blue_zero: type[HouseRule]) -> None:
    head = header("on")
    ref = at_red_seven(head)
    move = parse_move("Ann: b0", head)
    assert ref.check(move).ok
    ruling = ref.apply(move)
    assert (ruling.ok, ruling.rule) == (True, KEY)
    assert KEY in [variant.id for variant in rules_in_force(ref.options.values, "classic")]
    assert KEY in option_specs()
    # The move box offers it, as the referee accepts it.
    ref = at_red_seven(head)
    assert "Ann: b0" in completions(ref)


def test_off_it_changes_nothing(blue_zero: type[HouseRule]) -> None:
    head = header(None)
    ref = at_red_seven(head)
    ruling = ref.apply(parse_move("Ann: b0", head))
    assert (ruling.ok, ruling.rule) == (False, "match")
    assert KEY not in [variant.id for variant in rules_in_force(ref.options.values, "classic")]
    assert "Ann: b0" not in completions(at_red_seven(head))


def test_unregistered_its_option_is_unknown(blue_zero: type[HouseRule]) -> None:
    unregister(blue_zero)
    assert KEY not in option_specs()
    with pytest.raises(SetupError, match=f"unknown rule option '{KEY}'"):
        Referee(header("on"))
    register(blue_zero)
    assert KEY in option_specs()


def test_the_option_is_refused_before_registering() -> None:
    with pytest.raises(SetupError, match=f"unknown rule option '{KEY}'"):
        Referee(header("on"))
