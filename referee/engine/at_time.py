"""A round that ends at time (`time`): the hands as they stand decide it, the lowest winning."""

from __future__ import annotations

from .basics import record_result
from .events import TimeCalled
from .messages import Key, Messages, Names
from .rulebook import AT_TIME
from .rules import RuleId
from .ruling import Refusal
from .state import NO_WINDOWS, Game, Said


class Say(Messages, namespace="at-time"):
    called = Key("Time: round {round} ends where it stands. Enter the hands of {players}")
    when = Key("time is called in a round in play, once its start card is down")
    over = Key("round {round} is over already")
    unfinished = Key("finish the turn first: {player} still has a draw to take or answer")
    points_due = Key("finish the turn first: {player}'s penalty points are to be entered")
    lowest = Key(" {player} holds the lowest hand ({points}) and wins round {round}.")
    tie = Key(" {players} tie for the lowest hand ({points}): nobody wins round {round}.")


def players_left(g: Game) -> list[str]:
    """The players of this round still in it (not knocked out, not gone from the game)."""
    return [p for p in g.seats if p not in g.knocked and p not in g.gone]


def on_time(g: Game, event: TimeCalled, said: Said) -> tuple[RuleId, bool]:
    t = g.table
    if g.phase != "play" or t is None:
        if g.phase == "over":
            raise Refusal(AT_TIME, Say.over(round=g.round_no))
        raise Refusal(AT_TIME, Say.when())
    # "Finish the turn": a draw card's effect belongs to the turn it was played in.
    owing = t.owed.seat if t.owed is not None else t.pending.victim if t.pending else None
    if owing is not None:
        raise Refusal(AT_TIME, Say.unfinished(player=t.players[owing]))
    if g.penalty_due:
        raise Refusal(AT_TIME, Say.points_due(player=sorted(g.penalty_due)[0]))
    g.phase = "over"
    g.winner = None
    t.turn = None
    t.must_play = None
    # Nobody acts after time: a missed UNO not caught by now stays uncaught.
    t.catchable = NO_WINDOWS
    record_result(g, at_time=True)
    said.append(Say.called(round=g.round_no, players=Names(players_left(g))))
    return AT_TIME, True


def settle(g: Game, said: Said) -> None:
    """Every hand of a round ended at time is in: the lowest wins it (none, on a tie)."""
    hands = {p: g.revealed.get(p, 0) for p in players_left(g)}
    low = min(hands.values())
    lowest = [p for p, points in hands.items() if points == low]
    if len(lowest) == 1:
        g.winner = lowest[0]
        t = g.table
        if t is not None:
            t.winner = g.seats[g.winner]
        said.append(Say.lowest(player=g.winner, points=low, round=g.round_no))
    else:
        said.append(Say.tie(players=Names(lowest), points=low, round=g.round_no))
