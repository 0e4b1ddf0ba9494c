# A short UNO Flip round for three (UNO FLIP! rules): over to the dark side and back. Every round
# starts on the light side; a Flip names the card that then shows on top (`top`), and a draw
# until a colour is recorded with `draw N`. Hands of 5.
[Edition "flip"]
[Rules "en"]
[Scoring "target 500"]
[Players "Ann, Bob, Cy"]
[Rule "hand-size" "5"]

round 1
dealer Cy
start r5                  # light side up: Ann plays first
Ann: rf top pu5           # everything turns over: Red 5's dark face, Purple 5, now shows
Bob: pu+5                 # Draw Five: Cy draws 5 and is skipped
Ann: puse                 # Skip Everyone: Bob and Cy are skipped, Ann plays again
Ann: w+c teal             # Wild Draw Color: Bob draws until he gets a teal card...
Bob: draw 2               # ...it took two; he keeps both and is skipped
Cy: w+c orange            # teal was in force before it, and Cy held a teal card
Ann: challenge shows te4  # Cy shows the Teal 4: guilty
Cy: draw 1                # so Cy draws until an orange card instead: the first was one
Ann: orf top rf uno       # back to the light side: the pile turns over again and Ann's
                          # Red Flip comes back on top (its action does not count)
Bob: r9
Cy: r2
Ann: r+1                  # Ann's last card: Bob still draws 1, then the round ends

# The round ended on the light side: hands are scored with light values.
hand Bob: r8 g+1 bs w+2 y4 b7                 # 8 + 10 + 20 + 50 + 4 + 7 = 99
hand Cy: g3 gr y9 w b1 yf g6 b2 y+1           # 3 + 20 + 9 + 40 + 1 + 20 + 6 + 2 + 10 = 111
