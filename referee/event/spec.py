"""What an event is, as its director set it up: players, tables, rounds, scoring, clock, finals."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from ..engine.scoring import parse_scoring
from ..i18n import N_, _
from ..notation.names import name_key, normal_name, players_problem, visible

SCORINGS = {
    "placement": N_("placement points"),
    "cards": N_("card points"),
}
"""How a table's game counts toward the event (JSON keys: never shown)."""

AT_TIME_RULES = {
    "score-hands": N_("finish the turn, then score the hands: the lowest hand wins the deal"),
    "finish-deal": N_("finish the deal in play, then the table's totals stand"),
    "stop": N_("stop at once: the deal in play is not counted"),
}
"""What a table does when its time is up (JSON keys: never shown)."""

DEFAULT_SCALES = {4: (5, 3, 2, 1), 3: (3, 2, 1), 5: (7, 5, 3, 2, 1)}
"""Placement points by place, best first: Japanese and community UNO events' 5/3/2/1 at
tables of four."""

MOST_PLAYERS = 400
MOST_ROUNDS = 30
MOST_MINUTES = 24 * 60


class SpecError(ValueError):
    """An event that cannot be set up so: the message says what to change."""


class EventSpec(NamedTuple):
    """The event's rules, fixed when it is created (the director's later decisions are log
    entries, never edits of this)."""

    name: str
    players: tuple[str, ...]
    """Registered players, in the order of the players' file."""
    tables_of: int
    rounds: int
    """Qualifying rounds; the semifinal and the final come after them."""
    scoring: str
    """`placement` or `cards` (`SCORINGS`)."""
    scale: tuple[int, ...]
    """Placement points by place, best first (one per seat of a full table)."""
    game: str
    """What each table plays, as a session's `[Scoring]`: `rounds 5` (5回戦), `target 500`."""
    edition: str
    rules: str
    minutes: int
    """Time per round; 0: untimed."""
    at_time: str
    """`score-hands`, `finish-deal` or `stop` (`AT_TIME_RULES`)."""
    semifinal: int
    """Players who go on to the semifinal tables after the qualifying rounds; 0: none."""
    final: int
    """Players at the final table; 0: no final."""
    seed: str
    fixed: tuple[tuple[str, int], ...] = ()
    """Players who keep one table every round (accessibility), and that table's number."""

    def to_json(self) -> dict[str, Any]:
        data = self._asdict()
        data["players"] = list(self.players)
        data["scale"] = list(self.scale)
        data["fixed"] = [list(pair) for pair in self.fixed]
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> EventSpec:
        """The spec as stored; SpecError for anything out of place (a file edited by hand)."""
        try:
            spec = cls(
                name=_str(data["name"]),
                players=tuple(_str(p) for p in data["players"]),
                tables_of=_int(data["tables_of"]),
                rounds=_int(data["rounds"]),
                scoring=_str(data["scoring"]),
                scale=tuple(_int(p) for p in data["scale"]),
                game=_str(data["game"]),
                edition=_str(data["edition"]),
                rules=_str(data["rules"]),
                minutes=_int(data["minutes"]),
                at_time=_str(data["at_time"]),
                semifinal=_int(data["semifinal"]),
                final=_int(data["final"]),
                seed=_str(data["seed"]),
                fixed=tuple((_str(p), _int(t)) for p, t in data.get("fixed", ())),
            )
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, SpecError):
                raise
            raise SpecError(
                _("the event's set-up is damaged ({field})").format(field=exc)
            ) from None
        spec.check()
        return spec

    @property
    def finals(self) -> tuple[str, ...]:
        """The stages after the qualifying rounds: `semifinal`, `final`, in order."""
        stages = ("semifinal",) if self.semifinal else ()
        return stages + (("final",) if self.final else ())

    @property
    def all_rounds(self) -> int:
        return self.rounds + len(self.finals)

    def stage(self, round_no: int) -> str:
        """`qualifying`, `semifinal` or `final` for round `round_no` (1-based)."""
        if round_no <= self.rounds:
            return "qualifying"
        return self.finals[round_no - self.rounds - 1]

    def points_at(self, place: int, seated: int) -> int:
        """Placement points for `place` (1-based) at a table of `seated`: the scale's first
        places, and the scale's last for the table's last place, so that a table of three is
        not worse off than a full one for its last player."""
        if place >= seated:
            return self.scale[-1]
        return self.scale[min(place, len(self.scale)) - 1]

    def check(self) -> None:
        """SpecError with what is wrong, or nothing."""
        if not self.name.strip() or len(self.name) > 80:
            raise SpecError(_("an event's name has 1 to 80 characters"))
        if not 3 <= self.tables_of <= 10:
            # Tables of two would leave a remainder of one player alone at a table.
            raise SpecError(
                _("an event's tables seat 3 to 10 players, not {n}").format(n=self.tables_of)
            )
        if len(self.players) < 2 or len(self.players) > MOST_PLAYERS:
            raise SpecError(
                _("an event has 2 to {most} players, not {n}").format(
                    most=MOST_PLAYERS, n=len(self.players)
                )
            )
        problem = players_problem(self.players)
        if problem is not None:
            raise SpecError(problem)
        if not 1 <= self.rounds <= MOST_ROUNDS:
            raise SpecError(
                _("an event has 1 to {most} qualifying rounds, not {n}").format(
                    most=MOST_ROUNDS, n=self.rounds
                )
            )
        if self.scoring not in SCORINGS:
            raise SpecError(
                _("unknown scoring {scoring!r}: placement or cards").format(scoring=self.scoring)
            )
        if len(self.scale) != self.tables_of or any(
            a < b for a, b in zip(self.scale, self.scale[1:], strict=False)
        ):
            raise SpecError(
                _(
                    "the placement scale gives one figure per seat of a full table ({n}), "
                    "best first and never rising: like 5,3,2,1"
                ).format(n=self.tables_of)
            )
        try:
            parse_scoring(self.game)
        except ValueError as exc:
            raise SpecError(str(exc)) from None
        if not 0 <= self.minutes <= MOST_MINUTES:
            raise SpecError(_("a round's time is 0 (untimed) to 1440 minutes"))
        if self.at_time not in AT_TIME_RULES:
            raise SpecError(
                _("unknown at-time rule {rule!r}: score-hands, finish-deal or stop").format(
                    rule=self.at_time
                )
            )
        self._check_finals()
        names = {name_key(p) for p in self.players}
        for player, table in self.fixed:
            if name_key(player) not in names:
                raise SpecError(
                    _("{name} is not a player of the event").format(name=visible(player))
                )
            if table < 1:
                raise SpecError(_("table numbers start at 1"))

    def _check_finals(self) -> None:
        if self.semifinal and not self.tables_of <= self.semifinal <= len(self.players):
            raise SpecError(
                _("a semifinal takes {least} to {most} players, not {n}").format(
                    least=self.tables_of, most=len(self.players), n=self.semifinal
                )
            )
        before = self.semifinal or len(self.players)
        if self.final and not 2 <= self.final <= min(10, before):
            raise SpecError(
                _("a final takes 2 to {most} players, not {n}").format(
                    most=min(10, before), n=self.final
                )
            )


def read_players(text: str) -> tuple[str, ...]:
    """A players' file: one name a line; blank lines and lines starting with # left out."""
    names = []
    for line in text.splitlines():
        name = normal_name(line)
        if name and not name.startswith("#"):
            names.append(name)
    return tuple(names)


def read_scale(text: str) -> tuple[int, ...]:
    """`5,3,2,1`; SpecError for anything but whole numbers."""
    try:
        scale = tuple(int(part) for part in text.replace("、", ",").split(","))
    except ValueError:
        raise SpecError(
            _(
                "bad placement scale {text!r}: whole numbers separated by commas, like 5,3,2,1"
            ).format(text=text)
        ) from None
    if any(not -1000 <= points <= 1000 for points in scale):
        raise SpecError(_("placement points are -1000 to 1000"))
    return scale


def default_scale(tables_of: int) -> tuple[int, ...]:
    return DEFAULT_SCALES.get(tables_of, tuple(range(tables_of, 0, -1)))


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(type(value).__name__)
    return value


def _int(value: Any) -> int:
    if type(value) is not int:
        raise TypeError(type(value).__name__)
    return value
