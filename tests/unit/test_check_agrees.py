"""`check` is the ruling `apply` would give, and asking it changes nothing (issue 11).

Every move of every sample here; every move of the self-play games in `test_selfplay.py` (the
simulator asks `check` before each `apply`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.engine import Referee
from referee.engine.public import public_state
from referee.notation import parse_session

SAMPLES = sorted((Path(__file__).resolve().parents[2] / "sample_sessions").glob("*.uno"))


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_check_agrees_with_apply_on_every_sample_move(path: Path) -> None:
    session = parse_session(path.read_text(encoding="utf-8"), path.name)
    ref = Referee(session.header)
    for line, event in zip(session.lines, session.events, strict=True):
        state = ref.state
        shown = public_state(state)
        asked = ref.check(event)
        assert ref.state is state and public_state(ref.state) == shown, f"line {line}"
        ruled = ref.apply(event)
        assert (asked.ok, asked.rule, asked.parts, asked.notable) == (
            ruled.ok,
            ruled.rule,
            ruled.parts,
            ruled.notable,
        ), f"line {line}: {event}"
        assert ruled.ok, f"line {line}: {ruled.parts}"


def test_check_of_a_refused_move_agrees_and_changes_nothing() -> None:
    session = parse_session((SAMPLES[0]).read_text(encoding="utf-8"), SAMPLES[0].name)
    ref = Referee(session.header)
    for event in session.events:
        ref.apply(event)
    # Replaying the last move again is refused by both, the same way.
    last = session.events[-1]
    shown = public_state(ref.state)
    asked, ruled = ref.check(last), ref.apply(last)
    assert not asked.ok and (asked.rule, asked.parts) == (ruled.rule, ruled.parts)
    assert public_state(ref.state) == shown
