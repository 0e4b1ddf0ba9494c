"""Standings as text: the tables `uno-referee stats` prints and the app shows, and CSV."""

from __future__ import annotations

import io
from typing import Any

from ..i18n import _, pgettext
from ..notation import visible
from ..sheet.exports import csv_sheet
from ..sheet.text_table import aligned, widths
from .figures import COUNTERS
from .rounding import mean as _mean
from .rounding import percent as _rate
from .standings import PlayerLine, Standings


def scoring_name(kind: str) -> str:
    """A scoring kind (`target`, `rounds`...) as a column heading says it."""
    names = {
        "target": _("target"),
        "rounds": _("N rounds"),
        "lowest": _("lowest"),
        "penalty": _("penalty"),
        "additive": _("N rounds, additive"),
        "none": _("one round"),
    }
    return names.get(kind, kind)


def _name(line: PlayerLine) -> str:
    name = visible(line.name)
    if line.guest:
        name = _("{name} (guest)").format(name=name)
    return name


def standings_rows(table: Standings) -> list[list[str]]:
    """One row a person: placing, wins of games, rounds won, average points per round under
    each scoring system played (each with the count it rests on)."""
    head = [
        _("rank"),
        _("player"),
        _("sessions played"),
        _("wins/games"),
        _("win %"),
        _("avg place"),
        _("rounds won"),
        _("round %"),
    ]
    head += [
        _("pts/round ({scoring})").format(scoring=scoring_name(kind)) for kind in table.scorings
    ]
    rows = [head]
    for line in table.players:
        row = [
            str(line.rank),
            _name(line),
            str(line.sessions),
            f"{line.wins}/{line.games}",
            _rate(line.win_rate),
            _mean(line.average_place),
            f"{line.rounds_won}/{line.rounds}",
            _rate(line.round_rate),
        ]
        for kind in table.scorings:
            rounds = line.points.get(kind, [0, 0])[0]
            row.append(f"{_mean(line.average_points(kind))} ({rounds})" if rounds else "-")
        rows.append(row)
    return rows


def ruling_headings() -> dict[str, str]:
    """Each counter's column heading (the counters' ids are the JSON and CSV keys)."""
    return {
        "wd4_played": _("+4 played"),
        "wd4_challenged": _("+4 challenged"),
        "wd4_guilty": _("+4 guilty"),
        "challenges": _("challenges"),
        "challenges_won": _("won"),
        "uno_missed": _("UNO missed"),
        "uno_caught": _("caught"),
        "catches": _("catches"),
        "false_catches": _("false catches"),
        "misplays": _("misplays"),
        "table_penalties": _("table penalties"),
        "penalty_cards": _("penalty cards"),
    }


def rulings_rows(table: Standings) -> list[list[str]]:
    """What the rulings say, per person, over the rounds recorded move by move."""
    headings = ruling_headings()
    rows = [[_("player"), _("tracked rounds"), *(headings[c] for c in COUNTERS)]]
    for line in table.players:
        rows.append([_name(line), str(line.tracked), *(str(line.counts[c]) for c in COUNTERS)])
    return rows


def pair_rows(table: Standings) -> list[list[str]]:
    """Head to head: games both played, who placed higher, and their points in those games,
    added up under each scoring system apart (with the games they rest on)."""
    kinds = sorted({kind for pair in table.pairs for kind in pair.points})
    rows = [
        [
            _("players"),
            _("games"),
            _("placed higher"),
            _("ties"),
            *(_("points ({scoring})").format(scoring=scoring_name(kind)) for kind in kinds),
        ]
    ]
    for pair in table.pairs:
        row = [
            versus(visible(pair.first), visible(pair.second)),
            str(pair.games),
            versus(pair.first_higher, pair.second_higher),
            str(pair.ties),
        ]
        for kind in kinds:
            got = pair.points.get(kind)
            row.append(
                "-"
                if got is None
                else pgettext("head to head", "{points} ({games})").format(
                    points=versus(got[1], got[2]), games=got[0]
                )
            )
        rows.append(row)
    return rows


def versus(first: object, second: object) -> str:
    """Two players' figures side by side in words (`42 vs -100`; 「42 対 -100」): a dash between
    them would read as a range, or as a second minus before a negative number."""
    return pgettext("head to head", "{first} vs {second}").format(first=first, second=second)


def notes(table: Standings) -> list[str]:
    """How the figures are counted, and the merged names counted apart in a session."""
    lines = [
        _(
            "A first place shared counts as a win for each who shares it. Rates and averages "
            "are rounded half up (2.25 shows as 2.3, 12.5% as 13%). Head-to-head points are "
            "added up within one scoring system, with the games they rest on."
        )
    ]
    for item in table.apart:
        if item.seated == item.person:
            text = _(
                "Session {id}: {name} sat at the table with {person}, so there {name} "
                "counts as a player of their own."
            )
        else:
            text = _(
                "Session {id}: {name} and {seated} sat at one table, though both are "
                "{person}'s names: there {seated} counts as {person} and {name} as a "
                "player of their own."
            )
        lines.append(
            text.format(
                id=item.session,
                name=visible(item.name),
                person=visible(item.person),
                seated=visible(item.seated),
            )
        )
    return lines


def _block(rows: list[list[str]]) -> str:
    column_widths = widths(rows)
    return "\n".join(aligned(row, column_widths) for row in rows) + "\n"


def standings_text(table: Standings) -> str:
    """The standings, then the rulings, then head to head, each under its heading."""
    if not table.players:
        return _("No session in this selection has a player to count.") + "\n"
    games = sum(1 for played in table.sessions if played.figures.get("places") is not None)
    parts = [
        _("Standings over {sessions} session(s), {games} of them finished games").format(
            sessions=len(table.sessions), games=games
        ),
        _block(standings_rows(table)),
        _("Rulings over the rounds recorded move by move (scoring-only rounds are not counted)"),
        _block(rulings_rows(table)),
    ]
    rivals = [(line, line.rival) for line in table.players if line.rival]
    if table.pairs:
        parts += [_("Head to head (finished games both played)"), _block(pair_rows(table))]
    if rivals:
        parts.append(_("Biggest rival (placed above them most often)"))
        parts.append("".join(f"{_name(line)}: {visible(rival or '')}\n" for line, rival in rivals))
    parts.append(_("Notes"))
    parts.append("".join(f"- {line}\n" for line in notes(table)))
    return "\n".join(parts)


CSV_COLUMNS = (
    "rank",
    "name",
    "guest",
    "sessions",
    "games",
    "wins",
    "win_rate",
    "average_place",
    "rounds",
    "rounds_won",
    "round_rate",
    "tracked_rounds",
    *COUNTERS,
    "rival",
)


def standings_csv(table: Standings) -> str:
    """One row a person, language-neutral column ids; points per scoring system as
    `points_<kind>_rounds`, `points_<kind>_average`."""
    out = io.StringIO()
    extra = [
        f"points_{kind}_{what}"
        for kind in table.scorings
        for what in ("rounds", "points", "average")
    ]
    writer = csv_sheet.Writer(out, lineterminator="\n")  # names that would be formulas are not
    writer.writerow([*CSV_COLUMNS, *extra])
    for line in table.players:
        data: dict[str, Any] = line.to_json()
        row = [data[column] for column in CSV_COLUMNS]
        for kind in table.scorings:
            got = data["points"].get(kind, {"rounds": 0, "points": 0, "average": None})
            row += [got["rounds"], got["points"], got["average"]]
        writer.writerow(["" if value is None else value for value in row])
    return out.getvalue()
