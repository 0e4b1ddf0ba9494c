"""Stored sessions as text and JSON for the command line: the list table and the `show` page.

Names, event titles and moves are typed by people or read from files: every text line here has
its control characters made visible (`notation.visible`), so printing it cannot act on the
terminal. JSON keeps the text exact: it is data for programs (and escapes C0 controls)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator
from typing import Any

from ..engine.scoring import to_json
from ..notation import visible
from ..sheet.text_table import aligned, score_table, widths
from .live import LiveSession
from .results import Correction, SessionInfo

LAST_MOVES = 10


def list_row(info: SessionInfo) -> dict[str, Any]:
    return dataclasses.asdict(info)


def list_table(infos: Iterable[SessionInfo]) -> str:
    rows = [["id", "date", "event", "players", "game", "status", "round", "leader", "totals"]]
    for info in infos:
        rows.append([info.id, info.date or info.created[:10], info.event or "",
                     ", ".join(info.players), f"{info.edition} {info.rules}, {info.scoring}",
                     info.status, str(info.round), info.leader or "-",
                     " ".join(f"{p} {info.totals.get(p, 0)}" for p in info.players)])
    # Before measuring: a stand-in such as `\x85` is wider than what it replaces.
    rows = [[visible(cell) for cell in row] for row in rows]
    column_widths = widths(rows)
    return "".join(aligned(row, column_widths) + "\n" for row in rows)


def describe(info: SessionInfo) -> str:
    """One line that lets a person recognise the session (for confirmations)."""
    what = [info.event] if info.event else []
    what += [", ".join(info.players), f"{info.moves} moves", info.status]
    return visible("; ".join(what))


def show_json(live: LiveSession) -> dict[str, Any]:
    h, trouble = live.header, live.trouble
    return {
        "id": live.id,
        "header": {"event": h.event, "site": h.site, "date": h.date, "edition": h.edition,
                   "rules": h.rules, "scoring": h.scoring, "players": list(h.players),
                   "overrides": [list(pair) for pair in h.overrides]},
        "status": live.summary()["status"], "state": live.state(),
        "sheet": to_json(live.sheet),
        "moves": [{"seq": m.seq, "text": m.text, "ts": m.ts} for m in live.moves],
        "trouble": None if trouble is None else dataclasses.asdict(trouble),
    }


def show_lines(live: LiveSession, all_moves: bool) -> Iterator[str]:
    """State, whose turn, what the table is waiting for, the score so far, the last moves."""
    return (visible(line) for line in _show_lines(live, all_moves))


def _show_lines(live: LiveSession, all_moves: bool) -> Iterator[str]:
    h = live.header
    labels = [x for x in (h.event, h.site, h.date) if x]
    yield f"session {live.id}" + (f": {', '.join(labels)}" if labels else "")
    rules = "".join(f", {k}={v}" for k, v in h.overrides)
    yield f"players: {', '.join(h.players)} ({h.edition}, rules {h.rules}{rules}, {h.scoring})"
    s = live.state()
    if s["round"] is None:
        yield "not started: record `round 1`, then `dealer NAME` and `start CARD`"
    else:
        turn = f"; {s['turn']} to play" if s["turn"] else ""
        yield f"round {s['round']}, {live.summary()['status']}{turn}"
    if s["top"]:
        yield (f"top: {s['top']} ({s['color']}), direction {s['direction']}, draw pile "
               f"{s['draw_pile']}")
        yield "hands: " + ", ".join(f"{name} {n}" for name, n in s["hands"].items())
    if s["pending"]:
        yield f"waiting for: {s['pending']}"
    if live.trouble is not None:
        t = live.trouble
        yield (f"PROBLEM: move #{t.seq} `{t.text}` no longer holds ({t.message} [{t.rule}]); "
               f"fix it with `uno-referee correct {live.id} {t.seq} MOVE`")
    yield ""
    yield from score_table(to_json(live.sheet), h.scoring).rstrip("\n").split("\n")
    moves = live.moves if all_moves else live.moves[-LAST_MOVES:]
    if moves:
        yield ""
        hidden = len(live.moves) - len(moves)
        yield (f"last {len(moves)} of {len(live.moves)} moves (--moves for all):" if hidden
               else "moves:")
        width = len(str(moves[-1].seq))
        yield from (f"  #{str(m.seq).rjust(width)}  {m.text}" for m in moves)


def plan_lines(plan: Correction) -> Iterator[str]:
    """A correction: the replacement's ruling, then each later move's."""
    yield visible(f"#{plan.seq}  {plan.old}  =>  {plan.new}  ->  {plan.message} [{plan.rule}]")
    for later in plan.later:
        verdict = "holds" if later.holds else f"NO LONGER HOLDS: {later.message} [{later.rule}]"
        yield visible(f"  #{later.seq}  {later.text}  ->  {verdict}")
