"""`uno-referee serve`: one stored session as a scoreboard for the table's phones, read-only or
with seats that propose their own moves."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import TextIO

from ..i18n import _, current, locale_language
from ..notation import visible
from ..service import LiveSession, SessionError, SessionService
from ..store import settings
from ..table import Desk
from ..web.errors import ServeError
from ..web.links import (
    EVERY_ADDRESS,
    TOKEN_VARIABLE,
    LinkError,
    check_token,
    local_address,
    new_token,
    scoreboard_url,
)
from ..web.server import ServerOptions, bind, serve
from ..web.writer import LocalWriter, PipeWriter, Writer
from .common import OK, Failure


def terminal_code(url: str) -> str:
    """The address's QR code for standard output.

    On a terminal it is drawn dark on light whatever the terminal's colours (scanners expect
    it so): half blocks, or, where the `glyphs` setting avoids East Asian Ambiguous characters
    (as the app decides it: `auto` in Japanese), two spaces a module on a black or white
    ground, which every terminal draws one cell each. Into a file or a pipe: the half blocks
    alone.
    """
    from ..sheet.exports import qr

    if not sys.stdout.isatty():
        return qr.half_blocks(url)
    chosen = settings.load().glyphs
    japanese = current() == "ja" or locale_language() == "ja"
    plain = "\x1b[0m"
    if chosen == "unicode" or (chosen != "ascii" and not japanese):
        return "\n".join(f"\x1b[30;107m{line}{plain}" for line in qr.half_blocks(url).split("\n"))
    dark, light = "\x1b[40m", "\x1b[107m"
    return "\n".join(
        "".join(f"{dark if module else light}  " for module in row) + plain
        for row in qr.matrix(url, qr.TERMINAL_BORDER)
    )


def _seat_codes(out: TextIO) -> Callable[[Desk], None]:
    """After each phone's message: every new seat request, with the code to type on it."""
    shown: set[str] = set()

    def show_new(desk: Desk) -> None:
        for join in desk.seats.asking():
            if join.ticket not in shown:
                shown.add(join.ticket)
                print(
                    _("{player}'s seat asked for: type {code} on that phone").format(
                        player=visible(join.player), code=join.code
                    ),
                    file=out,
                    flush=True,
                )

    return show_new


def run(a: argparse.Namespace) -> int:
    """The command's `run` (declared in `serve_args`)."""
    from ..engine.units import load_standard

    # A server referees in several threads: every rule unit is loaded before any of them runs
    # (loading one registers it in tables the others read).
    load_standard()
    service = SessionService(a.data_dir, index_on_close=False)
    try:
        token = (
            check_token(os.environ[TOKEN_VARIABLE])
            if os.environ.get(TOKEN_VARIABLE)
            else new_token()
        )
    except LinkError as exc:
        raise Failure(_("uno-referee serve: {error}").format(error=exc)) from None
    host = a.host or local_address()
    writer: Writer | None = None
    held: LiveSession | None = None
    try:
        live = service.open(a.id, read_only=True)
        if a.seats_by_pipe:
            writer = PipeWriter()
        elif a.seats:
            held = service.open(a.id)
            writer = LocalWriter(Desk(held, "none"), after=_seat_codes(sys.stdout))
    except SessionError as exc:
        if held is not None:
            held.close()
        raise Failure(_("uno-referee serve: {error}").format(error=exc.message)) from None
    try:
        try:
            sock = bind(host, a.port)
        except ServeError as exc:
            raise Failure(_("uno-referee serve: {error}").format(error=exc.message)) from None
        bound_host, port = sock.getsockname()[:2]
        # A wildcard address (asked for) is reachable at the local-network address; the address
        # printed does not say that every other one of the machine's answers too.
        shown = local_address() if bound_host in EVERY_ADDRESS else bound_host
        if bound_host in EVERY_ADDRESS:
            print(
                _(
                    "uno-referee serve: listening on every address of this machine ({host}), "
                    "on every network it is on, not only at the address shown"
                ).format(host=bound_host),
                file=sys.stderr,
                flush=True,
            )
        url = scoreboard_url(shown, port, token)
        if a.url_only:
            print(url, flush=True)
        else:
            print(terminal_code(url))
            if writer is not None:
                print(
                    _(
                        "Session {id} with seats: scan the code or open\n  {url}\n"
                        "Each player takes their seat on their phone; the code to type "
                        "there is shown here. Every legal move a seat proposes is recorded "
                        "at once. Ctrl+C stops serving."
                    ).format(id=live.id, url=url),
                    flush=True,
                )
            else:
                print(
                    _(
                        "Scoreboard of session {id}, read-only: scan the code or open\n  {url}\n"
                        "Anyone on this network with this address can read the session; nothing "
                        "can be changed through it. Ctrl+C stops serving."
                    ).format(id=live.id, url=url),
                    flush=True,
                )
        # Room beyond the streams for the page and its two files while every stream is taken.
        serve(
            live,
            sock,
            ServerOptions(
                host, port, token, max_streams=a.max_viewers, max_connections=a.max_viewers + 20
            ),
            writer,
        )
    finally:
        live.close()
        if held is not None:
            held.close()
    return OK
