# A tracked classic round at a four-player table, English rules, played for 500 points.
# It shows a Wild Draw Four challenge that the challenger wins and a missed UNO caught in time.
[Event "Thursday UNO night"]
[Site "Kitchen table"]
[Date "2025-03-06"]
[Edition "classic"]
[Rules "en"]
[Scoring "target 500"]
[Players "Alice, Bob, Carol, Dave"]

round 1
dealer Alice
start g4               # a number card: Bob, left of the dealer, plays first
Bob: g7
Carol: y7              # matches by number; yellow now
Dave: y2
Alice: ys              # Bob is skipped
Carol: y9
Dave: b9               # matches by number; blue now
Alice: b+2             # Bob draws 2 and is skipped
Carol: draw            # nothing blue or 2: draws one and keeps it
Dave: b3
Alice: r3
Bob: rr                # play now runs counter-clockwise: Alice is next
Alice: r8
Dave: g8
Carol: g1
Bob: w+4 blue          # green was in force before it...
Alice: challenge shows g5   # ...and Bob shows a Green 5: guilty. Bob draws 4; blue stays.
Alice: b5
Dave: b1
Carol: bs              # Bob is skipped
Alice: b7              # down to one card and no UNO call...
Carol: catch Alice     # ...caught before the next player acts: Alice draws 2
Dave: draw
Carol: b6
Bob: b2
Alice: b8
Dave: y8               # matches by number; yellow now
Carol: y4
Bob: y5
Alice: y1 uno          # this time she calls UNO as the card goes down
Dave: yr uno           # clockwise again, and Dave calls too
Alice: draw            # Alice's last card is not yellow or a Reverse
Bob: y6
Carol: g6 uno          # matches by number
Dave: g+2              # Dave's last card: Alice still draws 2, then the round is over

# The cards left; Dave scores their points (target 500: the others score nothing this round).
hand Alice: r9 g3 w rs
hand Bob: g5 r2 r+2 b0 y3 gr w+4    # the Green 5 he showed in the challenge is still there
hand Carol: g9
