# The five-round example of the Minecraft UNO Japanese manual (【5回戦の場合】),
# entered as a score sheet only: who went out, and the points left in each other hand.
# Source: Minecraft UNO manual, Japanese edition (importer インフォレンズ), 「得点の計算」.
# Japanese five-round scoring: the winner scores +(the others' hands), each loser -(own hand).
[Event "Minecraft UNO manual: five-round example"]
[Edition "minecraft"]
[Rules "jp"]
[Scoring "rounds 5"]
[Players "A, B, C, D"]

round 1
dealer A
out B            # A, C and D hold 40 + 70 + 8 = 118: B writes +118
hand A: 40
hand C: 70
hand D: 8

round 2          # under the jp rules the round's winner deals the next round
out C
hand A: 9
hand B: 28
hand D: 36

round 3
out B
hand A: 30
hand C: 15
hand D: 33

round 4
out C
hand A: 9
hand B: 21
hand D: 11

round 5
out B
hand A: 33
hand C: 10
hand D: 28
