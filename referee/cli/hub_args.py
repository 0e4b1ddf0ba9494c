"""The arguments of `uno-referee hub` and `uno-referee sync` (`hub_cmd` runs them)."""

from __future__ import annotations

import argparse

from ..i18n import _
from .parsing import add_data_dir
from .serve_args import add_address

HUB_PORT = 8766


def _store(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--store",
        metavar="TARGET",
        help=_(
            "where the hub keeps the league's record: a PostgreSQL address "
            "(postgresql://HOST/DB) or a SQLite file (default: "
            "$UNO_REFEREE_HUB_STORE, else hub.sqlite3 in the data folder)"
        ),
    )
    add_data_dir(parser)


def add_hub_key(parser: argparse.ArgumentParser) -> None:
    """--hub and --key: a command that reads (or, with the organiser's key, keeps) a hub's."""
    parser.add_argument(
        "--hub",
        metavar="URL",
        nargs="?",
        const="",
        help=_(
            "the league's hub, as 'uno-referee hub' prints it (--hub alone: the hub the app keeps)"
        ),
    )
    _key(parser)


def _key(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--key",
        metavar="KEY",
        help=_("this laptop's key from the hub (default: $UNO_REFEREE_HUB_KEY)"),
    )


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """`hub` and `sync`."""
    p = sub.add_parser(
        "hub",
        help=_("one record for a club or a league: laptops sync their sessions into it"),
        description=_(
            "Serve a league's one record over HTTP: every laptop with a key sends its "
            "sessions to it ('uno-referee sync'), and standings are read from it "
            "('uno-referee stats --hub'). The record is a SQLite file by default, or a "
            "PostgreSQL database. Plain HTTP is for a trusted local network: elsewhere, put "
            "the hub behind a TLS proxy (README)."
        ),
        epilog=_("exit status: 0 stopped, 2 a store or port that cannot be used"),
    )
    _store(p)
    add_address(p, HUB_PORT)
    p.set_defaults(run="hub_cmd:run_serve")
    actions = p.add_subparsers(dest="hub_action", metavar="ACTION")
    k = actions.add_parser("key", help=_("the keys laptops and the organiser use"))
    keys = k.add_subparsers(dest="key_action", metavar="ACTION", required=True)
    q = keys.add_parser("new", help=_("a new key for a laptop or a venue (shown once)"))
    _store(q)
    q.add_argument("name", metavar="NAME", help=_("whose key: a laptop, a venue, a person"))
    q.add_argument(
        "--organiser",
        action="store_true",
        help=_("the organiser's key: merges players, labels, settles forks, revokes keys"),
    )
    q.set_defaults(run="hub_cmd:run_key_new")
    q = keys.add_parser("list", help=_("every key: its name, role and whether it is revoked"))
    _store(q)
    q.add_argument("--json", action="store_true", help=_("as JSON"))
    q.set_defaults(run="hub_cmd:run_key_list")
    q = keys.add_parser("revoke", help=_("revoke every key of NAME"))
    _store(q)
    q.add_argument("name", metavar="NAME")
    q.set_defaults(run="hub_cmd:run_key_revoke")
    q = actions.add_parser(
        "forks", help=_("sessions a laptop sent that went another way than the hub's copy")
    )
    _store(q)
    q.add_argument("--all", action="store_true", help=_("settled ones too"))
    q.add_argument("--json", action="store_true", help=_("as JSON"))
    q.set_defaults(run="hub_cmd:run_forks")
    q = actions.add_parser(
        "settle", help=_("settle a fork: keep the hub's entries or take the fork's")
    )
    _store(q)
    q.add_argument(
        "fork", metavar="FORK", type=int, help=_("the fork's number, as 'hub forks' shows")
    )
    which = q.add_mutually_exclusive_group(required=True)
    which.add_argument("--keep", action="store_true", help=_("keep the hub's entries"))
    which.add_argument("--take", action="store_true", help=_("replace them with the fork's"))
    q.set_defaults(run="hub_cmd:run_settle")
    q = actions.add_parser("verify", help=_("check that every session's chain of entries verifies"))
    _store(q)
    q.set_defaults(run="hub_cmd:run_verify")

    p = sub.add_parser(
        "sync",
        help=_("send this laptop's sessions to the league's hub"),
        description=_(
            "Send every stored session's new entries to a hub. What the hub holds already "
            "is not sent again; an interrupted sync resumes where it stopped when run again."
        ),
        epilog=_(
            "exit status: 0 everything sent, 1 some session not taken, 2 the hub cannot be used"
        ),
    )
    p.add_argument(
        "url",
        metavar="URL",
        nargs="?",
        help=_(
            "the hub's address, as 'uno-referee hub' prints it (default: the hub the app "
            "keeps, 'uno-referee config set hub URL')"
        ),
    )
    _key(p)
    add_data_dir(p)
    p.set_defaults(run="hub_cmd:run_sync")
