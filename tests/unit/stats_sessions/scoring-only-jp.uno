# Two scoring-only rounds under the Japanese rules (issue 15): たろう is 太郎 written another way.
[Date "2026-01-05"]
[Edition "classic"]
[Rules "jp"]
[Scoring "rounds 2"]
[Players "たろう, 花子, Ken"]

round 1
out 花子
hand たろう: 10
hand Ken: 30

round 2
out たろう
hand 花子: 5
hand Ken: 20
