"""The printable score sheet: one self-contained HTML page (inline CSS and SVG, no URLs)."""

from __future__ import annotations

from html import escape

from ... import __version__
from ...i18n import _, current
from ...render import render as say
from ..model import RoundInPlay, Sheet, SheetRound
from . import chart, labels, qr
from .html_style import CSS


def render(sheet: Sheet) -> bytes:
    title = escape(_("{title} - score sheet").format(title=labels.title(sheet)))
    body = "\n".join([sheet_body(sheet), _footer(sheet.by_move)])
    page = (
        f'<!DOCTYPE html>\n<html lang="{current()}">\n<head>\n<meta charset="utf-8">\n'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{title}</title>\n<style>{CSS}</style>\n</head>\n"
        f'<body>\n<main class="page">\n{body}\n</main>\n</body>\n</html>\n'
    )
    return page.encode("utf-8")


def sheet_body(sheet: Sheet) -> str:
    """The sheet's page without its footer: heading, table, chart and QR code, rulings (the
    season report puts several on one document)."""
    return "\n".join([_header(sheet), _table(sheet), _figures(sheet), _rulings(sheet)])


def footer(by_move: bool = False) -> str:
    """The line under a page: what kept it and how to read the rulings (`by_move`: numbered
    by move, as a stored session's are)."""
    return _footer(by_move)


def _header(sheet: Sheet) -> str:
    details = escape(labels.separator()).join(escape(part) for part in labels.details(sheet))
    scoring = _("Scoring: {system}.").format(system=labels.scoring_text(sheet.system))
    return (
        f"<header><div><h1>{escape(labels.title(sheet))}</h1>"
        f'<p class="details">{details}</p></div>'
        f'<p class="status">{escape(labels.status(sheet))}</p></header>\n'
        f'<p class="system">{escape(scoring)}</p>'
    )


def _table(sheet: Sheet) -> str:
    """Laid out like the manuals' sheet: a row per player, a column per round, then the total."""
    rounds = sheet.rounds
    head = "".join(f"<th>{r.number}</th>" for r in rounds)
    player, total, rank = escape(_("Player")), escape(_("Total")), escape(_("Rank"))
    rows = [
        f'<table class="scores"><thead><tr><th>{player}</th>{head}'
        f"<th>{total}</th><th>{rank}</th></tr></thead><tbody>"
    ]
    result = sheet.score
    for player in sheet.players:
        cells = "".join(_cell(r, player) for r in rounds)
        first = ' class="first"' if result.finished and result.ranks[player] == 1 else ""
        rows.append(
            f"<tr{first}><th>{escape(player)}</th>{cells}"
            f'<td class="total">{result.totals[player]}</td>'
            f'<td class="rank">{escape(labels.rank_text(sheet, player))}</td></tr>'
        )
    rows.append("</tbody><tfoot>")
    for label, texts in (
        (_("Dealer"), [r.dealer or "-" for r in rounds]),
        (_("Went out"), [labels.went_out_cell(r) for r in rounds]),
    ):
        cells = "".join(f"<td>{escape(text)}</td>" for text in texts)
        rows.append(f'<tr><th>{escape(label)}</th>{cells}<td colspan="2"></td></tr>')
    rows.append("</tfoot></table>")
    note = _(
        "Each cell: the round's points, then (in grey) the running total. Highlighted: "
        "who went out."
    )
    rows.append(f'<p class="note">{escape(note, quote=False)}</p>')
    if any(r.missing for r in rounds):
        provisional = escape(_("Provisional: hands still to be entered."))
        rows.append(f'<p class="note">* {provisional}</p>')
    return "\n".join(rows)


def _cell(rnd: SheetRound, player: str) -> str:
    classes = [c for c, on in (("out", rnd.won_by == player), ("provisional", rnd.missing)) if on]
    attr = f' class="{" ".join(classes)}"' if classes else ""
    return (
        f'<td{attr}><span class="pts">{rnd.points[player]:+d}</span>'
        f'<span class="run">{rnd.running[player]}</span></td>'
    )


def _figures(sheet: Sheet) -> str:
    text = qr.payload(sheet)
    if sheet.rounds:
        legend = "".join(
            f"<li>{chart.swatch(i)}{escape(p)}</li>" for i, p in enumerate(sheet.players)
        )
        graph = f'{chart.running_totals_svg(sheet)}<ul class="legend">{legend}</ul>'
    else:
        graph = '<p class="note">{}</p>'.format(escape(_("No round scored yet.")))
    totals, standings = escape(_("Running totals, round by round")), escape(_("Standings"))
    return (
        f'<section class="figures"><div class="chart-box">'
        f"<h2>{totals}</h2>{graph}</div>"
        f'<div class="qr-box"><h2>{standings}</h2>'
        f"{qr.svg(text, standalone=False)}<p>{escape(text)}</p></div></section>"
    )


def _rulings(sheet: Sheet) -> str:
    """The rulings behind the numbers, round by round, with their move number (a stored
    session) or their line in the .uno file."""
    blocks: list[SheetRound | RoundInPlay] = [*sheet.rounds]
    if sheet.playing:
        blocks.append(sheet.playing)
    # A long game's rulings shrink into more columns so that the sheet still prints on one page.
    count = sum(len(rnd.notes) + 1 for rnd in blocks)
    density = "" if count <= 14 else " dense" if count <= 26 else " denser"
    heading = escape(_("Rulings"))
    parts = [f'<section class="rulings{density}"><h2>{heading}</h2>']
    for rnd in blocks:
        items = "".join(
            f'<li><span class="line">{n.line or ""}</span>'
            f'{escape(say(n.parts))} <span class="rule">[{escape(n.rule)}]</span></li>'
            for n in rnd.notes
        )
        parts.append(
            f'<div class="round"><h3>{escape(labels.round_heading(rnd))}</h3><ol>{items}</ol></div>'
        )
    if not blocks:
        parts.append('<p class="note">{}</p>'.format(escape(_("No round played yet."))))
    parts.append("</section>")
    return "".join(parts)


def _footer(by_move: bool) -> str:
    # The sentence is escaped before its fields go in: the commands are markup of our own.
    if by_move:
        text = escape(
            _(
                "Kept by uno-referee {version}. The numbers at the left of each ruling "
                "are move numbers, as {moves} lists them; the rule ids are explained "
                "by {command}."
            ),
            quote=False,
        )
    else:
        text = escape(
            _(
                "Kept by uno-referee {version}. The numbers at the left of each ruling "
                "are lines of the session's .uno file; the rule ids are explained by "
                "{command}."
            ),
            quote=False,
        )
    return "<footer>{}</footer>".format(
        text.format(
            version=escape(__version__),
            command="<code>uno-referee rules</code>",
            moves="<code>uno-referee show ID --moves</code>",
        )
    )
