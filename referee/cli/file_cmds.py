"""The bodies of the `uno-referee` commands: check, replay, score and rules (`file_args` declares
their arguments)."""

from __future__ import annotations

import argparse
import sys

from ..engine import SetupError
from ..engine.events import Session
from ..engine.options import OptionError
from ..engine.scoring import scoring_name, to_json
from ..engine.setup import editions, option_specs, resolve, rules_in_force
from ..engine.titles import edition_title, family_name
from ..i18n import _, ngettext, pgettext
from ..notation import NotationError, parse_session
from ..service.replay import Replayed, replay_session
from .common import OK, REFUSED, Failure, fill, parse_overrides, read_text

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    from typing import TextIO

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
    # Layout only (the ruling is already in the language in use), as compilers report errors.
    from ..render import render  # a refusal alone is put in words: `check` of a sound file is not

    return Failure(f"{name}:{t.seq}: {render(t.parts)} [{t.rule}]", REFUSED)


# check, replay, score --------------------------------------------------------------------------


def check(path: str, out: TextIO) -> int:
    name, _session, done = load(path)
    if done.trouble is not None:
        raise refusal(name, done)
    rounds = done.referee.round_no
    statements = len(done.steps)
    out.write(
        _("{file}: ok ({statements}, {rounds})").format(
            file=name,
            statements=ngettext("{n} statement", "{n} statements", statements).format(n=statements),
            rounds=ngettext("{n} round", "{n} rounds", rounds).format(n=rounds),
        )
        + "\n"
    )
    return OK


def replay_session_cmd(path: str, out: TextIO, as_json: bool) -> int:
    """One line per statement; stops after the first refused one (exit 1)."""
    import json  # here, not at the top: `check`, which shares this module, prints no JSON

    from ..render import in_words, render, ruling_fields

    name, session, done = load(path)
    lines = session.lines
    width = len(str(lines[-1])) if lines else 1
    steps = [*done.steps, *([done.refused] if done.refused is not None else [])]
    if as_json:
        from ..engine.public import public_state  # only `replay --json` shows the state
    for step in steps:
        ruling = step.ruling
        if as_json:
            # The ruling in words and as data (`key`, `params`): a program can say it in any
            # language of the catalogue (`referee.render.render_data`).
            record = {
                "line": step.seq,
                "ok": ruling.ok,
                **ruling_fields(ruling.rule, ruling.parts),
                "state": in_words(public_state(ruling.state)),
            }
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
        else:
            said = render(ruling.parts)
            verdict = said if ruling.ok else _("REFUSED: {ruling}").format(ruling=said)
            out.write(f"{str(step.seq).rjust(width)}  {step.text}  ->  {verdict} [{ruling.rule}]\n")
    if done.trouble is not None and done.refused is None:
        raise refusal(name, done)
    return OK if done.trouble is None else REFUSED


def score_session(path: str, out: TextIO, as_json: bool) -> int:
    name, _session, done = load(path)
    if done.trouble is not None:
        raise refusal(name, done)
    sheet = to_json(done.referee.sheet)
    if as_json:
        import json

        out.write(json.dumps(sheet, ensure_ascii=False, indent=2) + "\n")
    else:
        from ..sheet.text_table import score_table  # `score` alone prints a table

        out.write(score_table(sheet, scoring_name(str(done.referee.scoring))))
    return OK


# rules -----------------------------------------------------------------------------------------


def rules(edition: str, rulebook: str, overrides: tuple[tuple[str, str], ...], out: TextIO) -> int:
    """Print the rules in force, then every option's value, meaning and source, in the
    language in use."""
    known = editions()
    if edition not in known:
        raise Failure(
            _("uno-referee rules: unknown edition '{edition}' (editions: {editions})").format(
                edition=edition, editions=", ".join(known)
            )
        )
    try:
        options = resolve(rulebook, edition, overrides)
    except OptionError as exc:
        raise Failure(_("uno-referee rules: {error}").format(error=exc)) from None
    # By their names, as the app shows them; the ids as the options that choose them.
    out.write(
        _("Rulebook in force: {title}, {family} (--edition {edition} --rules {rulebook})").format(
            title=edition_title(edition),
            family=family_name(rulebook),
            edition=edition,
            rulebook=rulebook,
        )
        + "\n\n"
    )
    for rule in rules_in_force(options, edition):
        mark = ("  " + _("(no official rule; table default)")) if rule.table_default else ""
        out.write(f"{rule.id}{mark}\n")
        out.write(fill(_(rule.text), 96, "    ") + "\n")
        out.write("    " + _("source: {source}").format(source=_(rule.source)) + "\n")
    out.write("\n" + _("Options in force:") + "\n")
    from ..engine.option_names import option_name  # `rules` alone names the options

    changed = {key for key, _value in overrides}
    specs = option_specs()
    for key, value in options.items():
        spec = specs[key]
        notes = [_("table default")] if spec.table_default else []
        if key in changed:
            notes.append(_("set by --rule"))
        suffix = (
            "  " + _("({notes})").format(notes=pgettext("list", ", ").join(notes)) if notes else ""
        )
        option = _("{name}: {key} = {value}").format(name=option_name(key), key=key, value=value)
        out.write(f"  {option}{suffix}\n")
        # Where the sources disagree the default is a choice: say whose it is.
        out.write(
            "      "
            + _("default {value}: {source}").format(
                value=spec.default(rulebook), source=_(spec.source)
            )
            + "\n"
        )
        out.write(fill(_(spec.meaning), 96, "      ") + "\n")
    return OK


# Each command's `run` (declared in `file_args`) ---------------------------------------------


def run_check(a: argparse.Namespace) -> int:
    return check(a.file, sys.stdout)


def run_replay(a: argparse.Namespace) -> int:
    return replay_session_cmd(a.file, sys.stdout, a.json)


def run_score(a: argparse.Namespace) -> int:
    return score_session(a.file, sys.stdout, a.json)


def run_rules(a: argparse.Namespace) -> int:
    if a.markdown:
        given = [
            flag
            for flag, value in (("--edition", a.edition), ("--rules", a.rulebook))
            if value is not None
        ] + (["--rule"] if a.rule else [])
        if given:
            raise Failure(
                _(
                    "uno-referee rules: --markdown documents the whole rulebook, every "
                    "edition and option in both languages; leave out {flags}"
                ).format(flags=", ".join(given))
            )
        from . import rules_doc  # the whole rulebook in both languages: only here

        sys.stdout.write(rules_doc.markdown())
        return OK
    return rules(
        (a.edition or "classic").lower(),
        (a.rulebook or "en").lower(),
        parse_overrides(a.rule),
        sys.stdout,
    )
