# Every penalty the statistics count, in one tracked round (issue 15): an innocent and a guilty
# challenge, a catch, a false catch, a misplay, a table penalty and a coaching penalty.
[Edition "classic"]
[Rules "en"]
[Scoring "target 500"]
[Players "Ann, Bob, Cy"]
[Rule "hand-size" "3"]
[Rule "false-catch-penalty" "2"]

round 1
dealer Ann
start r5
Bob: r7
Cy: w+4 green
Ann: challenge innocent
Bob: g3
Cy: catch Bob
Cy: misplay b9
Ann: g4
Bob: penalty 2 "slow play"
Bob: g5
Cy: w+4 red
Ann: challenge guilty
Ann: catch Bob
Ann: r2
Bob: draw
Cy: penalty coaching
