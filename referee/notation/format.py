"""Writing a Session, or one event, in the canonical `.uno` form that `parse` reads back."""

from __future__ import annotations

import unicodedata

from ..engine.cards import COLOR_NAMES, Card
from ..engine.events import (
    CardPlayed,
    CardsDrawn,
    ChallengeMade,
    DealerNamed,
    DrawAccepted,
    Event,
    HandAdjusted,
    HandRevealed,
    Header,
    HeaderChanged,
    JumpedIn,
    MisplayCaught,
    PenaltyGiven,
    Play,
    PlayerCaught,
    PlayerLeft,
    PlayerWentOut,
    RoundStarted,
    Session,
    StartTurned,
    TimeCalled,
    TurnOverridden,
    UnoCalled,
)
from ..i18n import _


def format_session(session: Session) -> str:
    """The whole file: tags in canonical order, then the events, a blank line before each round."""
    header = session.header
    lines = [
        _tag("Event", header.event),
        _tag("Site", header.site),
        _tag("Date", header.date),
        _tag("Round", header.event_round),
        _tag("Table", header.event_table),
        _tag("Edition", header.edition),
        _tag("Rules", header.rules),
        _tag("Scoring", header.scoring),
        _tag("Players", ", ".join(header.players)),
    ]
    lines += [_tag("Rule", key, value) for key, value in header.overrides]
    lines += [_tag("Custom", str(n), text) for n, text in header.customs]
    out = [line for line in lines if line]
    for event in session.events:
        if isinstance(event, RoundStarted):
            out.append("")
        out.append(format_event(event, header))
    return "\n".join(out) + "\n"


def _tag(name: str, *values: str | None) -> str:
    if values[0] is None:
        return ""
    return f"[{name} {' '.join(_quoted(v) for v in values if v is not None)}]"


def _quoted(text: str) -> str:
    # The notation has no escapes: a quote or a line break could not be read back.
    if '"' in text or any(unicodedata.category(ch) == "Cc" and ch != "\t" for ch in text):
        raise ValueError(
            _("cannot write {text!r} in the notation: no '\"' or control characters").format(
                text=text
            )
        )
    return f'"{text}"'


def _reason(reason: str | None) -> str:
    return "" if reason is None else " " + _quoted(reason)


def _card(face: Card, custom: int | None = None) -> str:
    if custom is None:
        return face.code
    if face.kind != "wc" or custom not in (1, 2, 3):
        raise ValueError(
            _("custom number {custom!r} on {card}: only wc1-wc3 exist").format(
                custom=custom, card=face.code
            )
        )
    return f"wc{custom}"


def _play(play: Play, name: dict[str, str]) -> str:
    words = [_card(play.card, play.custom), *(c.code for c in play.extra)]
    if play.color is not None:
        words.append(COLOR_NAMES[play.color])
    if play.target is not None:
        words.append("@" + name.get(play.target.casefold(), play.target))
    if play.top is not None:
        words += ["top", play.top.code]
        if play.top_color is not None:
            words.append(COLOR_NAMES[play.top_color])
    if play.uno:
        words.append("uno")
    return " ".join(words)


def _action(event: Event, name: dict[str, str]) -> str:
    match event:
        case CardPlayed(play=play):
            return _play(play, name)
        case CardsDrawn(count=count, counted=counted, play=play):
            words = ["draw"]
            if counted or count != 1:
                words.append(str(count))
            if play is not None:
                words.append(_play(play, name))
            return " ".join(words)
        case DrawAccepted():
            return "accept"
        case ChallengeMade(verdict=verdict, shown=shown):
            if verdict is not None:
                return f"challenge {verdict}"
            if not shown:
                raise ValueError(_("a challenge needs a verdict or shown cards"))
            return "challenge shows " + " ".join(c.code for c in shown)
        case UnoCalled():
            return "uno"
        case PlayerCaught(target=target):
            return "catch " + name.get(target.casefold(), target)
        case MisplayCaught(card=face):
            return f"misplay {face.code}"
        case PenaltyGiven(count=count, reason=reason, coaching=coaching):
            return "penalty coaching" if coaching else f"penalty {count}{_reason(reason)}"
        case JumpedIn(play=play):
            return "jump " + _play(play, name)
        case HandAdjusted(delta=delta, reason=reason):
            if delta == 0:
                raise ValueError(_("a hand adjustment of 0 cannot be written"))
            word = "takes" if delta > 0 else "gives"
            return f"{word} {abs(delta)}{_reason(reason)}"
    raise ValueError(f"not an event: {event!r}")


def format_event(event: Event, header: Header) -> str:
    """One statement, as in a file or the move box (`Bob: w+4 blue`, `start w red`)."""
    # Names are written as in [Players], whatever case the event carries.
    name = {player.casefold(): player for player in header.players}
    match event:
        case RoundStarted(number=number):
            return f"round {number}"
        case DealerNamed(player=player):
            return "dealer " + name.get(player.casefold(), player)
        case StartTurned(cards=cards, color=color):
            words = ["start", *(c.code for c in cards)]
            if color is not None:
                words.append(COLOR_NAMES[color])
            return " ".join(words)
        case PlayerWentOut(player=player):
            return "out " + name.get(player.casefold(), player)
        case HandRevealed(player=player, cards=cards, points=points):
            shown = str(points) if cards is None else " ".join(c.code for c in cards)
            return f"hand {name.get(player.casefold(), player)}: {shown}"
        case TurnOverridden(player=player):
            return "turn " + name.get(player.casefold(), player)
        case TimeCalled():
            return "time"
        case PlayerLeft(player=player):
            return "leave " + name.get(player.casefold(), player)
        case HeaderChanged(field=field, value=value, key=key):
            return f"set {field} {value}" if key is None else f"set {field} {key} {value}"
    actor = getattr(event, "player", None)
    if not isinstance(actor, str):
        raise ValueError(f"not an event: {event!r}")
    return f"{name.get(actor.casefold(), actor)}: {_action(event, name)}"
