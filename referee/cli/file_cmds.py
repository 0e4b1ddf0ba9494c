"""The bodies of the `uno-referee` commands: check, replay, score and rules (no arg parsing)."""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TextIO

from ..editions import EDITIONS, PLANNED_EDITIONS
from ..engine import Referee, SetupError
from ..events import Session
from ..notation import NotationError, format_event, parse_session
from ..options import OPTIONS, OptionError, resolve
from ..replay import Step, replay, state
from ..rulebook import in_force
from ..scoring import to_json
from ..sheet.text_table import score_table
from .common import OK, REFUSED, Failure, parse_overrides, read_text


@dataclass(slots=True)
class Game:
    """A session read from a file, with the referee that rules on it."""

    path: str
    session: Session
    referee: Referee

    def steps(self) -> Iterator[Step]:
        return replay(self.session, self.referee)


# Reading a session -----------------------------------------------------------------------------

def load(path: str) -> Game:
    """Parse a session and set up its referee; Failure (exit 2) on a syntax or header error."""
    name = "<stdin>" if path == "-" else path
    text = read_text(path)
    try:
        session = parse_session(text, name)
        referee = Referee(session.header)
    except NotationError as exc:
        raise Failure(str(exc)) from None
    except SetupError as exc:
        # The header is the top of the file; the engine does not know which tag was wrong.
        raise Failure(f"{name}:1:1: {exc}") from None
    return Game(name, session, referee)


def refusal(game: Game, step: Step) -> Failure:
    """The `FILE:LINE: ruling [rule-id]` report of a refused statement (exit 1)."""
    return Failure(f"{game.path}:{step.line}: {step.ruling.text} [{step.ruling.rule}]", REFUSED)


def replay_all(game: Game) -> int:
    """Replay the whole session; Failure on the first refused statement. Returns the count."""
    count = 0
    for step in game.steps():
        if not step.ruling.ok:
            raise refusal(game, step)
        count += 1
    return count


# check, replay, score --------------------------------------------------------------------------

def check(path: str, out: TextIO) -> int:
    game = load(path)
    count = replay_all(game)
    rounds = game.referee.round_no
    out.write(f"{game.path}: ok ({_plural(count, 'statement')}, {_plural(rounds, 'round')})\n")
    return OK


def replay_session(path: str, out: TextIO, as_json: bool) -> int:
    """One line per statement; stops after the first refused one (exit 1)."""
    game = load(path)
    header = game.session.header
    lines = game.session.lines
    width = len(str(lines[-1])) if lines else 1
    for step in game.steps():
        ruling = step.ruling
        if as_json:
            record = {"line": step.line, "ok": ruling.ok, "ruling": ruling.text,
                      "rule": ruling.rule, "state": state(game.referee)}
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
        else:
            verdict = ruling.text if ruling.ok else f"REFUSED: {ruling.text}"
            out.write(f"{str(step.line).rjust(width)}  {format_event(step.event, header)}  ->  "
                      f"{verdict} [{ruling.rule}]\n")
        if not ruling.ok:
            return REFUSED
    return OK


def score_session(path: str, out: TextIO, as_json: bool) -> int:
    game = load(path)
    replay_all(game)
    sheet = to_json(game.referee.sheet)
    if as_json:
        out.write(json.dumps(sheet, ensure_ascii=False, indent=2) + "\n")
    else:
        out.write(score_table(sheet, str(game.referee.scoring)))
    return OK


# rules -----------------------------------------------------------------------------------------

def rules(edition: str, rulebook: str, overrides: tuple[tuple[str, str], ...],
          out: TextIO) -> int:
    """Print the rules in force, then every option's value."""
    if edition in PLANNED_EDITIONS:
        raise Failure(f"uno-referee rules: edition '{edition}' is not refereed by this version yet "
                      f"(editions: {', '.join(EDITIONS)})")
    if edition not in EDITIONS:
        raise Failure(f"uno-referee rules: unknown edition '{edition}' "
                      f"(editions: {', '.join(EDITIONS)})")
    try:
        options = resolve(rulebook, edition, overrides)
    except OptionError as exc:
        raise Failure(f"uno-referee rules: {exc}") from None
    out.write(f"Rulebook in force: edition {edition} ({EDITIONS[edition].title}), "
              f"rules {rulebook}\n\n")
    for rule in in_force(options, edition):
        mark = "  (no official rule; table default)" if rule.table_default else ""
        out.write(f"{rule.id}{mark}\n")
        out.write(textwrap.fill(rule.text, 96, initial_indent="    ",
                                subsequent_indent="    ") + "\n")
        out.write(f"    source: {rule.source}\n")
    out.write("\nOptions in force:\n")
    changed = {key for key, _ in overrides}
    for key, value in options.items():
        notes = ["table default"] if OPTIONS[key].table_default else []
        if key in changed:
            notes.append("set by --rule")
        suffix = f"  ({', '.join(notes)})" if notes else ""
        out.write(f"  {key} = {value}{suffix}\n")
    return OK


# Text helpers ----------------------------------------------------------------------------------

def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """The session-file commands: check, replay, score, rules."""
    check_p = sub.add_parser("check", help="check that every line of a session is legal")
    check_p.add_argument("file", metavar="FILE", help="a .uno session file ('-' reads stdin)")
    check_p.set_defaults(run=lambda a: check(a.file, sys.stdout))

    replay_p = sub.add_parser("replay", help="the ruling on every statement of a session")
    replay_p.add_argument("file", metavar="FILE", help="a .uno session file ('-' reads stdin)")
    replay_p.add_argument("--json", action="store_true",
                          help="one JSON object per statement, with the public state")
    replay_p.set_defaults(run=lambda a: replay_session(a.file, sys.stdout, a.json))

    score_p = sub.add_parser("score", help="the score sheet of a session")
    score_p.add_argument("file", metavar="FILE", help="a .uno session file ('-' reads stdin)")
    score_p.add_argument("--json", action="store_true", help="the score sheet as JSON")
    score_p.set_defaults(run=lambda a: score_session(a.file, sys.stdout, a.json))

    rules_p = sub.add_parser("rules", help="the rulebook in force for an edition and options")
    rules_p.add_argument("--edition", default="classic", help="edition id (default: classic)")
    rules_p.add_argument("--rules", default="en", dest="rulebook",
                         help="rulebook family: en or jp (default: en)")
    rules_p.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                         help="override one option, e.g. --rule uno-penalty=4 (repeatable)")
    rules_p.set_defaults(run=lambda a: rules(a.edition.lower(), a.rulebook.lower(),
                                             parse_overrides(a.rule), sys.stdout))
