"""The core rules: the rule ids every game plays by, with their texts and sources.

Editions and house rules declare their own ids in their modules, and may add a variant of a
core id that reads differently for them (Flip's start card).
"""

from __future__ import annotations

from .rules import rule
from .sources import (
    CALLING_UNO,
    COACHING_PENALTIES,
    EN_SHEET,
    EN_WIKIPEDIA,
    EVENT_RULES,
    FIRST_DRAW,
    FLIP_MANUAL,
    HOW_TO,
    HOW_TO_DEALER,
    JA_WIKIPEDIA,
    JP_MANUAL,
    LATE_CALL,
    MINECRAFT_MANUAL,
    NO_STACKING,
    NOTATION,
    OLD_RULES,
    SETUP,
    START_CARDS,
    TABLE_DEFAULT,
    TWO_PLAYERS,
)

_ACTIONS = f"{EN_SHEET}; {HOW_TO}, 「記号&特殊カードの意味」"
_MINECRAFT_CHALLENGE = f"{MINECRAFT_MANUAL}, 「ワイルドドロー4を使う時」"
_CARD_LIST = f"{JP_MANUAL}, 「カードの説明と枚数」"

TURN_ORDER = rule(
    "turn-order",
    "Only the player whose turn it is may play or draw; play passes to the next player in the "
    "direction of play.",
    SETUP,
)
MATCH = rule(
    "match",
    "A card must match the top card's colour, number or symbol; a Wild may be played on anything.",
    f"{EN_SHEET}; {HOW_TO}, 「手順」",
)
WILD_COLOR = rule(
    "wild-color",
    "Whoever plays a Wild names the colour that continues play, any colour including the one in "
    "force.",
    f"{EN_SHEET}; {JP_MANUAL}, 「ワイルド」",
)
DRAW_ONE = rule(
    "draw-one",
    "A player who does not or cannot play draws one card from the draw pile.",
    FIRST_DRAW,
    when=(("draw", "one"),),
)
rule(
    "draw-one",
    "A player who does not or cannot play draws until they get a playable card, which they may "
    "play at once (Draw to Match).",
    f"{EN_SHEET}, House Rules: Draw to Match",
    when=(("draw", "to-match"),),
)
DRAWN_CARD_ONLY = rule(
    "drawn-card-only",
    "After drawing, only the drawn card may be played, and only if it is playable; otherwise the "
    "turn passes.",
    f"{EN_SHEET}; {JP_MANUAL}, 「罰則と反則」",
)
SKIP = rule("skip", "Skip: the next player misses their turn.", _ACTIONS)
REVERSE = rule("reverse", "Reverse: the direction of play changes.", _ACTIONS)
DRAW_TWO = rule(
    "draw-two",
    "Draw Two: the next player draws 2 and misses their turn; no stacking.",
    f"{EN_SHEET}; {NO_STACKING}",
    when=(("stacking", "off"),),
)
TWO_PLAYER_SKIP = rule(
    "two-player-skip",
    "With two players, after a Skip the player plays again; after a Draw Two or Wild Draw Four "
    "play returns to the player.",
    f"{MINECRAFT_MANUAL}, 「2人遊び」",
)
TWO_PLAYER_REVERSE = rule(
    "two-player-reverse",
    "With two players a Reverse acts as a Skip: the player plays again.",
    TWO_PLAYERS,
    when=(("two-player-reverse", "skip"),),
)
rule(
    "two-player-reverse",
    "With two players a Reverse only changes direction, so the other player plays next.",
    "Table default: a literal reading of the current Mattel sheet, which has no two-player rule",
    table_default=True,
    when=(("two-player-reverse", "reverse"),),
)
WD4 = rule(
    "wd4",
    "Wild Draw Four: the next player draws 4 and misses their turn, unless they challenge.",
    f"{EN_SHEET}; {JP_MANUAL}, 「ワイルド ドロー4」",
)
WD4_LEGAL = rule(
    "wd4-legal",
    "A Wild Draw Four is illegal only when its player holds a card of the colour in force before "
    "it (numbers, actions and Wilds of other colours do not count).",
    EN_SHEET,
    when=(("wd4-legal", "color"),),
)
rule(
    "wd4-legal",
    "A Wild Draw Four is illegal when its player holds any other card they could play: the colour "
    "in force, the same number or symbol, or a Wild.",
    f"{JP_MANUAL}, 「ワイルド ドロー4」; {JA_WIKIPEDIA}, ルール",
    when=(("wd4-legal", "playable"),),
)
WD4_CHALLENGE_WHO = rule(
    "wd4-challenge-who",
    "Only the player the Wild Draw Four was played on may challenge, before drawing.",
    _MINECRAFT_CHALLENGE,
    when=(("challenge", "on"),),
)
WD4_CHALLENGE_OFF = rule(
    "wd4-challenge-off",
    "The table plays without Wild Draw Four challenges.",
    f"{JA_WIKIPEDIA}, ハウスルール",
    when=(("challenge", "off"),),
)
WD4_GUILTY = rule(
    "wd4-guilty",
    "Guilty: the offender draws 4 instead; the Wild Draw Four and its colour stay, and the "
    "challenger takes their turn.",
    f"{EN_SHEET}; {EN_WIKIPEDIA}",
    when=(("wd4-guilty", "draw"),),
)
rule(
    "wd4-guilty",
    "Guilty: the offender takes the Wild Draw Four back and draws 4; the top card and colour go "
    "back to what they were; the challenger plays next.",
    f"{MINECRAFT_MANUAL}, 「ワイルドドロー4を使う時」",
    when=(("wd4-guilty", "retract"),),
)
rule(
    "wd4-guilty",
    "Guilty: the offender takes the Wild Draw Four back, draws 4, and must play the legal card at "
    "once; it takes effect.",
    f"{JA_WIKIPEDIA}, ルール",
    when=(("wd4-guilty", "retract-replay"),),
)
WD4_INNOCENT = rule(
    "wd4-innocent",
    "Innocent: the challenger draws 6 (4 + 2) and misses their turn.",
    _MINECRAFT_CHALLENGE,
)
WD4_SHOWING = rule(
    "wd4-showing",
    "The challenged player shows their hand to the challenger; a showing must prove the verdict: a "
    "card that made the Wild Draw Four illegal, or the whole hand.",
    "Table default: the published rules only say the hand is shown to the challenger",
    table_default=True,
)
WD4_VERDICT = rule(
    "wd4-verdict",
    "A verdict must agree with what the table has seen: a player who held no other card cannot be "
    "guilty; one known to hold an offending card cannot be innocent.",
    TABLE_DEFAULT,
    table_default=True,
)
UNO_CALL = rule(
    "uno-call",
    "A player who plays their next-to-last card must call UNO, also when that card swaps or "
    "shuffles hands and leaves them one card.",
    CALLING_UNO,
)
UNO_WINDOW = rule(
    "uno-window",
    "A missed UNO can be caught until the next turn action by another player (a play, a draw, "
    "accept or challenge); a catch after that is too late: no penalty for anyone.",
    f"{EN_SHEET}; {OLD_RULES}",
    when=(("uno-window", "next-action"),),
)
rule(
    "uno-window",
    "A missed UNO can be caught until another player puts down a card; a catch after that is "
    "too late: no penalty for anyone.",
    f"{JP_MANUAL}, 「罰則と反則」",
    when=(("uno-window", "next-discard"),),
)
UNO_CATCH = rule(
    "uno-catch",
    "A player caught not calling UNO inside the window draws the UNO penalty (2 unless the table "
    "says otherwise).",
    CALLING_UNO,
)
UNO_LATE = rule(
    "uno-late",
    "A player who calls UNO late, before anyone catches them, is safe.",
    LATE_CALL,
    table_default=True,
    when=(("late-uno", "allowed"),),
)
rule(
    "uno-late",
    "A late UNO call does not protect: UNO must be called as the card goes down.",
    "Table default: the current rules are silent on a late call",
    table_default=True,
    when=(("late-uno", "no"),),
)
UNO_FALSE_CATCH = rule(
    "uno-false-catch",
    "Catching a player who cannot be caught (more than one card, or already called) costs the "
    "catcher the false-catch penalty (0 unless the table says otherwise).",
    TABLE_DEFAULT,
    table_default=True,
)
UNO_PASSIVE = rule(
    "uno-passive",
    "A player handed a one-card hand by a card (a swap, a shuffle, a 0 passed on) must call UNO "
    "too.",
    TABLE_DEFAULT,
    table_default=True,
    when=(("uno-on-passive", "yes"),),
)
rule(
    "uno-passive",
    "A player handed a one-card hand by a card (a swap, a shuffle, a 0 passed on) need not call "
    "UNO, so a catch of them is false; the player of the card still must when it was their "
    "next-to-last card.",
    TABLE_DEFAULT,
    table_default=True,
    when=(("uno-on-passive", "no"),),
)
MISPLAY = rule(
    "misplay",
    "A card put down illegally goes back to the hand; its player draws the misplay penalty and the "
    "turn passes.",
    f"{JP_MANUAL} and {FLIP_MANUAL}, 「罰則と反則」",
)
COACHING = rule(
    "coaching",
    "A player who tells another what to play draws the coaching penalty.",
    COACHING_PENALTIES,
)
TABLE_PENALTY = rule(
    "table-penalty", "The table may rule a penalty draw.", TABLE_DEFAULT, table_default=True
)
TABLE_OVERRIDE = rule(
    "table-override",
    "The table may set whose turn it is or adjust a hand count; the override is logged as such.",
    NOTATION,
    table_default=True,
)
DEAL = rule(
    "deal",
    "Each player is dealt the hand size (7); the rest is the draw pile; the top card starts the "
    "discard pile.",
    SETUP,
)
DEALER_ROTATION = rule(
    "dealer-rotation",
    "The next round is dealt by the player left of the dealer.",
    EN_SHEET,
    when=(("dealer-rotation", "left"),),
)
rule(
    "dealer-rotation",
    "The round's winner deals the next round.",
    f"{JP_MANUAL}, 「上がり方」",
    when=(("dealer-rotation", "winner"),),
)
START_CARD = rule(
    "start-card",
    "Start card: a number starts play left of the dealer; Draw Two: that player draws 2 and is "
    "skipped; Skip: the dealer's left is skipped; a Wild Draw Four is returned and another card "
    "turned; a Reverse and a Wild as the rules 'start-reverse' and 'start-wild' say.",
    START_CARDS,
    when=(("start-card", "edition"),),
)
rule(
    "start-card",
    "Start card: cards are turned (and returned) until a number card.",
    f"{JA_WIKIPEDIA}, ハウスルール",
    when=(("start-card", "number-only"),),
)
START_REVERSE = rule(
    "start-reverse",
    "A Reverse as the start card: the dealer plays first, and play goes to the right.",
    f"{EN_SHEET}; {JP_MANUAL}, 「リバース」",
    when=(("start-reverse", "dealer"),),
)
rule(
    "start-reverse",
    "A Reverse as the start card acts as if the dealer had played it: the player right of the "
    "dealer plays first, and play goes to the right (with two players it acts as a Skip where "
    "a Reverse does, so the dealer plays first).",
    HOW_TO_DEALER,
    when=(("start-reverse", "right"),),
)
START_WILD = rule(
    "start-wild",
    "A Wild as the start card: the player left of the dealer names the colour and plays first.",
    f"{EN_SHEET}; {JP_MANUAL}, 「ワイルド」",
    when=(("start-wild", "name"),),
)
rule(
    "start-wild",
    "A Wild as the start card (any card with no colour of its own) goes back, the deck is "
    "shuffled and another card turned: 'start w r7'.",
    HOW_TO_DEALER,
    when=(("start-wild", "reshuffle"),),
)
START_SPECIAL_WILD = rule(
    "start-special-wild",
    "A Shuffle, Swap, Customizable or Creeper start card acts as a Wild: the dealer's left names "
    "the colour and plays; its own effect is not applied.",
    f"{JP_MANUAL}, 「シャッフルワイルド」, 「白いワイルド」; Swap Hands and Creeper: table default",
    table_default=True,
    when=(("start-wild", "name"),),
)
RESHUFFLE = rule(
    "reshuffle",
    "When the draw pile runs out, the discard pile except its top card is shuffled into a new draw "
    "pile.",
    f"{EN_SHEET}; {JA_WIKIPEDIA}, ルール",
)
PILES_EMPTY = rule(
    "piles-empty",
    "When both piles are exhausted, a draw that cannot be made is not made.",
    TABLE_DEFAULT,
    table_default=True,
)
CONSERVATION = rule(
    "conservation",
    "No more copies of a card can appear than the deck holds.",
    f"{EN_SHEET}; {_CARD_LIST}",
)
CARD_IN_EDITION = rule(
    "card-in-edition",
    "Only cards of the session's edition can be played.",
    f"Each edition's card list, e.g. {_CARD_LIST}",
)
GOING_OUT = rule(
    "going-out",
    "A player with no cards wins the round; a final Draw Two or Wild Draw Four still makes the "
    "next player draw, and a final Wild Draw Four may be challenged.",
    f"{EN_SHEET}; {JP_MANUAL}, 「上がり方」",
)
ROUND_HANDS = rule(
    "round-hands",
    "Each loser's remaining cards are entered; their number must equal the tracked count and no "
    "card may exceed its copies.",
    NOTATION,
    table_default=True,
)
SCORING = rule(
    "scoring",
    "Points are scored by the session's scoring system ('[Scoring]'), and the game ends when it "
    "says: 'target N', the round's winner scores the others' hands, and the first to N wins; "
    "'lowest N', each player adds their own hand, and when someone reaches N the lowest total "
    "wins; 'rounds N', the winner scores the others' hands and each other player loses their "
    "own, and after N rounds the highest total wins; 'additive N', only the winner scores the "
    "others' hands, and after N rounds the highest total wins; 'penalty N', as the rule "
    "'penalty-out' says; 'none', one round.",
    f"{EN_SHEET} (target, lowest); {JP_MANUAL}, 「得点の計算」 (rounds); {HOW_TO}, "
    "「勝敗の決まり方」 (additive)",
)
SESSION = rule(
    "session",
    "A session follows the notation: rounds in order, dealer and start card first, players from "
    "the header.",
    NOTATION,
)
HEADER_CHANGE = rule(
    "header-change",
    "The edition, rulebook, scoring and options may be changed ('set') until the first card of "
    "the first round; after it, only the scoring's number may change, while the game is not "
    "decided: no fewer rounds than have begun, or a target, limit or penalty limit above every "
    "total so far, while no one is out of a penalty game.",
    NOTATION,
    table_default=True,
)
TARGET = rule(
    "target",
    "Only a card that names a player takes a target ('@NAME'): Wild Swap Hands, the targeted "
    "Wilds, a Seven-O 7.",
    NOTATION,
    table_default=True,
)
PENALTY_OUT = rule(
    "penalty-out",
    "Penalty-point scoring: a player whose penalty points reach the limit is out of the game at "
    "once; their cards go to the bottom of the draw pile and play passes them over, and a draw "
    "card they left waiting cannot be challenged. Of the last two, the first to reach the limit "
    "loses and the other wins the game; a player left alone in the round while others knocked "
    "out of it are still in the game wins the round only.",
    f"{MINECRAFT_MANUAL}, 「罰点方式のUNO」",
    table_default=False,
)
AT_TIME = rule(
    "at-time",
    "When an event's round time is up, the turn in play is finished (a draw card's draw taken or "
    "challenged), then the round ends where it stands ('time'): every hand is entered and checked "
    "against its tracked count, and the lowest hand wins the round as if its holder had gone out "
    "(its own points are not counted). When the lowest hands tie, nobody wins the round and every "
    "hand counts against its holder.",
    EVENT_RULES,
    table_default=True,
)
LEAVE = rule(
    "leave",
    "A player who leaves the game ('leave NAME', a withdrawal) has their hand set aside, out of "
    "play and not scored: the others play on and play passes their seat over. Their totals so "
    "far stay on the score sheet, and they take no seat in later rounds. At least two players "
    "must stay in the game.",
    EVENT_RULES,
    table_default=True,
)
