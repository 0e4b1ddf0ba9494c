# A three-player game with the 2016 deck (Wild Swap Hands, 3 Wild Customizable), English
# rules, first to 500. 太郎 opens by swapping hands with Ann.
[Event "Swap night"]
[Date "2026-11-20"]
[Edition "swap"]
[Rules "en"]
[Scoring "target 500"]
[Players "Ann, Bob, 太郎"]

round 1
dealer Bob
start y6
太郎: wsw red @Ann      # 太郎 now holds Ann's seven cards, Ann holds his six
Ann: r4
Bob: r6
太郎: r7
Ann: g7
Bob: g0
太郎: w blue
Ann: b8
Bob: b1
太郎: bs
Bob: gs
Ann: draw
Bob: g6
太郎: gr
Bob: rr uno
太郎: w+4 yellow
Ann: challenge innocent  # 太郎 held no red card: Ann draws 6
Bob: y+2                 # his last card: 太郎 still draws 2, and they count
hand Ann: 60
hand 太郎: 74
