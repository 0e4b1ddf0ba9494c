# A classic round with No Mercy's mercy rule borrowed as a house rule: anyone holding 15 cards
# or more is knocked out of the round (option `mercy 15`). The table also stacks draw cards
# (progressive: Draw Two on Draw Two, Wild Draw Four on either), so a stack can knock out.
[Event "Mercy at the club"]
[Edition "classic"]
[Rules "en"]
[Scoring "target 500"]
[Players "Ann, Bob, Cy, Dee"]
[Rule "mercy" "15"]
[Rule "stacking" "progressive"]

round 1
dealer Dee
start r5
Ann: r+2               # Bob draws 2... unless he stacks
Bob: accept            # Bob takes the 2 (9 cards) and misses his turn
Cy: r4
Dee: draw
Ann: y4
Bob: y+2
Cy: b+2                # stacked: Dee faces 4
Dee: w+4 green         # progressive: a Wild Draw Four on the Draw Twos; Ann faces 8
Ann: challenge innocent   # Dee held no blue: Ann draws 8 + 2 = 10 and holds 15 cards, so she is
                          # knocked out; her cards go under the discard pile and Bob plays
Bob: g7
Cy: gr                 # counter-clockwise now: Ann is passed over, so Bob plays next...
Bob: g2                # ...and after Bob comes Dee
Dee: g9
Cy: g8
Bob: draw
Dee: g6
Cy: y6
Bob: y3
Dee: y1
Cy: y8 uno
Bob: draw
Dee: draw
Cy: y2                 # Cy's last card: Cy wins the round

# Ann was knocked out and holds nothing; Cy scores Bob's and Dee's cards. Outside No Mercy
# there is no bonus for a knock-out unless the table sets [Rule "ko-bonus" "N"].
hand Bob: r1 b5 b9 gs w rr g3
hand Dee: y9 r0 r2 yr w+4
