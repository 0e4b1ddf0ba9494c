"""The published material the rules cite, each spelled one way everywhere.

A rule's or an option's source names what it rests on: one of these, then the section it rests
on (the Japanese manuals' own headings, in 「」). Where no published rule says anything, the
referee rules itself and the source says so, starting with "Table default:". A new rule cites
these names rather than spelling a source again.
"""

from __future__ import annotations

EN_SHEET = "UNO Card Game Official Rules, Mattel, 108 cards"
"""Mattel's current English rules sheet for the 108-card game (with a House Rules section)."""
OLD_RULES = "UNO rules, International Games (older official text)"
"""The older English rules of the International Games era: they define when a turn begins."""
JP_MANUAL = "UNO instruction manual, Mattel Japan, 112 cards (B7696, 2017 revision)"
"""The Japanese manual of the 112-card deck with Wild Shuffle Hands and Wild Customizable."""
MINECRAFT_MANUAL = "Minecraft UNO manual, Japanese edition (importer インフォレンズ)"
"""The Japanese manual of Minecraft UNO, from its importer: two players, 罰点方式, Creepers."""
FLIP_SHEET = "UNO FLIP! official rules, Mattel, GDR44 (©2018)"
FLIP_MANUAL = "UNO FLIP! instruction manual, Japanese edition"
NO_MERCY_SHEET = "UNO Show 'Em No Mercy official rules, Mattel, HVW18"
NO_MERCY_GUIDE = "UNO Show 'Em No Mercy rules as reported by c4gamingstudio.com"
"""No Mercy details missing from the sheet's text at hand, as a rules site gives them."""
HOW_TO = "「UNOの基本ルールと遊び方」 (Japanese how-to article)"
JA_WIKIPEDIA = "Japanese Wikipedia, 「UNO (ゲーム)」"
EN_WIKIPEDIA = 'English Wikipedia, "Uno (card game)"'
HOUSE_RULES = "UNO House Rules, Mattel"
"""Mattel's house-rule set from its fan contest: Jump-In, Seven-O, Progressive UNO."""
WIKIBOOKS = 'Wikibooks, "UNO/House Rules"'
JUA_RULES = "日本ウノ協会 (Japan UNO Association) competition rules, 2016-03-12"
ALL_WILD = "UNO All Wild rules as reported by gamerules.com and unogamerules.com"
"""No official All Wild sheet was at hand: its rules as two rules sites give them."""
UNO_TWITTER = "@realUNOgame on Twitter"
"""The official UNO account's posts."""
NO_STACKING = f"{UNO_TWITTER}, 4 May 2019 and 8 Oct 2020"
"""The posts that say a draw card cannot be stacked."""

TABLE_DEFAULT = "Table default: no published rule says otherwise"
"""The source of a rule that is the referee's own where the published rules are silent."""
NOTATION = "The referee's own session notation (.uno files)"
EVENT_RULES = "Table default: an event's own regulations (the referee's event mode)"
"""The source of a rule an event sets for its tables (time, withdrawals), where the published
rules for a game at home are silent."""
"""The source of a rule about recording a session rather than about the game."""

# Citations that a rule and its option share.
CALLING_UNO = f"{EN_SHEET}; {JP_MANUAL}, 「罰則と反則」"
LATE_CALL = f"Table default: the current rules are silent; {OLD_RULES} call it safe"
COACHING_PENALTIES = f"{JP_MANUAL}, 「罰則と反則」 (2); {MINECRAFT_MANUAL}, 「捨てる時」 (4)"
TWO_PLAYERS = f"{MINECRAFT_MANUAL}, 「2人遊び」; {JA_WIKIPEDIA}, ルール"
START_CARDS = f"{JP_MANUAL}, 「カードの説明と枚数」; {EN_SHEET}"
HOW_TO_DEALER = f"{HOW_TO}, 「ディーラーの役目」"
"""The how-to article's start card: a Wild is reshuffled, an action card acts as if the dealer
had played it."""
FIRST_DRAW = f"{EN_SHEET}; {JP_MANUAL}, 「早分かりルール」"
SETUP = f"{EN_SHEET}; {JP_MANUAL}, 「はじめ方」"
