"""The sheet as Markdown: the table of rounds, the standings and the rulings round by round."""

from __future__ import annotations

import re

from ...i18n import _
from ...render import render as say
from ..model import Note, RoundInPlay, Sheet, SheetRound
from . import labels, qr

# Characters Markdown would read as markup (or as a table's column break) in a name or ruling.
# `&` only where it would start an entity reference (`&amp;` would show as `&`).
_MARKUP = re.compile(r"([\\`*_\[\]<>|#~]|&(?=#?\w+;))")


def md(text: str) -> str:
    return _MARKUP.sub(r"\\\1", text)


def code(text: str) -> str:
    """`text` as a code span, which shows it as written: a backslash escapes nothing there, so a
    backtick in a name is fenced by a longer run of backticks instead (CommonMark 6.1)."""
    runs = [len(run) for run in re.findall(r"`+", text)]
    fence = "`" * (max(runs, default=0) + 1)
    # A space each side keeps a backtick at either end apart from the fence; one is dropped
    # on each side when the span is read.
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def table(sheet: Sheet) -> list[str]:
    """A row per player, a column per round; each cell `points (running total)`."""
    rounds = sheet.rounds
    result = sheet.score
    player, total, rank = md(_("Player")), md(_("Total")), md(_("Rank"))
    lines = [
        f"| {player} | "
        + " | ".join(str(r.number) for r in rounds)
        + (" | " if rounds else "")
        + f"{total} | {rank} |",
        "|---|" + "---:|" * len(rounds) + "---:|:---:|",
    ]
    for player in sheet.players:
        cells = [_cell(r, player) for r in rounds]
        lines.append(
            f"| {md(player)} | "
            + "".join(f"{c} | " for c in cells)
            + f"**{result.totals[player]}** | {md(labels.rank_text(sheet, player))} |"
        )
    for label, cells in (
        (_("Dealer"), [r.dealer or "-" for r in rounds]),
        (_("Went out"), [labels.went_out_cell(r) for r in rounds]),
    ):
        lines.append(f"| *{md(label)}* | " + "".join(f"{md(c)} | " for c in cells) + " |  |")
    return lines


def _ruling(note: Note, by_move: bool) -> str:
    text = md(say(note.parts))
    if not note.line:
        return text
    return md(_("{where}: {ruling}")).format(where=md(labels.where(note, by_move)), ruling=text)


def _cell(rnd: SheetRound, player: str) -> str:
    text = f"{rnd.points[player]:+d} ({rnd.running[player]})"
    if rnd.missing:
        text += "\\*"
    return f"**{text}**" if rnd.won_by == player else text


def render(sheet: Sheet) -> bytes:
    lines = [
        f"# {md(labels.title(sheet))}",
        "",
        md(labels.separator().join(labels.details(sheet))),
        "",
        f"**{md(labels.status(sheet))}**",
        "",
        md(_("Scoring: {system}.").format(system=labels.scoring_text(sheet.system))),
        "",
    ]
    lines += table(sheet)
    lines += ["", md(_("Each cell: the round's points (running total); bold: who went out."))]
    if any(r.missing for r in sheet.rounds):
        lines.append("\\* " + md(_("Provisional: hands still to be entered.")))
    blocks: list[SheetRound | RoundInPlay] = [*sheet.rounds]
    if sheet.playing:
        blocks.append(sheet.playing)
    if blocks:
        lines += ["", "## " + md(_("Rulings"))]
    for rnd in blocks:
        lines += ["", f"### {md(labels.round_heading(rnd))}", ""]
        lines += [f"- {_ruling(n, sheet.by_move)} " + code(f"[{n.rule}]") for n in rnd.notes] or [
            "- " + md(_("(nothing to note)"))
        ]
    # The code goes in after the sentence is escaped: a code span is markup of its own.
    lines += ["", md(_("Standings code: {code}")).format(code=code(qr.payload(sheet))), ""]
    return "\n".join(lines).encode("utf-8")
