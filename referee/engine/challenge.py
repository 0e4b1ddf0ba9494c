"""Draw cards that wait: accepting the draw, and challenges judged on what was in force before.

A Wild Draw Four is judged here; an edition's own challengeable cards (Flip's Wild Draw Two and
Wild Draw Color) are judged by its `challenge` hook with the pieces this module exports.
"""

from __future__ import annotations

from .basics import Say as Basics
from .basics import check_face, close_windows, end_round, in_play, seat_of, top_ref
from .cards import Card, card
from .effects import forced_draw
from .events import ChallengeMade, DrawAccepted
from .facts import Fact
from .messages import CardNames, Colour, Key, Message, Messages, Word, words
from .rulebook import (
    CONSERVATION,
    WD4_CHALLENGE_OFF,
    WD4_CHALLENGE_WHO,
    WD4_GUILTY,
    WD4_INNOCENT,
    WD4_SHOWING,
    WD4_VERDICT,
)
from .rules import RuleId
from .ruling import Refusal
from .state import Game, PendingDraw, Said, Table


class Say(Messages, namespace="challenge"):
    draw_card = Key("draw card")
    no_such = Key("there is no {what} to {verb}")
    only_victim = Key("only {victim}, the player the {card} was played on, may {verb} it")
    accept_until = Key("record the cards drawn until {colour:a} card: '{player}: draw N'")
    accepted = Key("{player} accepted the {card} and drew {drawn}.")
    now_draws_until = Key(" {player} now draws until {colour:a} card: '{player}: draw N'.")
    off = Key("this table plays without challenges of a {what}: accept the draw")
    not_challengeable = Key("only a {what} can be challenged: accept the {amount} or stack")
    innocent = Key(
        "Innocent: {offender}'s {card} was legal; {victim} draws {drawn} and is skipped."
    )
    guilty_draw = Key("Guilty: {why}. {offender} draws {drawn}; the {card} and {colour} stay.")
    guilty_retract = Key(
        "Guilty: {why}. {offender} takes the {card} back and draws {drawn}; {top} is back in force."
    )
    guilty_replay = Key(
        "Guilty: {why}. {offender} takes the {card} back, draws {drawn} and "
        "must play the legal card now; {top} is back in force."
    )
    held_colour = Key("{player} held a card of the colour in force before it ({colour})")
    held_playable = Key("{player} held another card that could go on it ({colour} in force)")
    last_card = Key(
        "{player} held no other card: the {card} was the last card, so it cannot be guilty"
    )
    known_guilty = Key(
        "{player} is known to hold a card that made the {card} illegal: it cannot be innocent"
    )
    too_many = Key(
        "{player} held {held} {held:card|cards} when playing the {card}; {shown} "
        "{shown:was|were} shown"
    )
    only_copies = Key("the deck has only {copies} {card}")
    left_out = Key("{player} is known to hold {cards}, which the showing leaves out")
    proves_nothing = Key(
        "the showing proves nothing: {shown} of {player}'s {held} "
        "{held:card|cards}, none "
        "of which made the {card} illegal; show the whole hand or the "
        "offending card"
    )
    either = Key("{one} or {other}")
    offender_left = Key(
        "{offender} has left the round: nobody can show their hand, so the "
        "{card} cannot be challenged; accept the draw"
    )


def offends(face: Card, pending: PendingDraw, playable: bool) -> bool:
    """Whether holding `face` made the pending card illegal (`playable`: under `wd4-legal
    playable`, any other card that could go on it; else a card of the colour in force)."""
    if face.kind == pending.card.kind:
        return False
    if not playable:
        return face.color is not None and face.color == pending.prev_color
    top = pending.prev_top
    return (
        face.color is None
        or face.color == pending.prev_color
        or (top is not None and face.kind == top.kind)
    )


def challengeable(g: Game) -> Message | Card:
    """The cards this edition lets a player challenge, by name."""
    faces = [card(kind) for kind in sorted(g.setup.deck.challengeable, key=_CHALLENGE_ORDER)]
    faces = [face for face in faces if face in g.setup.deck.cards]
    if not faces:
        return Say.draw_card()
    named: Message | Card = faces[0]
    for face in faces[1:]:
        named = Say.either(one=named, other=face)
    return named


def _CHALLENGE_ORDER(kind: str) -> tuple[int, str]:
    # The order the rulebooks name them in: Wild Draw Four, Wild Draw Two, Wild Draw Color.
    return (("w+4", "w+2", "w+c").index(kind) if kind in ("w+4", "w+2", "w+c") else 9, kind)


# The moves `no_such` and `only_victim` name (a `Word`: the catalogue has each in Japanese).
ANSWERS = words("accept", "challenge")


def pending_of(g: Game, t: Table, seat: int, verb: str) -> PendingDraw:
    """The draw the seat may accept or challenge; Refusal if there is none, or not theirs."""
    pending = t.pending
    if pending is None:
        what = Say.draw_card() if verb == "accept" else challengeable(g)
        raise Refusal(WD4_CHALLENGE_WHO, Say.no_such(what=what, verb=Word(verb)))
    if seat != pending.victim:
        raise Refusal(
            WD4_CHALLENGE_WHO,
            Say.only_victim(victim=t.players[pending.victim], card=pending.card, verb=Word(verb)),
        )
    return pending


def on_accept(g: Game, event: DrawAccepted, said: Said) -> tuple[RuleId, bool]:
    t = in_play(g)
    seat = seat_of(g, t, event.player)
    pending = pending_of(g, t, seat, "accept")
    if pending.until:
        raise Refusal(
            pending.rule, Say.accept_until(colour=Colour(t.color or ""), player=t.players[seat])
        )
    if t.catchable and not g.setup.options.next_discard:
        close_windows(t, seat, "accepted")
    accept(g, t, said)
    return after_challenge(g, t, pending.offender, pending.rule, said, notable=False)


def accept(g: Game, t: Table, said: Said) -> None:
    """The victim takes the pending draw and misses their turn."""
    pending = t.pending
    assert pending is not None
    t.pending = None
    victim = pending.victim
    drawn = forced_draw(g, t, victim, pending.amount)
    t.turn = t.step(victim)
    said.append(Say.accepted(player=t.players[victim], card=pending.card, drawn=drawn))


def after_challenge(
    g: Game, t: Table, offender: int, rule: RuleId, said: Said, notable: bool = True
) -> tuple[RuleId, bool]:
    """Once a draw is taken: the round ends if its player went out; else who acts next."""
    if t.went_out(offender) and t.owed is None:
        return end_round(g, t, offender, said), notable
    if t.owed is not None:
        who = t.players[t.owed.seat]
        said.append(Say.now_draws_until(player=who, colour=Colour(t.color or "")))
    elif t.turn is not None:
        said.append(Basics.next_sentence(player=t.players[t.turn]))
    return rule, notable


def on_challenge(g: Game, event: ChallengeMade, said: Said) -> tuple[RuleId, bool]:
    t = in_play(g)
    seat = seat_of(g, t, event.player)
    if not g.setup.options.challenge:
        raise Refusal(WD4_CHALLENGE_OFF, Say.off(what=challengeable(g)))
    pending = pending_of(g, t, seat, "challenge")
    if pending.card.kind not in g.setup.deck.challengeable:
        raise Refusal(
            pending.rule, Say.not_challengeable(what=challengeable(g), amount=pending.amount)
        )
    if pending.offender in t.out:
        # Knocked out (mercy) or out of the game (penalty points) since playing it: the hand
        # that would be judged is gone, so the draw stands.
        raise Refusal(
            t.left[pending.offender],
            Say.offender_left(offender=t.players[pending.offender], card=pending.card),
        )
    for check in g.setup.hooks.check_challenge:
        check(g, t, pending)
    guilty = verdict(g, t, pending, event)
    for hook in g.setup.hooks.challenge:
        judged: tuple[RuleId, bool] | None = hook(g, t, seat, pending, guilty, event, said)
        if judged is not None:
            return judged
    challenged(g, t, seat, pending, event)
    t.pending = None
    names = t.players
    offender, victim = names[pending.offender], names[seat]
    if not guilty:
        drawn = forced_draw(g, t, seat, pending.amount + 2)
        t.turn = t.step(seat)
        said.append(Say.innocent(offender=offender, card=pending.card, victim=victim, drawn=drawn))
        # The card's own draw is not a penalty; what the failed challenge adds is.
        said.note(Fact("penalty", victim, max(0, drawn - pending.amount)))
        return after_challenge(g, t, pending.offender, WD4_INNOCENT, said)
    mode = g.setup.options.wd4_guilty
    # A guilty stacked Wild Draw Four costs 4 for each one in the stack.
    penalty = pending.card.draws * pending.wd4s
    why = guilt_reason(g, t, pending)
    owes_points(g, offender)
    if mode == "draw":
        drawn = forced_draw(g, t, pending.offender, penalty)
        t.turn = seat
        said.append(
            Say.guilty_draw(
                why=why,
                offender=offender,
                drawn=drawn,
                card=pending.card,
                colour=Colour(t.color or ""),
            )
        )
    else:
        retract(t, pending)
        drawn = forced_draw(g, t, pending.offender, penalty)
        if mode == "retract":
            t.turn = seat
            said.append(
                Say.guilty_retract(
                    why=why, offender=offender, card=pending.card, drawn=drawn, top=top_ref(t)
                )
            )
        else:
            t.turn = t.must_play = pending.offender
            said.append(
                Say.guilty_replay(
                    why=why, offender=offender, card=pending.card, drawn=drawn, top=top_ref(t)
                )
            )
    said.note(Fact("guilty", offender), Fact("penalty", offender, drawn))
    said.append(Basics.next_sentence(player=names[t.turn]))
    return WD4_GUILTY, True


def owes_points(g: Game, offender: str) -> None:
    """Penalty-point scoring: a guilty player's hand may now be entered as penalty points."""
    if g.setup.scoring.kind == "penalty":
        g.penalty_due = g.penalty_due | {offender}


def retract(t: Table, pending: PendingDraw) -> None:
    """A guilty card goes back to its player's hand; the top card and colour before it are
    in force again."""
    t.take_back(pending.offender)
    t.hands[pending.offender] += 1
    t.top, t.color = pending.prev_top, pending.prev_color


def challenged(g: Game, t: Table, seat: int, pending: PendingDraw, event: ChallengeMade) -> None:
    """What every challenge sets off: shown cards become known, windows close."""
    for face in set(event.shown):
        # The challenger saw them, and they stay in the hand: the table now knows them.
        t.know(pending.offender, face, event.shown.count(face))
    if t.catchable and not g.setup.options.next_discard:
        close_windows(t, seat, "challenged")


def guilt_reason(g: Game, t: Table, pending: PendingDraw) -> Message:
    who = t.players[pending.offender]
    colour = Colour(pending.prev_color or "")
    if g.setup.options.wd4_playable:
        return Say.held_playable(player=who, colour=colour)
    return Say.held_colour(player=who, colour=colour)


def verdict(g: Game, t: Table, pending: PendingDraw, event: ChallengeMade) -> bool:
    """Guilty or not, from the witnessed verdict or the cards shown; Refusal if unproven."""
    playable = g.setup.options.wd4_playable
    held = pending.held
    name = t.players[pending.offender]
    known = t.known[pending.offender]
    known_guilty = any(offends(face, pending, playable) for face, n in known.items() if n)
    if event.verdict == "guilty":
        if held == 0:
            raise Refusal(WD4_VERDICT, Say.last_card(player=name, card=pending.card))
        return True
    if event.verdict == "innocent":
        if known_guilty:
            raise Refusal(WD4_VERDICT, Say.known_guilty(player=name, card=pending.card))
        return False
    shown = event.shown
    if len(shown) > held:
        raise Refusal(
            WD4_SHOWING, Say.too_many(player=name, held=held, card=pending.card, shown=len(shown))
        )
    tally: dict[Card, int] = {}
    for face in shown:
        tally[face] = tally.get(face, 0) + 1
    deck = g.setup.deck.cards
    for face, n in tally.items():
        check_face(g, t, face)
        others = t.elsewhere(pending.offender, face)
        if others + max(n, known.get(face, 0)) > deck[face]:
            raise Refusal(CONSERVATION, Say.only_copies(copies=deck[face], card=face))
    if any(offends(face, pending, playable) for face in shown):
        return True
    if len(shown) == held:
        missing = [f for f, n in known.items() if n > tally.get(f, 0)]
        if missing:
            raise Refusal(WD4_VERDICT, Say.left_out(player=name, cards=CardNames(missing)))
        return known_guilty
    raise Refusal(
        WD4_SHOWING, Say.proves_nothing(shown=len(shown), player=name, held=held, card=pending.card)
    )
