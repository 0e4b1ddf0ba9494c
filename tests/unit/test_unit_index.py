"""The index of the shipped units (`referee.engine.unit_index`) says what the units declare,
and loading only some of them first leaves every registry as a full load makes it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from referee.engine import unit_index

ROOT = Path(__file__).resolve().parents[2]


def _run(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_index_is_what_the_units_declare() -> None:
    made = _run("from referee.engine.unit_index_build import collect; print(repr(collect()))")
    expected = {
        "MODULES": unit_index.MODULES,
        "EDITIONS": unit_index.EDITIONS,
        "TITLES": unit_index.TITLES,
        "HOUSE": unit_index.HOUSE,
        "OPTIONS": unit_index.OPTIONS,
    }
    assert made.strip() == repr(expected), (
        "the units changed: run python -m referee.engine.unit_index_build"
    )


_REGISTRIES = """
import json, sys
from referee.engine import units
from referee.engine.cards import _CARDS, KINDS
from referee.engine.messages import CATALOGUE
from referee.engine.options import SPECS
from referee.engine.rules import IDS, VARIANTS
from referee.engine.setup import editions, resolve
FIRST = json.loads(sys.argv[1])
for rules, edition, overrides in FIRST:
    try:
        resolve(rules, edition, tuple(map(tuple, overrides)))
    except ValueError:
        pass
editions()
print(json.dumps({
    "editions": list(units.EDITIONS),
    "house": list(units.HOUSE_RULES),
    "specs": [repr(spec) for spec in SPECS.values()],
    "ids": list(IDS),
    "variants": [[repr(v) for v in vs] for vs in VARIANTS.values()],
    "cards": [(code, face.index) for code, face in _CARDS.items()],
    "kinds": list(KINDS),
    "catalogue": list(CATALOGUE),
    "values": {
        f"{rules} {edition}": dict(resolve(rules, edition))
        for rules in ("en", "jp") for edition in units.EDITIONS
    },
}))
"""


def _registries(first: list[tuple[str, str, list[tuple[str, str]]]]) -> object:
    """The registries, in order, after resolving the tables `first` (which load some units)
    and then listing every edition (which loads the rest)."""
    done = subprocess.run(
        [sys.executable, "-c", _REGISTRIES, json.dumps(first)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize(
    "first",
    [
        [("en", "flip", [])],
        [("jp", "nomercy", []), ("en", "classic", [("stacking", "on")])],
        [("en", "swap", [("seven-o", "on")]), ("en", "minecraft", [])],
        [("en", "classic", [("jump-in", "on")])],
        [("en", "classic", [("no-such-key", "on")])],
    ],
    ids=str,
)
def test_loading_some_units_first_leaves_the_registries_as_a_full_load(
    first: list[tuple[str, str, list[tuple[str, str]]]],
) -> None:
    assert _registries(first) == _registries([])


def test_a_table_is_resolved_alike_with_some_or_every_unit_loaded() -> None:
    code = """
import json, sys
from referee.engine.setup import resolve, editions
cases = [("en", "classic", ()), ("jp", "classic", ()), ("en", "classic", (("mercy", "25"),)),
         ("jp", "nomercy", ()), ("en", "swap", (("seven-o", "on"),)), ("en", "flip", ())]
if sys.argv[1] == "all":
    editions()
print(json.dumps([list(resolve(*case).items()) for case in cases]))
"""
    some, every = (
        subprocess.run(
            [sys.executable, "-c", code, how], capture_output=True, text=True, cwd=ROOT, check=True
        ).stdout
        for how in ("some", "all")
    )
    assert some == every


def test_an_unknown_option_lists_every_one_in_a_fresh_process() -> None:
    # Only the units a session names are loaded; an error that lists them all loads them all.
    shown = _run(
        "from referee.engine.setup import resolve, OptionError\n"
        "try:\n"
        "    resolve('en', 'classic', (('nope', 'on'),))\n"
        "except OptionError as exc:\n"
        "    print(exc)\n"
    )
    assert f"(known: {', '.join(unit_index.OPTIONS)})" in shown


def test_an_unknown_edition_lists_every_one_in_a_fresh_process(tmp_path: Path) -> None:
    source = tmp_path / "nope.uno"
    source.write_text(
        '[Edition "nope"]\n[Rules "en"]\n[Scoring "none"]\n[Players "Ann, Bob"]\n',
        encoding="utf-8",
    )
    done = subprocess.run(
        [sys.executable, "-m", "referee.cli", "--lang", "en", "check", str(source)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert f"(editions: {', '.join(unit_index.EDITIONS)})" in done.stderr
