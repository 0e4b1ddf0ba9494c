"""The arguments of `uno-referee event` and its actions (`event_cmd` runs them)."""

from __future__ import annotations

import argparse

from ..i18n import _
from .parsing import add_data_dir
from .serve_args import add_address

VENUE_PORT = 8767


def _event(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("event", metavar="EVENT", help=_("the event's name or id"))
    add_data_dir(parser)


def _json(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help=_("as JSON"))


def _new(actions: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = actions.add_parser(
        "new",
        help=_("set up an event: its players, tables, rounds and scoring"),
        description=_(
            "Set up an event. Each round seats the players at tables (a draw for the first "
            "round, then as few repeated table-mates as possible); each table plays one game "
            "of the event's --game, refereed as a session of its own, and the game counts "
            "toward the event by placement points or card points."
        ),
    )
    p.add_argument("name", metavar="NAME", help=_("the event's name (the sessions' Event tag)"))
    p.add_argument(
        "--players-file",
        metavar="FILE",
        required=True,
        help=_("a text file with one player's name a line (UTF-8; # starts a comment line)"),
    )
    p.add_argument(
        "--tables-of", type=int, default=4, metavar="N", help=_("players a table (default 4)")
    )
    p.add_argument("--rounds", type=int, required=True, metavar="N", help=_("qualifying rounds"))
    p.add_argument(
        "--scoring",
        choices=("placement", "cards"),
        default="placement",
        help=_("how a table's game counts: placement points (default) or card points"),
    )
    p.add_argument(
        "--scale",
        metavar="POINTS",
        help=_("placement points by place, best first (default 5,3,2,1 at tables of 4)"),
    )
    p.add_argument(
        "--game",
        metavar="SCORING",
        default="rounds 5",
        help=_(
            "what each table plays, as a session's scoring: 'rounds 5' (default) or 'target 500'"
        ),
    )
    p.add_argument(
        "--edition", default="classic", metavar="ID", help=_("the deck (default classic)")
    )
    p.add_argument(
        "--rules", choices=("en", "jp"), help=_("the rulebook family (default: by language)")
    )
    p.add_argument(
        "--minutes", type=int, default=0, metavar="N", help=_("time per round (default 0: untimed)")
    )
    p.add_argument(
        "--at-time",
        choices=("score-hands", "finish-deal", "stop"),
        default="score-hands",
        help=_(
            "when time is up: finish the turn, then score the hands, the lowest winning the "
            "deal (default); finish the deal in play; or stop at once without counting it"
        ),
    )
    p.add_argument(
        "--semifinal",
        type=int,
        default=0,
        metavar="N",
        help=_("the top N go on to semifinal tables"),
    )
    p.add_argument(
        "--final", type=int, default=0, metavar="N", help=_("players at the final table")
    )
    p.add_argument("--seed", metavar="TEXT", help=_("the seating draw's seed (default: random)"))
    p.add_argument(
        "--fixed",
        action="append",
        default=[],
        metavar="NAME=TABLE",
        help=_("a player who keeps one table every round (repeatable)"),
    )
    add_data_dir(p)
    p.set_defaults(run="event_cmd:run_new")


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """`event` and its actions."""
    p = sub.add_parser(
        "event",
        help=_("an event: many tables, seated each round, with one standings"),
        description=_(
            "Run an event: set it up, seat each round, keep its clock and the director's "
            "decisions, and read its standings."
        ),
    )
    # Alone, `event` lists the events (as `event list`).
    _json(p)
    add_data_dir(p)
    p.set_defaults(run="event_cmd:run_list")
    actions = p.add_subparsers(dest="event_action", metavar="ACTION")
    _new(actions)
    q = actions.add_parser("list", help=_("every event of the data folder"))
    _json(q)
    add_data_dir(q)
    q.set_defaults(run="event_cmd:run_list")
    q = actions.add_parser("show", help=_("an event's rounds, tables and their sessions"))
    _event(q)
    _json(q)
    q.set_defaults(run="event_cmd:run_show")
    q = actions.add_parser(
        "seat",
        help=_("the next round's seating; --publish records it and opens the tables"),
        description=_(
            "Show the seating of a round. For the next round it is a proposal until --publish "
            "records it and opens one session per table; --swap exchanges two players first."
        ),
    )
    _event(q)
    q.add_argument(
        "--round", type=int, metavar="K", help=_("a round already seated (default: the next)")
    )
    q.add_argument(
        "--swap",
        nargs=2,
        action="append",
        default=[],
        metavar=("A", "B"),
        help=_("exchange the seats of two players (repeatable)"),
    )
    q.add_argument(
        "--by-standings",
        action="store_true",
        help=_("group players by their standings (Swiss-like) instead of mixing them"),
    )
    q.add_argument("--publish", action="store_true", help=_("record it and open the tables"))
    _json(q)
    q.set_defaults(run="event_cmd:run_seat")
    q = actions.add_parser("standings", help=_("the event's standings under its scoring"))
    _event(q)
    q.add_argument(
        "--stage",
        choices=("qualifying", "semifinal", "final"),
        default="qualifying",
        help=_("the rounds counted: the qualifying rounds (default), the semifinal or the final"),
    )
    _json(q)
    q.set_defaults(run="event_cmd:run_standings")
    q = actions.add_parser("clock", help=_("start, pause or extend the round's clock"))
    _event(q)
    q.add_argument("action", choices=("start", "pause", "extend"), help=_("what to do"))
    q.add_argument("--table", type=int, default=0, metavar="T", help=_("one table (default: all)"))
    q.add_argument("--minutes", type=int, default=0, metavar="N", help=_("minutes to add (extend)"))
    q.set_defaults(run="event_cmd:run_clock")
    q = actions.add_parser("end", help=_("a table ends its round now, on its totals"))
    _event(q)
    q.add_argument("table", type=int, metavar="TABLE", help=_("the table's number"))
    q.set_defaults(run="event_cmd:run_end")
    q = actions.add_parser("withdraw", help=_("a player leaves the event"))
    _event(q)
    q.add_argument("player", metavar="PLAYER", help=_("who leaves"))
    q.add_argument("--reason", default="", metavar="TEXT", help=_("why (shown in the standings)"))
    q.add_argument(
        "--rule",
        choices=("set-aside", "current-totals"),
        default="set-aside",
        help=_(
            "in a round being played: the player's hand is set aside and the others play on "
            "(default), or the table's round ends on its totals as they stand"
        ),
    )
    q.set_defaults(run="event_cmd:run_withdraw")
    q = actions.add_parser("arrive", help=_("a late player, seated from the next round"))
    _event(q)
    q.add_argument("player", metavar="PLAYER", help=_("who arrives"))
    q.set_defaults(run="event_cmd:run_arrive")
    q = actions.add_parser("replace", help=_("a new player takes another's seat"))
    _event(q)
    q.add_argument("player", metavar="PLAYER", help=_("who leaves the seat"))
    q.add_argument("by", metavar="NEW", help=_("who takes it"))
    q.set_defaults(run="event_cmd:run_replace")
    q = actions.add_parser("penalty", help=_("event points taken from a player"))
    _event(q)
    q.add_argument("player", metavar="PLAYER", help=_("who"))
    q.add_argument("points", type=int, metavar="POINTS", help=_("points added (negative to take)"))
    q.add_argument("--reason", default="", metavar="TEXT", help=_("why (shown in the standings)"))
    q.set_defaults(run="event_cmd:run_penalty")
    q = actions.add_parser(
        "director",
        help=_("the director's screen: every table live, the standings, seating and clocks"),
    )
    _event(q)
    q.set_defaults(run="event_cmd:run_director")
    q = actions.add_parser(
        "serve",
        help=_("the venue's server: every table's phones, the big screen and the table cards"),
        description=_(
            "Serve the event at its venue: each table of the round being played takes its "
            "players' phones (scan the table's card, choose your name, type its code), every "
            "legal move is recorded at once; the big screen shows the clocks and the "
            "standings. A round published by the director opens its tables by itself. "
            "Ctrl+C stops it."
        ),
    )
    _event(q)
    add_address(q, VENUE_PORT)
    q.add_argument(
        "--url-only",
        action="store_true",
        help=_("print only the big screen's address (for a program that starts the server)"),
    )
    q.set_defaults(run="event_cmd:run_serve")
    q = actions.add_parser(
        "print", help=_("every table's sheet and the standings in one HTML file")
    )
    _event(q)
    q.add_argument("-o", "--output", metavar="FILE", help=_("where to write it (default: print)"))
    q.set_defaults(run="event_cmd:run_print")
