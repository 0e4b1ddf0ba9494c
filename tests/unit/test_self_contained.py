"""The project stands on its own: it cites published rules, never the notes it was built from.

Every file of the repository and every text `uno-referee rules` prints must be free of paths
outside the repository, of the research notes' name and section numbers, of the rulebook copies'
file names and of the notes' short names for the rulebooks. The patterns are assembled from
pieces so that this file, which is checked too, does not match them itself.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from referee.cli import main
from referee.engine.deck import Deck
from referee.engine.options import INT
from referee.engine.rules import VARIANTS
from referee.engine.setup import editions, option_specs

ROOT = Path(__file__).resolve().parents[2]
SKIPPED_DIRS = frozenset(
    {
        ".git",
        ".venv",
        "venv",
        "__pycache__",
        ".pytest_cache",
        ".mypy_cache",
        ".ruff_cache",
        ".hypothesis",
        "build",
        "dist",
        "node_modules",
    }
)
"""Folders a walk of the repository leaves out when git cannot list the tracked files."""

_NOTES = "dos" + "sier"
_ABBREVIATIONS = (
    "JP(?:wiki|flip|mc|17|art)",
    "FLIP(?:spec|sec)",
    "NM(?:sheet|sec|code)",
    "EN(?:sheet|wiki|old|cars|blank)",
)
FORBIDDEN = {
    "a path outside the repository": re.compile(re.escape("../" + "sha" + "red")),
    "the research notes": re.compile(_NOTES, re.IGNORECASE),
    "a rulebook copy's file name": re.compile(r"\b\d{3}_[0-9a-f]{16}\b"),
    "a rulebook copy's number": re.compile(r"\b" + "se" + r"ed 00\d\b", re.IGNORECASE),
    "the options notes": re.compile(r"\b" + "options" + r"\.md\b"),
    "a short name from the notes": re.compile(r"\b(?:" + "|".join(_ABBREVIATIONS) + r")\b"),
}
"""What no file and no printed rule may contain, by what it would point at."""


def tracked_files() -> list[Path]:
    """The files git tracks; without git (an unpacked source archive), every file of the tree."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True, timeout=60
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return sorted(_walk())
    names = [name for name in listed.decode("utf-8").split("\0") if name]
    if not names:
        return sorted(_walk())
    return [ROOT / name for name in names if (ROOT / name).is_file()]


def _walk() -> Iterator[Path]:
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in SKIPPED_DIRS and not d.endswith(".egg-info")]
        for name in files:
            yield Path(folder, name)


def text_of(path: Path) -> str | None:
    """The file's text, or None for a binary file (an image)."""
    data = path.read_bytes()
    if b"\0" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def offences(text: str) -> list[str]:
    """Each forbidden thing the text holds, with the words that hold it."""
    found = []
    for what, pattern in FORBIDDEN.items():
        for match in pattern.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            found.append(f"line {line}: {what} ({match.group(0)!r})")
    return found


def test_the_patterns_catch_what_they_are_for() -> None:
    """A guard against patterns that never match: each one catches a sample of its kind."""
    samples = [
        "see ../" + "sha" + "red/x",
        "per " + _NOTES.upper() + " 2.6",
        "123_" + "0123456789abcdef" + ".txt",
        "se" + "ed 003",
        "options" + ".md",
        "JP" + "wiki",
        "FLIP" + "spec",
        "NM" + "sheet",
        "EN" + "old",
    ]
    for sample in samples:
        assert offences(sample), sample
    assert not offences("Japanese Wikipedia, 「UNO (ゲーム)」; random seed 7; B7696")


def test_no_tracked_file_points_at_the_research_material() -> None:
    files = tracked_files()
    assert any(path.name == "README.md" for path in files)
    # This file is checked too, tracked yet or not.
    if Path(__file__).resolve() not in {path.resolve() for path in files}:
        files.append(Path(__file__).resolve())
    problems = []
    for path in files:
        text = text_of(path)
        if text is None:
            continue
        problems += [f"{path.relative_to(ROOT)}: {o}" for o in offences(text)]
    assert not problems, "\n".join(problems)


def _rules_runs() -> Iterator[list[list[str]]]:
    """`rules` for every edition and rulebook, and once more for each other value of each
    option (a number for the numeric ones), so that every variant of every rule is printed.
    Each is a list of command lines to try in turn until one is refereed: an option's value is
    printed with the first edition that takes it (a core rule's words and source are the same
    under every edition), and again with each edition that has a variant of its own for it."""
    specs = option_specs()
    names = list(editions())
    for rulebook in ("en", "jp"):
        yield from ([["rules", "--edition", edition, "--rules", rulebook]] for edition in names)
        for key, spec in specs.items():
            values = spec.values if isinstance(spec.values, tuple) else (INT,)
            for value in values:
                value = "30" if value == INT else value
                if value == spec.default(rulebook):
                    continue
                # A stacked Wild Draw Four's challenge is only a rule under stacking.
                also = ["--rule", "stacking=same"] if key == "stack-challenge" else []
                rule = ["--rule", f"{key}={value}", *also]
                lines = [
                    ["rules", "--edition", edition, "--rules", rulebook, *rule] for edition in names
                ]
                yield lines
                own = {v.unit for vs in VARIANTS.values() for v in vs if (key, value) in v.when}
                yield from (
                    [line] for line, edition in zip(lines, names, strict=True) if edition in own
                )


def _sources_printed(out: str) -> list[tuple[str, str]]:
    """(rule id, source) for each rule `rules` printed, and ("option KEY", source) for each
    option's default."""
    rules_part, _, options_part = out.partition("\nOptions in force:\n")
    found: list[tuple[str, str]] = []
    current = None
    for line in rules_part.splitlines()[1:]:
        if line and not line.startswith(" "):
            if current is not None:
                found.append((current, ""))
            current = line.split()[0]
        elif line.startswith("    source:") and current is not None:
            found.append((current, line.removeprefix("    source:").strip()))
            current = None
    if current is not None:
        found.append((current, ""))
    key = None
    for line in options_part.splitlines():
        if line.startswith("  ") and not line.startswith("   "):
            key = line.split()[0]
        elif line.startswith("      default ") and key is not None:
            found.append((f"option {key}", line.partition(": ")[2].strip()))
            key = None
    return found


def test_printed_rules_cite_only_published_sources(capsys: pytest.CaptureFixture[str]) -> None:
    printed = []
    succeeded = 0
    for tries in _rules_runs():
        for argv in tries:
            code = main(argv)
            out, err = capsys.readouterr()
            assert not offences(out + err), (argv, offences(out + err))
            if code:
                continue
            succeeded += 1
            sources = _sources_printed(out)
            assert sources, argv
            assert all(source for _, source in sources), (argv, [r for r, s in sources if not s])
            printed.append(out)
            break
    assert succeeded >= 2 * len(editions())
    # Every variant of every rule was printed somewhere, so every source above was checked.
    text = "".join(printed)
    missing = [
        (rid, v.unit, v.when)
        for rid, variants in VARIANTS.items()
        for v in variants
        if f"    source: {v.source}\n" not in text
    ]
    assert not missing


def test_declared_sources_cite_only_published_sources() -> None:
    """Every rule variant, option and deck, including those no table prints together."""
    sources = [v.source for variants in VARIANTS.values() for v in variants]
    sources += [spec.source for spec in option_specs().values()]
    decks: list[Deck] = [edition.deck for edition in editions().values()]
    sources += [deck.source for deck in decks]
    assert all(sources)
    problems = [(source, offences(source)) for source in sources if offences(source)]
    assert not problems
