# A classic round with the house rules this family plays by, declared in the header so the
# referee checks them: progressive stacking, Seven-O, jump-in and multi-play of identical numbers.
# Hands of 5 keep the round short.
[Event "Sunday at Grandma's"]
[Edition "classic"]
[Rules "en"]
[Scoring "target 500"]
[Players "Ann, Bob, Cy, Dee"]
[Rule "stacking" "progressive"]
[Rule "seven-o" "on"]
[Rule "jump-in" "on"]
[Rule "multi-play" "numbers"]
[Rule "hand-size" "5"]

round 1
dealer Dee
start r5               # a number card: Ann, left of the dealer, plays first
Ann: r7 @Cy            # Seven-O: Ann (4 left) swaps hands with Cy (5): Ann 5, Cy 4
Bob: r+2               # Cy draws 2... unless Cy stacks
Cy: g+2                # stacked: Dee now faces 4
Dee: w+4 blue          # progressive: a Wild Draw Four on a Draw Two; Ann faces 8
Ann: challenge innocent   # the stacked Wild Draw Four was legal: Ann draws 8 + 2 and is skipped
Bob: b3
Cy: b9
Dee: jump b9           # Dee holds the other Blue 9: out of turn, play goes on from Dee
Ann: y9
Bob: y1 y1 uno         # multi-play: both Yellow 1s at once, down to one card
Cy: y0                 # Seven-O: every hand passes clockwise; Cy's last card goes to Dee
Dee: draw
Ann: y4                # Ann holds what was Dee's hand
Bob: g4                # ...and Bob holds Ann's fourteen
Cy: draw
Dee: g8 uno
Ann: g6 uno
Bob: gs                # Cy is skipped
Dee: draw
Ann: g3                # Ann's last card: Ann wins the round

# The cards left; Ann scores their points.
hand Bob: 131
hand Cy: r1 b4
hand Dee: y8 rr
