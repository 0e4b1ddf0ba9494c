"""A new session's header from form fields (the `new` command, the app's new-session screen)."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import Referee, SetupError
from ..engine.events import Header
from ..i18n import _
from ..notation import NotationError, normal_name, parse_session, players_problem
from .results import SetupProblem


def build_header(
    players: str,
    edition: str,
    scoring: str,
    rules: str = "en",
    overrides: Sequence[tuple[str, str]] = (),
    event: str | None = None,
    site: str | None = None,
    date: str | None = None,
    customs: Sequence[tuple[int, str]] = (),
) -> Header:
    """Read the fields as the tag lines of a `.uno` file would be read; SetupProblem if not.

    `players` is written as in `[Players]`: "Alice, Bob, Carol"; the names are typed now, so
    they are normalised (NFKC) and held to the stricter check for new names; so are the event
    and the place. Whether the engine
    can referee the header is checked where a session is made of it (`SessionService.create`),
    so that making a session builds its referee once.
    """
    names = [normal_name(part) for part in players.split(",")]
    if (problem := players_problem(names)) is not None:
        raise SetupProblem(_("Players: {problem}").format(problem=problem))
    players = ", ".join(names)
    # The event and the place are typed like names (「金曜ＵＮＯ会」 in full-width mode): stored
    # the same way, so that one evening is not two.
    event, site = (None if text is None else normal_name(text) for text in (event, site))
    fields = [
        ("Event", event),
        ("Site", site),
        ("Date", date),
        ("Edition", edition),
        ("Rules", rules),
        ("Scoring", scoring),
        ("Players", players),
    ]
    lines = [_tag(name, value) for name, value in fields if value is not None]
    lines += [_tag("Rule", key, value) for key, value in overrides]
    lines += [_tag("Custom", str(number), text) for number, text in customs]
    text = "\n".join(lines) + "\n"
    try:
        header = parse_session(text, "<new session>").header
    except NotationError as exc:
        raise SetupProblem(
            _("{tag}: {problem}").format(tag=lines[exc.line - 1], problem=exc.message)
        ) from None
    return header


def check_header(header: Header) -> Header:
    """SetupProblem unless the engine can referee a session with this header."""
    try:
        Referee(header)
    except SetupError as exc:
        raise SetupProblem(str(exc)) from None
    return header


def header_changes(
    old: Header,
    edition: str,
    rules: str,
    scoring: str,
    overrides: Sequence[tuple[str, str]] = (),
) -> list[str]:
    """The `set` lines that turn the header in force into one with these fields (the app's
    rules form), in an order each can hold in: overrides dropped first (an edition may refuse
    one), then the edition and the rulebook (which set the options' defaults), the scoring,
    and the overrides set."""
    wanted, had = dict(overrides), dict(old.overrides)
    lines = [f"set rule {key} default" for key in had if key not in wanted]
    if edition != old.edition:
        lines.append(f"set edition {edition}")
    if rules != old.rules:
        lines.append(f"set rules {rules}")
    if " ".join(scoring.split()).lower() != old.scoring:
        lines.append(f"set scoring {scoring}")
    lines += [f"set rule {key} {value}" for key, value in wanted.items() if had.get(key) != value]
    return lines


def _tag(name: str, *values: str) -> str:
    for value in values:
        # The notation has no escapes: a quote or a line break would end the value early.
        if '"' in value or "\n" in value or "\r" in value:
            raise SetupProblem(
                _("{name}: {value!r} cannot contain '\"' or a line break").format(
                    name=name, value=value
                )
            )
    quoted = " ".join('"' + value + '"' for value in values)
    return f"[{name} {quoted}]"
