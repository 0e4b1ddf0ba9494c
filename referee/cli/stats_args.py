"""The arguments of `uno-referee stats`, `players` and `label` (`stats_cmd` runs them)."""

from __future__ import annotations

import argparse

from ..i18n import _
from .hub_args import add_hub_key
from .parsing import add_data_dir


def add_selection(parser: argparse.ArgumentParser) -> None:
    """The options choosing sessions (shared with the season report)."""
    parser.add_argument("--label", help=_("only sessions with this label ('uno-referee label')"))
    parser.add_argument("--event", help=_("only sessions whose Event tag is this"))
    parser.add_argument("--site", help=_("only sessions whose Site tag is this"))
    parser.add_argument(
        "--from",
        dest="since",
        metavar="DATE",
        help=_("only sessions on or after this day (YYYY-MM-DD)"),
    )
    parser.add_argument(
        "--to",
        dest="until",
        metavar="DATE",
        help=_("only sessions on or before this day (YYYY-MM-DD)"),
    )
    parser.add_argument("--today", action="store_true", help=_("only today's sessions"))
    parser.add_argument(
        "--month",
        nargs="?",
        const="",
        metavar="YYYY-MM",
        help=_("only one month's sessions (default: this month)"),
    )
    parser.add_argument(
        "--guests", action="store_true", help=_("count players marked as guests too")
    )


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """`stats`, `players` and `label`."""
    p = sub.add_parser(
        "stats",
        help=_("standings and each player's figures over stored sessions"),
        description=_(
            "Standings and each player's figures over stored "
            "sessions: all of them, or those the options select."
        ),
    )
    add_data_dir(p)
    add_selection(p)
    shape = p.add_mutually_exclusive_group()
    shape.add_argument("--json", action="store_true", help=_("the standings as JSON"))
    shape.add_argument("--csv", action="store_true", help=_("one CSV row per player"))
    shape.add_argument(
        "--html",
        metavar="FILE",
        help=_(
            "write a printable season report: the standings, their charts "
            "and every selected session's score sheet, in one file"
        ),
    )
    p.add_argument("--title", help=_("the report's title (with --html)"))
    add_hub_key(p)
    p.add_argument(
        "--force", action="store_true", help=_("overwrite FILE if it exists (with --html)")
    )
    p.set_defaults(run="stats_cmd:run_stats")

    p = sub.add_parser(
        "players",
        help=_("the players across sessions: merge names, mark guests"),
        description=_(
            "The players across sessions. Merging and guest marks "
            "are kept in the league book (league.json in the data "
            "folder); no stored session changes."
        ),
    )
    add_data_dir(p)
    p.set_defaults(run="stats_cmd:run_players")
    actions = p.add_subparsers(dest="action", metavar="ACTION")
    q = actions.add_parser("list", help=_("each player, their other names and guest mark"))
    add_data_dir(q)
    q.add_argument("--json", action="store_true", help=_("one JSON object per player"))
    q.set_defaults(run="stats_cmd:run_players_list")
    q = actions.add_parser("merge", help=_("count NAME as the same person as KEEP"))
    add_data_dir(q)
    q.add_argument("keep", metavar="KEEP", help=_("the name to show"))
    q.add_argument("other", metavar="NAME", help=_("the other way the name was written"))
    add_hub_key(q)
    q.set_defaults(run="stats_cmd:run_players_merge")
    q = actions.add_parser("split", help=_("undo a merge: NAME is a person of their own"))
    add_data_dir(q)
    q.add_argument("name", metavar="NAME")
    add_hub_key(q)
    q.set_defaults(run="stats_cmd:run_players_split")
    q = actions.add_parser("guest", help=_("mark a guest, left out of standings by default"))
    add_data_dir(q)
    q.add_argument("name", metavar="NAME")
    q.add_argument("--remove", action="store_true", help=_("no longer a guest"))
    add_hub_key(q)
    q.set_defaults(run="stats_cmd:run_players_guest")

    p = sub.add_parser(
        "label",
        help=_("label a session (a group, a season, a place)"),
        description=_(
            "Label a stored session, for 'stats --label'. Labels are "
            "kept in the league book; the session does not change."
        ),
    )
    add_data_dir(p)
    p.add_argument("id", metavar="ID")
    p.add_argument("labels", metavar="LABEL", nargs="+")
    p.add_argument("--remove", action="store_true", help=_("take the labels off"))
    add_hub_key(p)
    p.set_defaults(run="stats_cmd:run_label")
