# Minecraft UNO: the Creeper. A player who draws a Creeper draws three more, and a Creeper in
# hand is played as a Wild (the manual's 「マイクラフトUNOオリジナルルール」). The Creeper count (4)
# and its 50 points are this product's table defaults: the Japanese manual gives neither.
[Event "Minecraft UNO after school"]
[Edition "minecraft"]
[Rules "jp"]
[Scoring "rounds 5"]
[Players "Steve, Alex, Kai"]

round 1
dealer Steve
start y6
Alex: y3
Kai: draw 4            # Kai drew a Creeper, so three more: the whole chain is one `draw 4`
Steve: b3
Alex: b+2              # Kai draws 2 and is skipped...
Kai: draw 3            # ...and one of the two was a Creeper: three more
Steve: bs              # Alex is skipped
Kai: cr green          # a Creeper played as a Wild, naming green
Steve: g7
Alex: g2
Kai: g9
Steve: y9
Alex: y1
Kai: y4
Steve: yr              # counter-clockwise: Kai plays next
Kai: y7
Alex: r7
Steve: r2 uno
Kai: r4
Alex: r+2 uno          # Steve draws 2 and is skipped (no Creeper among them this time)
Kai: rs                # Alex is skipped
Steve: r9
Kai: r1
Alex: g1               # Alex's last card: Alex wins the round

hand Steve: b6 y+2
hand Kai: cr cr w b7 g8 y5 r5 gs b0   # two more Creepers that Kai never got to play: 50 each
