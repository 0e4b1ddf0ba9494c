"""One phone's pad, drawn by the server in the phone's language: a seat to take, or the moves of
the seat it holds (only the legal ones enabled, as the referee lists them)."""

from __future__ import annotations

from typing import Any

from ..engine.cards import COLOR_NAMES, card
from ..i18n import _
from ..notation import visible
from ..render import card_name, colour_name
from .pages import _templates

SYMBOLS = {"s": "⊘", "r": "⇄"}
"""A face's short label on its key, after its colour: a number or +2 stays as it is."""


def _face(code: str, colours: list[str]) -> dict[str, str]:
    face = card(code)
    short = code
    for colour in sorted(colours, key=len, reverse=True):
        if face.color == colour and code.startswith(colour):
            short = code[len(colour) :]
            break
    return {
        "code": code,
        "short": SYMBOLS.get(short, short),
        "name": card_name(face),
        "colour": COLOR_NAMES.get(face.color or "", "wild"),
        "in": face.color or "",
    }


def _action_label(action: str, players: tuple[str, ...]) -> str:
    """A button's words for a move that is not a card: the keyword in the reader's language."""
    head, _space, rest = action.partition(" ")
    labels = {
        "draw": _("Draw"),
        "accept": _("Take the cards"),
        "uno": _("UNO!"),
    }
    if head == "catch":
        return _("Catch {player}").format(player=visible(rest))
    if action == "challenge guilty":
        return _("Challenge: guilty")
    if action == "challenge innocent":
        return _("Challenge: innocent")
    return labels.get(action, visible(action))


def pad_words() -> dict[str, str]:
    """The pad's own words, in the language in use."""
    return {
        "take_a_seat": _("Take a seat"),
        "asked": _(
            "Asked: the scorekeeper approves it on the terminal, or type the code the "
            "terminal shows."
        ),
        "code": _("Code"),
        "wrong_code": _("That is not the code the terminal shows."),
        "send": _("Send"),
        "which_seat": _("Which seat is yours? The scorekeeper approves it."),
        "seats": _("Seats"),
        "your_seat": _("Your seat: {name}"),
        "confirm": _("Confirm the verdict: {move}"),
        "agree": _("Yes, that is right"),
        "disagree": _("No: call the scorekeeper"),
        "mine_waiting": _("Waiting for the scorekeeper:"),
        "your_hand": _("Your hand (cards, or the points)"),
        "colour": _("Colour"),
        "cards": _("Cards"),
        "with_uno": _("Call UNO with the card"),
        "moves": _("Moves"),
        "type_it": _("Or type the move"),
        "call_the_scorekeeper": _("Call the scorekeeper"),
    }


def pad_fragment(seat: dict[str, Any], players: tuple[str, ...], moves: int, lang: str) -> str:
    """The pad for a phone whose seat is `seat` (the writer's answer: a seat and its legal
    moves, a request waiting, or none)."""
    legal = seat.get("legal") or {}
    colours: list[str] = legal.get("colours", [])
    faces = [_face(code, colours) for code in legal.get("faces", [])]
    moves_now: list[str] = legal.get("moves", [])
    playable = {m.split(" ")[0] for m in moves_now if m.split(" ")[0] in legal.get("faces", [])}
    others = [m for m in moves_now if m.split(" ")[0] not in playable and m != "hand"]
    return (
        _templates()
        .get_template("pad.html")
        .render(
            lang=lang,
            words=pad_words(),
            player=visible(seat["player"]) if "player" in seat else None,
            raw_player=seat.get("player"),
            asking=bool(seat.get("asking")),
            players=[(p, visible(p)) for p in players],
            moves=seat.get("moves", moves),
            colours=[(c, colour_name(c), COLOR_NAMES.get(c, c)) for c in colours],
            faces=[f for f in faces if f["colour"] != "wild"],
            wilds=[f for f in faces if f["colour"] == "wild"],
            playable=playable,
            legal=moves_now,
            actions=[(a, _action_label(a, players)) for a in others],
            hand="hand" in moves_now,
            playing=bool(legal.get("playing", True)),
            confirm=visible(legal["confirm"]) if legal.get("confirm") else None,
            mine=[visible(m) for m in legal.get("mine", [])],
        )
    )
