"""Stored sessions as text and JSON for the command line: the list table and the `show` page.

Names, event titles and moves are typed by people or read from files: every text line here has
its control characters made visible (`notation.visible`), so printing it cannot act on the
terminal. JSON keeps the text exact: it is data for programs (and escapes C0 controls)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from ..engine.cards import COLOR_NAMES
from ..engine.scoring import scoring_name, to_json
from ..i18n import NC_, _, pgettext
from ..notation import visible
from ..render import colour_name, in_words, render, ruling_fields
from ..service import Correction, LiveSession, SessionInfo, status_name
from ..sheet.text_table import aligned, score_table, widths
from ..stats.days import local_day

LAST_MOVES = 10
_COLOUR_CODES = {name: code for code, name in COLOR_NAMES.items()}
_DIRECTIONS = {"cw": NC_("direction", "cw"), "ccw": NC_("direction", "ccw")}


def list_row(info: SessionInfo) -> dict[str, Any]:
    return {name: getattr(info, name) for name in info.__match_args__}


def list_table(
    infos: Iterable[SessionInfo], labels: Mapping[str, Sequence[str]] | None = None
) -> str:
    """The list as a text table; `labels`: each session's labels (the league book's)."""
    labels = labels or {}
    rows = [
        [
            _("id"),
            _("date"),
            _("event"),
            _("labels"),
            _("players"),
            _("game"),
            _("status"),
            _("round"),
            _("leader"),
            _("totals"),
        ]
    ]
    for info in infos:
        rows.append(
            [
                info.id,
                info.date or local_day(info.created),
                info.event or "",
                pgettext("list", ", ").join(labels.get(info.id, ())),
                pgettext("list", ", ").join(info.players),
                game_name(info.edition, info.rules, info.scoring),
                status_name(info.status),
                str(info.round),
                info.leader or "-",
                " ".join(f"{p} {info.totals.get(p, 0)}" for p in info.players),
            ]
        )
    # Before measuring: a stand-in such as `\x85` is wider than what it replaces.
    rows = [[visible(cell) for cell in row] for row in rows]
    column_widths = widths(rows)
    return "".join(aligned(row, column_widths) + "\n" for row in rows)


def game_name(edition: str, rules: str, scoring: str) -> str:
    """The deck, the rulebook and the scoring by their names in the reader's language (`UNO
    (108 cards), Japanese rules, 5 rounds`), as the app shows them; ids stay in the JSON."""
    from ..engine.titles import edition_title, family_name

    return pgettext("list", ", ").join(
        (edition_title(edition), family_name(rules), scoring_name(scoring))
    )


def describe(info: SessionInfo) -> str:
    """One line that lets a person recognise the session (for confirmations)."""
    what = [info.event] if info.event else []
    what += [
        pgettext("list", ", ").join(info.players),
        _("{n} moves").format(n=info.moves),
        status_name(info.status),
    ]
    return visible(pgettext("phrases", "; ").join(what))


def show_json(live: LiveSession) -> dict[str, Any]:
    h, trouble = live.header, live.trouble
    return {
        "id": live.id,
        "uid": live.uid,
        "header": {
            "event": h.event,
            "site": h.site,
            "date": h.date,
            "edition": h.edition,
            "rules": h.rules,
            "scoring": h.scoring,
            "players": list(h.players),
            "overrides": [list(pair) for pair in h.overrides],
        },
        "status": live.summary()["status"],
        "state": in_words(live.state()),
        "sheet": to_json(live.sheet),
        "moves": _moves_json(live),
        "trouble": None
        if trouble is None
        else {
            "seq": trouble.seq,
            "text": trouble.text,
            **ruling_fields(trouble.rule, trouble.parts),
        },
    }


def _moves_json(live: LiveSession) -> list[dict[str, Any]]:
    """Each move in force with its ruling (words and data); a move past a trouble has none."""
    rulings = {step.seq: step.ruling for step in live.steps}
    moves = []
    for m in live.moves:
        move: dict[str, Any] = {"seq": m.seq, "text": m.text, "ts": m.ts}
        ruling = rulings.get(m.seq)
        if ruling is not None:
            move.update(ok=ruling.ok, **ruling_fields(ruling.rule, ruling.parts))
        moves.append(move)
    return moves


def show_lines(live: LiveSession, all_moves: bool) -> Iterator[str]:
    """State, whose turn, what the table is waiting for, the score so far, the last moves."""
    return (visible(line) for line in _show_lines(live, all_moves))


def _show_lines(live: LiveSession, all_moves: bool) -> Iterator[str]:
    h = live.header
    labels = [x for x in (h.event, h.site, h.date) if x]
    yield (
        _("session {id}: {labels}").format(id=live.id, labels=", ".join(labels))
        if labels
        else _("session {id}").format(id=live.id)
    )
    rules = "".join(f", {k}={v}" for k, v in h.overrides)
    yield _("players: {players} ({game}{options})").format(
        players=pgettext("list", ", ").join(h.players),
        game=game_name(h.edition, h.rules, h.scoring),
        options=rules,
    )
    s = in_words(live.state())
    status = status_name(live.summary()["status"])
    if s["round"] is None:
        yield _("not started: record 'round 1', then 'dealer NAME' and 'start CARD'")
    elif s["turn"]:
        yield _("round {round}, {status}; {player} to play").format(
            round=s["round"], status=status, player=s["turn"]
        )
    else:
        yield _("round {round}, {status}").format(round=s["round"], status=status)
    if s["top"]:
        code = _COLOUR_CODES.get(s["color"])
        direction = _DIRECTIONS.get(s["direction"])
        yield _("top: {card} ({colour}), direction {direction}, draw pile {pile}").format(
            card=s["top"],
            colour=s["color"] if code is None else colour_name(code),
            direction=s["direction"] if direction is None else pgettext("direction", direction),
            pile=s["draw_pile"],
        )
        yield _("hands: {hands}").format(
            hands=", ".join(f"{name} {n}" for name, n in s["hands"].items())
        )
    if s["pending"]:
        yield _("waiting for: {what}").format(what=s["pending"])
    if live.trouble is not None:
        t = live.trouble
        yield _(
            "PROBLEM: move #{seq} '{text}' no longer holds ({message} [{rule}]); fix it "
            "with 'uno-referee correct {id} {seq} MOVE'"
        ).format(seq=t.seq, text=t.text, message=render(t.parts), rule=t.rule, id=live.id)
    yield ""
    yield from score_table(to_json(live.sheet), scoring_name(h.scoring)).rstrip("\n").split("\n")
    moves = live.moves if all_moves else live.moves[-LAST_MOVES:]
    if moves:
        yield ""
        hidden = len(live.moves) - len(moves)
        yield (
            _("last {n} of {total} moves (--moves for all):").format(
                n=len(moves), total=len(live.moves)
            )
            if hidden
            else _("moves:")
        )
        width = len(str(moves[-1].seq))
        yield from (f"  #{str(m.seq).rjust(width)}  {m.text}" for m in moves)


def plan_lines(plan: Correction) -> Iterator[str]:
    """A correction: the replacement's ruling, then each later move's."""
    yield visible(
        f"#{plan.seq}  {plan.old}  =>  {plan.new}  ->  {render(plan.parts)} [{plan.rule}]"
    )
    for later in plan.later:
        verdict = (
            _("holds")
            if later.holds
            else _("NO LONGER HOLDS: {message} [{rule}]").format(
                message=render(later.parts), rule=later.rule
            )
        )
        yield visible(f"  #{later.seq}  {later.text}  ->  {verdict}")
