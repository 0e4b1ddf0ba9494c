# The demo table: a four-player classic game for 500 points, in round 2.
# Round 1 was scored by hand (who went out and the points left); round 2 is tracked move by move.
[Event "Demo table"]
[Site "The kitchen"]
[Date "2025-05-16"]
[Edition "classic"]
[Rules "en"]
[Scoring "target 500"]
[Players "Ana, Ben, Chika, Dev"]

round 1                # scorekeeping only: who went out and the points left in each hand
dealer Ana
out Chika
hand Ana: 34
hand Ben: 12
hand Dev: 51

round 2                # Ben deals (left of Ana); Chika, left of Ben, plays first
start b4
Chika: b7
Dev: b2
Ana: y2                # matches by number; yellow now
Ben: y5
Chika: y9
Dev: draw              # nothing yellow or 9
Ana: ys                # Ben is skipped
Chika: yr              # play turns counter-clockwise: Ben is next
Ben: y1
Ana: g1
Dev: g6
Chika: g8
Ben: w+4 red           # green was in force before it...
Ana: challenge shows g3    # ...and Ana is shown a Green 3: guilty, Ben draws 4, red stays
Ana: r3
Dev: r+2               # Chika draws 2 and is skipped
Ben: r9
Ana: b9
Dev: b0
Chika: bs              # Ben is skipped
Ana: b5                # Ana is down to one card and did not call UNO
