"""The arguments of the session-file commands: check, replay, score and rules (`file_cmds` runs
them)."""

from __future__ import annotations

import argparse

from ..i18n import _


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """The session-file commands: check, replay, score, rules."""
    file_help = _("a .uno session file ('-' reads stdin)")
    check_p = sub.add_parser(
        "check",
        help=_("check that every line of a session is legal"),
        description=_("Check that every line of a session is legal."),
    )
    check_p.add_argument("file", metavar="FILE", help=file_help)
    check_p.set_defaults(run="file_cmds:run_check")

    replay_p = sub.add_parser(
        "replay",
        help=_("the ruling on every statement of a session"),
        description=_("The ruling on every statement of a session."),
    )
    replay_p.add_argument("file", metavar="FILE", help=file_help)
    replay_p.add_argument(
        "--json",
        action="store_true",
        help=_("one JSON object per statement, with the public state"),
    )
    replay_p.set_defaults(run="file_cmds:run_replay")

    score_p = sub.add_parser(
        "score",
        help=_("the score sheet of a session"),
        description=_("The score sheet of a session."),
    )
    score_p.add_argument("file", metavar="FILE", help=file_help)
    score_p.add_argument("--json", action="store_true", help=_("the score sheet as JSON"))
    score_p.set_defaults(run="file_cmds:run_score")

    rules_p = sub.add_parser(
        "rules",
        help=_("the rulebook in force for an edition and options"),
        description=_(
            "The rules in force for an edition, a rulebook family and options: each "
            "rule's id, text and source, then each option's value, source and "
            "meaning."
        ),
    )
    rules_p.add_argument("--edition", help=_("edition id (default: classic)"))
    rules_p.add_argument(
        "--rules", dest="rulebook", help=_("rulebook family: en or jp (default: en)")
    )
    rules_p.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help=_("override one option, e.g. --rule uno-penalty=4 (repeatable)"),
    )
    rules_p.add_argument(
        "--markdown",
        action="store_true",
        help=_(
            "the whole rulebook as Markdown, in English and Japanese: "
            "'uno-referee rules --markdown > docs/rules.md'"
        ),
    )
    rules_p.set_defaults(run="file_cmds:run_rules")
