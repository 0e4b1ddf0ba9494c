"""`uno-referee serve` on a terminal's behalf: the QR code of the address, the address, and
what is exposed, before it serves."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import zxingcpp

from referee.service import SessionService
from referee.sheet.exports import qr
from referee.web.links import TOKEN_VARIABLE, new_token

from .conftest import new_session
from .server_process import ROOT, free_port


def decode(lines: list[str], pixels: int = 4) -> list[str]:
    """What a QR reader finds in half-block text drawn dark on light (each character a module
    wide and two tall)."""
    rows = []
    for line in lines:
        top = b"".join((b"\0" if ch in "█▀" else b"\xff") * pixels for ch in line)
        bottom = b"".join((b"\0" if ch in "█▄" else b"\xff") * pixels for ch in line)
        rows += [top] * pixels + [bottom] * pixels
    width = max(len(row) for row in rows)
    picture = b"".join(row.ljust(width, b"\xff") for row in rows)
    found = zxingcpp.read_barcodes(
        memoryview(picture).cast("B", (len(rows), width)),
        formats=zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode),
    )
    return [code.text for code in found]


def test_serve_prints_the_code_and_the_address(service: SessionService, data_dir: Path) -> None:
    sid = new_session(service)
    token, port = new_token(), free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "referee.cli",
            "serve",
            sid,
            "--data-dir",
            str(data_dir),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
        ],
        cwd=ROOT,
        text=True,
        env={**os.environ, TOKEN_VARIABLE: token},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        assert proc.stdout is not None
        lines = []
        while "Ctrl+C" not in (line := proc.stdout.readline()):
            assert line, proc.stderr.read() if proc.stderr else ""
            lines.append(line.rstrip("\n"))
        lines.append(line.rstrip("\n"))
        # Serving: the page answers (and SIGTERM then finds the server's own handler).
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/s/{token}/", timeout=10) as page:
            assert page.status == 200
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(15)
    url = f"http://127.0.0.1:{port}/s/{token}/"
    code = qr.half_blocks(url).splitlines()
    assert lines[: len(code)] == code
    assert decode(code) == [url]
    said = " ".join(" ".join(lines[len(code) :]).split())
    assert url in said
    assert f"Scoreboard of session {sid}, read-only" in said
    assert "nothing can be changed through it" in said
    assert proc.returncode == 0
