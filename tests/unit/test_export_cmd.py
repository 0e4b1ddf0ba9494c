"""`uno-referee export` (referee.cli.export_cmd): where each format goes, and the files it will not
touch (issue 3 items 3 and 4)."""

from __future__ import annotations

import io
import json
import os
import stat
import sys
from pathlib import Path

import pytest

from referee import cli
from referee.engine.events import Header
from referee.notation import parse_session
from referee.service import SessionService
from referee.service.replay import sheet_of
from referee.sheet import files
from referee.sheet.exports import FORMATS

SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"
MINECRAFT = str(SAMPLES / "minecraft-five-rounds.uno")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(["export", *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("fmt", [f for f, spec in FORMATS.items() if not spec.binary])
def test_text_formats_go_to_stdout(capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    code, out, err = run(capsys, MINECRAFT, "--format", fmt)
    assert (code, err) == (0, "")
    sheet = sheet_of(parse_session(Path(MINECRAFT).read_text(encoding="utf-8"), MINECRAFT))
    assert out == FORMATS[fmt].render(sheet).decode("utf-8")


def test_png_needs_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, MINECRAFT, "--format", "png")
    assert (code, out) == (2, "")
    assert err == ("uno-referee export: png is binary: write it to a file with --out FILE.png\n")


def test_writes_the_file_and_never_overwrites_without_force(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "sheet.json"
    assert run(capsys, MINECRAFT, "--format", "json", "--out", str(target)) == (0, "", "")
    assert json.loads(target.read_text(encoding="utf-8"))["winner"] == "B"
    target.write_text("keep me", encoding="utf-8")
    code, out, err = run(capsys, MINECRAFT, "--format", "json", "--out", str(target))
    assert (code, out) == (2, "")
    assert err == f"uno-referee export: {target} already exists; add --force to overwrite it\n"
    assert target.read_text(encoding="utf-8") == "keep me"
    assert run(capsys, MINECRAFT, "-f", "json", "-o", str(target), "--force") == (0, "", "")
    assert json.loads(target.read_text(encoding="utf-8"))["winner"] == "B"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sheet.json"]  # no temporary left


def test_format_from_the_file_suffix(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "standings.PNG"
    assert run(capsys, MINECRAFT, "--out", str(target)) == (0, "", "")
    assert target.read_bytes().startswith(b"\x89PNG")
    code, _, err = run(capsys, MINECRAFT, "--out", str(tmp_path / "sheet.txt"))
    assert code == 2
    assert "cannot tell the format from" in err and "--format csv|md|html|json|uno|svg|png" in err
    code, _, err = run(capsys, MINECRAFT)
    assert (code, err) == (
        2,
        "uno-referee export: no format given: add --format csv|md|html|json|uno|svg|png\n",
    )


def test_a_forced_overwrite_keeps_the_file_mode(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "sheet.csv"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o640)
    assert run(capsys, MINECRAFT, "-o", str(target), "--force") == (0, "", "")
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert target.read_bytes().startswith(b"\xef\xbb\xbfround,player")


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda d: d / "missing" / "sheet.csv", "no such folder"),
        (lambda d: d, "is a directory; give a file name"),
        # Found by the command-line fuzz: the file system's own refusal, before any work.
        (lambda d: d / ("x" * 300 + ".csv"), "cannot write"),
    ],
)
def test_unwritable_paths_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, make, message: str
) -> None:
    target = make(tmp_path)
    code, out, err = run(capsys, MINECRAFT, "-f", "csv", "-o", str(target))
    assert (code, out) == (2, "")
    assert err.startswith(f"uno-referee export: {target}: ") and message in err
    assert "Traceback" not in err


@pytest.mark.skipif(
    sys.platform == "win32" or os.geteuid() == 0,
    reason="needs POSIX permissions that apply to this user",
)
def test_read_only_folder_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        code, _, err = run(capsys, MINECRAFT, "-f", "csv", "-o", str(folder / "s.csv"))
    finally:
        folder.chmod(0o700)
    assert code == 2 and "cannot write in" in err and "permission denied" in err


@pytest.mark.parametrize("force", [False, True])
def test_a_failed_write_is_a_message_and_leaves_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, force: bool
) -> None:
    def full(stream: object, data: bytes) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files, "_write_all", full)
    target = tmp_path / "sheet.html"
    if force:
        target.write_text("old", encoding="utf-8")
    code, _, err = run(capsys, MINECRAFT, "-o", str(target), *(["--force"] if force else []))
    assert (code, err) == (
        2,
        f"uno-referee export: {target}: cannot write: No space left on device\n",
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == (["sheet.html"] if force else [])
    if force:
        assert target.read_text(encoding="utf-8") == "old"


def test_bad_sessions_are_reported_like_check(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The command line's messages and exit codes: 2 for a syntax error, 1 for a refused line."""
    bad = tmp_path / "bad.uno"
    bad.write_text('[Edition "classic"]\n[Players "A"]\n', encoding="utf-8")
    code, out, err = run(capsys, str(bad), "-f", "md")
    assert (code, out) == (2, "") and err.startswith(f"{bad}:")
    refused = tmp_path / "refused.uno"
    refused.write_text(
        '[Edition "classic"]\n[Scoring "rounds 1"]\n[Players "A, B"]\n'
        "round 1\nout A\nhand B: 3\nround 2\n",
        encoding="utf-8",
    )
    target = tmp_path / "out.md"
    code, out, err = run(capsys, str(refused), "-f", "md", "-o", str(target))
    assert (code, out) == (1, "")
    assert err == (f"{refused}:7: the game is decided (A wins after round 1) [scoring]\n")
    assert not target.exists()
    code, _, err = run(capsys, str(tmp_path / "nope.uno"), "-f", "md")
    assert (code, err) == (2, f"{tmp_path / 'nope.uno'}: no such file\n")


def test_reads_a_session_from_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = Path(MINECRAFT).read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    code, out, err = run(capsys, "-", "-f", "json")
    assert (code, err) == (0, "")
    assert json.loads(out)["totals"] == {"A": -121, "B": 218, "C": 19, "D": -116}


def test_help_lists_every_format(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0
    for name in FORMATS:
        assert f"  {name}" in out
    assert "--force" in out


def special_files(tmp_path: Path) -> dict[str, Path]:
    fifo = tmp_path / "pipe.csv"
    os.mkfifo(fifo)
    link = tmp_path / "link.csv"
    link.symlink_to(tmp_path / "elsewhere.csv")
    stdout_link = tmp_path / "stdout.csv"
    stdout_link.symlink_to("/proc/self/fd/1")
    return {"device": Path("/dev/null"), "fifo": fifo, "link": link, "stdout link": stdout_link}


@pytest.mark.parametrize("kind", ["device", "fifo", "link", "stdout link"])
def test_force_never_replaces_a_special_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, kind: str
) -> None:
    target = special_files(tmp_path)[kind]
    before = os.lstat(target)
    code, out, err = run(capsys, MINECRAFT, "-f", "csv", "-o", str(target), "--force")
    assert (code, out) == (2, "")
    assert err == (
        f"uno-referee export: {target}: not a regular file (a link, device or pipe); "
        "exports write regular files only\n"
    )
    after = os.lstat(target)
    assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino)
    assert not (tmp_path / "elsewhere.csv").exists()


def test_out_dash_is_standard_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, MINECRAFT, "-f", "csv", "-o", "-")
    assert (code, err) == (0, "")
    assert out.startswith("\ufeffround,player")


def test_a_stored_session_is_read_from_data_dir(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The same id in the default folder and in --data-dir: --data-dir must win.
    default, chosen = tmp_path / "default", tmp_path / "chosen"
    monkeypatch.setenv("UNO_REFEREE_HOME", str(default))
    text = Path(MINECRAFT).read_text(encoding="utf-8")
    monkeypatch.setattr("referee.service.sessions.new_id", lambda: "k3m9p2")
    SessionService(default).create(Header("classic", ("Ann", "Bob")))
    SessionService(chosen).import_text(text, "five.uno")
    code, out, err = run(capsys, "k3m9p2", "-f", "json", "--data-dir", str(chosen))
    assert (code, err) == (0, "")
    assert json.loads(out)["winner"] == "B"


def test_a_stored_sessions_sheet_calls_its_numbers_move_numbers(
    capsys: pytest.CaptureFixture[str], home: Path
) -> None:
    """A stored session's rulings are numbered by move (`show ID --moves`): its sheet said
    "line 19" and "lines of the session's .uno file", yet move 19 is on another line of the
    exported .uno file (issue 24). A file's sheet keeps its line numbers."""
    path = SAMPLES / "classic-challenge-catch.uno"
    sid = SessionService(home).import_text(path.read_text(encoding="utf-8"), path.name).id
    code, md, _err = run(capsys, sid, "--format", "md")
    assert code == 0
    assert "- move 19: Guilty: Bob held" in md and "line 19" not in md
    code, html, _err = run(capsys, sid, "--format", "html")
    assert "are move numbers, as <code>uno-referee show ID --moves</code> lists them" in html
    assert ".uno file" not in html
    code, uno, _err = run(capsys, sid, "--format", "uno")
    statements = [line for line in uno.splitlines() if line and not line.startswith("[")]
    # Move 19 is the 19th statement, on a line of its own number plus the header's.
    assert uno.splitlines().index(statements[18]) + 1 != 19
    assert json.loads(run(capsys, sid, "--format", "json")[1])["numbered_by"] == "move"
    # The file itself: its lines.
    code, md, _err = run(capsys, str(path), "--format", "md")
    assert "- line 29: Guilty: Bob held" in md and "move 29" not in md
    code, html, _err = run(capsys, str(path), "--format", "html")
    assert "lines of the session's .uno file" in html
    assert json.loads(run(capsys, str(path), "--format", "json")[1])["numbered_by"] == "line"
