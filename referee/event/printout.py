"""Every sheet of an event in one HTML file: the standings, then each table's score sheet, round
by round, one printed page each (no script, no URL)."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from ..i18n import _, current
from ..service import SessionError
from ..sheet.exports.html_sheet import footer, sheet_body
from ..sheet.exports.html_style import CSS
from ..sheet.model import build_sheet
from ..stats.report import REPORT_CSS, table_html
from . import director
from .files import EventFile
from .words import stage_text, standings_cells

if TYPE_CHECKING:
    from ..service import SessionService


EVENT_CSS = """
table.standings td:last-child { text-align: left; }
h2.table-round { font-size: 11pt; margin: 0 0 2mm; }
"""
"""The standings' notes (a withdrawal and its reason) read as text, from the left."""


def printout(service: SessionService, event: EventFile) -> str:
    state, spec = event.state, event.spec
    rows = director.qualifying(service, state)
    title = _("{name} - standings and sheets").format(name=spec.name)
    first = [
        f"<header><div><h1>{escape(spec.name)}</h1>"
        f'<p class="details">{escape(_("Standings after the rounds played"))}</p></div></header>',
        table_html(standings_cells(rows)),
    ]
    pages = [f'<main class="page standings-page">{"".join(first)}{footer(True)}</main>']
    for rnd in state.rounds:
        for table, sid in sorted(rnd.sessions.items()):
            heading = _("Round {round} ({stage}), table {table}").format(
                round=rnd.number, stage=stage_text(spec.stage(rnd.number)), table=table
            )
            try:
                with service.open(sid, read_only=True) as live:
                    sheet = build_sheet(
                        live.opened_with, live.steps, live.referee.state, by_move=True
                    )
            except SessionError as exc:
                body = f'<p class="note">{escape(exc.message)}</p>'
            else:
                body = sheet_body(sheet)
            pages.append(
                f'<main class="page"><h2 class="table-round">{escape(heading)}</h2>'
                f"{body}{footer(True)}</main>"
            )
    return (
        f'<!DOCTYPE html>\n<html lang="{current()}">\n<head>\n<meta charset="utf-8">\n'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n<style>{CSS}{REPORT_CSS}{EVENT_CSS}</style>\n</head>\n"
        f"<body>\n{chr(10).join(pages)}\n</body>\n</html>\n"
    )
