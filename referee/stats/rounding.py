"""How the statistics round a rate or an average: half up (away from zero), as people do.

Python's `round` and `format` round half to even, and on the binary float: 2.25 showed as 2.2
and 12.5% as 12%. Clubs check figures by hand, where a half goes up: 2.3 and 13%.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal


def half_up(value: float, places: int, scale: int = 0) -> Decimal:
    """`value` times 10**`scale`, rounded to `places` decimals, halves away from zero
    (2.25 -> 2.3, -2.25 -> -2.3; 0.125 scaled by 2 -> 13).

    The float is read by its shortest repr, which for a ratio of two counts is its exact
    decimal when that has a last digit 5 to round (9/4 is 2.25, 3/20 is 0.15, not the binary
    0.1499...); the scaling is done on that decimal, never on the float."""
    exact = Decimal(repr(value)).scaleb(scale)
    result = exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    # -0.0 is 0.0: a mean of -0.04 is shown as 0.0, as a person would write it.
    return result.copy_abs() if result.is_zero() else result


def rounded(value: float | None, places: int = 3) -> float | None:
    """`half_up` as a float for JSON and CSV (None stays None)."""
    return None if value is None else float(half_up(value, places))


def percent(value: float | None) -> str:
    """`13%` for 0.125; `-` for no value."""
    return "-" if value is None else f"{half_up(value, 0, scale=2)}%"


def mean(value: float | None) -> str:
    """`2.3` for 2.25; `-` for no value."""
    return "-" if value is None else str(half_up(value, 1))
