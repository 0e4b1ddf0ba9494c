# A short UNO All Wild round: every card is a Wild, so nothing has to match and no colour is
# named (All Wild as gamerules.com gives it). Targeted cards name their target with @. Hands of 4.
[Edition "allwild"]
[Rules "en"]
[Scoring "target 500"]
[Players "Ann, Bob, Cy, Dee"]
[Rule "hand-size" "4"]

round 1
dealer Dee
start w+4              # a start card's action is ignored: Ann plays first, nobody draws
Ann: wt+2 @Cy          # Cy draws 2 but keeps the turn that comes to them
Bob: ws2               # Cy and Dee are skipped
Ann: wr                # play now runs counter-clockwise
Dee: w+2               # Cy draws 2 and is skipped
Bob: wfs @Cy           # Bob (2 left) must swap: he takes Cy's 8, Cy gets his 2
Ann: w uno             # Ann on one card, called
Dee: ws                # Cy is skipped
Bob: draw
Ann: w+4               # Ann's last card: Dee still draws 4, and Ann wins the round

hand Bob: 420
hand Cy: w ws
hand Dee: 210
