# A short UNO Minimalista round: classic rules, but the deck holds 8 plain Wilds and no special
# Wilds (per Japanese Wikipedia), so five Wilds can hit the table in one round. Hands of 4.
[Edition "minimalista"]
[Rules "jp"]
[Scoring "target 500"]
[Players "Hana, Ken, Yui"]
[Rule "hand-size" "4"]

round 1
dealer Yui
start b2               # a number card: Hana, left of the dealer, plays first
Hana: w red
Ken: w green
Yui: w blue
Hana: w yellow
Ken: y5
Yui: draw
Hana: y8 uno           # down to one card, UNO called
Ken: w red uno         # the fifth Wild of the round: a classic deck has only four
Yui: r3
Hana: draw
Ken: r9                # Ken's last card: Ken wins the round

hand Hana: g4 b7
hand Yui: 35
