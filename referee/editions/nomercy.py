"""UNO Show 'Em No Mercy: 168 cards, stacking by value, Discard All, Color Roulette, 7-0,
drawing until a playable card that must be played, and the mercy rule at 25 cards."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ..engine.cards import LIGHT_COLORS, Card, card
from ..engine.deck import Deck
from ..engine.effects import draw_next, forced_draw, pending_draw
from ..engine.events import Play
from ..engine.messages import Colour, Key, Messages
from ..engine.options import option
from ..engine.rulebook import CONSERVATION
from ..engine.rules import RuleId, rule
from ..engine.ruling import Refusal
from ..engine.sources import JA_WIKIPEDIA, NO_MERCY_GUIDE, NO_MERCY_SHEET
from ..engine.state import Game, Kind, OwedDraw, Said, Table
from ..engine.units import Edition, register
from ..i18n import N_
from . import skip_everyone

_TWO_PLAYERS = f"{JA_WIKIPEDIA}, 関連商品 (ワイルド リバースドロー4)"

TWO_PLAYER_REVERSE_DRAW = option(
    "two-player-reverse-draw",
    ("self", "other"),
    "self",
    "self",
    "With two players, a Wild Reverse Draw 4's own player draws the 4 (self), or the other "
    "player does (other).",
    _TWO_PLAYERS,
    unit="nomercy",
)
DISCARD_ALL = rule(
    "discard-all",
    "Discard All: the player also puts down every other card of its "
    "colour, written after it ('rda r5 rs'); play passes to the next player.",
    NO_MERCY_GUIDE,
    unit="nomercy",
)
REVERSE_DRAW = rule(
    "reverse-draw",
    "Wild Reverse Draw 4: play changes direction first, then the "
    "new next player draws 4; in a stack it counts as +4. With two players its "
    "own player draws the 4 and play passes to the other player.",
    f"{_TWO_PLAYERS}; in a stack: table default",
    when=((TWO_PLAYER_REVERSE_DRAW, "self"),),
    unit="nomercy",
)
rule(
    "reverse-draw",
    "Wild Reverse Draw 4: play changes direction first, then the new next "
    "player draws 4; in a stack it counts as +4. With two players the other player draws.",
    f"Table default: {_TWO_PLAYERS} has its own player draw",
    table_default=True,
    when=((TWO_PLAYER_REVERSE_DRAW, "other"),),
    unit="nomercy",
)
ROULETTE = rule(
    "roulette",
    "Wild Color Roulette: its player names a colour; the next player "
    "draws until a card of that colour, keeps them all ('draw N') and misses their "
    "turn.",
    f"{JA_WIKIPEDIA}, 関連商品 (ワイルドカラールーレット); who names the colour: table default",
    table_default=True,
    unit="nomercy",
)
NOMERCY_DRAW = rule(
    "nomercy-draw",
    "A player who cannot play draws until they get a card they "
    "can play, then must play it ('draw N CARD'); the cards are kept only when "
    "the piles run out or the mercy rule knocks the player out.",
    NO_MERCY_SHEET,
    unit="nomercy",
)
DRAW_CARD = rule(
    "draw-card",
    "Draw Two and Draw Four: the next player draws 2 or 4 and misses "
    "their turn, unless they stack.",
    NO_MERCY_SHEET,
    unit="nomercy",
)
rule(
    "start-card",
    "An action card turned up at the start is ignored and the next card turned.",
    NO_MERCY_SHEET,
    unit="nomercy",
)


class Say(Messages, namespace="nomercy"):
    own_colour = Key("{card} discards the cards of its colour only")
    only_cards = Key("{player} has only {count} {count:card|cards}")
    only_copies = Key("the deck has only {copies} {card}, and {seen} are already in sight")
    must_play = Key(
        "in No Mercy the card drawn that can be played must be played: "
        "'{player}: draw {count} CARD'"
    )
    reversed = Key("; play changes direction")
    draws_self = Key("; with two players {player} draws {drawn}")
    roulette = Key("; {player} draws until {colour:a} card ('{player}: draw N')")


def _deck() -> Deck:
    """168 cards, as the sheet says; the count of each card is as open-source implementations
    give it (no official list was at hand)."""
    cards: dict[Card, int] = {}
    for color in LIGHT_COLORS:
        for kind in "0123456789":
            cards[card(color + kind)] = 2
        for kind, copies in (("s", 3), ("r", 3), ("+2", 3), ("da", 3), ("+4", 2), ("se", 2)):
            cards[card(color + kind)] = copies
    cards.update({card("wr+4"): 8, card("w+6"): 4, card("w+10"): 4, card("wcr"): 8})
    values = {f: int(f.kind) if f.is_number else 50 if f.is_wild else 20 for f in cards}
    # The sheet: an action card turned up at the start is ignored and another turned.
    back = frozenset(f.kind for f in cards if not f.is_number)
    return Deck(
        "nomercy",
        N_("UNO Show 'Em No Mercy (168 cards)"),
        MappingProxyType(cards),
        MappingProxyType(values),
        f"{NO_MERCY_SHEET}; counts and points as open-source implementations give them",
        start_back=back,
        challengeable=frozenset(),
    )


def _draw(
    g: Game, t: Table, seat: int, play: Play, top: Card | None, color: str | None, said: Said
) -> tuple[RuleId, bool]:
    """A draw card: it waits for its victim to stack or take it (stacking by value, the
    edition's rule), or is drawn at once where the table turned stacking off."""
    return pending_draw(g, t, seat, play, top, color, said, DRAW_CARD), False


def _discard_all(
    g: Game, t: Table, seat: int, play: Play, top: Card | None, color: str | None, said: Said
) -> tuple[RuleId, bool]:
    """The other cards of its colour went down with it; play passes to the next player."""
    t.turn = t.step(seat)
    return DISCARD_ALL, False


def _roulette(
    g: Game, t: Table, seat: int, play: Play, top: Card | None, color: str | None, said: Said
) -> tuple[RuleId, bool]:
    """The next player draws until the colour its player named, keeps them all and misses
    their turn."""
    victim = t.step(seat)
    winner = seat if t.hands[seat] == 0 else None
    t.owed = OwedDraw(victim, t.step(victim), ROULETTE, winner)
    t.turn = victim
    who = t.players[victim]
    said.append(Say.roulette(player=who, colour=Colour(t.color or "")))
    return ROULETTE, False


@register
class NoMercy(Edition):
    id = "nomercy"
    deck = _deck()
    # It stacks by value, swaps on 7 and passes on 0, draws until a playable card, has no
    # challenge, calls UNO the moment one card is left, knocks out at 25 and pays 250 per
    # knock-out.
    defaults = MappingProxyType(
        {
            rules: {
                "stacking": "higher",
                "seven-o": "on",
                "draw": "to-match",
                "challenge": "off",
                "uno-on-passive": "yes",
                "mercy": "25",
                "ko-bonus": "250",
            }
            for rules in ("en", "jp")
        }
    )

    def __init__(self, values: Mapping[str, str]) -> None:
        self.self_draw = values[TWO_PLAYER_REVERSE_DRAW] == "self"
        self.kinds = {
            "se": skip_everyone.KIND,
            "+4": Kind(_draw),
            "w+6": Kind(_draw),
            "w+10": Kind(_draw),
            "wr+4": Kind(self.reverse_draw),
            "da": Kind(_discard_all),
            "wcr": Kind(_roulette),
        }

    def reverse_draw(
        self,
        g: Game,
        t: Table,
        seat: int,
        play: Play,
        top: Card | None,
        color: str | None,
        said: Said,
    ) -> tuple[RuleId, bool]:
        """Play changes direction, then the new next player draws 4 (a +4 in a stack); with two
        players, under `two-player-reverse-draw self`, its own player draws them."""
        t.direction = -t.direction
        said.append(Say.reversed())
        if self.self_draw and t.size == 2 and t.pending is None:
            t.turn = t.step(seat)
            if t.hands[seat]:
                drawn = forced_draw(g, t, seat, play.card.draws)
                said.append(Say.draws_self(player=t.players[seat], drawn=drawn))
            return REVERSE_DRAW, False
        if g.setup.draws_wait is None:
            draw_next(g, t, seat, play, said)
            return REVERSE_DRAW, False
        return pending_draw(g, t, seat, play, top, color, said, REVERSE_DRAW), False

    def extra_cards(self, g: Game, t: Table, seat: int, play: Play, drawn: bool) -> int | None:
        """Discard All: the other cards of its colour go down with it, written after it."""
        face = play.card
        if face.kind != "da":
            return None
        count = 1 + len(play.extra)
        if any(other.color != face.color for other in play.extra):
            raise Refusal(DISCARD_ALL, Say.own_colour(card=face))
        if t.hands[seat] < count:
            raise Refusal(DISCARD_ALL, Say.only_cards(player=t.players[seat], count=t.hands[seat]))
        for other in set(play.extra) - {face}:
            n = play.extra.count(other)
            seen = t.elsewhere(seat, other)
            copies = self.deck.cards[other]
            if not t.known[seat].get(other) and seen + n > copies:
                raise Refusal(CONSERVATION, Say.only_copies(copies=copies, card=other, seen=seen))
        return count

    def check_draw(
        self, g: Game, t: Table, seat: int, count: int, play: Play | None, until: bool
    ) -> None:
        """A player draws until a card they can play and must play it; keeping the cards is
        only for a draw that emptied both piles or reached the hand limit."""
        if until or play is not None or not g.setup.options.draw_to_match:
            return
        limit = g.setup.hand_limit
        if count >= t.available() or (limit and t.hands[seat] + count >= limit):
            return
        raise Refusal(NOMERCY_DRAW, Say.must_play(player=t.players[seat], count=count))
