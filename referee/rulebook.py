"""The rules a ruling can rest on: id, plain text, source, and when each is in force."""

from __future__ import annotations

from collections.abc import Mapping

from .edition_rules import EDITION_RULES
from .rule import Rule

__all__ = ["RULES", "Rule", "in_force", "rule_for"]


S_EN, S_JP = "ENsheet (dossier 2)", "seed 000 JP17; seed 003 JPmc"
_RULES = (
    # Turn and matching.
    Rule("turn-order", "Only the player whose turn it is may play or draw; play passes to the "
         "next player in the direction of play.", "dossier 2.4, 13"),
    Rule("match", "A card must match the top card's colour, number or symbol; a Wild may be "
         "played on anything.", "dossier 2.4; seed 001"),
    Rule("wild-color", "Whoever plays a Wild names the colour that continues play, any colour "
         "including the one in force.", "dossier 2.4, 12 row 16"),
    Rule("draw-one", "A player who does not or cannot play draws one card from the draw pile.",
         "dossier 2.5", when=(("draw", "one"),)),
    Rule("draw-one", "A player who does not or cannot play draws until they get a playable card, "
         "which they may play at once (Draw to Match).", "dossier 2.5, 2.15 (house rule)",
         when=(("draw", "to-match"),)),
    Rule("drawn-card-only", "After drawing, only the drawn card may be played, and only if it is "
         "playable; otherwise the turn passes.", "dossier 2.5, 13 row 9"),
    Rule("skip", "Skip: the next player misses their turn.", "dossier 2.4; seed 001"),
    Rule("reverse", "Reverse: the direction of play changes.", "dossier 2.4; seed 001"),
    Rule("draw-two", "Draw Two: the next player draws 2 and misses their turn; no stacking.",
         "dossier 2.14, 13 row 21", when=(("stacking", "off"),)),
    Rule("two-player-skip", "With two players, after a Skip the player plays again; after a "
         "Draw Two or Wild Draw Four play returns to the player.", "dossier 2.11 (JPmc, ENold)"),
    Rule("two-player-reverse", "With two players a Reverse acts as a Skip: the player plays "
         "again.", "dossier 2.11", when=(("two-player-reverse", "skip"),)),
    Rule("two-player-reverse", "With two players a Reverse only changes direction, so the other "
         "player plays next.", "dossier 2.11", table_default=True,
         when=(("two-player-reverse", "reverse"),)),
    # Wild Draw Four.
    Rule("wd4", "Wild Draw Four: the next player draws 4 and misses their turn, unless they "
         "challenge.", "dossier 2.6, 2.7"),
    Rule("wd4-legal", "A Wild Draw Four is illegal only when its player holds a card of the "
         "colour in force before it (numbers, actions and Wilds of other colours do not count).",
         "dossier 2.6 (ENsheet)", when=(("wd4-legal", "color"),)),
    Rule("wd4-legal", "A Wild Draw Four is illegal when its player holds any other card they "
         "could play: the colour in force, the same number or symbol, or a Wild.",
         "dossier 2.6 (JP17, JPmc, JPwiki)", when=(("wd4-legal", "playable"),)),
    Rule("wd4-challenge-who", "Only the player the Wild Draw Four was played on may challenge, "
         "before drawing.", "dossier 2.7, 13 row 4", when=(("challenge", "on"),)),
    Rule("wd4-challenge-off", "The table plays without Wild Draw Four challenges.",
         "dossier 2.15", when=(("challenge", "off"),)),
    Rule("wd4-guilty", "Guilty: the offender draws 4 instead; the Wild Draw Four and its colour "
         "stay, and the challenger takes their turn.", "dossier 2.7 (ENsheet, ENwiki)",
         when=(("wd4-guilty", "draw"),)),
    Rule("wd4-guilty", "Guilty: the offender takes the Wild Draw Four back and draws 4; the top "
         "card and colour go back to what they were; the challenger plays next.",
         "dossier 2.7 (JPmc)", when=(("wd4-guilty", "retract"),)),
    Rule("wd4-guilty", "Guilty: the offender takes the Wild Draw Four back, draws 4, and must "
         "play the legal card at once; it takes effect.", "dossier 2.7 (JPwiki)",
         when=(("wd4-guilty", "retract-replay"),)),
    Rule("wd4-innocent", "Innocent: the challenger draws 6 (4 + 2) and misses their turn.",
         "dossier 2.7, 13 row 3"),
    Rule("wd4-showing", "The challenged player shows their hand to the challenger; a showing "
         "must prove the verdict: a card that made the Wild Draw Four illegal, or the whole hand.",
         "dossier 2.7", table_default=True),
    Rule("wd4-verdict", "A verdict must agree with what the table has seen: a player who held "
         "no other card cannot be guilty; one known to hold an offending card cannot be innocent.",
         "dossier 2.7", table_default=True),
    # UNO call.
    Rule("uno-call", "A player who plays their next-to-last card must call UNO.", "dossier 2.8"),
    Rule("uno-window", "A missed UNO can be caught until the next turn action by another player "
         "(a play, a draw, accept or challenge).", "dossier 2.8 (ENsheet, ENold)",
         when=(("uno-window", "next-action"),)),
    Rule("uno-window", "A missed UNO can be caught until another player puts down a card.",
         "dossier 2.8 (JP17: 次の人がカードを捨てる瞬間まで)",
         when=(("uno-window", "next-discard"),)),
    Rule("uno-late-catch", "A catch after the window closed is too late: no penalty for anyone.",
         "dossier 13 row 6"),
    Rule("uno-catch", "A player caught not calling UNO inside the window draws the UNO penalty "
         "(2 unless the table says otherwise).", "dossier 2.8, 13 row 5"),
    Rule("uno-late", "A player who calls UNO late, before anyone catches them, is safe.",
         "dossier 2.8 (ENold)", table_default=True, when=(("late-uno", "allowed"),)),
    Rule("uno-late", "A late UNO call does not protect: UNO must be called as the card goes "
         "down.", "dossier 2.8", table_default=True, when=(("late-uno", "no"),)),
    Rule("uno-false-catch", "Catching a player who cannot be caught (more than one card, or "
         "already called) costs the catcher the false-catch penalty (0 unless the "
         "table says otherwise).", "dossier 2.8, 13 row 8", table_default=True),
    Rule("uno-passive", "A player who reaches one card by a swap or shuffle must call UNO too.",
         "dossier 13 row 20", table_default=True, when=(("uno-on-passive", "yes"),)),
    # Penalties and overrides.
    Rule("misplay", "A card put down illegally goes back to the hand; its player draws the "
         "misplay penalty and the turn passes.", "dossier 13 row 10 (JP17, JPflip)"),
    Rule("coaching", "A player who tells another what to play draws the coaching penalty.",
         "dossier 13 row 11 (JP17: 2; JPmc: 4)"),
    Rule("table-penalty", "The table may rule a penalty draw.", "dossier 13", table_default=True),
    Rule("table-override", "The table may set whose turn it is or adjust a hand count; the "
         "override is logged as such.", "notation 5", table_default=True),
    # Deal, start, piles.
    Rule("deal", "Each player is dealt the hand size (7); the rest is the draw pile; the top "
         "card starts the discard pile.", "dossier 2.2"),
    Rule("dealer-rotation", "The next round is dealt by the player left of the dealer.",
         "dossier 2.2 (ENsheet)", when=(("dealer-rotation", "left"),)),
    Rule("dealer-rotation", "The round's winner deals the next round.",
         "dossier 2.2 (JP17: 上がった人が次の回の親)", when=(("dealer-rotation", "winner"),)),
    Rule("start-card", "Start card: a number starts play left of the dealer; Draw Two: that "
         "player draws 2 and is skipped; Reverse: the dealer plays first, to the right; Skip: "
         "the dealer's left is skipped; Wild: the dealer's left names the colour and plays; a "
         "Wild Draw Four is returned and another card turned.", "dossier 2.3",
         when=(("start-card", "edition"),)),
    Rule("start-card", "Start card: cards are turned (and returned) until a number card.",
         "dossier 2.3 (house rule)", when=(("start-card", "number-only"),)),
    Rule("start-special-wild", "A Shuffle, Swap, Customizable or Creeper start card acts as a "
         "Wild: the dealer's left names the colour and plays; its own effect is not applied.",
         "dossier 4 (JP17); 3, 6 UNCONFIRMED", table_default=True),
    Rule("reshuffle", "When the draw pile runs out, the discard pile except its top card is "
         "shuffled into a new draw pile.", "dossier 2.10, 13 row 19"),
    Rule("piles-empty", "When both piles are exhausted, a draw that cannot be made is not made.",
         "dossier 2.10 UNCONFIRMED", table_default=True),
    Rule("conservation", "No more copies of a card can appear than the deck holds.",
         "dossier 2.1, 11"),
    Rule("card-in-edition", "Only cards of the session's edition can be played.", "notation 3"),
    # Editions.
    Rule("shuffle-hands", "Wild Shuffle Hands: all hands are gathered, shuffled and dealt one "
         "at a time from the player's left, the player last; counts may change; the player "
         "names the colour and the turn passes.", "dossier 4 (JP17)", editions=("shuffle",)),
    Rule("shuffle-last-card", "Wild Shuffle Hands as the last card re-deals, the player "
         "included: they do not go out.", "dossier 4 (SHUF)", editions=("shuffle",),
         when=(("shuffle-last-card", "redeal"),)),
    Rule("shuffle-last-card", "Wild Shuffle Hands as the last card goes out like any Wild.",
         "dossier 4 (contrary claim)", editions=("shuffle",),
         when=(("shuffle-last-card", "wins"),)),
    Rule("swap-hands", "Wild Swap Hands: the player may swap hands with any opponent and names "
         "the colour; the turn passes.", "dossier 3", editions=("swap",),
         when=(("swap-optional", "yes"),)),
    Rule("swap-hands", "Wild Swap Hands: the player must swap hands with an opponent and names "
         "the colour; the turn passes.", "dossier 3", editions=("swap",),
         table_default=True, when=(("swap-optional", "no"),)),
    Rule("swap-last-card", "Wild Swap Hands as the last card goes out; there is nothing to swap.",
         "dossier 3 (carvadia FAQ)", table_default=True, editions=("swap",)),
    Rule("customizable", "Wild Customizable: the written rule applies; the player names the "
         "colour and the turn passes.", "dossier 4 (JP17)", editions=("swap", "shuffle")),
    Rule("creeper", "Creeper: a player who draws a Creeper draws 3 more (a Creeper among those "
         "3 is kept); Creepers are played as Wilds. Record the chain as `draw 4`, or `draw 3` "
         "right after a forced draw (a `draw 3` there always reads as the Creeper's three).",
         "seed 003 JPmc; dossier 6", editions=("minecraft",)),
    # House rules (options.md): declared in the header, refused when not turned on.
    Rule("stacking", "Stacking: a Draw Two may be played on a Draw Two and a Wild Draw Four on a "
         "Wild Draw Four, adding to the draw; the player who does not stack draws the total and "
         "misses their turn, by `accept` or by the next player acting; the last Wild Draw Four's "
         "player names the colour.", "dossier 2.15 (ENsheet house rules)",
         when=(("stacking", "same"),)),
    Rule("stacking", "Progressive stacking: as same-card stacking, and a Wild Draw Four may go "
         "on a Draw Two (never a Draw Two on a Wild Draw Four); the player who does not stack "
         "draws the total.", "dossier 2.15 (HR Progressive UNO; Wikibooks)",
         when=(("stacking", "progressive"),)),
    Rule("stacking", "Stacking by value: any draw card of equal or higher draw value may go on a "
         "pending draw, whatever its colour; the player who does not stack draws the total.",
         "dossier 2.15, 7", when=(("stacking", "higher"),)),
    *(Rule("stack-challenge", "A stacked Wild Draw Four can still be challenged: guilty, its "
           "player draws 4 for every Wild Draw Four in the stack; innocent, the challenger draws "
           "the whole stack plus 2.", "dossier 2.15 (JPwiki, digital games)",
           when=(("challenge", "on"), ("stacking", mode)))
      for mode in ("same", "progressive", "higher")),
    Rule("seven-o", "Seven-O: a 7 swaps hands with a chosen player (`@NAME`); a 0 passes every "
         "hand to the next player in the direction of play; as the last card neither swaps.",
         "dossier 2.15 (HR, ENwiki, JPwiki)", when=(("seven-o", "on"),)),
    Rule("jump-in", "Jump-in: a card identical in colour and rank to the top card may be played "
         "out of turn (`jump CARD`); play continues from that player. It closes UNO windows "
         "like any card put down; not while a draw is pending.", "dossier 2.15 (HR, ENwiki)",
         when=(("jump-in", "on"),)),
    Rule("multi-play", "Multi-play: two or more identical number cards (same colour and number) "
         "may be played together (`r7 r7`); action cards and Wilds one at a time.",
         "dossier 9 (JUA competition rules)", when=(("multi-play", "numbers"),)),
    Rule("mercy", "Mercy rule: a player holding the mercy limit of cards or more is knocked out "
         "of the round at once (no more drawing, no card played); their cards go to the bottom "
         "of the discard pile and play passes them over. The last player left wins the round; "
         "under `target N` the winner also scores the ko-bonus for each player knocked out. "
         "A draw accepted by the next player's move knocks out before that move; if that "
         "leaves one player, the accept is entered on its own.",
         "dossier 7.2, 13 row 22; options.md", when=()),
    Rule("go-out-on-action", "A player may not go out on an action card or a Wild: whoever plays "
         "one as their last card draws 2 after its effect, and play goes on.",
         "JPwiki house rules", when=(("go-out-on-action", "forbidden"),)),
    Rule("minimalista", "Minimalista: classic rules and scoring; the deck has 8 plain Wilds "
         "and no special Wilds (112 cards).", "dossier 8 (JPwiki; composition UNCONFIRMED)",
         table_default=True, editions=("minimalista",)),
    Rule("allwild", "All Wild: every card is a Wild, so any card may be played on any card and "
         "no colour is named; a start card's action is ignored.", "dossier 8 (AW/unogamerules)",
         editions=("allwild",)),
    Rule("wild-draw", "Wild Draw Two and Wild Draw Four: the next player draws 2 or 4 and misses "
         "their turn; there is no challenge.", "dossier 8, 13 row 1", editions=("allwild",)),
    Rule("skip-two", "Wild Skip Two: the next two players are skipped.", "dossier 8",
         editions=("allwild",)),
    Rule("targeted-draw", "Wild Targeted Draw Two: the chosen player (`@NAME`) draws 2 and does "
         "not lose their turn; play passes to the next player.", "dossier 8",
         editions=("allwild",)),
    Rule("forced-swap", "Wild Forced Swap: the player must swap hands with a chosen player "
         "(`@NAME`); as the last card there is nothing to swap. A player left on one card by the "
         "swap must call UNO.", "dossier 8 (gamerules.com); options.md", editions=("allwild",)),
    # Round end and scoring.
    Rule("going-out", "A player with no cards wins the round; a final Draw Two or Wild Draw Four "
         "still makes the next player draw, and a final Wild Draw Four may be challenged.",
         "dossier 2.9, 13 row 12"),
    Rule("round-hands", "Each loser's remaining cards are entered; their number must equal the "
         "tracked count and no card may exceed its copies.", "notation 6", table_default=True),
    Rule("scoring", "Points are scored by the session's scoring system; the game ends when it "
         "says.", "notation 6; dossier 10, 13 row 23"),
    Rule("session", "A session follows the notation: rounds in order, dealer and start card "
         "first, players from the header.", "notation 4"),
)

# Edition rules come first: where they share an id with a general rule, they are the variant
# in force for their edition.
_RULES = (*EDITION_RULES, *_RULES)
RULES: dict[str, list[Rule]] = {}
for _rule in _RULES:
    RULES.setdefault(_rule.id, []).append(_rule)


def in_force(options: Mapping[str, str], edition: str) -> list[Rule]:
    """The rules in force for these option values and edition, in rulebook order."""
    own = {r.id for r in EDITION_RULES if edition in r.editions}
    return [r for r in _RULES
            if (edition in r.editions or (not r.editions and r.id not in own))
            and all(options.get(k) == v for k, v in r.when)
            and not (r.id == "mercy" and options.get("mercy", "off") == "off")]


def rule_for(rule_id: str, options: Mapping[str, str], edition: str) -> Rule:
    """The version of a rule id in force (the first variant if none matches)."""
    variants = RULES[rule_id]
    for r in variants:
        if (not r.editions or edition in r.editions) and all(options.get(k) == v
                                                             for k, v in r.when):
            return r
    return variants[0]
