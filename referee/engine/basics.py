"""What every part of a turn needs: the round in play, seats, faces, UNO windows, going out."""

from __future__ import annotations

from .cards import Card
from .messages import Colour, Key, Message, Messages, Names, Word, words
from .rulebook import AT_TIME, CARD_IN_EDITION, GOING_OUT, LEAVE, PENALTY_OUT, SCORING, SESSION
from .rules import RuleId
from .ruling import Refusal
from .scoring import RoundResult
from .state import NO_WINDOWS, Game, Said, Setup, Table


class Say(Messages, namespace="basics"):
    round_over = Key("round {round} is over: enter the hands left or start round {next}")
    over_at_time = Key("round {round} ended at time: enter the hands left")
    decided = Key("the game is decided after round {round} ({winner} wins): no more moves")
    decided_tie = Key("the game is decided after round {round} (a tie): no more moves")
    no_round = Key("no round is being played: start one with 'round', 'dealer' and 'start'")
    not_here = Key("{player} is not at this table (players: {players})")
    out_of_game = Key("{player} is out of the game")
    out_of_round = Key("{player} is out of this round")
    not_in_deck = Key("{card} is not in the {edition} deck")
    wild_top = Key("{card} ({colour})")
    closed = Key("the window closed when {player} {verb}")
    window_discard = Key("catchable until another player puts a card down")
    window_action = Key("catchable until {player} acts")
    handed = Key(
        "{player} was handed that hand by the {card}, and a player handed a one-card "
        "hand need not call UNO"
    )
    uno_called = Key("; UNO called")
    uno_missed = Key("; {player} did not call UNO: {window}")
    wins = Key(" {player} is out and wins round {round}.")
    next_clause = Key("; {player} plays next.")
    next_sentence = Key(" {player} plays next.")
    stop = Key(".")


NEXT = (Say.next_clause, Say.next_sentence)
"""The parts that say who plays next; a rule that moves the turn on afterwards replaces them."""


def in_play(g: Game) -> Table:
    """The table of the round being played; Refusal when no round is."""
    table = g.table
    if g.phase != "play" or table is None:
        if g.phase == "over":
            sheet = g.sheet
            if sheet.finished:
                # Not "start round N": the next round would be refused too.
                raise Refusal(
                    SCORING,
                    Say.decided(round=sheet.finished_after, winner=sheet.winner)
                    if sheet.winner
                    else Say.decided_tie(round=sheet.finished_after),
                )
            if g.at_time and g.hands_missing():
                raise Refusal(AT_TIME, Say.over_at_time(round=g.round_no))
            raise Refusal(GOING_OUT, Say.round_over(round=g.round_no, next=g.round_no + 1))
        raise Refusal(SESSION, Say.no_round())
    return table


def name_of(setup: Setup, player: str) -> str:
    """The name as written in [Players]; Refusal if nobody at the table has it."""
    found = setup.names.get(player) or setup.names.get(player.casefold())
    if found is None:
        raise Refusal(SESSION, Say.not_here(player=player, players=Names(setup.players)))
    return found


def seat_of(g: Game, t: Table, player: str) -> int:
    """A player's seat this round; Refusal for a player out of the game or of the round."""
    names = g.setup.names
    name = names.get(player) or names.get(player.casefold()) or name_of(g.setup, player)
    seat = g.seats.get(name)
    if seat is None:
        raise Refusal(SESSION, Say.out_of_game(player=name))
    if seat in t.out:
        why = t.left[seat]
        # Out of the game (penalty points) mid-round, or only out of this round (mercy).
        raise Refusal(
            why,
            Say.out_of_game(player=name)
            if why in (PENALTY_OUT, LEAVE)
            else Say.out_of_round(player=name),
        )
    return seat


def seat_in_play(g: Game, player: str) -> tuple[Table, int]:
    """The round in play and a player's seat in it (`in_play` and `seat_of` in one call: it
    is every event)."""
    t = g.table
    if g.phase == "play" and t is not None:
        seat = g.seats.get(player)  # the name as written in [Players], most of the time
        if seat is not None and seat not in t.out:
            return t, seat
    t = in_play(g)
    return t, seat_of(g, t, player)


def check_face(g: Game, t: Table | None, face: Card) -> None:
    """Refuse a face the deck lacks, or one the table cannot name now (a unit says)."""
    setup = g.setup
    if face not in setup.deck.cards:
        raise Refusal(CARD_IN_EDITION, Say.not_in_deck(card=face, edition=setup.deck.id))
    for hook in setup.hooks.check_face:
        hook(t, face)


def top_ref(t: Table) -> Card | Message:
    """The top card as a ruling names it: a Wild with the colour it named."""
    top = t.top
    assert top is not None
    if top.color is None:
        return Say.wild_top(card=top, colour=Colour(t.color or ""))
    return top


# UNO windows ---------------------------------------------------------------------------------

# What closes a window, as `closed` says it (a `Word`: the catalogue has each in Japanese).
CLOSED_BY = words("accepted", "played", "acted", "challenged")


def close_windows(t: Table, seat: int, verb: str) -> None:
    """Another seat's action ends every open UNO window but its own."""
    for other in [s for s in t.catchable if s != seat]:
        t.close_window(other, Say.closed(player=t.players[seat], verb=Word(verb)))


def window(g: Game, t: Table, closer: int) -> Message:
    """Until when a missed UNO can be caught."""
    if g.setup.options.next_discard:
        return Say.window_discard()
    return Say.window_action(player=t.players[closer])


def closer_of(t: Table, seat: int) -> int:
    """The next player to act other than `seat`: whose action closes its UNO window (the turn
    is set already; a seat that plays again is not its own closer)."""
    turn = t.turn
    return turn if turn is not None and turn != seat else t.step(seat)


def uno_after_play(g: Game, t: Table, seat: int, called: bool, said: Said) -> None:
    """A player left with one card by playing their next-to-last card must have called UNO
    (also when that card swapped or shuffled hands)."""
    if t.hands[seat] == 1:
        if called:
            t.drop_windows(seat)
            said.append(Say.uno_called())
            return
        if seat in t.closed:
            t.closed = {s: m for s, m in t.closed.items() if s != seat}
        closer = closer_of(t, seat)
        # A window the card's effect opened already (`passive_uno`) keeps its place.
        t.open_window(seat, closer)
        said.append(Say.uno_missed(player=t.players[seat], window=window(g, t, closer)))


def passive_uno(g: Game, t: Table, seats: list[int] | tuple[int, ...]) -> None:
    """A hand left at one card by a card's effect (a swap, a shuffle, a 0 passed on): under
    `uno-on-passive yes` its holder must call UNO too; under `no` the table notes that it was
    handed, which is why a catch is false (`was_handed`). Called once the turn has passed on.
    The player of the card, if it was their next-to-last, is ruled on afterwards as any player
    who plays it (`uno_after_play`)."""
    must_call = g.setup.options.uno_on_passive
    for s in seats:
        if t.hands[s] == 1:
            if must_call:
                t.open_window(s, closer_of(t, s))
            else:
                t.closed = {**t.closed, s: Say.handed(player=t.players[s], card=t.top)}


def was_handed(t: Table, seat: int) -> bool:
    """Whether the seat holds a one-card hand it was handed under `uno-on-passive no` (and
    has not changed since: a change of hand drops what `closed` holds for it)."""
    why = t.closed.get(seat)
    return why is not None and why[0] is Say.handed


# Going out -----------------------------------------------------------------------------------


def end_round(g: Game, t: Table, seat: int, said: Said) -> RuleId:
    """The seat went out (or is the last one in): the round is over."""
    g.winner = t.players[seat]
    t.winner = seat
    t.turn = None
    t.catchable = NO_WINDOWS
    t.must_play = None
    g.phase = "over"
    record_result(g)
    said.append(Say.wins(player=g.winner, round=g.round_no))
    return GOING_OUT


def record_result(g: Game, at_time: bool = False) -> None:
    """Score the round as it stands (again, as hands are entered). `at_time`: it has just
    ended at time (afterwards its result says so)."""
    setup = g.setup
    timed = at_time or g.at_time
    hands = dict(g.revealed)
    if timed and g.winner is not None:
        # The lowest hand won: its own points are not counted, as a player who went out holds none.
        del hands[g.winner]
    result = RoundResult(g.winner, hands, g.penalties, g.knocked, setup.ko_bonus, timed, g.gone)
    if len(g.results) == g.round_no:
        g.results = (*g.results[:-1], result)
    else:
        g.results = (*g.results, result)
    g.scored = None


def after_leaving(g: Game, t: Table, said: Said) -> None:
    """Set the table right after seats left the round (knocked out, out of the game): windows
    they would have closed close on the next seat in; a draw they were to take or count is
    void; the turn passes them over. The round may end: a count they owed finished it."""
    if any(closer in t.out for closer in t.catchable.values()):
        t.catchable = {
            other: t.step(closer) if closer in t.out else closer
            for other, closer in t.catchable.items()
        }
    pending, owed = t.pending, t.owed
    if pending is not None and pending.victim in t.out:
        t.pending = None
        t.turn = pending.victim
    if owed is not None and owed.seat in t.out:
        t.owed = None
        t.turn = owed.then
        if owed.winner is not None and t.went_out(owed.winner):
            end_round(g, t, owed.winner, said)
            return
    if t.must_play in t.out:
        t.must_play = None
    if t.turn is not None and t.turn in t.out:
        t.turn = t.step(t.turn)
    if t.turn is not None:
        said.append(Say.next_sentence(player=t.players[t.turn]))
