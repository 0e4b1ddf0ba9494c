"""What the scoreboard shows, read from the session service and the engine's own answers.

Nothing here decides a rule: the turn is the referee's `actor`, the alerts (catchable players
and until when, a pending Wild Draw Four or challenge, what the round waits for) are its
`waiting_for`, the rulings are the stored steps' own, and the sheet is the service's sheet.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup

from ..engine.cards import COLOR_NAMES
from ..engine.waiting import Wait
from ..i18n import _, current
from ..notation import visible
from ..render import card_name, colour_name, render
from ..render.waits import turn_words
from ..service import LiveSession
from ..sheet import Sheet, build_sheet
from ..sheet.exports import chart, labels

TYPED_BY_THE_SCOREKEEPER = ("next-round", "first-round", "dealer", "start", "points")
"""Waits that only tell the scorekeeper what to type next (`round 2`, `dealer NAME`...): the
turn line says what the table waits for, and the phones never show the notation to type."""

RULINGS_SHOWN = 8
"""The last rulings the page lists: what a glance at a phone needs, newest first."""


@dataclass(frozen=True)
class Seat:
    name: str
    cards: int | None
    total: int | None
    rank: str
    acting: bool = False
    catchable: bool = False


@dataclass(frozen=True)
class Alert:
    text: str
    urgent: bool


@dataclass(frozen=True)
class Ruling:
    seq: int
    move: str
    text: str
    rule: str
    ok: bool = True


@dataclass
class Board:
    """Everything on the page, in words of the language in use; names made visible."""

    lang: str
    title: str
    moves: int
    """How many moves are in force: the stream's event id, so a client knows what it saw."""
    turn: str | None
    turn_text: str
    top: str | None
    top_colour: str
    colour: str | None
    colour_code: str
    direction: str | None
    seats: list[Seat]
    alerts: list[Alert]
    rulings: list[Ruling]
    status: str
    sheet_rows: list[dict[str, Any]] = field(default_factory=list)
    sheet_rounds: list[int] = field(default_factory=list)
    chart: Markup | None = None
    legend: list[tuple[Markup, str]] = field(default_factory=list)
    trouble: str | None = None


def _table_words(wait: Wait) -> str:
    """What the table waits for, as the phones say it: the waits whose words end in a line to
    type are said without it."""
    values = dict(zip(wait.message[0].fields, wait.message[1], strict=True))
    if wait.kind == "accept":
        return _("{player} takes {amount} or answers the {card}").format(
            player=values["player"], amount=values["amount"], card=card_name(values["card"])
        )
    if wait.kind == "count" and wait.player is not None:
        return _("{player} draws until a card of the colour in force, then says how many").format(
            player=wait.player
        )
    return render((wait.message,))


def board_of(live: LiveSession) -> Board:
    """The scoreboard of `live` as it stands now."""
    ref = live.referee
    table = ref.table
    sheet: Sheet | None = (
        build_sheet(live.opened_with, live.steps, ref.state) if live.trouble is None else None
    )
    who = ref.actor()
    waits = ref.waiting_for()
    # The referee says what it waits for first (a turn, a draw to answer or count).
    said = turn_words(waits)
    if said is not None and said[0].player is not None:
        turn_text = said[1].format(name=visible(said[0].player))
    elif ref.sheet.finished:
        turn_text = _("The game is over.")
    else:
        turn_text = _("Waiting for the next round.")
    totals = ref.sheet.totals
    catchable = {table.players[seat] for seat in table.catchable} if table is not None else set()
    seats = []
    # This round's seats, by name: a player out of the game (left, or out on penalty points)
    # has none, and the others' seats close up.
    seated = {name: seat for seat, name in enumerate(table.players)} if table is not None else {}
    for name in ref.players:
        seat = seated.get(name)
        seats.append(
            Seat(
                name=visible(name),
                cards=table.hands[seat] if table is not None and seat is not None else None,
                total=totals.get(name),
                rank=labels.rank_text(sheet, name) if sheet is not None else "",
                acting=name == who,
                catchable=name in catchable,
            )
        )
    alerts = [
        Alert(visible(_table_words(wait)), wait.urgent or wait.kind == "catch")
        for wait in waits
        if wait.kind not in ("turn", *TYPED_BY_THE_SCOREKEEPER)
    ]
    steps = live.steps
    rulings = [
        Ruling(step.seq, visible(step.text), visible(render(step.ruling.parts)), step.ruling.rule)
        for step in reversed(steps[-RULINGS_SHOWN:])
    ]
    trouble = None
    if live.trouble is not None:
        t = live.trouble
        trouble = visible(
            _("Move #{seq} '{text}' no longer holds: {message}").format(
                seq=t.seq, text=t.text, message=render(t.parts)
            )
        )
    top = table.top if table is not None else None
    colour = table.color if table is not None else None
    board = Board(
        lang=current(),
        title=visible(live.header.event or _("UNO scoreboard")),
        moves=len(live.moves),
        turn=visible(who) if who is not None else None,
        turn_text=turn_text,
        top=card_name(top) if top is not None else None,
        top_colour=COLOR_NAMES.get(top.color or "", "wild") if top is not None else "none",
        colour=colour_name(colour) if colour else None,
        colour_code=COLOR_NAMES.get(colour or "", "none"),
        direction=(
            None
            if table is None
            else _("clockwise")
            if table.direction == 1
            else _("counter-clockwise")
        ),
        seats=seats,
        alerts=alerts,
        rulings=rulings,
        status=visible(labels.status(sheet)) if sheet is not None else "",
        trouble=trouble,
    )
    if sheet is not None:
        _add_sheet(board, sheet)
    return board


def _add_sheet(board: Board, sheet: Sheet) -> None:
    """The rounds (points and running totals), totals and ranks, and the running-totals chart."""
    board.sheet_rounds.extend(rnd.number for rnd in sheet.rounds)
    for player in sheet.standings():
        board.sheet_rows.append(
            {
                "name": visible(player),
                "cells": [
                    (rnd.points[player], rnd.running[player], rnd.won_by == player)
                    for rnd in sheet.rounds
                ],
                "total": sheet.score.totals[player],
                "rank": labels.rank_text(sheet, player),
            }
        )
    if sheet.rounds:
        # The export's own chart: its SVG escapes every name it holds (`html.escape`); the
        # markup has no control character of its own, so `visible` changes only the names'.
        board.chart = Markup(visible(chart.running_totals_svg(sheet)))
        board.legend.extend(
            (Markup(chart.swatch(i)), visible(p)) for i, p in enumerate(sheet.players)
        )
