"""How hard the slow oracles push: all of it under CI (`CI=true`), a share of it on a developer's
machine, so that the README's test command stays quick; the share is always the first part of
what CI runs (the same seeds), never other work."""

from __future__ import annotations

import os


def on_ci() -> bool:
    """CI=true (or 1, yes): the run that decides whether a change lands."""
    return os.environ.get("CI", "").lower() not in ("", "0", "false", "no")


def kills(ci: int, local: int, variable: str = "CRASH_KILLS") -> int:
    """How many kills a crash test makes: `variable` if set, else `ci` under CI, else `local`."""
    chosen = os.environ.get(variable, "")
    if chosen:
        return int(chosen)
    return ci if on_ci() else local


def examples(ci: int, local: int) -> int:
    """Hypothesis's `max_examples` for a slow property: `ci` under CI, else `local` (random
    examples either way: a developer's run draws fewer of the same kind)."""
    return ci if on_ci() else local
