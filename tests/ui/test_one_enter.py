"""One Enter does each step of a move once: the line is expanded, read and judged once, its
ruling put into words once, and the footer's keys ask about the keys' moves alone."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import pytest

from referee.engine import Referee
from referee.engine.events import CardPlayed, Event
from referee.notation import format_event
from screens.table_screen import TableScreen
from screens.widgets import MoveBox
from screens.widgets.ruling_log import RulingLog

from .conftest import settle


def counted(
    monkeypatch: pytest.MonkeyPatch,
    module: Any,
    names: tuple[str, ...],
    keep: Callable[..., bool] = lambda *args: True,
) -> list[tuple[Any, ...]]:
    """Count the calls of `module`'s functions `names`, under every name the app's modules
    hold them by (`from ... import`); a call made from inside another counted one is part of
    it. `keep(*args)` says which calls to count."""
    calls: list[tuple[Any, ...]] = []
    inside = [0]
    for name in names:
        original = getattr(module, name, None)
        if original is None:
            continue

        def wrapper(*args: Any, _original: Any = original, **kwargs: Any) -> Any:
            if not inside[0] and keep(*args):
                calls.append(args)
            inside[0] += 1
            try:
                return _original(*args, **kwargs)
            finally:
                inside[0] -= 1

        for loaded in list(sys.modules.values()):
            if (
                getattr(loaded, "__name__", "").startswith(("referee", "screens"))
                and vars(loaded).get(name) is original
            ):
                monkeypatch.setattr(loaded, name, wrapper)
    return calls


def first_play(ref: Referee) -> CardPlayed:
    return next(move for move in ref.legal_moves() if isinstance(move, CardPlayed))


async def test_one_enter_reads_judges_and_words_its_move_once(make_app, demo, monkeypatch):
    app = make_app(session_id=demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        ref = table.sitting.referee
        move = first_play(ref)
        line = format_event(move, ref.header)
        typed = line.partition(": ")[2]  # the player the table waits on is implied
        seq = len(table.sitting.log)

        import referee.engine.referee as referee_module
        import referee.notation.parse as parse_module
        import screens.widgets.move_box as box_module
        from referee import render as render_package

        parses = counted(monkeypatch, parse_module, ("parse_move", "read_move"))
        checks: list[Event] = []
        judge = referee_module.referee_event

        def judged(game: Any, event: Event) -> Any:
            if event == move:
                checks.append(event)
            return judge(game, event)

        monkeypatch.setattr(referee_module, "referee_event", judged)
        expansions = counted(monkeypatch, box_module, ("expand",))
        renders = counted(monkeypatch, render_package, ("render",))

        box = table.query_one(MoveBox)
        box.value = typed
        await pilot.pause()
        await pilot.press("enter")
        await settle(
            pilot,
            lambda: (
                len(table.sitting.log) > seq
                and str(table.query_one("#verdict").render()).startswith("✓")
                and table.query_one(RulingLog).option_count > seq
            ),
            "the move recorded, its ruling under the box and in the log",
        )
        recorded = table.sitting.log[-1]
        assert recorded.text == line

        assert [args[0] for args in parses] == [line]
        assert checks == [move]
        assert len(expansions) == 1
        assert [args[0] for args in renders if args[0] == recorded.parts] == [recorded.parts]


async def test_the_footer_asks_about_its_keys_moves_not_every_card(make_app, demo, monkeypatch):
    app = make_app(session_id=demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        ref = table.sitting.referee
        line = format_event(first_play(ref), ref.header)
        box = table.query_one(MoveBox)
        box.value = line
        await pilot.pause()

        import referee.engine.moves as moves_module

        judge = moves_module.referee_event
        candidates: list[Event] = []

        def judged(game: Any, event: Event) -> Any:
            candidates.append(event)
            return judge(game, event)

        monkeypatch.setattr(moves_module, "referee_event", judged)
        seq = len(table.sitting.log)
        await pilot.press("enter")
        await settle(
            pilot,
            lambda: (
                len(table.sitting.log) > seq
                and not table._keys_due
                and table._quick_at is not None
                and table._quick_at[0] is table.sitting.referee.state
            ),
            "the move recorded and the footer's keys checked",
        )
        assert candidates, "the footer's keys were checked by asking the referee"
        assert not [event for event in candidates if isinstance(event, CardPlayed)]
