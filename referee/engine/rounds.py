"""Round life: dealer, deal and start card, going out, the hands left, penalty points."""

from __future__ import annotations

from . import at_time
from .basics import after_leaving, check_face, end_round, name_of, record_result
from .cards import Card
from .effects import forced_draw
from .events import DealerNamed, HandRevealed, PlayerWentOut, RoundStarted, StartTurned
from .messages import CardNames, Colour, Key, Message, Messages, Names
from .rulebook import (
    AT_TIME,
    CARD_IN_EDITION,
    CONSERVATION,
    DEAL,
    DEALER_ROTATION,
    GOING_OUT,
    LEAVE,
    PENALTY_OUT,
    ROUND_HANDS,
    SCORING,
    SESSION,
    START_CARD,
    START_REVERSE,
    START_SPECIAL_WILD,
    START_WILD,
    WILD_COLOR,
)
from .rules import RuleId
from .ruling import Refusal
from .state import Game, Said, Table


class Say(Messages, namespace="rounds"):
    expected = Key("expected round {expected}, not {number}")
    not_over = Key("round {round} is not over: nobody has gone out")
    needs_hands = Key("round {round} needs the hands of {players} before round {next}")
    decided = Key("the game is decided ({winner} wins after round {round})")
    a_tie = Key("a tie")
    begins = Key("Round {round} begins.")
    begins_deals = Key("Round {round} begins; {dealer} deals.")
    dealer_when = Key("the dealer is named at the start of a round, before 'start'")
    out_of_game = Key("{player} is out of the game")
    deals = Key("{player} deals round {round}.")
    out_when = Key(
        "'out' is for scorekeeping-only rounds, before any 'start'; in a tracked "
        "round a player goes out with their last card"
    )
    went_out = Key("{player} went out and wins round {round}.")
    start_once = Key("'start' comes once, at the beginning of a round")
    dealer_first = Key("name the dealer of round {round} first ('dealer NAME')")
    not_in_deck = Key("{card} is not in the {edition} deck")
    not_on_light = Key("{card} is not in the {edition} deck on its light side")
    not_sent_back = Key("{card} is not sent back as a start card: it starts play")
    sent_back = Key("{card} is sent back: turn another card")
    names_colour = Key(
        "the player left of the dealer names the colour for the {card}: 'start {code} red'"
    )
    takes_no_colour = Key("{card} takes no colour")
    colour_not_in_deck = Key("that colour is not in this deck")
    no_fit = Key("{players} hands of {size} do not fit in the deck")
    starts = Key("{card} starts; {player} plays first.")
    starts_draw = Key("{card} starts: {player} draws {count} and is skipped; {next} plays first.")
    starts_reverse = Key(
        "{card} starts: the dealer, {player}, plays first and play goes to the right."
    )
    starts_reverse_right = Key(
        "{card} starts as if the dealer had played it: {player}, right "
        "of the dealer, plays first and play goes to the right."
    )
    starts_reverse_skip = Key(
        "{card} starts as if the dealer had played it: with two players "
        "it acts as a Skip, so the dealer, {player}, plays first."
    )
    reshuffled = Key(
        "{card} goes back and the deck is shuffled: turn another card, e.g. 'start {code} r7'"
    )
    starts_skip = Key("{card} starts: {player} is skipped; {next} plays first.")
    starts_wild = Key("{card} starts; {player} named {colour} and plays first.")
    hands_when = Key("hands are entered when a round is over")
    hands_when_penalty = Key(
        "hands are entered when a round is over (or right after a penalty ruling)"
    )
    did_not_play = Key("{player} did not play this round")
    set_aside = Key("{player} left the game: their hand is set aside, not scored")
    already = Key("{player}'s hand is already entered")
    bad_points = Key("{points} points cannot be {player}'s hand")
    bad_points_of = Key("{points} points cannot be {player}'s hand of {count} {count:card|cards}")
    penalty_points = Key("{player} records {points} penalty points.")
    eliminated = Key(
        " With {total} penalty points in all (the limit is {limit}), {player} is out of the game."
    )
    game_won = Key(" {player} wins the game.")
    last_left = Key(" {player} is the last player left and wins round {round}.")
    cards_away = Key(" Their cards go to the bottom of the draw pile.")
    holds_points = Key("{player} holds {points} points.")
    count_differs = Key("{player} holds {count} {count:card|cards}, not {shown}")
    holds_none = Key("{player} went out and holds no cards")
    left_out = Key("{player} is known to hold {cards}, which this hand leaves out")
    accounted = Key("the deck has {copies} {card}; {seen} are already accounted for")


# Round boundaries ----------------------------------------------------------------------------


def on_round(g: Game, event: RoundStarted, said: Said) -> tuple[RuleId, bool]:
    if event.number != g.round_no + 1:
        raise Refusal(SESSION, Say.expected(expected=g.round_no + 1, number=event.number))
    if g.phase in ("setup", "play"):
        raise Refusal(GOING_OUT, Say.not_over(round=g.round_no))
    missing = missing_hands(g)
    if missing:
        raise Refusal(
            ROUND_HANDS,
            Say.needs_hands(round=g.round_no, players=Names(missing), next=event.number),
        )
    if g.sheet.finished:
        raise Refusal(SCORING, decided(g))
    previous, winner = g.dealer, g.winner
    g.round_no = event.number
    g.phase = "setup"
    g.table = None
    g.winner = None
    g.revealed = {}
    g.revealed_cards = {}
    g.penalties = ()
    g.penalty_due = frozenset()
    g.knocked = ()
    out, gone = g.sheet.eliminated, g.gone
    active = tuple(p for p in g.setup.players if p not in out and p not in gone)
    g.seats = {name: i for i, name in enumerate(active)}
    if previous is None:
        g.dealer = None
        said.append(Say.begins(round=event.number))
        return SESSION, False
    if g.setup.options.dealer_by_winner and winner in g.seats:
        g.dealer = winner
    else:
        g.dealer = left_of(g, previous, active)
    said.append(Say.begins_deals(round=event.number, dealer=g.dealer))
    return DEALER_ROTATION, False


def left_of(g: Game, name: str, active: tuple[str, ...]) -> str:
    players = g.setup.players
    i = players.index(name)
    for step in range(1, len(players) + 1):
        candidate = players[(i + step) % len(players)]
        if candidate in active:
            return candidate
    return name


def decided(g: Game) -> Message:
    sheet = g.sheet
    return Say.decided(winner=sheet.winner or Say.a_tie(), round=sheet.finished_after)


def on_dealer(g: Game, event: DealerNamed, said: Said) -> tuple[RuleId, bool]:
    if g.phase != "setup":
        raise Refusal(SESSION, Say.dealer_when())
    name = name_of(g.setup, event.player)
    if name not in g.seats:
        raise Refusal(SESSION, Say.out_of_game(player=name))
    g.dealer = name
    said.append(Say.deals(player=name, round=g.round_no))
    return DEAL, False


def on_out(g: Game, event: PlayerWentOut, said: Said) -> tuple[RuleId, bool]:
    if g.phase != "setup":
        raise Refusal(SESSION, Say.out_when())
    name = name_of(g.setup, event.player)
    if name not in g.seats:
        raise Refusal(SESSION, Say.out_of_game(player=name))
    g.phase = "over"
    g.winner = name
    record_result(g)
    said.append(Say.went_out(player=name, round=g.round_no))
    return GOING_OUT, False


# Deal and start card -------------------------------------------------------------------------


def on_start(g: Game, event: StartTurned, said: Said) -> tuple[RuleId, bool]:
    if g.phase != "setup":
        raise Refusal(SESSION, Say.start_once())
    if g.dealer is None:
        raise Refusal(SESSION, Say.dealer_first(round=g.round_no))
    setup = g.setup
    deck = setup.deck
    *returned, first = event.cards
    number_only = setup.options.number_start
    wild_back = setup.options.wild_start_reshuffled

    def sent_back(face: Card) -> bool:
        return (
            face.kind in deck.start_back
            or (number_only and not face.is_number)
            or (wild_back and face.is_wild)
        )

    for face in event.cards:
        if face not in deck.cards:
            raise Refusal(CARD_IN_EDITION, Say.not_in_deck(card=face, edition=deck.id))
        if not deck.on_side(face, 0):
            raise Refusal(CARD_IN_EDITION, Say.not_on_light(card=face, edition=deck.id))
    for face in returned:
        if not sent_back(face):
            raise Refusal(START_CARD, Say.not_sent_back(card=face))
    if sent_back(first):
        if wild_back and first.is_wild and first.kind not in deck.start_back:
            raise Refusal(START_WILD, Say.reshuffled(card=first, code=first.code))
        raise Refusal(START_CARD, Say.sent_back(card=first))
    if deck.wilds_name_colour:
        if first.is_wild and event.color is None:
            raise Refusal(WILD_COLOR, Say.names_colour(card=first, code=first.code))
        if event.color is not None and (not first.is_wild or event.color not in deck.colors(0)):
            raise Refusal(
                WILD_COLOR,
                Say.takes_no_colour(card=first) if not first.is_wild else Say.colour_not_in_deck(),
            )
    players = tuple(g.seats)
    n = len(players)
    dealt = setup.options.hand_size * n
    if dealt + 1 > deck.size:
        raise Refusal(DEAL, Say.no_fit(players=n, size=setup.options.hand_size))
    t = Table(
        players,
        g.seats[g.dealer],
        setup.options.hand_size,
        deck.size - dealt - 1,
        deck.sides is not None,
    )
    t.discard(first)
    t.top, t.color = first, event.color or first.color
    g.table = t
    g.phase = "play"
    for hook in setup.hooks.start:
        rule: RuleId | None = hook(g, t, first, said)
        if rule is not None:
            return rule, False
    return _start_effect(g, t, first, said), False


def _start_effect(g: Game, t: Table, first: Card, said: Said) -> RuleId:
    dealer = t.dealer
    left = t.step(dealer)
    name = t.players
    if g.setup.options.number_start or first.is_number:
        t.turn = left
        said.append(Say.starts(card=first, player=name[left]))
        return START_CARD
    kind = first.kind
    if first.draws:
        # A Draw Two, or Flip's Draw One ("same rule applies").
        forced_draw(g, t, left, first.draws)
        t.turn = t.step(left)
        said.append(
            Say.starts_draw(card=first, player=name[left], count=first.draws, next=name[t.turn])
        )
    elif kind == "r":
        _start_reverse(g, t, first, said)
        return START_REVERSE
    elif kind == "s":
        t.turn = t.step(left)
        said.append(Say.starts_skip(card=first, player=name[left], next=name[t.turn]))
    else:
        t.turn = left
        said.append(Say.starts_wild(card=first, player=name[left], colour=Colour(t.color or "")))
        # A special Wild (Shuffle, Swap, Customizable, Creeper) starts as a plain Wild.
        return START_WILD if kind == "w" else START_SPECIAL_WILD
    return START_CARD


def _start_reverse(g: Game, t: Table, first: Card, said: Said) -> None:
    """`start-reverse dealer`: the dealer plays first, to the right. `right`: as if the dealer
    had played it, so the player right of the dealer starts (with two players a Reverse that
    acts as a Skip gives the dealer the turn)."""
    dealer, name = t.dealer, t.players
    if not g.setup.options.reverse_start_right:
        t.direction = -1
        t.turn = dealer
        said.append(Say.starts_reverse(card=first, player=name[dealer]))
    elif t.size == 2 and g.setup.options.two_player_reverse_skips:
        t.turn = dealer
        said.append(Say.starts_reverse_skip(card=first, player=name[dealer]))
    else:
        t.direction = -1
        t.turn = t.step(dealer)
        said.append(Say.starts_reverse_right(card=first, player=name[t.turn]))


# The hands left ------------------------------------------------------------------------------


def missing_hands(g: Game) -> list[str]:
    """Losers whose hands the scoring system still needs before the next round."""
    if not g.hands_missing():
        return []
    return [
        p
        for p in g.seats
        if p != g.winner and p not in g.revealed and p not in g.knocked and p not in g.gone
    ]


def on_hand(g: Game, event: HandRevealed, said: Said) -> tuple[RuleId, bool]:
    setup = g.setup
    name = name_of(setup, event.player)
    mid_round = g.phase == "play" and name in g.penalty_due
    if g.phase != "over" and not mid_round:
        raise Refusal(
            ROUND_HANDS,
            Say.hands_when_penalty() if setup.scoring.kind == "penalty" else Say.hands_when(),
        )
    if name not in g.seats:
        raise Refusal(SESSION, Say.did_not_play(player=name))
    if name in g.gone:
        raise Refusal(LEAVE, Say.set_aside(player=name))
    if not mid_round and name in g.revealed:
        raise Refusal(ROUND_HANDS, Say.already(player=name))
    t = g.table
    count = t.hands[g.seats[name]] if t is not None else None
    if event.cards is not None:
        points = _check_cards(g, name, event.cards, count, mid_round)
    else:
        points = event.points if event.points is not None else 0
        top = (count if count is not None else 108) * setup.deck.max_value
        if points < 0 or points > top or (count == 0 and points) or (name == g.winner and points):
            raise Refusal(
                ROUND_HANDS,
                Say.bad_points_of(points=points, player=name, count=count)
                if count is not None
                else Say.bad_points(points=points, player=name),
            )
    if mid_round:
        assert t is not None
        g.penalty_due = g.penalty_due - {name}
        g.penalties = (*g.penalties, (name, points))
        said.append(Say.penalty_points(player=name, points=points))
        _eliminate(g, t, name, said)
        return SCORING, True
    g.revealed = {**g.revealed, name: points}
    said.append(Say.holds_points(player=name, points=points))
    if g.at_time and not missing_hands(g):
        at_time.settle(g, said)
        record_result(g)
        return AT_TIME, True
    record_result(g)
    return ROUND_HANDS, False


def _eliminate(g: Game, t: Table, name: str, said: Said) -> None:
    """Penalty-point scoring: a player whose points reach the limit is out of the game at once;
    with one player left in the game, the game is over."""
    limit = g.setup.scoring.limit or 0
    total = g.sheet.totals[name] + sum(p for who, p in g.penalties if who == name)
    if total < limit:
        return
    said.append(Say.eliminated(player=name, total=total, limit=limit))
    # The cards go under the draw pile even when the round ends here, so that the piles add up
    # the same whichever way the round is over.
    t.draw_pile += t.leave(g.seats[name], PENALTY_OUT)
    gone = {t.players[s] for s, why in t.left.items() if why == PENALTY_OUT}
    in_game = [p for p in g.seats if p not in gone]
    seated = t.seated()
    if len(seated) == 1:
        # The last two of the game: the first to reach the limit loses and the other wins the
        # round and the game. Or others still in the game were knocked out of this round
        # (mercy): the last player seated wins the round, and the game goes on.
        t.pending = t.owed = None
        end_round(g, t, seated[0], Said())
        if len(in_game) == 1:
            said.append(Say.game_won(player=in_game[0]))
        else:
            said.append(Say.last_left(player=t.players[seated[0]], round=g.round_no))
        return
    said.append(Say.cards_away())
    after_leaving(g, t, said)


def _check_cards(
    g: Game, name: str, cards: tuple[Card, ...], count: int | None, mid_round: bool
) -> int:
    if count is not None and len(cards) != count:
        raise Refusal(ROUND_HANDS, Say.count_differs(player=name, count=count, shown=len(cards)))
    if name == g.winner and cards:
        raise Refusal(ROUND_HANDS, Say.holds_none(player=name))
    t = g.table
    deck = g.setup.deck
    tally: dict[Card, int] = {}
    for face in cards:
        check_face(g, t, face)
        tally[face] = tally.get(face, 0) + 1
    if t is not None:
        held = t.known[g.seats[name]]
        missing = [face for face, n in held.items() if tally.get(face, 0) < n]
        if missing:
            raise Refusal(ROUND_HANDS, Say.left_out(player=name, cards=CardNames(missing)))
    for face, n in tally.items():
        seen = g.revealed_cards.get(face, 0) if not mid_round else 0
        if t is not None:
            seen += t.pile_counts[face.index]
        if seen + n > deck.cards[face]:
            raise Refusal(
                CONSERVATION, Say.accounted(copies=deck.cards[face], card=face, seen=seen)
            )
    if not mid_round:
        revealed = dict(g.revealed_cards)
        for face, n in tally.items():
            revealed[face] = revealed.get(face, 0) + n
        g.revealed_cards = revealed
    return deck.points(cards)
