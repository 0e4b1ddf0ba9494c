"""Header changes during a session (`set` lines): what a change makes of the header, and when
the rules let the table make it."""

from __future__ import annotations

from .events import Header, HeaderChanged
from .messages import Key, Message, Messages
from .rulebook import HEADER_CHANGE
from .rules import RuleId
from .ruling import Refusal
from .scoring import ScoringSystem, parse_scoring
from .setup import SetupError, build
from .state import Game, Said

DROP = "default"
"""The value of `set rule KEY default`: the option goes back to the rulebook's default."""


class Say(Messages, namespace="changes"):
    changed_edition = Key("The edition is now {edition}.")
    changed_rules_en = Key("The session now plays by the international rules.")
    changed_rules_jp = Key("The session now plays by the Japanese rules.")
    scoring_rounds = Key("The game is now {n} rounds (Japanese table); the sheet is counted again.")
    scoring_additive = Key(
        "The game is now {n} rounds (winners' points only); the sheet is counted again."
    )
    scoring_target = Key("The game is now first to {n} points; the sheet is counted again.")
    scoring_lowest = Key(
        "The game now ends at {n} points, lowest total wins; the sheet is counted again."
    )
    scoring_penalty = Key("The game is now penalty points, out at {n}; the sheet is counted again.")
    scoring_none = Key("The game is now one round; the sheet is counted again.")
    changed_rule = Key("The rule option {key} is now {value}.")
    dropped_rule = Key("The rule option {key} is back to its default.")
    already = Key("this changes nothing: the session already plays so")
    no_override = Key("the rule option {key} is not set in this session")
    cannot = Key("this change cannot be refereed: {problem}")
    after_first_card = Key(
        "the first card of the first round is played: only the scoring's number can change now"
    )
    scoring_kind = Key(
        "the first card is played: the kind of scoring stays as it is (only its number can change)"
    )
    decided = Key("the game is decided: its scoring can no longer change")
    rounds_begun = Key("{rounds} rounds have begun: the game cannot have fewer")
    reached = Key("{player} already has {points} points: the new limit must be above it")
    left_game = Key("{player} is out of the game: the penalty limit can no longer change")


def changed(header: Header, change: HeaderChanged) -> Header:
    """The header after `change` (the same header for a field it does not know)."""
    field, value = change.field, change.value
    edition, rules, scoring = header.edition, header.rules, header.scoring
    overrides = header.overrides
    if field == "edition":
        edition = value
    elif field == "rules":
        rules = value
    elif field == "scoring":
        scoring = value
    elif field == "rule" and change.key is not None:
        # One line per key, where the key was first set: the last value wins as in a file.
        kept = tuple((k, v) for k, v in overrides if k != change.key)
        if value == DROP:
            overrides = kept
        elif len(kept) < len(overrides):
            overrides = tuple((k, value if k == change.key else v) for k, v in overrides)
        else:
            overrides = (*overrides, (change.key, value))
    else:
        return header
    return header._replace(edition=edition, scoring=scoring, rules=rules, overrides=overrides)


def before_first_card(g: Game) -> bool:
    """No card of the first round has been turned up or played, and no round has ended."""
    return g.round_no == 0 or (g.round_no == 1 and g.phase == "setup")


def on_change(g: Game, event: HeaderChanged, said: Said) -> tuple[RuleId, bool]:
    """`set ...`: the session plays on under the changed header from this statement on."""
    header = g.setup.header
    new = changed(header, event)
    if event.field == "rule" and event.value == DROP and new == header:
        raise Refusal(HEADER_CHANGE, Say.no_override(key=event.key))
    if new == header:
        raise Refusal(HEADER_CHANGE, Say.already())
    if not before_first_card(g):
        if event.field != "scoring":
            raise Refusal(HEADER_CHANGE, Say.after_first_card())
        _later_scoring(g, parse_scoring(header.scoring), new.scoring)
    try:
        setup = build(new)
    except SetupError as exc:
        raise Refusal(HEADER_CHANGE, Say.cannot(problem=str(exc))) from None
    g.setup = setup
    # The score sheet is counted again under the new scoring when it is next read.
    g.scored = None
    said.append(_done(event))
    return HEADER_CHANGE, True


def _later_scoring(g: Game, old: ScoringSystem, text: str) -> None:
    """Refusal unless a scoring change after the first card leaves every past result as it
    was and a game that is over, over."""
    try:
        new = parse_scoring(text)
    except ValueError as exc:
        raise Refusal(HEADER_CHANGE, Say.cannot(problem=str(exc))) from None
    if g.sheet.finished:
        raise Refusal(HEADER_CHANGE, Say.decided())
    if new.kind != old.kind or new.limit is None:
        raise Refusal(HEADER_CHANGE, Say.scoring_kind())
    if new.kind in ("rounds", "additive"):
        if new.limit < g.round_no:
            raise Refusal(HEADER_CHANGE, Say.rounds_begun(rounds=g.round_no))
        return
    # target, lowest, penalty: the game ends (or a player leaves it) when a total reaches N,
    # so a limit some total has reached would rewrite a result already counted; and a player
    # out of a penalty game would come back under a higher limit.
    totals = dict(g.sheet.totals)
    if new.kind == "penalty":
        # This round's penalty points count already (the sheet has them once the round ends).
        for player, points in g.penalties:
            totals[player] += points
        out = [*g.sheet.eliminated, *(p for p in totals if totals[p] >= (old.limit or 1))]
        if out:
            raise Refusal(HEADER_CHANGE, Say.left_game(player=out[0]))
    top = max(totals, key=lambda p: totals[p])
    if new.limit <= totals[top]:
        raise Refusal(HEADER_CHANGE, Say.reached(player=top, points=totals[top]))


_SCORED = {
    "rounds": Say.scoring_rounds,
    "additive": Say.scoring_additive,
    "target": Say.scoring_target,
    "lowest": Say.scoring_lowest,
    "penalty": Say.scoring_penalty,
}


def _done(event: HeaderChanged) -> Message:
    if event.field == "edition":
        return Say.changed_edition(edition=event.value)
    if event.field == "rules":
        return Say.changed_rules_jp() if event.value == "jp" else Say.changed_rules_en()
    if event.field == "scoring":
        system = parse_scoring(event.value)
        if system.limit is None:
            return Say.scoring_none()
        return _SCORED[system.kind](n=system.limit)
    if event.value == DROP:
        return Say.dropped_rule(key=event.key)
    return Say.changed_rule(key=event.key, value=event.value)
