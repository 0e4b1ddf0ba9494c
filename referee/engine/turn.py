"""Turn actions: playing a card and drawing, checked against the top card and the turn."""

from __future__ import annotations

from .basics import (
    NEXT,
    check_face,
    close_windows,
    end_round,
    seat_in_play,
    top_ref,
    uno_after_play,
)
from .basics import Say as Basics
from .cards import Card
from .challenge import accept, on_accept
from .effects import PLAIN, WILD, no_stack_offer
from .events import CardPlayed, CardsDrawn, DrawAccepted, Play
from .messages import Codes, Colour, Key, Message, Messages
from .rulebook import (
    CONSERVATION,
    DRAW_ONE,
    DRAWN_CARD_ONLY,
    GOING_OUT,
    MATCH,
    RESHUFFLE,
    TARGET,
    TURN_ORDER,
    WD4_GUILTY,
    WILD_COLOR,
)
from .rules import RuleId
from .ruling import Refusal
from .state import Game, Said, Table
from .until import draw_until


class Say(Messages, namespace="turn"):
    or_challenge = Key(" or challenge")
    records_until = Key(
        "{player} first records the cards drawn until {colour:a} card: '{player}: draw N'"
    )
    records_until_first = Key(
        "{player} first records the cards drawn until {colour:a} card ('{player}: draw N'){answers}"
    )
    accept_first = Key("{player} must first accept the {card} (draw {amount}){answers}")
    went_out_with = Key(
        "{offender} went out with the {card}: {victim} accepts or challenges, and the round ends"
    )
    answer_turn = Key("it is {victim}'s turn to accept or challenge the {card}")
    not_your_turn = Key("it is {turn}'s turn, not {player}'s")
    nobody = Key("nobody is to play")
    stack_hint = Key("{reason}: stacking draw cards is a house rule this table has not turned on")
    after_guilty = Key(
        "after a guilty challenge its player plays a card that was legal, not a {card}"
    )
    after_guilty_draw = Key(
        "after a guilty challenge its player plays a legal card they held; they do not draw"
    )
    one_card = Key("a player draws one card (draw-to-match is not this table's rule)")
    not_wild = Key("{card} is not a Wild: it takes no colour")
    no_match = Key("{card} can't go on {top}: match colour, number or symbol")
    needs_colour = Key("{card} needs a colour: '{code} red'")
    colour_not_in_deck = Key("that colour is not in this deck")
    colour_not_on_side = Key("that colour is not on the side showing")
    takes_no_target = Key("{card} takes no target")
    top_only_flip = Key("'top' follows a Flip card only")
    drawn_only = Key("after drawing, only the drawn card may be played")
    one_per_turn = Key(
        "one card per turn: playing several at once is the multi-play house "
        "rule, which this table has not turned on"
    )
    no_cards = Key("{player} has no cards")
    only_copies = Key("the deck has only {copies} {card}, and {seen} are already in sight")
    space = Key(" ")
    played = Key("{player} played {card}")
    drew_played = Key("{player} drew {drawn} and played {card}")
    played_next = Key("{player} played {card}; {next} plays next.")
    drew_played_next = Key("{player} drew {drawn} and played {card}; {next} plays next.")
    with_cards = Key(" with {codes}")
    times = Key(" x{count}")
    naming = Key(", naming {colour}")
    reshuffled = Key("The discard pile was shuffled into a new draw pile. ")
    kept = Key("{player} drew {drawn} and keeps {drawn:it|them}; {next} plays next.")


# Whose turn ----------------------------------------------------------------------------------


def check_turn(g: Game, t: Table, seat: int) -> bool:
    """Refuse a turn action out of turn; True when it implies accepting a pending draw."""
    owed = t.owed
    if owed is not None:
        who = t.players[owed.seat]
        raise Refusal(owed.rule, Say.records_until(player=who, colour=Colour(t.color or "")))
    pending = t.pending
    names = t.players
    if pending is not None:
        answers: Message | str = ""
        if pending.card.kind in g.setup.deck.challengeable and g.setup.options.challenge:
            answers = Say.or_challenge()
        if pending.until:
            raise Refusal(
                pending.rule,
                Say.records_until_first(
                    player=names[pending.victim], colour=Colour(t.color or ""), answers=answers
                ),
            )
        if seat == pending.victim:
            raise Refusal(
                pending.rule,
                Say.accept_first(
                    player=names[seat], card=pending.card, amount=pending.amount, answers=answers
                ),
            )
        if t.went_out(pending.offender):
            raise Refusal(
                GOING_OUT,
                Say.went_out_with(
                    offender=names[pending.offender],
                    card=pending.card,
                    victim=names[pending.victim],
                ),
            )
        if seat != t.step(pending.victim):
            raise Refusal(
                TURN_ORDER, Say.answer_turn(victim=names[pending.victim], card=pending.card)
            )
        return True
    if seat != t.turn:
        turn = t.turn
        raise Refusal(
            TURN_ORDER,
            Say.not_your_turn(turn=names[turn], player=names[seat])
            if turn is not None
            else Say.nobody(),
        )
    return False


def begin_turn(g: Game, t: Table, seat: int, implied: bool, discard: bool, said: Said) -> None:
    """What a valid turn action sets off before it: an implied accept, closed windows."""
    next_discard = g.setup.options.next_discard
    if implied:
        pending = t.pending
        assert pending is not None
        if t.catchable and not next_discard:
            close_windows(t, pending.victim, "accepted")
        accept(g, t, said)
        for hook in g.setup.hooks.settle:
            hook(g, t, said, True)
        said.append(Say.space())
    if t.catchable and (discard or not next_discard):
        close_windows(t, seat, "played" if discard else "acted")


# Checking a card -----------------------------------------------------------------------------


def check_card(g: Game, t: Table, seat: int, play: Play, drawn: bool = False) -> RuleId | None:
    """Refuse a card that cannot be played now (`drawn`: the card just drawn). Returns the
    rule of a unit that lets it go down though it does not match, else None."""
    face = play.card
    setup = g.setup
    if face not in setup.deck.cards or setup.hooks.check_face:
        check_face(g, t, face)
    count = 1
    if play.extra:
        for hook in setup.hooks.extra_cards:
            counted: int | None = hook(g, t, seat, play, drawn)
            if counted is not None:
                count = counted
                break
        else:
            raise (
                Refusal(DRAWN_CARD_ONLY, Say.drawn_only())
                if drawn
                else Refusal(MATCH, Say.one_per_turn())
            )
    for hook in setup.hooks.check_play:
        hook(g, t, seat, play)
    if play.top is not None and face.kind not in setup.top_kinds:
        raise Refusal(MATCH, Say.top_only_flip())
    allowed: RuleId | None = None
    if not setup.deck.wilds_name_colour:
        pass  # every card is a Wild that names nothing: the edition's own check refuses one
    elif face.color is not None:
        if play.color is not None:
            raise Refusal(WILD_COLOR, Say.not_wild(card=face))
        top = t.top
        assert top is not None
        if face.color != t.color and face.kind != top.kind:
            allowed = _allowed(g, t, seat, face)
    elif play.color is None:
        raise Refusal(WILD_COLOR, Say.needs_colour(card=face, code=face.code))
    elif play.color not in setup.deck.colors(t.side):
        raise Refusal(
            WILD_COLOR,
            Say.colour_not_in_deck() if setup.deck.sides is None else Say.colour_not_on_side(),
        )
    kind = setup.kinds.get(face.kind)
    if kind is not None and kind.check is not None:
        kind.check(g, t, seat, play, t.hands[seat] - count)
    elif play.target is not None:
        raise Refusal(TARGET, Say.takes_no_target(card=face))
    if t.hands[seat] < 1:
        raise Refusal(TURN_ORDER, Say.no_cards(player=t.players[seat]))
    same = 1 + play.extra.count(face) if play.extra else 1
    if t.known[seat].get(face, 0) < same:
        # Nothing known of any hand is the common case: then only the discard pile counts.
        seen = t.elsewhere(seat, face) if any(t.known) else t.pile_counts[face.index]
        copies = setup.deck.cards[face]
        if seen + same > copies:
            raise Refusal(CONSERVATION, Say.only_copies(copies=copies, card=face, seen=seen))
    return allowed


def _allowed(g: Game, t: Table, seat: int, face: Card) -> RuleId:
    """The rule of a unit that lets a card that does not match go down; else Refusal."""
    for hook in g.setup.hooks.matches:
        rule: RuleId | None = hook(g, t, seat, face)
        if rule is not None:
            return rule
    raise Refusal(MATCH, Say.no_match(card=face, top=top_ref(t)))


# Events --------------------------------------------------------------------------------------


def on_play(g: Game, event: CardPlayed, said: Said) -> tuple[RuleId, bool]:
    t, seat = g.table, g.seats.get(event.player)
    if t is None or seat is None or seat in t.out or g.phase != "play":
        t, seat = seat_in_play(g, event.player)
    face = event.play.card
    pending = t.pending
    implied = False
    answered = False
    if pending is not None and seat == pending.victim:
        for hook in g.setup.hooks.answer_pending:
            if hook(g, t, seat, pending, face):
                answered = True
                break
    # The plain turn is checked inline: it is every other event.
    if not answered and not (seat == t.turn and pending is None and t.owed is None):
        try:
            implied = check_turn(g, t, seat)
        except Refusal as refusal:
            raise _stack_hint(g, t, refusal, face) from None
    if implied or t.catchable:
        begin_turn(g, t, seat, implied, True, said)
    allowed = check_card(g, t, seat, event.play)
    if t.must_play == seat and face.kind in g.setup.deck.challengeable:
        raise Refusal(WD4_GUILTY, Say.after_guilty(card=face))
    return put_down(g, t, seat, event.play, said, None, allowed)


def _stack_hint(g: Game, t: Table, refusal: Refusal, face: Card) -> Refusal:
    """A draw card on a draw card where draws do not wait is out of turn; say why."""
    top = t.top
    if (
        refusal.rule == TURN_ORDER
        and g.setup.draws_wait is None
        and face.draws
        and top is not None
        and top.draws
    ):
        return Refusal(TURN_ORDER, Say.stack_hint(reason=refusal.message))
    return refusal


def on_draw(g: Game, event: CardsDrawn, said: Said) -> tuple[RuleId, bool]:
    t, seat = g.table, g.seats.get(event.player)
    if t is None or seat is None or seat in t.out or g.phase != "play":
        t, seat = seat_in_play(g, event.player)
    owed, pending = t.owed, t.pending
    if owed is None and pending is None and seat == t.turn:
        implied = False
    elif (owed is not None and owed.seat == seat) or (
        pending is not None and pending.until and pending.victim == seat
    ):
        return draw_until(g, t, seat, event, said)
    elif (
        owed is None
        and pending is not None
        and pending.victim == seat
        and event.play is None
        and event.count == 1
        and not event.counted
    ):
        # A plain `draw` by the player a draw card waits on is how tables say "I take them":
        # it is their accepting the draw, ruled and stored as the same move.
        return on_accept(g, DrawAccepted(event.player), said)
    else:
        implied = check_turn(g, t, seat)
    if t.must_play == seat:
        raise Refusal(WD4_GUILTY, Say.after_guilty_draw())
    setup = g.setup
    rule = DRAW_ONE
    if event.count != 1 and not setup.options.draw_to_match:
        for hook in setup.hooks.turn_draw:
            special: RuleId | None = hook(g, t, seat, event.count)
            if special is not None:
                rule = special
                break
        else:
            raise Refusal(DRAW_ONE, Say.one_card())
    if implied or t.catchable:
        begin_turn(g, t, seat, implied, event.play is not None, said)
    for check in setup.hooks.check_draw:
        check(g, t, seat, event.count, event.play, False)
    drawn, reshuffled = t.draw(seat, event.count)
    if reshuffled:
        said.append(Say.reshuffled())
        if rule == DRAW_ONE:
            # The draw pile ran out: what this draw turned on is the reshuffle.
            rule = RESHUFFLE
    if event.play is not None:
        allowed = check_card(g, t, seat, event.play, drawn=True)
        return put_down(g, t, seat, event.play, said, drawn, allowed)
    t.turn = t.step(seat)
    said.append(Say.kept(player=t.players[seat], drawn=drawn, next=t.players[t.turn]))
    return rule, False


# A card goes down ----------------------------------------------------------------------------


def put_down(
    g: Game,
    t: Table,
    seat: int,
    play: Play,
    said: Said,
    drawn: int | None,
    allowed: RuleId | None = None,
) -> tuple[RuleId, bool]:
    """The card (and any cards played with it) goes down and takes effect."""
    face = play.card
    setup = g.setup
    prev_top, prev_color = t.top, t.color
    t.must_play = None
    # Further cards (multi-play, Discard All) go down first: the played card is on top.
    if play.extra or t.known[seat] or t.pool or t.pile_back is not None:
        for one in (*play.extra, face):
            t.hands[seat] -= 1
            if t.known[seat] or t.pool:
                t.forget_known(seat, one)
            t.discard(one)
    else:
        # The common case, inline: one card, nothing known about the hand.
        t.hands[seat] -= 1
        t.pile += (face,)
        i = face.index
        counts = t.pile_counts
        t.pile_counts = counts[:i] + bytes((counts[i] + 1,)) + counts[i + 1 :]
    t.top = face
    t.color = play.color or face.color
    who = t.players[seat]
    kind = setup.kinds.get(face.kind)
    if (
        kind is None
        and face.color is not None
        and not play.extra
        and not t.out
        and t.hands[seat] > 1
        and not setup.hooks.after_play
    ):
        # A number card with nothing else to say, inline (it is most moves): the turn passes.
        n = t.turn = (seat + t.direction) % len(t.players)
        said.append(
            Say.played_next(player=who, card=face, next=t.players[n])
            if drawn is None
            else Say.drew_played_next(player=who, drawn=drawn, card=face, next=t.players[n])
        )
        return allowed or MATCH, False
    said.append(
        Say.played(player=who, card=face)
        if drawn is None
        else Say.drew_played(player=who, drawn=drawn, card=face)
    )
    if play.extra:
        said.append(
            Say.times(count=1 + len(play.extra))
            if all(one is face for one in play.extra)
            else Say.with_cards(codes=Codes(play.extra))
        )
    if face.color is None and t.color is not None:
        said.append(Say.naming(colour=Colour(t.color)))
    kind = kind or (PLAIN if face.color is not None else WILD)
    down = t.hands[seat]
    rule, passive = kind.effect(g, t, seat, play, prev_top, prev_color, said)
    if allowed is not None and rule == MATCH:
        rule = allowed
    for hook in setup.hooks.after_play:
        rule = hook(g, t, seat, face, said) or rule
    left = t.hands[seat]
    if left == 0 and t.pending is not None and setup.draws_wait is not None:
        no_stack_offer(said)
    # A hand handed over by the card (`passive`) is another's, save the player's own when the
    # card was their next-to-last: they must have called UNO like anyone playing it.
    if left == 1 and (not passive or down == 1):
        uno_after_play(g, t, seat, play.uno, said)
    if t.pending is None and t.owed is None:
        if left == 0:
            said.append(Basics.stop())
            return end_round(g, t, seat, said), False
        if t.turn is not None:
            said.append(Basics.next_clause(player=t.players[t.turn]))
            return rule, False
    said.append(Basics.stop())
    return rule, False


__all__ = ["NEXT", "begin_turn", "check_card", "check_turn", "on_draw", "on_play", "put_down"]
