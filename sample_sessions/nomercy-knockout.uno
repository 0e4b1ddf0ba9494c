# A round of UNO Show 'Em No Mercy (Mattel HVW18): draw cards stack by value in any colour, 7s swap
# and 0s pass, a player draws until they can play and must play it, and anyone holding 25 cards
# or more is knocked out (the mercy rule). The round's winner scores the cards left in the other
# hands plus 250 for each player knocked out; the game goes to 1000.
[Event "Friday night, no mercy"]
[Edition "nomercy"]
[Scoring "target 1000"]
[Players "Ann, Bob, Cy, Dee"]

round 1
dealer Dee
start rs g3            # an action card turned up is ignored: Green 3 starts, Ann plays first
Ann: g+2               # Bob draws 2... unless he stacks
Bob: r+4               # stacked by value: any draw card worth 2 or more, in any colour
Cy: w+6 yellow         # Dee now faces 2 + 4 + 6 = 12
Dee: accept            # Dee has no draw card worth 6 or more: draws 12 (19 cards), turn lost
Ann: y7 @Bob           # a 7 must swap: Ann (5 left) takes Bob's 6, Bob takes Ann's 5
Bob: wr+4 blue         # play turns counter-clockwise first, so Ann is the one to draw 4
Ann: accept            # Ann 10; Dee is next, counter-clockwise
Dee: bda b2 b9         # Discard All: every blue card goes down with it (19 -> 16)
Cy: draw 2 b6          # nothing to play: Cy draws until a card she can play, and plays it
Bob: bse               # Skip Everyone: Bob plays again
Bob: wcr green         # Color Roulette: Ann turns cards until a green one and keeps them all
Ann: draw 3            # three cards (13), and Ann misses her turn
Dee: g0                # every hand moves to the next player, counter-clockwise:
                       # Ann gets Bob's 2, Bob Cy's 7, Cy Dee's 15, Dee Ann's 13
Cy: draw 2 g4          # draw until playable, then play it: Cy now holds 16
Bob: g+2               # Ann draws 2... unless she stacks
Ann: w+6 red uno       # stacked, and Ann is down to one card
Dee: w+10 red          # stacked again: Cy faces 2 + 6 + 10 = 18
Cy: accept             # 16 + 18 = 34 cards: Cy is knocked out (25 or more); her cards go to
                       # the bottom of the discard pile and Bob, the next player still in, plays
Bob: r3
Ann: r8                # Ann's last card: she wins the round

# Cy was knocked out and holds nothing. Ann scores Bob's and Dee's cards plus 250 for Cy.
hand Bob: y1 y5 b7 rr g9
hand Dee: 143
