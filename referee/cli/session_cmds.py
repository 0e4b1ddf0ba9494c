"""The stored-session commands: new, list, show, move, undo, correct, import and delete."""

from __future__ import annotations

import argparse
import datetime
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import TextIO

from ..notation import visible
from ..service import (
    SYNTAX_RULE,
    ImportRefused,
    NoSuchMove,
    NothingToUndo,
    Recorded,
    SessionError,
    SessionService,
    build_header,
)
from ..service.text import describe, list_row, list_table, plan_lines, show_json, show_lines
from .common import OK, REFUSED, UNREADABLE, Failure, parse_overrides, read_text

# Failures the user can put right by acting on the session differ from those on the files.
_REFUSALS = (NothingToUndo, NoSuchMove)


def _failure(command: str, exc: SessionError) -> Failure:
    return Failure(f"uno-referee {command}: {exc.message}",
                   REFUSED if isinstance(exc, _REFUSALS) else UNREADABLE)


# new, import, delete ---------------------------------------------------------------------------

def new(service: SessionService, a: argparse.Namespace, out: TextIO) -> int:
    customs = []
    for pair in a.custom:
        number, _, text = pair.partition("=")
        if not number.strip().isdigit() or not text.strip():
            raise Failure(f"uno-referee new: --custom expects N=TEXT, e.g. --custom 1='Swap "
                          f"hands', not {pair!r}")
        customs.append((int(number), text.strip()))
    date = a.date if a.date is not None else datetime.date.today().isoformat()
    header = build_header(a.players, a.edition, a.scoring, a.rulebook,
                          parse_overrides(a.rule), a.event, a.site, date or None, customs)
    out.write(service.create(header) + "\n")
    return OK


def import_file(service: SessionService, path: str, out: TextIO) -> int:
    text = read_text(path)
    try:
        done = service.import_text(text, "<stdin>" if path == "-" else path)
    except ImportRefused as exc:
        raise Failure(exc.message, REFUSED if exc.refused else UNREADABLE) from None
    out.write(f"{done.id}\n")
    if done.already:
        print(f"already stored as session {done.id} ({done.moves} moves, {done.rounds} "
              "round(s)); nothing new was stored", file=sys.stderr)
    else:
        print(f"imported {done.moves} moves, {done.rounds} round(s) as session {done.id}",
              file=sys.stderr)
    return OK


def delete(service: SessionService, typed: str, yes: bool, out: TextIO) -> int:
    info = service.info(typed)
    if not yes:
        question = f"Delete session {info.id} ({describe(info)})? This cannot be undone [y/N] "
        if not _confirm(question, "delete"):
            raise Failure(f"uno-referee delete: session {info.id} was not deleted", REFUSED)
    service.delete(info.id)
    out.write(f"deleted session {info.id}\n")
    return OK


def _confirm(question: str, command: str) -> bool:
    if not sys.stdin.isatty():
        raise Failure(f"uno-referee {command}: needs confirmation; add --yes to run it "
                      "from a script")
    try:
        return input(question).strip().lower() in ("y", "yes")
    except EOFError:
        return False


# list and show ---------------------------------------------------------------------------------

def list_sessions(service: SessionService, as_json: bool, rebuild: bool, out: TextIO) -> int:
    listing = service.list(rebuild=rebuild)
    for warning in listing.warnings:
        print(f"uno-referee list: {warning}", file=sys.stderr)
    if as_json:
        rows = [list_row(info) for info in listing.sessions]
        out.write(json.dumps(rows, ensure_ascii=False, indent=2) + "\n")
        return OK
    if not listing.sessions:
        out.write(f"no sessions in {service.root} yet; start one with `uno-referee new "
                  "--players \"A, B, C\"` or `uno-referee import FILE`\n")
        return OK
    out.write(list_table(listing.sessions))
    return OK


def show(service: SessionService, typed: str, all_moves: bool, as_json: bool,
         out: TextIO) -> int:
    with service.open(typed, read_only=True) as live:
        if as_json:
            out.write(json.dumps(show_json(live), ensure_ascii=False, indent=2) + "\n")
        else:
            out.write("".join(line + "\n" for line in show_lines(live, all_moves)))
    return OK


# move, undo, correct ---------------------------------------------------------------------------

def move(service: SessionService, typed: str, lines: Sequence[str], out: TextIO) -> int:
    with service.open(typed) as live:
        for text in _move_lines(lines):
            result = live.record(text)
            if not result.ok:
                raise _refused(live.id, result)
            out.write(visible(f"#{result.seq}  {result.text}  ->  {result.message} "
                              f"[{result.rule}]") + "\n")
    return OK


def _move_lines(lines: Sequence[str]) -> Iterator[str]:
    for line in lines:
        if line != "-":
            yield line
            continue
        for typed in sys.stdin:
            if typed.strip() and not typed.lstrip().startswith("#"):
                yield typed


def _refused(sid: str, result: Recorded) -> Failure:
    if result.rule == SYNTAX_RULE:
        where = f" (column {result.column})" if result.column else ""
        return Failure(f"uno-referee move: {sid}: `{result.text}`{where}: {result.message}; "
                       "nothing was recorded", UNREADABLE)
    return Failure(f"uno-referee move: {sid}: `{result.text}` refused: {result.message} "
                   f"[{result.rule}]; nothing was recorded", REFUSED)


def undo(service: SessionService, typed: str, out: TextIO) -> int:
    with service.open(typed) as live:
        done = live.undo()
        out.write(visible(f"undone #{done.seq}  {done.text}") + "\n")
    return OK


def correct(service: SessionService, a: argparse.Namespace, out: TextIO) -> int:
    with service.open(a.id, read_only=a.dry_run) as live:
        plan = live.preview_correction(a.seq, a.move)
        out.write("".join(line + "\n" for line in plan_lines(plan)))
        if not plan.ok:
            kind = UNREADABLE if plan.rule == SYNTAX_RULE else REFUSED
            raise Failure(f"uno-referee correct: {live.id}: `{plan.new}` cannot replace move "
                          f"#{plan.seq}: {plan.message} [{plan.rule}]", kind)
        if a.dry_run:
            return OK
        if plan.dropped and not a.yes:
            question = f"Drop {len(plan.dropped)} later move(s) and correct? [y/N] "
            if not _confirm(question, "correct"):
                raise Failure("uno-referee correct: nothing was changed", REFUSED)
        done = live.correct(a.seq, a.move)
        out.write(f"corrected #{done.seq}" + (f"; dropped {len(done.dropped)} later move(s)"
                                              if done.dropped else "") + "\n")
    return OK


# Registration ----------------------------------------------------------------------------------

def _with_service(command: str, body: Callable[[SessionService, argparse.Namespace], int]
                  ) -> Callable[[argparse.Namespace], int]:
    def run(a: argparse.Namespace) -> int:
        try:
            return body(SessionService(a.data_dir, index_on_close=False), a)
        except SessionError as exc:
            raise _failure(command, exc) from None
    return run


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """The stored-session commands."""
    def add(name: str, help_text: str, body: Callable[[SessionService, argparse.Namespace], int]
            ) -> argparse.ArgumentParser:
        described = help_text[0].upper() + help_text[1:] + "."
        parser: argparse.ArgumentParser = sub.add_parser(name, help=help_text,
                                                         description=described)
        parser.add_argument("--data-dir", metavar="DIR",
                            help="where sessions are stored (default: $UNO_REFEREE_HOME, else "
                                 "the user data folder)")
        parser.set_defaults(run=_with_service(name, body))
        return parser

    p = add("new", "start a stored session; prints its id",
            lambda s, a: new(s, a, sys.stdout))
    p.add_argument("--players", required=True, help='seating order, e.g. "Alice, Bob, Carol"')
    p.add_argument("--edition", default="classic", help="edition id (default: classic)")
    p.add_argument("--rules", default="en", dest="rulebook", help="en or jp (default: en)")
    p.add_argument("--scoring", default="none",
                   help='"rounds 5", "target 500", "lowest 500", "penalty 500" or "none"')
    p.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                   help="override one option (repeatable)")
    p.add_argument("--custom", action="append", default=[], metavar="N=TEXT",
                   help="the rule written on Wild Customizable N (repeatable)")
    p.add_argument("--event", help="a label for the score sheet")
    p.add_argument("--site", help="where the game is played")
    p.add_argument("--date", help="YYYY-MM-DD (default: today; '' for none)")

    p = add("list", "the stored sessions, newest first",
            lambda s, a: list_sessions(s, a.json, a.rebuild, sys.stdout))
    p.add_argument("--json", action="store_true", help="one JSON object per session")
    p.add_argument("--rebuild", action="store_true", help="re-read every session file")

    p = add("show", "a stored session: state, whose turn, pending windows, score so far",
            lambda s, a: show(s, a.id, a.moves, a.json, sys.stdout))
    p.add_argument("id", metavar="ID")
    p.add_argument("--moves", action="store_true", help="list every move, not the last 10")
    p.add_argument("--json", action="store_true", help="state, score sheet and moves as JSON")

    p = add("move", "record moves in a stored session; prints each ruling",
            lambda s, a: move(s, a.id, a.moves, sys.stdout))
    p.add_argument("id", metavar="ID")
    p.add_argument("moves", metavar="MOVE", nargs="+",
                   help='a statement such as "Bob: r5" (\'-\' reads one per line from stdin)')

    p = add("undo", "take back the last move of a stored session",
            lambda s, a: undo(s, a.id, sys.stdout))
    p.add_argument("id", metavar="ID")

    p = add("correct", "replace an earlier move; later moves that no longer hold are dropped",
            lambda s, a: correct(s, a, sys.stdout))
    p.add_argument("id", metavar="ID")
    p.add_argument("seq", metavar="N", type=int, help="the move's number (`show ID --moves`)")
    p.add_argument("move", metavar="MOVE", help="the move as it should have been")
    p.add_argument("--dry-run", action="store_true", help="only show what would change")
    p.add_argument("--yes", action="store_true", help="drop later moves without asking")

    p = add("import", "store a .uno file as a new session (all of it, or nothing)",
            lambda s, a: import_file(s, a.file, sys.stdout))
    p.add_argument("file", metavar="FILE", help="a .uno session file ('-' reads stdin)")

    p = add("delete", "delete a stored session for good (asks first)",
            lambda s, a: delete(s, a.id, a.yes, sys.stdout))
    p.add_argument("id", metavar="ID")
    p.add_argument("--yes", action="store_true", help="do not ask (for scripts)")
