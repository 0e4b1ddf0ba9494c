"""UNO Flip!: two-sided cards, the Flip that turns everything over, draws until a colour.

The discard pile keeps both faces of every card the table has seen (`Table.pile_back`): a Flip
is entered with the card it turns up (`rf top pu5`), checked against what the table saw.
"""

from __future__ import annotations

from collections.abc import Iterable
from types import MappingProxyType

from ..engine.basics import Say as Basics
from ..engine.basics import top_ref
from ..engine.cards import COLOR_NAMES, DARK_COLORS, LIGHT_COLORS, UNSEEN, Card, card
from ..engine.challenge import after_challenge, challenged, guilt_reason, owes_points, retract
from ..engine.deck import Deck
from ..engine.effects import drawing, forced_draw, pending_draw
from ..engine.events import CardPlayed, ChallengeMade, Event, Play
from ..engine.facts import Fact
from ..engine.messages import Colour, Key, Messages, words
from ..engine.rulebook import CONSERVATION, WILD_COLOR
from ..engine.rules import RuleId, rule
from ..engine.ruling import Refusal
from ..engine.sources import FLIP_MANUAL, FLIP_SHEET, JA_WIKIPEDIA, NOTATION, TABLE_DEFAULT
from ..engine.state import NO_KNOWN, Game, Kind, OwedDraw, PendingDraw, Said, Table
from ..engine.units import Edition, register
from ..i18n import N_
from . import skip_everyone

SIDES = words("light", "dark")
"""The two sides, as a `Word` (the catalogue names each in Japanese)."""
_CHALLENGE = f"{FLIP_MANUAL}, 「ワイルド ドロー2とダークカラーワイルドを使うとき(チャレンジ)」"
_WILD_DRAWS = f"{FLIP_MANUAL}, 「ワイルド ドロー2」, 「ダークカラーワイルド」"

FLIP_SIDE = rule(
    "flip-side",
    "UNO Flip has a light side (red, yellow, green, blue) and a dark "
    "side (pink, teal, orange, purple); the game starts on the light side, and "
    "only cards of the side showing are played, named and scored.",
    f"{FLIP_SHEET}; {FLIP_MANUAL}, 「ウノフリップとは?」",
    unit="flip",
)
FLIP = rule(
    "flip",
    "Flip: the discard pile is turned over (the Flip ends at the bottom), then "
    "the draw pile, then every hand; the other face of the old bottom card is the new "
    "top, entered as 'rf top pu5'. Play passes to the next player.",
    f"{FLIP_SHEET}; {FLIP_MANUAL}, 「フリップ」",
    unit="flip",
)
FLIP_EXPOSED = rule(
    "flip-exposed",
    "The card a Flip turns up has no effect; a Wild turned up "
    "takes the colour the Flip's player names ('rf top w pink').",
    TABLE_DEFAULT,
    table_default=True,
    unit="flip",
)
DRAW_CARD = rule(
    "draw-card",
    "Draw One (light) and Draw Five (dark): the next player draws 1 or 5 and misses their turn.",
    f"{FLIP_SHEET}; {FLIP_MANUAL}, 「ドロー1」, 「ダークドロー5」",
    unit="flip",
)
FLIP_WILD_DRAW = rule(
    "flip-wild-draw",
    "Wild Draw Two (light): the next player draws 2 and "
    "misses their turn. Wild Draw Color (dark): the next player draws until "
    "they get the named colour (a Wild does not count), keeps every card and "
    "misses their turn; the table records how many with 'draw N'. Either may "
    "be challenged.",
    f"{FLIP_SHEET}; {_WILD_DRAWS}; a drawn Wild: table default",
    unit="flip",
)
FLIP_WILD_DRAW_LEGAL = rule(
    "flip-wild-draw-legal",
    "A Wild Draw Two or Wild Draw Color is illegal only when its player "
    "holds a card of the colour in force before it.",
    FLIP_SHEET,
    when=(("wd4-legal", "color"),),
    unit="flip",
)
rule(
    "flip-wild-draw-legal",
    "A Wild Draw Two or Wild Draw Color is illegal when its player "
    "holds any other card they could play.",
    _WILD_DRAWS,
    when=(("wd4-legal", "playable"),),
    unit="flip",
)
FLIP_GUILTY = rule(
    "flip-guilty",
    "Guilty: the offender draws instead what the challenger would "
    "have drawn (2 for a Wild Draw Two, until the colour for a Wild Draw Color); "
    "the card and its colour stay and the challenger plays.",
    FLIP_SHEET,
    when=(("wd4-guilty", "draw"),),
    unit="flip",
)
rule(
    "flip-guilty",
    "Guilty: the offender takes the card back and draws 2 (for either card); the "
    "card and colour before it are back in force and the challenger plays.",
    _CHALLENGE,
    when=(("wd4-guilty", "retract"),),
    unit="flip",
)
rule(
    "flip-guilty",
    "Guilty: the offender takes the card back, draws 2 and must play the legal card at once.",
    f"{_CHALLENGE}; {JA_WIKIPEDIA}, ルール",
    when=(("wd4-guilty", "retract-replay"),),
    unit="flip",
)
FLIP_INNOCENT = rule(
    "flip-innocent",
    "Innocent: the challenger draws 4 for a Wild Draw Two, or "
    "2 and then until the colour for a Wild Draw Color, and misses their turn.",
    f"{FLIP_SHEET}; {_CHALLENGE}",
    unit="flip",
)
rule(
    "reshuffle",
    "When the draw pile runs out, the discard pile except its top card becomes "
    "the new draw pile, turned so that the side in play faces down.",
    "Table default: no published rule says which side faces down after a reshuffle",
    table_default=True,
    unit="flip",
)
rule(
    "round-hands",
    "Each loser's remaining cards are entered; their number must equal the "
    "tracked count and no card may exceed its copies. Hands are scored on the side showing at "
    "the round's end: numbers at face value, Draw One 10, Draw Five, Reverse, Skip and Flip 20, "
    "Skip Everyone 30, Wild 40, Wild Draw Two 50, Wild Draw Color 60.",
    f"{NOTATION}; {FLIP_SHEET}; {FLIP_MANUAL}, 「ウノフリップとは?」",
    unit="flip",
)
rule(
    "start-card",
    "Flip start card (light side): Draw One makes the first player draw 1 and "
    "miss their turn; Reverse, Skip and Wild as in classic UNO; a Wild Draw Two is returned and "
    "another card turned, and so is a Flip (table default).",
    f"{FLIP_SHEET}; {FLIP_MANUAL}, 「カードの説明と枚数」; a Flip: table default",
    unit="flip",
)


class Say(Messages, namespace="flip"):
    other_side = Key("{card} is on the {other} side of the cards, and the {side} side is showing")
    name_top = Key(
        "a Flip turns the discard pile over: name the card that shows on top, e.g. "
        "'{code} top {example}'"
    )
    top_colour = Key(
        "the {card} turned up takes a colour, named by {player}: '{code} top {top} {colour}'"
    )
    top_no_colour = Key("{card} takes no colour")
    colour_side = Key("that colour is not on the {side} side")
    seen_before = Key("the card that turns up is {card}: the table saw that face before")
    all_in_pile = Key(
        "the deck has only {copies} {card} on its {side} side, and all are in the discard pile"
    )
    turns = Key("; everything turns to the {side} side and {card} shows")
    naming = Key(", naming {colour}")
    no_action = Key(" (its action does not apply)")
    innocent = Key("Innocent: {offender}'s {card} was legal; {victim} draws {drawn}")
    stop = Key(".")
    skipped = Key(" and is skipped.")
    guilty_until = Key(
        "Guilty: {why}. {offender} draws until {colour:a} card instead: '{offender}: draw N'."
    )
    guilty_draw = Key("Guilty: {why}. {offender} draws {drawn}; the {card} and colour stay.")
    guilty_retract = Key(
        "Guilty: {why}. {offender} takes the {card} back and draws {drawn}; {top} is back in force."
    )
    guilty_replay = Key(
        "Guilty: {why}. {offender} takes the {card} back and draws {drawn}; "
        "{top} is back in force; {offender} must play the legal card now."
    )


def _deck() -> Deck:
    """112 two-sided cards; each side a full deck of its own."""
    cards: dict[Card, int] = {}
    values: dict[Card, int] = {}
    for colors, actions in (
        (LIGHT_COLORS, {"+1": 10, "r": 20, "s": 20, "f": 20}),
        (DARK_COLORS, {"+5": 20, "r": 20, "se": 30, "f": 20}),
    ):
        for color in colors:
            for kind in "123456789":
                cards[card(color + kind)] = 2
                values[card(color + kind)] = int(kind)
            for kind, points in actions.items():
                cards[card(color + kind)] = 2
                values[card(color + kind)] = points
    for code, points in (("w", 40), ("w+2", 50), ("w+c", 60)):
        cards[card(code)] = 4
        values[card(code)] = points
    light = frozenset(f for f in cards if f.color in LIGHT_COLORS or f.kind in ("w", "w+2"))
    dark = frozenset(f for f in cards if f.color in DARK_COLORS or f.kind in ("w", "w+c"))
    # A Flip as the start card is a table default: sent back like a Wild Draw Two.
    return Deck(
        "flip",
        N_("UNO Flip! (112 two-sided cards)"),
        MappingProxyType(cards),
        MappingProxyType(values),
        f"{FLIP_SHEET}; {FLIP_MANUAL}, 「カードの説明と枚数」",
        (light, dark),
        112,
        frozenset({"w+2", "f"}),
        frozenset({"w+2", "w+c"}),
    )


def _wild_draw(
    g: Game, t: Table, seat: int, play: Play, top: Card | None, color: str | None, said: Said
) -> tuple[RuleId, bool]:
    until = play.card.kind == "w+c"
    return pending_draw(g, t, seat, play, top, color, said, FLIP_WILD_DRAW, until), False


def _flip(
    g: Game, t: Table, seat: int, play: Play, top: Card | None, color: str | None, said: Said
) -> tuple[RuleId, bool]:
    """Everything turns over; the card turned up has no effect, and a Wild turned up takes the
    colour the Flip's player names."""
    exposed = play.top
    assert exposed is not None and t.pile_back is not None
    t.side = 1 - t.side
    t.pile, t.pile_back = (*t.pile_back[::-1][:-1], exposed), t.pile[::-1]
    t.recount()
    t.top, t.color = exposed, play.top_color or exposed.color
    t.known = (NO_KNOWN,) * len(t.known)
    t.pool = NO_KNOWN
    t.turn = t.step(seat)
    said.append(Say.turns(side=SIDES[t.side], card=exposed))
    if exposed.is_wild:
        said.append(Say.naming(colour=Colour(t.color or "")))
    elif not exposed.is_number:
        said.append(Say.no_action())
    return FLIP, False


@register
class Flip(Edition):
    id = "flip"
    deck = _deck()
    # Stacking is not official, and a Wild Draw Color has no number to add.
    refuses = (("stacking", "same"), ("stacking", "progressive"), ("stacking", "higher"))
    top_kinds = frozenset({"f"})
    legality = MappingProxyType({"w+2": FLIP_WILD_DRAW_LEGAL, "w+c": FLIP_WILD_DRAW_LEGAL})
    kinds = MappingProxyType(
        {
            "f": Kind(_flip),
            "+1": Kind(drawing(DRAW_CARD)),
            "+5": Kind(drawing(DRAW_CARD)),
            "se": skip_everyone.KIND,
            "w+2": Kind(_wild_draw),
            "w+c": Kind(_wild_draw),
        }
    )

    def check_face(self, t: Table | None, face: Card) -> None:
        """Only cards of the side showing are played, named and scored."""
        if t is not None and not self.deck.on_side(face, t.side):
            raise Refusal(
                FLIP_SIDE, Say.other_side(card=face, other=SIDES[1 - t.side], side=SIDES[t.side])
            )

    def check_play(self, g: Game, t: Table, seat: int, play: Play) -> None:
        """A Flip names the card then on top of the turned-over pile."""
        if play.card.kind != "f":
            return
        top, new = play.top, 1 - t.side
        code = play.card.code
        if top is None:
            raise Refusal(FLIP, Say.name_top(code=code, example=self.deck.colors(new)[0] + "5"))
        if not self.deck.on_side(top, new):
            raise Refusal(FLIP_SIDE, Say.other_side(card=top, other=SIDES[t.side], side=SIDES[new]))
        if top.is_wild and play.top_color is None:
            raise Refusal(
                FLIP_EXPOSED,
                Say.top_colour(
                    card=top,
                    player=t.players[seat],
                    code=code,
                    top=top.code,
                    colour=COLOR_NAMES[self.deck.colors(new)[0]],
                ),
            )
        if not top.is_wild and play.top_color is not None:
            raise Refusal(FLIP_EXPOSED, Say.top_no_colour(card=top))
        if play.top_color is not None and play.top_color not in self.deck.colors(new):
            raise Refusal(WILD_COLOR, Say.colour_side(side=SIDES[new]))
        backs = t.pile_back
        assert backs is not None
        seen = backs[0]
        if seen is not UNSEEN and seen is not top:
            raise Refusal(FLIP, Say.seen_before(card=seen))
        copies = self.deck.cards[top]
        if seen is UNSEEN and backs[1:].count(top) + 1 > copies:
            raise Refusal(CONSERVATION, Say.all_in_pile(copies=copies, card=top, side=SIDES[new]))

    def challenge(
        self,
        g: Game,
        t: Table,
        seat: int,
        pending: PendingDraw,
        guilty: bool,
        event: ChallengeMade,
        said: Said,
    ) -> tuple[RuleId, bool] | None:
        """Wild Draw Two and Wild Draw Color: guilty under `wd4-guilty draw` the offender draws
        what the victim would have (2, or until the colour); under retract the card goes back
        and the offender draws 2. Innocent: the challenger draws that plus 2."""
        challenged(g, t, seat, pending, event)
        names = t.players
        offender, victim = names[pending.offender], names[seat]
        face = pending.card
        t.pending = None
        if not guilty:
            drawn, _ = t.draw(seat, pending.amount + 2)
            t.turn = t.step(seat)
            said.append(Say.innocent(offender=offender, card=face, victim=victim, drawn=drawn))
            said.note(Fact("penalty", victim, max(0, drawn - pending.amount)))
            if pending.until:
                t.owed = OwedDraw(seat, t.turn, FLIP_INNOCENT, pending.offender)
                t.turn = seat
                said.append(Say.stop())
            else:
                said.append(Say.skipped())
            return after_challenge(g, t, pending.offender, FLIP_INNOCENT, said)
        why = guilt_reason(g, t, pending)
        mode = g.setup.options.wd4_guilty
        t.turn = seat
        owes_points(g, offender)
        if mode == "draw":
            if pending.until:
                t.owed = OwedDraw(pending.offender, seat, FLIP_GUILTY)
                t.turn = pending.offender
                said.append(
                    Say.guilty_until(why=why, offender=offender, colour=Colour(t.color or ""))
                )
                said.note(Fact("guilty", offender))
                return FLIP_GUILTY, True
            drawn = forced_draw(g, t, pending.offender, 2)
            said.append(Say.guilty_draw(why=why, offender=offender, drawn=drawn, card=face))
        else:
            retract(t, pending)
            drawn = forced_draw(g, t, pending.offender, 2)
            if mode == "retract-replay":
                t.turn = t.must_play = pending.offender
                said.append(
                    Say.guilty_replay(
                        why=why, offender=offender, card=face, drawn=drawn, top=top_ref(t)
                    )
                )
            else:
                said.append(
                    Say.guilty_retract(
                        why=why, offender=offender, card=face, drawn=drawn, top=top_ref(t)
                    )
                )
        said.note(Fact("guilty", offender), Fact("penalty", offender, drawn))
        said.append(Basics.next_sentence(player=names[t.turn]))
        return FLIP_GUILTY, True

    def candidates(self, g: Game, seat: int) -> Iterable[Event]:
        """Flips with every card that could turn up: the one the table saw, or any face of the
        other side (each Wild with each colour) when it saw none."""
        t = g.table
        assert t is not None and t.pile_back is not None
        new = 1 - t.side
        seen = t.pile_back[0] if t.pile_back else UNSEEN
        tops = (
            [seen]
            if seen is not UNSEEN
            else sorted(self.deck.sides[new] if self.deck.sides else (), key=lambda f: f.code)
        )
        name = t.players[seat]
        for flip in (f for f in self.deck.cards if f.kind == "f" and self.deck.on_side(f, t.side)):
            for top in tops:
                for colour in self.deck.colors(new) if top.is_wild else (None,):
                    yield CardPlayed(name, Play(flip, top=top, top_color=colour))
