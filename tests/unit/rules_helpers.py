"""A tiny builder for the per-rule tests (tests/unit/test_rules_*.py).

`table(...)` returns a Referee with round 1 started, the dealer named and the start card turned.
Every action helper (`play`, `draw`, `accept`, ...) applies one event and returns an `Outcome`:
the engine's Ruling plus a snapshot of the table taken just before, so that `refused(outcome,
rule)` can check that a refusal changed nothing (engine.py: "a refusal changes nothing").
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, fields, is_dataclass
from typing import Any

from referee.engine import Referee
from referee.engine import events as ev
from referee.engine.cards import Card, parse_color, parse_short_card
from referee.engine.deck import Deck
from referee.engine.public import public_state
from referee.engine.ruling import Ruling
from referee.engine.setup import editions
from referee.render import in_words, render

PLAYERS = ("Ann", "Bob", "Cy", "Dee")


# Cards and colours -----------------------------------------------------------------------------


def deck_of(edition: str) -> Deck:
    """An edition's deck: its cards, values and sides."""
    return editions()[edition].deck


def c(code: str) -> Card:
    """One card from its short code (`r7`, `w+4`, `wc2` gives the Wild Customizable)."""
    found = parse_short_card(code)
    if found is None:
        raise KeyError(code)
    return found[0]


def cards(codes: str) -> tuple[Card, ...]:
    """`"r7 g+2 w"` -> the cards."""
    return tuple(c(code) for code in codes.split())


def colour(word: str | None) -> str | None:
    """`red` / `r` -> `r`; None stays None. An unknown word is passed through unchanged."""
    if word is None:
        return None
    return parse_color(word) or word


# Snapshots ---------------------------------------------------------------------------------------


def _plain(value: Any) -> Any:
    """A comparable copy of engine data: Cards as codes, containers and dataclasses unpacked.

    Generic on purpose, so that renamed or added engine fields are still compared."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Deck):
        return value.id
    if isinstance(value, dict) or hasattr(value, "items"):
        return sorted(((repr(_plain(k)), _plain(v)) for k, v in value.items()), key=repr)
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((_plain(v) for v in value), key=repr)
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name, None)) for f in fields(value)}
    if hasattr(type(value), "__slots__") and not isinstance(value, type):
        # The engine's Game and Table: every slot but the shared, read-only rules.
        return {
            name: _plain(getattr(value, name, None))
            for name in type(value).__slots__
            if name != "setup"
        }
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return repr(value)


def snapshot(ref: Referee) -> dict[str, Any]:
    """Everything a refusal must leave alone: the public state, the referee's round bookkeeping
    and every field of the table."""
    return {"state": copy.deepcopy(public_state(ref.state)), "game": _plain(ref.state)}


@dataclass
class Outcome:
    """A Ruling, the referee it came from, and the snapshot taken before the event."""

    ruling: Ruling
    ref: Referee
    before: dict[str, Any]

    @property
    def ok(self) -> bool:
        return self.ruling.ok

    @property
    def rule(self) -> str:
        return self.ruling.rule

    @property
    def text(self) -> str:
        return render(self.ruling.parts)

    @property
    def notable(self) -> bool:
        return self.ruling.notable

    def __repr__(self) -> str:
        r = self.ruling
        return f"Outcome(ok={r.ok}, rule={r.rule!r}, text={self.text!r})"


def apply(ref: Referee, event: ev.Event) -> Outcome:
    before = snapshot(ref)
    return Outcome(ref.apply(event), ref, before)


def ok(outcome: Outcome, rule: str | None = None) -> Outcome:
    """Assert the event was accepted (and, if given, under `rule`)."""
    assert outcome.ok, f"expected the event to be accepted, got {outcome!r}"
    if rule is not None:
        assert outcome.rule == rule, f"expected rule {rule!r}, got {outcome!r}"
    return outcome


def refused(outcome: Outcome, rule: str | tuple[str, ...] | None = None) -> Outcome:
    """Assert the event was refused (under `rule`, or one of several) and changed nothing."""
    assert not outcome.ok, f"expected a refusal, got {outcome!r}"
    if rule is not None:
        allowed = (rule,) if isinstance(rule, str) else rule
        assert outcome.rule in allowed, f"expected rule {rule!r}, got {outcome!r}"
    after = snapshot(outcome.ref)
    assert after == outcome.before, "a refusal changed the table"
    return outcome


# Building a table ---------------------------------------------------------------------------------


def header(
    edition: str = "classic",
    rules: str = "en",
    players: tuple[str, ...] = PLAYERS,
    scoring: str = "target 500",
    customs: tuple[tuple[int, str], ...] = (),
    **overrides: Any,
) -> ev.Header:
    """A Header; keyword overrides use `_` for `-` (`hand_size=2` is `[Rule "hand-size" "2"]`)."""
    pairs = tuple((key.replace("_", "-"), str(value)) for key, value in overrides.items())
    return ev.Header(edition, tuple(players), scoring, rules, overrides=pairs, customs=customs)


def table(
    edition: str = "classic",
    rules: str = "en",
    players: tuple[str, ...] = PLAYERS,
    scoring: str = "target 500",
    start: str | None = "r7",
    color: str | None = None,
    dealer: str | None = None,
    customs: tuple[tuple[int, str], ...] = (),
    **overrides: Any,
) -> Referee:
    """A Referee with round 1 begun, `dealer` (default: the last player, so the first player
    starts) named and `start` turned (None: stop before `start`)."""
    ref = Referee(header(edition, rules, players, scoring, customs, **overrides))
    ok(apply(ref, ev.RoundStarted(1)))
    ok(apply(ref, ev.DealerNamed(dealer or players[-1])))
    if start is not None:
        ok(turn_up(ref, start, color))
    return ref


def turn_up(ref: Referee, start: str, color: str | None = None) -> Outcome:
    return apply(ref, ev.StartTurned(cards(start), colour(color)))


def st(ref: Referee) -> dict[str, Any]:
    """The public state (`replay --json`)."""
    return in_words(public_state(ref.state))


def hands(ref: Referee) -> dict[str, int]:
    return dict(public_state(ref.state)["hands"])


# Moves --------------------------------------------------------------------------------------------


def make_play(
    code: str,
    color: str | None = None,
    uno: bool = False,
    target: str | None = None,
    extra: str = "",
) -> ev.Play:
    found = parse_short_card(code)
    if found is None:
        raise KeyError(code)
    face, custom = found
    return ev.Play(
        face, colour(color), target, uno=uno, custom=custom, extra=cards(extra) if extra else ()
    )


def play(
    ref: Referee,
    who: str,
    code: str,
    color: str | None = None,
    uno: bool = False,
    target: str | None = None,
    extra: str = "",
) -> Outcome:
    """`who: code [colour] [@target] [uno]`."""
    return apply(ref, ev.CardPlayed(who, make_play(code, color, uno, target, extra)))


def draw(
    ref: Referee,
    who: str,
    count: int = 1,
    code: str | None = None,
    color: str | None = None,
    uno: bool = False,
    target: str | None = None,
    counted: bool | None = None,
) -> Outcome:
    """`who: draw`, `who: draw N`, `who: draw CARD ...` or `who: draw N CARD ...`."""
    drawn = make_play(code, color, uno, target) if code is not None else None
    return apply(ref, ev.CardsDrawn(who, count, count != 1 if counted is None else counted, drawn))


def accept(ref: Referee, who: str) -> Outcome:
    return apply(ref, ev.DrawAccepted(who))


def challenge(ref: Referee, who: str, verdict: str | None = None, shows: str = "") -> Outcome:
    """`who: challenge guilty|innocent` or `who: challenge shows CARD...`."""
    return apply(ref, ev.ChallengeMade(who, verdict, cards(shows) if shows else ()))


def uno(ref: Referee, who: str) -> Outcome:
    return apply(ref, ev.UnoCalled(who))


def catch(ref: Referee, who: str, target: str) -> Outcome:
    return apply(ref, ev.PlayerCaught(who, target))


def misplay(ref: Referee, who: str, code: str) -> Outcome:
    return apply(ref, ev.MisplayCaught(who, c(code)))


def penalty(
    ref: Referee,
    who: str,
    count: int | None = None,
    reason: str | None = None,
    coaching: bool = False,
) -> Outcome:
    return apply(ref, ev.PenaltyGiven(who, count, reason, coaching))


def turn_override(ref: Referee, who: str) -> Outcome:
    return apply(ref, ev.TurnOverridden(who))


def takes(ref: Referee, who: str, n: int, reason: str | None = None) -> Outcome:
    return apply(ref, ev.HandAdjusted(who, n, reason))


def gives(ref: Referee, who: str, n: int, reason: str | None = None) -> Outcome:
    return apply(ref, ev.HandAdjusted(who, -n, reason))


def hand(ref: Referee, who: str, codes: str | None = None, points: int | None = None) -> Outcome:
    """`hand NAME: cards` (codes) or `hand NAME: points`."""
    return apply(ref, ev.HandRevealed(who, cards(codes) if codes is not None else None, points))


def new_round(ref: Referee, number: int) -> Outcome:
    return apply(ref, ev.RoundStarted(number))


def dealer(ref: Referee, who: str) -> Outcome:
    return apply(ref, ev.DealerNamed(who))


def went_out(ref: Referee, who: str) -> Outcome:
    return apply(ref, ev.PlayerWentOut(who))
