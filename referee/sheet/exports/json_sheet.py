"""The sheet as JSON: the `score --json` object, plus each round's dealer, hands and rulings."""

from __future__ import annotations

import json
from typing import Any

from ...engine.messages import to_data
from ...engine.scoring import to_json
from ...render import render as say
from ..model import Note, Sheet


def data(sheet: Sheet) -> dict[str, Any]:
    """`score --json`'s keys first, unchanged; then the session's labels and the round in play."""
    out = to_json(sheet.score)
    for record, rnd in zip(out["rounds"], sheet.rounds, strict=True):
        record.update(
            number=rnd.number,
            dealer=rnd.dealer,
            hands=dict(rnd.hands),
            ranks=dict(rnd.ranks),
            missing=list(rnd.missing),
            rulings=_notes(rnd.notes),
        )
    header = sheet.header
    out["eliminated"] = dict(sheet.score.eliminated)
    out["session"] = {
        "event": header.event,
        "site": header.site,
        "date": header.date,
        **({"round": header.event_round} if header.event_round else {}),
        **({"table": header.event_table} if header.event_table else {}),
        "edition": header.edition,
        "rules": header.rules,
        "scoring": str(sheet.system),
    }
    # What each ruling's "line" is: a move number for a stored session, else a file line.
    out["numbered_by"] = "move" if sheet.by_move else "line"
    playing = sheet.playing
    out["playing"] = (
        None
        if playing is None
        else {"number": playing.number, "dealer": playing.dealer, "rulings": _notes(playing.notes)}
    )
    return out


def _notes(notes: tuple[Note, ...]) -> list[dict[str, Any]]:
    # The ruling in words, and as data (`key`, `params`) for a program that says it in its own
    # reader's language.
    found = []
    for n in notes:
        keys, params = to_data(n.parts)
        found.append(
            {"line": n.line, "rule": n.rule, "text": say(n.parts), "key": keys, "params": params}
        )
    return found


def render(sheet: Sheet) -> bytes:
    return (json.dumps(data(sheet), ensure_ascii=False, indent=2) + "\n").encode("utf-8")
