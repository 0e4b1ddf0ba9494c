"""The arguments of `uno-referee serve` (`serve_cmd` runs it, and only it loads the web stack)."""

from __future__ import annotations

import argparse

from ..i18n import _
from .parsing import add_data_dir

DEFAULT_PORT = 8765


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(
            _("expected a whole number of 1 or more, not {text!r}").format(text=text)
        )
    return value


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(
            _("expected a port from 0 to 65535, not {text!r}").format(text=text)
        )
    return value


def add_address(parser: argparse.ArgumentParser, port: int) -> None:
    """--host and --port of a server (the scoreboard, the hub)."""
    parser.add_argument(
        "--host",
        default=None,
        help=_(
            "the address to listen on (default: this machine's local-network "
            "address, else 127.0.0.1)"
        ),
    )
    parser.add_argument(
        "--port",
        type=_port,
        default=port,
        help=_("the port (default: {port}; 0 takes a free one)").format(port=port),
    )


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """The serve command."""
    p = sub.add_parser(
        "serve",
        help=_("a stored session as a live, read-only scoreboard for phones"),
        description=_(
            "Serve a stored session as a live scoreboard for the table's phones: whose turn it "
            "is, the top card and the colour in force, every hand count and total, who can be "
            "caught, the last rulings and the score sheet. What is exposed: that page, "
            "read-only (nothing can be recorded or changed through it), to anyone who can "
            "reach the address and has its key, an unguessable token in the address printed "
            "with its QR code. Without the token only a page asking for the QR code is "
            "served. By default it listens on this machine's local-network address, so "
            "everyone on that network with the link can read it; --host 127.0.0.1 keeps it to "
            "this machine. It never listens on every address unless --host 0.0.0.0 asks."
        ),
        epilog=_("exit status: 0 stopped, 2 an unknown session, a busy port or a bad host"),
    )
    p.add_argument("id", metavar="ID", help=_("the session's id, as 'uno-referee list' shows"))
    add_address(p, DEFAULT_PORT)
    p.add_argument(
        "--max-viewers",
        type=_positive,
        default=50,
        metavar="N",
        help=_("pages that may follow the session at once (default: 50)"),
    )
    p.add_argument(
        "--url-only",
        action="store_true",
        help=_("print only the address, on one line (for scripts)"),
    )
    p.add_argument(
        "--seats",
        action="store_true",
        help=_(
            "let each player's phone take a seat (the code it shows here approves it) and "
            "propose that seat's own moves; the referee rules on each at once and records "
            "what holds. This terminal holds the session as its writer while it serves"
        ),
    )
    # The app's own way to serve with seats: it stays the writer and answers the server's
    # messages over the pipes between them (not for people: hidden).
    p.add_argument("--seats-by-pipe", action="store_true", help=argparse.SUPPRESS)
    add_data_dir(p)
    p.set_defaults(run="serve_cmd:run")
