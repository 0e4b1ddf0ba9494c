"""Mutated session files: the samples, changed the ways typing, tools and attackers change them."""

from __future__ import annotations

import random
from pathlib import Path

SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"

# Pieces a mutation inserts: notation words, markup, control and odd Unicode, big numbers.
PIECES = (
    "r5",
    "w+4",
    "w+4 blue",
    "draw",
    "draw 3",
    "accept",
    "challenge",
    "challenge shows g3",
    "uno",
    "catch",
    "misplay",
    "penalty 2",
    "jump",
    "@Bob",
    "out",
    "hand",
    ": ",
    ":",
    "round",
    "dealer",
    "start",
    "turn",
    "[",
    "]",
    '"',
    '[Rule "mercy" "3"]',
    '[Scoring "penalty 1"]',
    '[Players "A, A"]',
    '[Edition "flip"]',
    "[/x]",
    "[b]",
    "\\",
    "#",
    "\t",
    "\r",
    "\x00",
    "\x1b[31m",
    "\x07",
    "\u200b",
    "\u202e",
    "\ufeff",
    "\uff52\uff15",
    "太郎",
    "é",
    "e\u0301",
    "99999999999999999999",
    "-1",
    "0",
    "1e9",
    "w",
    "rr",
    "rs",
    "r+2",
    "f",
    "pu5",
    "da",
    "wr+4",
    "w+10",
    "\n",
    "\n\n",
    "round 1\ndealer A\nstart r5\n",
    "hand A: 500",
    "hand A: r5 r5",
)


def samples() -> list[str]:
    return [path.read_text(encoding="utf-8") for path in sorted(SAMPLES.glob("*.uno"))]


def mutate(text: str, rng: random.Random) -> str:
    """One to four random edits: lines dropped, doubled, swapped or cut; pieces inserted;
    characters flipped; numbers changed."""
    lines = text.split("\n")
    for _ in range(rng.randint(1, 4)):
        if not lines:
            lines = [""]
        at = rng.randrange(len(lines))
        edit = rng.randrange(9)
        if edit == 0:
            del lines[at]
        elif edit == 1:
            lines.insert(at, lines[rng.randrange(len(lines))])
        elif edit == 2:
            other = rng.randrange(len(lines))
            lines[at], lines[other] = lines[other], lines[at]
        elif edit == 3:
            line = lines[at]
            lines[at] = line[: rng.randint(0, len(line))]
        elif edit in (4, 5):
            line = lines[at]
            cut = rng.randint(0, len(line))
            lines[at] = line[:cut] + rng.choice(PIECES) + line[cut:]
        elif edit == 6:
            line = lines[at]
            if line:
                cut = rng.randrange(len(line))
                lines[at] = (
                    line[:cut]
                    + chr(rng.choice((rng.randint(32, 126), rng.randint(0, 0x3000))))
                    + line[cut + 1 :]
                )
        elif edit == 7:
            lines[at] = "".join(
                str(rng.randint(0, 10 ** rng.randint(1, 25))) if ch.isdigit() else ch
                for ch in lines[at]
            )
        else:
            lines.insert(at, " ".join(rng.choice(PIECES) for _ in range(rng.randint(1, 5))))
    return "\n".join(lines)


def inputs(seed: int, count: int) -> list[str]:
    """`count` mutated files, the same for the same seed."""
    rng = random.Random(seed)
    base = samples()
    return [mutate(rng.choice(base), rng) for _ in range(count)]
