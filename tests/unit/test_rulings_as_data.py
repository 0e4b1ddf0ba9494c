"""Rulings reach programs as data (issue 25): `replay --json` gives each record its rule id,
catalogue keys and parameters, and those alone say the ruling in either language, word for word
as the program says it."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from referee import cli
from referee.engine.messages import from_data, to_data
from referee.i18n import LANGUAGES
from referee.render import each, render_data

SAMPLES = sorted((Path(__file__).resolve().parents[2] / "sample_sessions").glob("*.uno"))


def replay_json(path: Path, lang: str) -> list[dict[str, object]]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = cli.main(["replay", "--json", "--lang", lang, str(path)])
    assert code == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_every_record_is_said_from_its_rule_key_and_params_alone(path: Path) -> None:
    for lang in LANGUAGES:
        records = replay_json(path, lang)
        assert records
        for record in records:
            assert isinstance(record["rule"], str) and record["rule"]
            keys, params = record["key"], record["params"]
            assert isinstance(keys, list) and keys and len(keys) == len(params)  # type: ignore[arg-type]
            # The words, from the data alone, in the language the record was printed in...
            assert render_data(keys, params, lang) == record["ruling"]  # type: ignore[arg-type]
            # ...and what the table waits for, likewise.
            state = record["state"]
            assert isinstance(state, dict)
            pending = from_data(state["pending_key"], state["pending_params"])
            assert each(pending, lang) == state["pending"]


def test_the_data_is_the_same_in_every_language() -> None:
    """Data, not words: only `ruling` (and `pending`) change with the language."""
    path = SAMPLES[0]
    english, japanese = replay_json(path, "en"), replay_json(path, "ja")
    for en, ja in zip(english, japanese, strict=True):
        assert (en["rule"], en["key"], en["params"]) == (ja["rule"], ja["key"], ja["params"])
        assert en["ruling"] != ja["ruling"]


def test_data_reads_back_as_the_same_messages() -> None:
    """Every typed value (cards, colours, words, names, quoted rulings) survives JSON."""
    for path in SAMPLES:
        for record in replay_json(path, "en"):
            keys, params = record["key"], record["params"]
            parts = from_data(keys, params)  # type: ignore[arg-type]
            again = json.loads(json.dumps(to_data(parts)))
            assert again == [keys, params]


def test_data_that_is_not_the_catalogues_is_refused() -> None:
    with pytest.raises(ValueError):
        from_data(["no.such.key"], [{}])
    with pytest.raises(ValueError):
        from_data(["turn.played"], [{"player": "Ann"}])  # a field missing
