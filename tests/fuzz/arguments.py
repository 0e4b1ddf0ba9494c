"""Mutated command lines: every command's arguments typed wrong, hostile or not UTF-8 at all.

The file fuzz (`mutations.py`) changes what a session file says; this changes what a person or a
script types: names, labels, dates, settings, ids and paths, with control and bidi characters,
markup, formulas, and bytes that are not UTF-8 (Python hands those over as lone surrogates, as
`os.fsdecode` would). Each input is one command line run against a small data folder of stored
sessions with a league book, and a settings file of its own.
"""

from __future__ import annotations

import contextlib
import os
import random
from collections.abc import Callable
from pathlib import Path

from .mutations import PIECES, samples

NOT_UTF8 = (
    # "テスト.uno" in Shift_JIS, as a Japanese machine names a file; then Latin-1 and bare bytes.
    os.fsdecode(b"\x83e\x83X\x83g.uno"),
    os.fsdecode(b"caf\xe9"),
    os.fsdecode(b"\xff\xfe"),
    os.fsdecode(b"Bob\x80"),
    os.fsdecode(b"\xe3\x81"),
)
"""Texts holding bytes that are not UTF-8, as a command line or environment delivers them."""

WORDS = (
    *PIECES,
    *NOT_UTF8,
    "Ann",
    "Bob",
    "Cy",
    "Dee",
    "Bobby",
    "Robert",
    "=1+1",
    "+cmd",
    "-@SUM(A1)",
    "@x",
    "winter league",
    "2025-03",
    "2025-13",
    "2025-03-01",
    "0000-00",
    "language",
    "theme",
    "glyphs",
    "keys.table.undo",
    "keys.",
    "ja",
    "en",
    "ascii",
    "auto",
    "ctrl+u",
    "~",
    "~nosuchuser/x",
    "~/x",
    "",
    " ",
    "-",
    "--",
    "-x",
    "--json",
    "x" * 300,
    "[red]x[/red]",
    "\x1b]8;;http://x\x07",
    "a\nb",
    "名前",
    "\uff21\uff22\uff23",
    "\u0301",
    "NaN",
    "1e400",
    "9" * 40,
)
"""What an argument may be: the notation's pieces, names of the stored sessions, formulas,
settings' keys and values, paths and their traps, and non-UTF-8 texts."""


def _word(rng: random.Random) -> str:
    """One argument: a word, two glued together, or a word with a character changed."""
    word = rng.choice(WORDS)
    roll = rng.random()
    if roll < 0.15:
        word += rng.choice(WORDS)
    elif roll < 0.3 and word:
        at = rng.randrange(len(word))
        word = (
            word[:at]
            + chr(
                rng.choice(
                    (rng.randint(0, 0x7F), rng.randint(0x80, 0x3000), rng.randint(0xDC80, 0xDCFF))
                )
            )
            + word[at + 1 :]
        )
    return word


Shape = Callable[[random.Random, "Place"], list[str]]


class Place:
    """Where the commands run: the data folder, the ids stored there, files to name."""

    def __init__(self, folder: Path, ids: list[str]) -> None:
        self.folder, self.ids = folder, ids
        self.data = str(folder / "data")

    def sid(self, rng: random.Random) -> str:
        return rng.choice(self.ids) if self.ids and rng.random() < 0.7 else _word(rng)

    def path(self, rng: random.Random) -> str:
        """A session file to read: a sample under a plain, odd or non-UTF-8 name, or a trap."""
        roll = rng.random()
        if roll < 0.1:
            return _word(rng)
        name = rng.choice(("game.uno", "ゲーム.uno", *NOT_UTF8[:4], "a b.uno", "-.uno"))
        path = self.folder / "files" / name
        path.parent.mkdir(exist_ok=True)
        # A name a file system cannot take (a slash, a NUL) stays a name that is not there.
        with contextlib.suppress(OSError, ValueError):
            path.write_bytes(rng.choice(_SAMPLES).encode("utf-8"))
        return os.fspath(path)

    def players(self, rng: random.Random) -> str:
        """A players' file for an event: plain names, hostile words, or a session file."""
        path = self.folder / "files" / "players.txt"
        path.parent.mkdir(exist_ok=True)
        names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
        names += [_word(rng) for _ in range(rng.randint(0, 3))]
        text = rng.choice(("\n".join(names), rng.choice(_SAMPLES)))
        with contextlib.suppress(UnicodeEncodeError):
            path.write_text(text, "utf-8")
        return os.fspath(path) if rng.random() < 0.9 else _word(rng)

    def out(self, rng: random.Random, suffix: str) -> str:
        return rng.choice(
            (
                os.fspath(self.folder / f"out{suffix}"),
                os.fspath(self.folder / (NOT_UTF8[0] + suffix)),
                _word(rng),
            )
        )


_SAMPLES = samples()

SHAPES: dict[str, Shape] = {
    "stats": lambda rng, p: [
        "stats",
        "--data-dir",
        p.data,
        *rng.choice(
            (
                [],
                ["--json"],
                ["--csv"],
                ["--guests"],
                ["--today"],
                ["--month"],
                ["--label", _word(rng)],
                ["--event", _word(rng)],
                ["--site", _word(rng)],
                ["--month", _word(rng)],
                ["--from", _word(rng), "--to", _word(rng)],
                ["--html", p.out(rng, ".html"), "--force", "--title", _word(rng)],
                ["--hub", rng.choice(("http://127.0.0.1:9", _word(rng))), "--key", _word(rng)],
            )
        ),
    ],
    # Never a serving hub: its address cannot be listened on, so a mutation that drops the
    # action (`hub --host 256.0.0.1 ...`) ends at once, refused.
    "hub": lambda rng, p: [
        "hub",
        "--host",
        "256.0.0.1",
        *rng.choice(
            (
                ["key", "new", _word(rng)],
                ["key", "new", _word(rng), "--organiser"],
                ["key", "list", *rng.choice(([], ["--json"]))],
                ["key", "revoke", _word(rng)],
                ["forks", *rng.choice(([], ["--all"], ["--json"]))],
                ["settle", _word(rng), rng.choice(("--keep", "--take"))],
                ["verify"],
            )
        ),
        "--store",
        rng.choice((p.out(rng, ".sqlite3"), _word(rng), "postgresql://nobody@/none?host=/nowhere")),
    ],
    # A hub nobody answers at (port 9, the discard service, is closed here) or no address.
    "sync": lambda rng, p: [
        "sync",
        rng.choice(("http://127.0.0.1:9", _word(rng))),
        "--key",
        _word(rng),
        "--data-dir",
        p.data,
    ],
    # One event name mostly, so that a run's later commands find the event an earlier one set up.
    "event": lambda rng, p: [
        "event",
        *rng.choice(
            (
                ["new", "Cup", "--players-file", p.players(rng), "--rounds", "2"],
                ["new", _word(rng), "--players-file", p.players(rng), "--rounds", _word(rng)],
                [
                    "new",
                    "Cup",
                    "--players-file",
                    p.players(rng),
                    "--rounds",
                    "1",
                    "--scale",
                    _word(rng),
                    "--fixed",
                    _word(rng),
                ],
                ["list", *rng.choice(([], ["--json"]))],
                ["show", rng.choice(("Cup", _word(rng))), *rng.choice(([], ["--json"]))],
                ["seat", rng.choice(("Cup", _word(rng))), "--publish"],
                ["seat", "Cup", "--swap", _word(rng), _word(rng), "--json"],
                ["standings", rng.choice(("Cup", _word(rng))), *rng.choice(([], ["--json"]))],
                ["withdraw", "Cup", _word(rng), "--reason", _word(rng)],
                ["arrive", "Cup", _word(rng)],
                ["replace", "Cup", _word(rng), _word(rng)],
                ["penalty", "Cup", _word(rng), rng.choice(("-2", _word(rng)))],
                ["clock", "Cup", rng.choice(("start", "pause", "extend")), "--minutes", "5"],
                ["end", "Cup", rng.choice(("1", _word(rng)))],
                ["print", "Cup", "-o", p.out(rng, ".html")],
            )
        ),
        "--data-dir",
        p.data,
    ],
    "players": lambda rng, p: [
        "players",
        "--data-dir",
        p.data,
        *rng.choice(
            (
                ["list"],
                ["merge", _word(rng), _word(rng)],
                ["split", _word(rng)],
                ["guest", _word(rng)],
            )
        ),
    ],
    "label": lambda rng, p: [
        "label",
        "--data-dir",
        p.data,
        *(["--remove"] if rng.random() < 0.3 else []),
        p.sid(rng),
        *(_word(rng) for _ in range(rng.randint(1, 3))),
    ],
    "config": lambda rng, p: [
        "config",
        *rng.choice(
            (
                [],
                ["set", _word(rng), _word(rng)],
                ["unset", _word(rng)],
                ["set", rng.choice(("language", "theme", "glyphs", "keys.table.undo")), _word(rng)],
            )
        ),
    ],
    "list": lambda rng, p: [
        "list",
        "--data-dir",
        p.data,
        *rng.choice(([], ["--json"], ["--trash"])),
    ],
    "show": lambda rng, p: [
        "show",
        "--data-dir",
        p.data,
        *rng.choice(([], ["--moves"], ["--json"])),
        p.sid(rng),
    ],
    "new": lambda rng, p: [
        "new",
        "--data-dir",
        p.data,
        "--players",
        ", ".join(_word(rng) for _ in range(rng.randint(1, 4))),
        *rng.choice(
            (
                [],
                ["--event", _word(rng)],
                ["--date", _word(rng)],
                ["--rule", _word(rng)],
                ["--scoring", _word(rng)],
            )
        ),
    ],
    "move": lambda rng, p: ["move", "--data-dir", p.data, p.sid(rng), _word(rng)],
    "undo": lambda rng, p: ["undo", "--data-dir", p.data, p.sid(rng)],
    "correct": lambda rng, p: [
        "correct",
        "--data-dir",
        p.data,
        "--yes",
        p.sid(rng),
        rng.choice(("1", "2", _word(rng))),
        _word(rng),
    ],
    "delete": lambda rng, p: [
        "delete",
        "--data-dir",
        p.data,
        "--yes",
        *rng.choice(([], [], ["--purge"])),
        p.sid(rng),
    ],
    "restore": lambda rng, p: ["restore", "--data-dir", p.data, p.sid(rng)],
    "rules": lambda rng, p: [
        "rules",
        "--edition",
        _word(rng),
        *rng.choice(([], ["--rules", _word(rng)], ["--rule", _word(rng)])),
    ],
    "check": lambda rng, p: ["check", p.path(rng)],
    "replay": lambda rng, p: ["replay", *rng.choice(([], ["--json"])), p.path(rng)],
    "score": lambda rng, p: ["score", *rng.choice(([], ["--json"])), p.path(rng)],
    "import": lambda rng, p: [
        "import",
        "--data-dir",
        p.data,
        *rng.choice(([], ["--update"], ["--new"])),
        p.path(rng),
    ],
    "export": lambda rng, p: [
        "export",
        p.path(rng),
        "--format",
        rng.choice(("csv", "html")),
        "--out",
        p.out(rng, ".out"),
        "--force",
    ],
    "data-dir": lambda rng, p: [
        rng.choice(("list", "stats")),
        "--data-dir",
        rng.choice((*NOT_UTF8, "~nosuchuser/data", _word(rng))),
    ],
}
"""Each command's line, its arguments drawn at random (`data-dir`: the folder itself odd)."""


def command_line(rng: random.Random, place: Place) -> list[str]:
    """One command line; now and then a word dropped or a stray word put in."""
    words = SHAPES[rng.choice(sorted(SHAPES))](rng, place)
    roll = rng.random()
    if roll < 0.05 and len(words) > 1:
        del words[rng.randrange(1, len(words))]
    elif roll < 0.1:
        words.insert(rng.randrange(1, len(words) + 1), _word(rng))
    return words
