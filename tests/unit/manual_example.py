"""The Minecraft UNO manual's five-round example (「得点の計算」, 【5回戦の場合】) and the
samples folder."""

from __future__ import annotations

from pathlib import Path

SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"

MANUAL_POINTS = {
    "A": [-40, -9, -30, -9, -33],
    "B": [118, -28, 78, -21, 71],
    "C": [-70, 73, -15, 41, -10],
    "D": [-8, -36, -33, -11, -28],
}
MANUAL_RUNNING = {
    "A": [-40, -49, -79, -88, -121],
    "B": [118, 90, 168, 147, 218],
    "C": [-70, 3, -12, 29, 19],
    "D": [-8, -44, -77, -88, -116],
}
