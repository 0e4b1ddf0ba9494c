"""The move actions of the session notation: what follows `NAME:` on a move line."""

from __future__ import annotations

from collections.abc import Callable

from ..engine.cards import Card
from ..engine.events import (
    CardPlayed,
    CardsDrawn,
    ChallengeMade,
    DrawAccepted,
    Event,
    HandAdjusted,
    JumpedIn,
    MisplayCaught,
    PenaltyGiven,
    Play,
    PlayerCaught,
    UnoCalled,
)
from ..i18n import N_, _
from .errors import NotationError
from .words import Cursor, either

# Cards whose play takes `@TARGET` (Seven-O 7s, Swap Hands, targeted Wilds): used only to say
# what may come next in an error message; the engine decides whether a target is legal.
_TARGETED = frozenset({"7", "wsw", "wt+2", "wfs"})
ACTIONS = (
    "draw",
    "accept",
    "challenge",
    "uno",
    "catch",
    "misplay",
    "penalty",
    "jump",
    "takes",
    "gives",
)


# Plays -----------------------------------------------------------------------------------------


def read_play(cur: Cursor, extras: bool, missing: str, after: str) -> Play:
    """`CARD [CARD...] [COLOUR] [@TARGET] [top CARD [COLOUR]] [uno]`; `extras` allows multi-play.
    `missing` says what was expected when no card comes: English, marked `N_`, translated only
    if it is shown (a play is read on every move)."""
    first = cur.i
    got = cur.card()
    if got is None:
        cur.fail(_(missing).format(actions=", ".join(ACTIONS)), after)
    face, custom = got
    more: list[Card] = []
    while extras and (extra := cur.card()) is not None:
        more.append(extra[0])
    color = cur.color()
    stage = 1 if color is None else 2
    tok = cur.peek()
    if tok is None or not tok.text.startswith("@") or tok.quoted:
        top, top_color, uno = _after_target(cur, face, stage, cur.span(first), extras)
        return Play(face, color, None, top, top_color, uno, custom, tuple(more))
    target, (top, top_color, uno) = _target(cur, face)
    return Play(face, color, target, top, top_color, uno, custom, tuple(more))


def _target(cur: Cursor, face: Card) -> tuple[str, tuple[Card | None, str | None, bool]]:
    """`@NAME` and what follows. Names may hold spaces and keywords (`@Mary Ann uno`), so try
    each player the text could name, longest first, keeping the first that leaves a valid tail."""
    tok = cur.take()
    if tok.text == "@":
        nxt = cur.peek()
        if nxt is None or nxt.quoted:
            cur.fail(_("a player name"), "@")
        start = nxt.start
    else:
        cur.i -= 1
        start = tok.start + 1
    first_error: NotationError | None = None
    for player, after_name in cur.names_here(start):
        rest = Cursor(cur.line, cur.table, cur.toks, after_name)
        written = cur.line.text[tok.start : cur.toks[after_name - 1].end]
        try:
            tail = _after_target(rest, face, 3, written, False)
        except NotationError as exc:
            first_error = first_error or exc
            continue
        cur.i = rest.i
        return player, tail
    if first_error is not None:
        raise first_error
    stop = cur.i
    while stop + 1 < len(cur.toks) and cur.toks[stop + 1].word not in ("top", "uno"):
        stop += 1
    cur.unknown(start, cur.line.text[start : cur.toks[stop].end])


def _after_target(
    cur: Cursor, face: Card, stage: int, after: str, extras: bool
) -> tuple[Card | None, str | None, bool]:
    """`[top CARD [COLOUR]] [uno]` and the end of the statement. `stage` is the last part read
    (1 cards, 2 colour, 3 target, 4 top, 5 uno), to say in an error what could still come."""
    top = top_color = None
    top_needs_color = False
    tok = cur.peek()
    if tok is not None and tok.word == "top":
        cur.take()
        first = cur.i
        got = cur.card()
        if got is None:
            cur.fail(_("a card"), "top")
        top = got[0]
        top_color = cur.color()
        after, stage = cur.span(first), 4
        top_needs_color = top.is_wild and top_color is None
    uno = False
    tok = cur.peek()
    if tok is not None and tok.word == "uno":
        cur.take()
        uno, after, stage, top_needs_color = True, "uno", 5, False
    if cur.peek() is not None:
        options = [_("a colour")] if top_needs_color else []
        options += [
            _(text)
            for need, text in (
                (stage < 2 and extras, N_("a card")),
                (stage < 2 and face.is_wild, N_("a colour")),
                (stage < 3 and face.kind in _TARGETED, N_("'@NAME'")),
                (stage < 4 and face.kind == "f", N_("'top'")),
                (stage < 5, N_("'uno'")),
            )
            if need and _(text) not in options
        ]
        if not options:
            cur.end(after)
        cur.fail(either(options), after)
    return top, top_color, uno


# Actions ---------------------------------------------------------------------------------------


def _reason(cur: Cursor, after: str) -> str | None:
    tok = cur.peek()
    if tok is None:
        return None
    if not tok.quoted:
        cur.fail(_('a quoted reason ("...")'), after)
    cur.take()
    cur.end(tok.text)
    return tok.text[1:-1]


def _draw(cur: Cursor, player: str) -> Event:
    if cur.peek() is None:
        return CardsDrawn(player)
    if not cur.is_number():
        return CardsDrawn(player, play=read_play(cur, True, N_("a number or a card"), "draw"))
    count = cur.number("draw", 1)
    if cur.peek() is None:
        return CardsDrawn(player, count, True)
    return CardsDrawn(player, count, True, read_play(cur, True, N_("a card"), f"draw {count}"))


def _accept(cur: Cursor, player: str) -> Event:
    cur.end("accept")
    return DrawAccepted(player)


def _challenge(cur: Cursor, player: str) -> Event:
    tok = cur.peek()
    word = tok.word if tok else ""
    if word in ("guilty", "innocent"):
        cur.take()
        cur.end(word)
        return ChallengeMade(player, verdict=word)
    if word != "shows":
        cur.fail(_("'guilty', 'innocent' or 'shows'"), "challenge")
    cur.take()
    first = cur.i
    shown = cur.cards("shows")
    if cur.peek() is not None:
        cur.fail(_("a card"), cur.span(first))
    return ChallengeMade(player, shown=shown)


def _uno(cur: Cursor, player: str) -> Event:
    cur.end("uno")
    return UnoCalled(player)


def _catch(cur: Cursor, player: str) -> Event:
    return PlayerCaught(player, cur.name_rest("catch"))


def _misplay(cur: Cursor, player: str) -> Event:
    first = cur.i
    got = cur.card()
    if got is None:
        cur.fail(_("a card"), "misplay")
    cur.end(cur.span(first))
    return MisplayCaught(player, got[0])


def _penalty(cur: Cursor, player: str) -> Event:
    tok = cur.peek()
    if tok is not None and tok.word == "coaching":
        cur.take()
        cur.end("coaching")
        return PenaltyGiven(player, coaching=True)
    if not cur.is_number():
        cur.fail(_("'coaching' or a number"), "penalty")
    count = cur.number("penalty", 1)
    return PenaltyGiven(player, count, _reason(cur, str(count)))


def _jump(cur: Cursor, player: str) -> Event:
    return JumpedIn(player, read_play(cur, True, N_("a card"), "jump"))


def _adjust(sign: int, word: str) -> Callable[[Cursor, str], Event]:
    def read(cur: Cursor, player: str) -> Event:
        count = cur.number(word, 1)
        return HandAdjusted(player, sign * count, _reason(cur, str(count)))

    return read


_HANDLERS: dict[str, Callable[[Cursor, str], Event]] = {
    "draw": _draw,
    "accept": _accept,
    "challenge": _challenge,
    "uno": _uno,
    "catch": _catch,
    "misplay": _misplay,
    "penalty": _penalty,
    "jump": _jump,
    "takes": _adjust(1, "takes"),
    "gives": _adjust(-1, "gives"),
}


def read_action(cur: Cursor, player: str, after: str) -> Event:
    """What follows `NAME:` on a move line."""
    tok = cur.peek()
    handler = _HANDLERS.get(tok.word) if tok else None
    if handler is not None:
        cur.take()
        return handler(cur, player)
    return CardPlayed(player, read_play(cur, True, N_("a card or an action ({actions})"), after))
