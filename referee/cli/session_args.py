"""The arguments of the stored-session commands: new, list, show, move, undo, correct, import,
delete and restore (`session_cmds` runs them)."""

from __future__ import annotations

import argparse

from ..i18n import _
from .parsing import add_data_dir


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """The stored-session commands."""

    def add(name: str, help_text: str, description: str) -> argparse.ArgumentParser:
        parser: argparse.ArgumentParser = sub.add_parser(
            name, help=help_text, description=description
        )
        add_data_dir(parser)
        parser.set_defaults(run=f"session_cmds:run_{name}")
        return parser

    p = add(
        "new",
        _("start a stored session; prints its id"),
        _("Start a stored session; prints its id."),
    )
    p.add_argument("--players", required=True, help=_('seating order, e.g. "Alice, Bob, Carol"'))
    p.add_argument("--edition", default="classic", help=_("edition id (default: classic)"))
    p.add_argument(
        "--rules",
        default=None,
        dest="rulebook",
        help=_("en or jp (default: jp when the language is Japanese, else en)"),
    )
    p.add_argument(
        "--scoring",
        default=None,
        help=_(
            '"rounds 5", "target 500", "lowest 500", "penalty 500" or "none" '
            "(default: the rulebook's usual, target 500 for en, rounds 5 for jp)"
        ),
    )
    p.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help=_("override one option (repeatable)"),
    )
    p.add_argument(
        "--custom",
        action="append",
        default=[],
        metavar="N=TEXT",
        help=_("the rule written on Wild Customizable N (repeatable)"),
    )
    p.add_argument("--event", help=_("a label for the score sheet"))
    p.add_argument("--site", help=_("where the game is played"))
    p.add_argument("--date", help=_("YYYY-MM-DD (default: today; '' for none)"))

    p = add(
        "list",
        _("the stored sessions, newest first"),
        _("The stored sessions, newest first, with their labels."),
    )
    p.add_argument("--json", action="store_true", help=_("one JSON object per session"))
    p.add_argument("--rebuild", action="store_true", help=_("re-read every session file"))
    p.add_argument(
        "--trash",
        action="store_true",
        help=_("the sessions in the trash instead ('uno-referee restore ID')"),
    )

    p = add(
        "show",
        _("a stored session: state, whose turn, pending windows, score so far"),
        _("A stored session: state, whose turn, pending windows, score so far."),
    )
    p.add_argument("id", metavar="ID")
    p.add_argument("--moves", action="store_true", help=_("list every move, not the last 10"))
    p.add_argument("--json", action="store_true", help=_("state, score sheet and moves as JSON"))

    p = add(
        "move",
        _("record moves in a stored session; prints each ruling"),
        _("Record moves in a stored session; prints each ruling."),
    )
    p.add_argument("id", metavar="ID")
    p.add_argument(
        "moves",
        metavar="MOVE",
        nargs="+",
        help=_("a statement such as \"Bob: r5\" ('-' reads one per line from stdin)"),
    )

    p = add(
        "undo",
        _("take back the last move of a stored session"),
        _("Take back the last move of a stored session."),
    )
    p.add_argument("id", metavar="ID")

    p = add(
        "correct",
        _("replace an earlier move; later moves that no longer hold are dropped"),
        _("Replace an earlier move; later moves that no longer hold are dropped."),
    )
    p.add_argument("id", metavar="ID")
    p.add_argument("seq", metavar="N", type=int, help=_("the move's number ('show ID --moves')"))
    p.add_argument("move", metavar="MOVE", help=_("the move as it should have been"))
    p.add_argument("--dry-run", action="store_true", help=_("only show what would change"))
    p.add_argument("--yes", action="store_true", help=_("drop later moves without asking"))

    p = add(
        "import",
        _("store a .uno file as a new session (all of it, or nothing)"),
        _(
            "Store a .uno file as a new session (all of it, or nothing). A file that "
            "continues a stored session (the same header; its moves begin with all of the "
            "stored session's, as the final export of an evening imported mid-way) updates "
            "that session in place with --update, or when you say yes; a file whose moves a "
            "stored session holds already adds nothing."
        ),
    )
    p.add_argument("file", metavar="FILE", help=_("a .uno session file ('-' reads stdin)"))
    choice = p.add_mutually_exclusive_group()
    choice.add_argument(
        "--update",
        action="store_true",
        help=_(
            "if the file continues a stored session, add its later moves "
            "to that session (it keeps its id and labels)"
        ),
    )
    choice.add_argument(
        "--new",
        action="store_true",
        help=_(
            "store the file as a session of its own even if it continues "
            "a stored one (both then count in the standings)"
        ),
    )

    p = add(
        "delete",
        _("move a stored session to the trash (asks first)"),
        _(
            "Move a stored session to the trash (asks first): 'uno-referee restore ID' "
            "brings it back whole, with its labels. The trash is never emptied by itself; "
            "--purge removes a session in the trash for good."
        ),
    )
    p.add_argument("id", metavar="ID")
    p.add_argument("--yes", action="store_true", help=_("do not ask (for scripts)"))
    p.add_argument(
        "--purge",
        action="store_true",
        help=_("remove a session in the trash for good, and its labels"),
    )

    p = add(
        "restore",
        _("bring a deleted session back from the trash"),
        _(
            "Bring a deleted session back from the trash: its file, its place in the list "
            "and its labels."
        ),
    )
    p.add_argument("id", metavar="ID")
