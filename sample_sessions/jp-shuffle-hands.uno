# A three-player game with the 2017 Japanese deck (112 cards: Wild Shuffle Hands, 3 Wild
# Customizable), Japanese rules, five-round Japanese scoring.
[Event "お正月のウノ大会"]
[Edition "shuffle"]
[Rules "jp"]
[Scoring "rounds 5"]
[Players "太郎, 花子, 次郎"]
[Custom "1" "次の人は2枚引く"]

round 1
dealer 太郎
start b5               # 花子, left of the dealer, plays first
花子: b7
次郎: g7
太郎: g2
花子: draw
次郎: g+2              # 太郎 draws 2 and is skipped
花子: gs               # 次郎 is skipped
太郎: g9
花子: y9
次郎: draw
太郎: draw
花子: yr               # counter-clockwise now: 太郎 is next
太郎: wsh red          # every hand is gathered and dealt again from 太郎's left
次郎: r4
花子: r1
太郎: r6
次郎: r+2              # 花子 draws 2 and is skipped
太郎: rs               # 次郎 is skipped
花子: wc1 blue         # the Wild Customizable with the rule written on it:
太郎: takes 2 "白いワイルド: 次の人は2枚引く"   # the table applies it by hand
太郎: b2
次郎: b3
花子: b8
太郎: b9
次郎: w+4 green        # 花子 could challenge: she accepts and draws 4
花子: accept
太郎: g8
次郎: g4 uno
花子: g1
太郎: g3               # down to one card, and no UNO call
次郎: draw             # under the Japanese rules a draw does not close the window...
花子: catch 太郎        # ...until someone discards: 花子 catches him in time, 太郎 draws 2
花子: g0
太郎: g5
次郎: gr uno           # clockwise again
太郎: draw
花子: g2
次郎: w yellow         # 次郎's last card: he wins the round

hand 太郎: r7 y8 yr
hand 花子: r3 b4 bs y+2 wc2 w+4

round 2                # scorekeeping only: the winner of round 1 dealt
out 花子
hand 太郎: 23
hand 次郎: 41
