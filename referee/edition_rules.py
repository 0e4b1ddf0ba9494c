"""The rules of UNO Flip and Show 'Em No Mercy, as the rulebook lists them."""

from __future__ import annotations

from .rule import Rule

_FLIP = ("flip",)

FLIP_RULES = (
    Rule("flip-side", "UNO Flip has a light side (red, yellow, green, blue) and a dark side "
         "(pink, teal, orange, purple); the game starts on the light side, and only cards of the "
         "side showing are played, named and scored.", "dossier 5.1, 5.2; seed 004",
         editions=_FLIP),
    Rule("flip", "Flip: the discard pile is turned over (the Flip ends at the bottom), then the "
         "draw pile, then every hand; the other face of the old bottom card is the new top, "
         "entered as `rf top pu5`. Play passes to the next player.",
         "dossier 5.3, 13 row 17; seed 004", editions=_FLIP),
    Rule("flip-exposed", "The card a Flip turns up has no effect; a Wild turned up takes the "
         "colour the Flip's player names (`rf top w pink`).", "options.md (dossier 5.3 "
         "UNCONFIRMED)", table_default=True, editions=_FLIP),
    Rule("draw-card", "Draw One (light) and Draw Five (dark): the next player draws 1 or 5 and "
         "misses their turn.", "dossier 5.3; seed 004", editions=_FLIP),
    Rule("skip-everyone", "Skip Everyone: every other player is skipped and the player plays "
         "again; with two players it acts as a Skip.", "dossier 5.3, 5.6; seed 004",
         editions=_FLIP),
    Rule("flip-wild-draw", "Wild Draw Two (light): the next player draws 2 and misses their turn. "
         "Wild Draw Color (dark): the next player draws until they get the named colour (a Wild "
         "does not count), keeps every card and misses their turn; the table records how many "
         "with `draw N`. Either may be challenged.", "dossier 5.3, 5.4; seed 004",
         editions=_FLIP),
    Rule("flip-wild-draw-legal", "A Wild Draw Two or Wild Draw Color is illegal only when its "
         "player holds a card of the colour in force before it.", "dossier 5.3 (FLIPspec)",
         when=(("wd4-legal", "color"),), editions=_FLIP),
    Rule("flip-wild-draw-legal", "A Wild Draw Two or Wild Draw Color is illegal when its player "
         "holds any other card they could play.", "dossier 5.3 (JPflip)",
         when=(("wd4-legal", "playable"),), editions=_FLIP),
    Rule("flip-guilty", "Guilty: the offender draws instead what the challenger would have "
         "drawn (2 for a Wild Draw Two, until the colour for a Wild Draw Color); the card and its "
         "colour stay and the challenger plays.", "dossier 5.4 (FLIPspec)",
         when=(("wd4-guilty", "draw"),), editions=_FLIP),
    Rule("flip-guilty", "Guilty: the offender takes the card back and draws 2 (for either card); "
         "the card and colour before it are back in force and the challenger plays.",
         "dossier 5.4 (JPflip)", when=(("wd4-guilty", "retract"),), editions=_FLIP),
    Rule("flip-guilty", "Guilty: the offender takes the card back, draws 2 and must play the "
         "legal card at once.", "dossier 5.4 (JPflip), 2.7 (JPwiki)",
         when=(("wd4-guilty", "retract-replay"),), editions=_FLIP),
    Rule("flip-innocent", "Innocent: the challenger draws 4 for a Wild Draw Two, or 2 and then "
         "until the colour for a Wild Draw Color, and misses their turn.", "dossier 5.4",
         editions=_FLIP),
    Rule("flip-reshuffle", "When the draw pile runs out, the discard pile except its top card "
         "becomes the new draw pile, turned so that the side in play faces down.",
         "dossier 5.6 (orientation UNCONFIRMED)", table_default=True, editions=_FLIP),
    Rule("flip-score", "Hands are scored on the side showing at the round's end: numbers at face "
         "value, Draw One 10, Draw Five, Reverse, Skip and Flip 20, Skip Everyone 30, Wild 40, "
         "Wild Draw Two 50, Wild Draw Color 60.", "dossier 5.5, 11; seed 004", editions=_FLIP),
    Rule("start-card", "Flip start card (light side): Draw One makes the first player draw 1 and "
         "miss their turn; Reverse, Skip and Wild as in classic UNO; a Wild Draw Two is returned "
         "and another card turned, and so is a Flip (table default).",
         "dossier 5.2; options.md", editions=_FLIP),
)

_NM = ("nomercy",)

NOMERCY_RULES = (
    Rule("discard-all", "Discard All: the player also puts down every other card of its colour, "
         "written after it (`rda r5 rs`); play passes to the next player.",
         "dossier 7.2 (c4gaming)", editions=_NM),
    Rule("reverse-draw", "Wild Reverse Draw 4: play changes direction first, then the new next "
         "player draws 4; in a stack it counts as +4. With two players the other player draws.",
         "options.md; dossier 7.2 (UNCONFIRMED)", table_default=True, editions=_NM),
    Rule("roulette", "Wild Color Roulette: its player names a colour; the next player draws until "
         "a card of that colour, keeps them all (`draw N`) and misses their turn.",
         "options.md; dossier 7.2 (who names the colour UNCONFIRMED)", table_default=True,
         editions=_NM),
    Rule("skip-everyone", "Skip Everyone: every other player is skipped and the player plays "
         "again.", "dossier 7.2", editions=_NM),
    Rule("nomercy-draw", "A player who cannot play draws until they get a card they can play, "
         "then must play it (`draw N CARD`); the cards are kept only when the piles run out or "
         "the mercy rule knocks the player out.", "dossier 7.2 (NMsheet), 12 row 4",
         editions=_NM),
    Rule("draw-card", "Draw Two and Draw Four: the next player draws 2 or 4 and misses their "
         "turn, unless they stack.", "dossier 7.2", editions=_NM),
    Rule("start-card", "An action card turned up at the start is ignored and the next card "
         "turned.", "dossier 7.2 (NMsheet)", editions=_NM),
)

EDITION_RULES = (*FLIP_RULES, *NOMERCY_RULES)
