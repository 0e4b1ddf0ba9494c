"""Out-of-turn actions: UNO calls and catches, misplays, penalties and table overrides."""

from __future__ import annotations

from .basics import Say as Basics
from .basics import check_face, close_windows, in_play, seat_of, top_ref, was_handed
from .cards import Card
from .challenge import owes_points
from .effects import forced_draw
from .events import (
    HandAdjusted,
    MisplayCaught,
    PenaltyGiven,
    Play,
    PlayerCaught,
    TurnOverridden,
    UnoCalled,
)
from .facts import Fact
from .messages import Key, Message, Messages
from .rulebook import (
    COACHING,
    CONSERVATION,
    MISPLAY,
    TABLE_OVERRIDE,
    TABLE_PENALTY,
    UNO_CALL,
    UNO_CATCH,
    UNO_FALSE_CATCH,
    UNO_LATE,
    UNO_PASSIVE,
    UNO_WINDOW,
)
from .rules import RuleId
from .ruling import Refusal
from .state import Game, Said, Table
from .turn import check_card


class Say(Messages, namespace="calls"):
    late_safe = Key("{player} called UNO late, before anyone caught them: safe.")
    late_useless = Key("{player} called UNO too late to count: they can still be caught.")
    already_safe = Key("already safe")
    called = Key("{player} called UNO; nothing changes ({why}).")
    with_the_card = Key(
        "UNO is called with the next-to-last card: write it with the card, e.g. '{player}: r5 uno'"
    )
    nothing_to_call = Key("{player} holds {held} {held:card|cards}: there is no UNO to call")
    self_catch = Key("{player} cannot catch themselves: call 'uno'")
    caught = Key("{player} caught {target} not calling UNO: {target} draws {drawn}.")
    too_late = Key("Too late: {why}. No penalty for anyone.")
    holds = Key("{player} holds {held} {held:card|cards}")
    called_uno = Key("{player} called UNO")
    false_catch = Key("False catch: {why}.")
    false_draws = Key(" {player} draws {drawn}.")
    no_penalty = Key(" No penalty.")
    not_a_misplay = Key("{card} could go on {top}: not a misplay")
    only_copies = Key("the deck has only {copies} {card}")
    misplay = Key("Misplay: {card} goes back to {player}, who draws {drawn}")
    coaching = Key("coaching")
    table_ruling = Key("table ruling")
    penalty = Key("Penalty ({why}): {player} draws {drawn}.")
    turn_override = Key("Table override: it is {player}'s turn.")
    reason = Key(" ({reason})")
    takes = Key("Table override{why}: {player} takes {drawn} from the draw pile.")
    gives = Key("Table override{why}: {player} gives {count} to the bottom of the draw pile.")
    cannot_give = Key(
        "{player} holds {held} {held:card|cards} and cannot give {count}: a "
        "player goes out by playing"
    )


def on_uno(g: Game, event: UnoCalled, said: Said) -> tuple[RuleId, bool]:
    t = in_play(g)
    seat = seat_of(g, t, event.player)
    name = t.players[seat]
    if seat in t.catchable:
        if g.setup.options.late_uno:
            t.drop_windows(seat)
            said.append(Say.late_safe(player=name))
        else:
            said.append(Say.late_useless(player=name))
        return UNO_LATE, False
    held = t.hands[seat]
    if held == 1:
        said.append(Say.called(player=name, why=t.closed.get(seat) or Say.already_safe()))
        return UNO_CALL, False
    if held == 2 and t.turn == seat:
        raise Refusal(UNO_CALL, Say.with_the_card(player=name))
    raise Refusal(UNO_CALL, Say.nothing_to_call(player=name, held=held))


def on_catch(g: Game, event: PlayerCaught, said: Said) -> tuple[RuleId, bool]:
    t = in_play(g)
    seat = seat_of(g, t, event.player)
    target = seat_of(g, t, event.target)
    names = t.players
    if seat == target:
        raise Refusal(UNO_CATCH, Say.self_catch(player=names[seat]))
    if target in t.catchable:
        t.drop_windows(target)
        drawn = forced_draw(g, t, target, g.setup.options.uno_penalty)
        owes_points(g, names[target])
        said.append(Say.caught(player=names[seat], target=names[target], drawn=drawn))
        said.note(Fact("caught", names[target]), Fact("penalty", names[target], drawn))
        return UNO_CATCH, True
    held = t.hands[target]
    closed = t.closed.get(target)
    rule = UNO_FALSE_CATCH
    why: Message
    if held != 1:
        why = Say.holds(player=names[target], held=held)
    elif was_handed(t, target):
        # Under `uno-on-passive no` she never had to call: that is the reason, and its rule.
        assert closed is not None
        why, rule = closed, UNO_PASSIVE
    elif closed is not None:
        said.append(Say.too_late(why=closed))
        return UNO_WINDOW, False
    else:
        why = Say.called_uno(player=names[target])
    said.append(Say.false_catch(why=why))
    said.note(Fact("false-catch", names[seat]))
    penalty = g.setup.options.false_catch_penalty
    if penalty:
        drawn = forced_draw(g, t, seat, penalty)
        said.append(Say.false_draws(player=names[seat], drawn=drawn))
        said.note(Fact("penalty", names[seat], drawn))
    else:
        said.append(Say.no_penalty())
    return rule, bool(penalty)


def on_misplay(g: Game, event: MisplayCaught, said: Said) -> tuple[RuleId, bool]:
    t = in_play(g)
    seat = seat_of(g, t, event.player)
    face = event.card
    copies = g.setup.deck.cards
    check_face(g, t, face)
    in_turn = seat == t.turn and t.pending is None and t.owed is None
    if in_turn and _playable(g, t, seat, face):
        raise Refusal(MISPLAY, Say.not_a_misplay(card=face, top=top_ref(t)))
    if not t.holds_known(seat, face) and t.elsewhere(seat, face) + 1 > copies[face]:
        raise Refusal(CONSERVATION, Say.only_copies(copies=copies[face], card=face))
    if in_turn and t.catchable and not g.setup.options.next_discard:
        close_windows(t, seat, "acted")
    if not t.known[seat].get(face):
        t.know(seat, face, 1)
    drawn = forced_draw(g, t, seat, g.setup.options.misplay_penalty)
    said.append(Say.misplay(card=face, player=t.players[seat], drawn=drawn))
    said.note(Fact("misplay", t.players[seat]), Fact("penalty", t.players[seat], drawn))
    if in_turn:
        t.must_play = None
        t.turn = t.step(seat)
        said.append(Basics.next_clause(player=t.players[t.turn]))
    else:
        said.append(Basics.stop())
    return MISPLAY, True


def _playable(g: Game, t: Table, seat: int, face: Card) -> bool:
    """Whether some play of `face` (a Wild with any colour, a targeted card at anyone) would be
    taken now: the play check itself is asked, so a house rule that refuses a play makes it a
    misplay."""
    setup = g.setup
    deck = setup.deck
    colours: tuple[str | None, ...] = (
        deck.colors(t.side) if face.is_wild and deck.wilds_name_colour else (None,)
    )
    kind = setup.kinds.get(face.kind)
    targets = (
        [None, *(t.players[s] for s in t.seated() if s != seat)]
        if kind is not None and kind.check is not None
        else [None]
    )
    for colour in colours:
        for target in targets:
            try:
                check_card(g, t, seat, Play(face, colour, target))
            except Refusal:
                continue
            return True
    return False


def on_penalty(g: Game, event: PenaltyGiven, said: Said) -> tuple[RuleId, bool]:
    t = in_play(g)
    seat = seat_of(g, t, event.player)
    why: Message | str
    if event.coaching:
        count, rule, why = g.setup.options.coaching_penalty, COACHING, Say.coaching()
    else:
        count, rule = event.count or 0, TABLE_PENALTY
        why = event.reason if event.reason else Say.table_ruling()
    drawn = forced_draw(g, t, seat, count)
    said.append(Say.penalty(why=why, player=t.players[seat], drawn=drawn))
    said.note(Fact("table-penalty", t.players[seat]), Fact("penalty", t.players[seat], drawn))
    return rule, True


def on_turn_override(g: Game, event: TurnOverridden, said: Said) -> tuple[RuleId, bool]:
    t = in_play(g)
    seat = seat_of(g, t, event.player)
    t.turn = seat
    t.pending = None
    t.owed = None
    t.must_play = None
    said.append(Say.turn_override(player=t.players[seat]))
    return TABLE_OVERRIDE, True


def on_adjust(g: Game, event: HandAdjusted, said: Said) -> tuple[RuleId, bool]:
    t = in_play(g)
    seat = seat_of(g, t, event.player)
    name = t.players[seat]
    why = Say.reason(reason=event.reason) if event.reason else ""
    if event.delta >= 0:
        drawn, _ = t.draw(seat, event.delta)
        said.append(Say.takes(why=why, player=name, drawn=drawn))
        return TABLE_OVERRIDE, True
    give = -event.delta
    if give >= t.hands[seat]:
        raise Refusal(TABLE_OVERRIDE, Say.cannot_give(player=name, held=t.hands[seat], count=give))
    t.hands[seat] -= give
    # Given cards go under the draw pile: no face is seen.
    t.draw_pile += give
    said.append(Say.gives(why=why, player=name, count=give))
    return TABLE_OVERRIDE, True
