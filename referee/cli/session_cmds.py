"""The stored-session commands: new, list, show, move, undo, correct, import, delete and
restore (`session_args` declares their arguments).

`move` and `undo` are run by scripts once a move: the text of the list and of `show`
(`session_text`, with the sheet and the statistics it uses) is loaded by the commands that
print it."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence

from ..engine.setup import usual_rulebook, usual_scoring
from ..i18n import _, current
from ..notation import visible
from ..render import import_problem, render
from ..service import (
    SYNTAX_RULE,
    ImportExtends,
    ImportRefused,
    Recorded,
    SessionService,
    build_header,
)
from ..service.sessions import ASK, NEW, UPDATE
from .common import OK, REFUSED, UNREADABLE, Failure, parse_overrides, read_text, warn
from .with_service import with_service

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    from typing import TextIO

# new, import, delete, restore ------------------------------------------------------------------


def new(service: SessionService, a: argparse.Namespace, out: TextIO) -> int:
    customs = []
    for pair in a.custom:
        number, _sep, text = pair.partition("=")
        if not number.strip().isdigit() or not text.strip():
            raise Failure(
                _(
                    "uno-referee new: --custom expects N=TEXT, e.g. --custom 1='Swap "
                    "hands', not {pair!r}"
                ).format(pair=pair)
            )
        customs.append((int(number), text.strip()))
    import datetime  # `new` alone dates a session

    date = a.date if a.date is not None else datetime.date.today().isoformat()
    # A table that speaks Japanese plays by the Japanese manuals unless it says otherwise.
    rulebook = a.rulebook if a.rulebook is not None else usual_rulebook(current())
    scoring = a.scoring if a.scoring is not None else usual_scoring(rulebook)
    header = build_header(
        a.players,
        a.edition,
        scoring,
        rulebook,
        parse_overrides(a.rule, "new"),
        a.event,
        a.site,
        date or None,
        customs,
    )
    out.write(service.create(header) + "\n")
    return OK


def import_file(service: SessionService, path: str, extension: str, out: TextIO) -> int:
    """`extension`: what to do with a file that continues a stored session (ASK: ask at a
    terminal, else refuse with exit 2 and store nothing)."""
    text = read_text(path)
    name = "<stdin>" if path == "-" else path
    try:
        try:
            done = service.import_text(text, name, extension=extension)
        except ImportExtends as found:
            _update_or_not(found, path)
            done = service.import_text(text, name, extension=UPDATE)
    except ImportRefused as exc:
        raise Failure(import_problem(exc), REFUSED if exc.refused else UNREADABLE) from None
    out.write(f"{done.id}\n")
    if done.already and done.later:
        print(
            _(
                "session {id} already holds these {moves} moves and {later} later one(s); "
                "nothing was imported"
            ).format(id=done.id, moves=done.moves, later=done.later),
            file=sys.stderr,
        )
    elif done.already:
        print(
            _(
                "already stored as session {id} ({moves} moves, {rounds} round(s)); nothing new "
                "was stored"
            ).format(id=done.id, moves=done.moves, rounds=done.rounds),
            file=sys.stderr,
        )
    elif done.added:
        print(
            _(
                "added {added} later move(s) to session {id} (now {moves} moves, {rounds} "
                "round(s)); it keeps its id and labels"
            ).format(added=done.added, id=done.id, moves=done.moves, rounds=done.rounds),
            file=sys.stderr,
        )
    else:
        print(
            _("imported {moves} moves, {rounds} round(s) as session {id}").format(
                moves=done.moves, rounds=done.rounds, id=done.id
            ),
            file=sys.stderr,
        )
        if done.extends:
            print(
                _(
                    "note: it continues session {other}, which stays as it was: both count in "
                    "the standings"
                ).format(other=done.extends),
                file=sys.stderr,
            )
    return OK


def _update_or_not(found: ImportExtends, path: str) -> None:
    """Returns if the user says to update the stored session; Failure otherwise."""
    later = found.moves - found.stored
    if not sys.stdin.isatty() or path == "-":
        raise Failure(
            _(
                "uno-referee import: {problem}. Add --update to add its {later} later "
                "move(s) to session {id}, or --new to store it as a session of its "
                "own"
            ).format(problem=found.message, later=later, id=found.session)
        )
    question = _("{problem}. Add its {later} later move(s) to session {id}? [y/N] ").format(
        problem=found.message, later=later, id=found.session
    )
    if not _confirm(question, "import"):
        raise Failure(
            _(
                "uno-referee import: nothing was imported (--new stores the file as a "
                "session of its own)"
            ),
            REFUSED,
        )


def delete(service: SessionService, typed: str, yes: bool, purge: bool, out: TextIO) -> int:
    from .session_text import describe  # as each command below: text a move never shows

    if purge:
        return _purge(service, typed, yes, out)
    info = service.info(typed)
    if not yes:
        question = _(
            "Move session {id} ({about}) to the trash? 'uno-referee restore {id}' "
            "brings it back [y/N] "
        ).format(id=info.id, about=describe(info))
        if not _confirm(question, "delete"):
            raise Failure(
                _("uno-referee delete: session {id} was not deleted").format(id=info.id), REFUSED
            )
    service.delete(info.id)
    out.write(
        _("moved session {id} to the trash; 'uno-referee restore {id}' brings it back").format(
            id=info.id
        )
        + "\n"
    )
    return OK


def _purge(service: SessionService, typed: str, yes: bool, out: TextIO) -> int:
    sid = service.resolve(typed)
    if not service.trash.session(sid).exists():
        raise Failure(
            _(
                "uno-referee delete: no session {id} in the trash; --purge removes "
                "only a session in the trash ('uno-referee list --trash')"
            ).format(id=sid)
        )
    if not yes:
        question = _(
            "Remove session {id} from the trash for good, with its labels? This "
            "cannot be undone [y/N] "
        ).format(id=sid)
        if not _confirm(question, "delete"):
            raise Failure(
                _("uno-referee delete: session {id} was not removed").format(id=sid), REFUSED
            )
    sid, warning = service.purge(sid)
    if warning:
        warn(warning)
    out.write(_("removed session {id} for good").format(id=sid) + "\n")
    return OK


def restore(service: SessionService, typed: str, out: TextIO) -> int:
    sid = service.restore(typed)
    out.write(_("restored session {id}, with its labels").format(id=sid) + "\n")
    return OK


def _confirm(question: str, command: str) -> bool:
    if not sys.stdin.isatty():
        raise Failure(
            _(
                "uno-referee {command}: needs confirmation; add --yes to run it from a script"
            ).format(command=command)
        )
    try:
        # y or yes in any language: the prompt says [y/N] in every language.
        return input(question).strip().lower() in ("y", "yes")
    except EOFError:
        return False


# list and show ---------------------------------------------------------------------------------


def list_sessions(service: SessionService, a: argparse.Namespace, out: TextIO) -> int:
    from .session_text import list_row, list_table

    listing = service.trashed() if a.trash else service.list(rebuild=a.rebuild)
    labels, problem = service.labels()
    for warning in (*listing.warnings, *((problem,) if problem else ())):
        print(_("uno-referee list: {warning}").format(warning=warning), file=sys.stderr)
    if a.json:
        rows = [{**list_row(info), "labels": labels.get(info.id, [])} for info in listing.sessions]
        out.write(json.dumps(rows, ensure_ascii=False, indent=2) + "\n")
        return OK
    if not listing.sessions:
        if a.trash:
            text = _("the trash is empty ({folder})").format(folder=service.trash.sessions)
        else:
            text = _(
                "no sessions in {folder} yet; start one with 'uno-referee new --players "
                "\"A, B, C\"' or 'uno-referee import FILE'"
            ).format(folder=service.root)
        out.write(text + "\n")
        return OK
    out.write(list_table(listing.sessions, labels))
    return OK


def show(service: SessionService, typed: str, all_moves: bool, as_json: bool, out: TextIO) -> int:
    from .session_text import show_json, show_lines

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
            if result.note:
                out.write(
                    visible(
                        _(
                            "{move}  ->  {ruling} [{rule}]; not recorded: it changes "
                            "nothing in the game"
                        ).format(move=result.text, ruling=render(result.parts), rule=result.rule)
                    )
                    + "\n"
                )
                continue
            if not result.ok:
                raise _refused(live.id, result)
            # Layout only, as `replay` prints a statement: the ruling is already translated.
            out.write(
                visible(f"#{result.seq}  {result.text}  ->  {render(result.parts)} [{result.rule}]")
                + "\n"
            )
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
        if result.column:
            text = _(
                "uno-referee move: {id}: '{move}' (column {column}): {error}; nothing was recorded"
            )
        else:
            text = _("uno-referee move: {id}: '{move}': {error}; nothing was recorded")
        return Failure(
            text.format(id=sid, move=result.text, column=result.column, error=render(result.parts)),
            UNREADABLE,
        )
    return Failure(
        _(
            "uno-referee move: {id}: '{move}' refused: {ruling} [{rule}]; nothing was recorded"
        ).format(id=sid, move=result.text, ruling=render(result.parts), rule=result.rule),
        REFUSED,
    )


def undo(service: SessionService, typed: str, out: TextIO) -> int:
    with service.open(typed) as live:
        done = live.undo()
        out.write(visible(_("undone #{seq}  {move}").format(seq=done.seq, move=done.text)) + "\n")
    return OK


def correct(service: SessionService, a: argparse.Namespace, out: TextIO) -> int:
    from .session_text import plan_lines

    with service.open(a.id, read_only=a.dry_run) as live:
        plan = live.preview_correction(a.seq, a.move)
        out.write("".join(line + "\n" for line in plan_lines(plan)))
        if not plan.ok:
            kind = UNREADABLE if plan.rule == SYNTAX_RULE else REFUSED
            raise Failure(
                _(
                    "uno-referee correct: {id}: '{move}' cannot replace move #{seq}: "
                    "{ruling} [{rule}]"
                ).format(
                    id=live.id,
                    move=plan.new,
                    seq=plan.seq,
                    ruling=render(plan.parts),
                    rule=plan.rule,
                ),
                kind,
            )
        if a.dry_run:
            return OK
        if plan.dropped and not a.yes:
            question = _("Drop {n} later move(s) and correct? [y/N] ").format(n=len(plan.dropped))
            if not _confirm(question, "correct"):
                raise Failure(_("uno-referee correct: nothing was changed"), REFUSED)
        done = live.correct(a.seq, a.move)
        if done.dropped:
            out.write(
                _("corrected #{seq}; dropped {n} later move(s)").format(
                    seq=done.seq, n=len(done.dropped)
                )
                + "\n"
            )
        else:
            out.write(_("corrected #{seq}").format(seq=done.seq) + "\n")
    return OK


# Each command's `run` (declared in `session_args`): the body with the data folder's service ---

run_new = with_service("new", lambda s, a: new(s, a, sys.stdout))
run_list = with_service("list", lambda s, a: list_sessions(s, a, sys.stdout))
run_show = with_service("show", lambda s, a: show(s, a.id, a.moves, a.json, sys.stdout))
run_move = with_service("move", lambda s, a: move(s, a.id, a.moves, sys.stdout))
run_undo = with_service("undo", lambda s, a: undo(s, a.id, sys.stdout))
run_correct = with_service("correct", lambda s, a: correct(s, a, sys.stdout))
run_import = with_service(
    "import",
    lambda s, a: import_file(s, a.file, UPDATE if a.update else NEW if a.new else ASK, sys.stdout),
)
run_delete = with_service("delete", lambda s, a: delete(s, a.id, a.yes, a.purge, sys.stdout))
run_restore = with_service("restore", lambda s, a: restore(s, a.id, sys.stdout))
