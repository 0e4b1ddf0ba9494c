"""Writes `unit_index`: which shipped unit brings which edition and option.

Run `python -m referee.engine.unit_index_build` after changing an edition or house rule (a test
compares the file with what this makes). It loads the units one by one, in the order a full
load takes, in a fresh interpreter, and notes what each one added.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

HEAD = '''"""Which shipped unit brings which edition and option (made by `unit_index_build`).

Generated: do not edit; run `python -m referee.engine.unit_index_build`. The engine reads it to
load only the units a session needs (`setup.resolve`, `units.load_through`).
"""
'''


def collect() -> dict[str, object]:
    """What `unit_index` holds, read from the units as they are (none may be loaded yet)."""
    from . import units
    from .options import SPECS
    from .units import EDITIONS, HOUSE_RULES, standard_modules

    if units.loaded_through() or EDITIONS or HOUSE_RULES:
        raise SystemExit("the units are loaded already: run this in a fresh interpreter")
    modules = standard_modules()
    editions: dict[str, int] = {}
    house: dict[str, tuple[int, str]] = {}
    owners: dict[str, int] = dict.fromkeys(SPECS, -1)
    for position, module in enumerate(modules):
        importlib.import_module(module)
        for edition in EDITIONS:
            editions.setdefault(edition, position)
        for cls in HOUSE_RULES.values():
            house.setdefault(cls.key, (position, cls.off))
        for key in SPECS:
            owners.setdefault(key, position)
    return {
        "MODULES": tuple(modules),
        "EDITIONS": editions,
        "TITLES": {edition: cls.deck.title for edition, cls in EDITIONS.items()},
        "HOUSE": house,
        "OPTIONS": {key: (owners[key], spec.en, spec.jp) for key, spec in SPECS.items()},
    }


def make() -> str:
    """The text of `unit_index.py`."""
    found = collect()
    modules, editions, titles, house, options = (
        found["MODULES"],
        found["EDITIONS"],
        found["TITLES"],
        found["HOUSE"],
        found["OPTIONS"],
    )
    lines = [
        HEAD,
        f"MODULES = {modules!r}",
        '"""The shipped unit modules, in the order a full load imports them."""',
        f"EDITIONS = {editions!r}",
        '"""Edition id -> position in MODULES of the module that registers it."""',
        f"TITLES = {titles!r}",
        '"""Edition id -> its deck\'s title as the catalogue holds it (English): a list names',
        'editions without loading them."""',
        f"HOUSE = {house!r}",
        '"""A house rule\'s option key -> (position of its module, the value that leaves',
        'it off)."""',
        f"OPTIONS = {options!r}",
        '"""Every option key, in the order of a full load -> (position of the module that',
        'declares it, -1 for the core; default under the `en` rules; under `jp`)."""',
    ]
    return "\n".join(lines) + "\n"


def main() -> None:
    text = make()
    target = Path(__file__).with_name("unit_index.py")
    target.write_text(text, encoding="utf-8")
    import subprocess

    subprocess.run([sys.executable, "-m", "ruff", "format", "-q", str(target)], check=False)


if __name__ == "__main__":
    main()
