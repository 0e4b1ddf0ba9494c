"""Random tables for self-play: player counts and option overrides drawn from every value."""

from __future__ import annotations

import random

from referee.engine.events import Header
from referee.engine.options import INT
from referee.engine.setup import editions, house_rules, option_specs

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "太郎", "花子", "Mary Ann", "Zoë", "Jo")
_INT_CHOICES = {
    "uno-penalty": ("1", "2", "4"),
    "false-catch-penalty": ("0", "1", "2"),
    "misplay-penalty": ("1", "2"),
    "coaching-penalty": ("2", "4"),
    "hand-size": ("5", "7", "10"),
    "mercy": ("off", "15", "25"),
    "ko-bonus": ("0", "250"),
}


def random_header(
    rng: random.Random,
    edition: str,
    rules: str,
    players: int | None = None,
    vary: float = 0.3,
    fixed: tuple[tuple[str, str], ...] = (),
) -> Header:
    """A header with a random seating and, for each option, a random override with chance `vary`;
    `fixed` overrides are always set."""
    count = players or rng.choice((2, 3, 4, 4, 4, 5, 6, 10))
    overrides: list[tuple[str, str]] = list(fixed)
    forced = {key for key, _ in fixed}
    for key, option in option_specs().items():
        if key in forced or rng.random() >= vary:
            continue
        if option.values == INT or key in _INT_CHOICES:
            choices: tuple[str, ...] = _INT_CHOICES[key]
        else:
            choices = tuple(v for v in option.values if v != INT)
        overrides.append((key, rng.choice(choices)))
    # Values the edition refuses at setup (All Wild's go-out-on-action forbidden, Flip's
    # stacking...).
    refused = editions()[edition].refuses
    overrides = [(k, v) for k, v in overrides if (k, v) not in refused]
    if count == 10:
        # Ten hands of ten do not fit in a 108-card deck.
        overrides = [(k, v) for k, v in overrides if k != "hand-size"]
    return Header(
        edition=edition,
        players=NAMES[:count],
        scoring="none",
        rules=rules,
        overrides=tuple(overrides),
    )


def house_rule_settings() -> list[tuple[str, str]]:
    """Every registered house rule turned on, once per value of its key that is not off (a
    number key: the values self-play draws for it), in registration order."""
    settings = []
    specs = option_specs()
    for unit in house_rules().values():
        values = specs[unit.key].values
        if values == INT or INT in values:
            values = _INT_CHOICES[unit.key]
        settings += [(unit.key, value) for value in values if value not in (unit.off, INT)]
    return settings
