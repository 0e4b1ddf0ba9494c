"""The bodies of the `uno-referee` commands: check, replay, score and rules (no arg parsing)."""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from typing import TextIO

from ..engine import SetupError
from ..engine.events import Session
from ..engine.options import OptionError, OptionSpec
from ..engine.public import public_state
from ..engine.scoring import to_json
from ..engine.setup import editions, option_specs, resolve, rules_in_force
from ..notation import NotationError, parse_session
from ..service.replay import Replayed, replay_session
from ..sheet.text_table import score_table
from .common import OK, REFUSED, Failure, parse_overrides, read_text

# Reading a session -----------------------------------------------------------------------------

def load(path: str) -> tuple[str, Session, Replayed]:
    """Parse a session and referee it, once; Failure (exit 2) on a syntax or header error."""
    name = "<stdin>" if path == "-" else path
    text = read_text(path)
    try:
        session = parse_session(text, name)
        return name, session, replay_session(session)
    except NotationError as exc:
        raise Failure(str(exc)) from None
    except SetupError as exc:
        # The header is the top of the file; the engine does not know which tag was wrong.
        raise Failure(f"{name}:1:1: {exc}") from None


def refusal(name: str, done: Replayed) -> Failure:
    """The `FILE:LINE: ruling [rule-id]` report of the first statement that does not hold."""
    t = done.trouble
    assert t is not None
    return Failure(f"{name}:{t.seq}: {t.message} [{t.rule}]", REFUSED)


# check, replay, score --------------------------------------------------------------------------

def check(path: str, out: TextIO) -> int:
    name, _, done = load(path)
    if done.trouble is not None:
        raise refusal(name, done)
    rounds = done.referee.round_no
    out.write(f"{name}: ok ({_plural(len(done.steps), 'statement')}, "
              f"{_plural(rounds, 'round')})\n")
    return OK


def replay_session_cmd(path: str, out: TextIO, as_json: bool) -> int:
    """One line per statement; stops after the first refused one (exit 1)."""
    name, session, done = load(path)
    lines = session.lines
    width = len(str(lines[-1])) if lines else 1
    steps = [*done.steps, *([done.refused] if done.refused is not None else [])]
    for step in steps:
        ruling = step.ruling
        if as_json:
            record = {"line": step.seq, "ok": ruling.ok, "ruling": ruling.text,
                      "rule": ruling.rule, "state": public_state(ruling.state)}
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
        else:
            verdict = ruling.text if ruling.ok else f"REFUSED: {ruling.text}"
            out.write(f"{str(step.seq).rjust(width)}  {step.text}  ->  {verdict} "
                      f"[{ruling.rule}]\n")
    if done.trouble is not None and done.refused is None:
        raise refusal(name, done)
    return OK if done.trouble is None else REFUSED


def score_session(path: str, out: TextIO, as_json: bool) -> int:
    name, _, done = load(path)
    if done.trouble is not None:
        raise refusal(name, done)
    sheet = to_json(done.referee.sheet)
    if as_json:
        out.write(json.dumps(sheet, ensure_ascii=False, indent=2) + "\n")
    else:
        out.write(score_table(sheet, str(done.referee.scoring)))
    return OK


# rules -----------------------------------------------------------------------------------------

def rules(edition: str, rulebook: str, overrides: tuple[tuple[str, str], ...],
          out: TextIO) -> int:
    """Print the rules in force, then every option's value."""
    known = editions()
    if edition not in known:
        raise Failure(f"uno-referee rules: unknown edition '{edition}' "
                      f"(editions: {', '.join(known)})")
    try:
        options = resolve(rulebook, edition, overrides)
    except OptionError as exc:
        raise Failure(f"uno-referee rules: {exc}") from None
    out.write(f"Rulebook in force: edition {edition} ({known[edition].deck.title}), "
              f"rules {rulebook}\n\n")
    for rule in rules_in_force(options, edition):
        mark = "  (no official rule; table default)" if rule.table_default else ""
        out.write(f"{rule.id}{mark}\n")
        out.write(textwrap.fill(rule.text, 96, initial_indent="    ",
                                subsequent_indent="    ") + "\n")
        out.write(f"    source: {rule.source}\n")
    out.write("\nOptions in force:\n")
    changed = {key for key, _ in overrides}
    specs = option_specs()
    for key, value in options.items():
        notes = ["table default"] if specs[key].table_default else []
        if key in changed:
            notes.append("set by --rule")
        suffix = f"  ({', '.join(notes)})" if notes else ""
        out.write(f"  {key} = {value}{suffix}\n")
        # Where the sources disagree the default is a choice: say whose it is.
        out.write(f"      default {_default_of(specs[key], rulebook)}: {specs[key].source}\n")
    return OK


def _default_of(spec: OptionSpec, rulebook: str) -> str:
    return spec.jp if rulebook == "jp" else spec.en


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
    replay_p.set_defaults(run=lambda a: replay_session_cmd(a.file, sys.stdout, a.json))

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
