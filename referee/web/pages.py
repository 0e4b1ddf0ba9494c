"""The scoreboard's HTML from Jinja2 templates, autoescaped: names and rulings are data."""

from __future__ import annotations

import functools
from importlib import resources

import jinja2
from markupsafe import Markup

from ..i18n import _, current
from .board import Board

REFRESH_SECONDS = 5
"""Without scripts the page reloads itself this often (a meta refresh inside <noscript>)."""


@functools.cache
def _templates() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("referee.web", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def asset(name: str) -> bytes:
    """A file of `static/` (the script and the style sheet), served by the server itself."""
    return resources.files("referee.web").joinpath("static", name).read_bytes()


def words() -> dict[str, str]:
    """The page's own words, in the language in use."""
    return {
        "turn": _("Turn"),
        "top": _("Top card"),
        "colour": _("Colour in force"),
        "direction": _("Direction"),
        "player": _("Player"),
        "cards": _("Cards"),
        "total": _("Total"),
        "rank": _("Rank"),
        "catchable": _("can be caught"),
        "acting": _("to act"),
        "none_yet": _("none yet"),
        "alerts": _("Right now"),
        "rulings": _("Last rulings"),
        "no_rulings": _("No move recorded yet."),
        "sheet": _("Score sheet"),
        "round": _("R{n}"),
        "chart": _("Running totals, round by round"),
        "no_rounds": _("No round scored yet."),
        "lost": _("Connection lost: reconnecting..."),
        "noscript": _("Scripts are off: this page reloads itself every {n} seconds.").format(
            n=REFRESH_SECONDS
        ),
        "read_only": _("Read-only scoreboard: the scorekeeper records the moves."),
        "seated": _("Each player proposes their own moves here; the referee rules at once."),
        "language": _("Language"),
    }


def board_fragment(board: Board) -> str:
    """The board alone: what each update replaces on the page."""
    return _templates().get_template("board.html").render(board=board, words=words())


def page(title: str, fragment: str, seats: bool = False) -> str:
    """The whole page, with the board as it stands now (`fragment`, rendered above); with
    `seats`, the phone's pad too (filled in by its script)."""
    return (
        _templates()
        .get_template("page.html")
        .render(
            lang=current(),
            title=title,
            fragment=Markup(fragment),
            words=words(),
            refresh=REFRESH_SECONDS,
            seats=seats,
        )
    )


def refused_page() -> str:
    """The only page served without the token: it says where the address comes from."""
    return (
        _templates()
        .get_template("refused.html")
        .render(
            lang=current(),
            title=_("UNO scoreboard"),
            text=_(
                "This scoreboard needs the address with its key. Ask the scorekeeper for the "
                "QR code."
            ),
        )
    )


def venue_page(title: str, kind: str, body: str = "") -> str:
    """An event venue's page: `screen` (the big screen, filled in by its script from
    `state.json`) or `cards` (the tables' cards, `body` already escaped)."""
    return (
        _templates()
        .get_template("venue.html")
        .render(lang=current(), title=title, kind=kind, body=Markup(body))
    )
