"""`uno-referee serve` as the tests run it: a real process on a real socket, stopped by SIGTERM."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

from referee.web.links import TOKEN_VARIABLE, new_token

ROOT = Path(__file__).resolve().parents[2]


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


class ServerProcess:
    """One serving process; `start` again after `stop` serves the same address and token."""

    def __init__(self, data_dir: Path, session_id: str, *, host: str = "127.0.0.1",
                 port: int | None = None, token: str | None = None, lang: str = "en",
                 extra: tuple[str, ...] = ()) -> None:
        self.data_dir, self.session_id, self.host = data_dir, session_id, host
        self.port = port if port is not None else free_port(host)
        self.token = token or new_token()
        self.lang, self.extra = lang, extra
        self.proc: subprocess.Popen[str] | None = None
        self.url = ""

    def command(self) -> list[str]:
        return [sys.executable, "-m", "referee.cli", "serve", self.session_id, "--data-dir",
                str(self.data_dir), "--host", self.host, "--port", str(self.port), "--url-only",
                "--lang", self.lang, *self.extra]

    def start(self, timeout: float = 30) -> str:
        env = {**os.environ, TOKEN_VARIABLE: self.token}
        self.proc = subprocess.Popen(self.command(), cwd=ROOT, env=env, text=True,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        line: list[str] = []
        reader = threading.Thread(target=lambda: line.append(self.proc.stdout.readline()),
                                  daemon=True)
        reader.start()
        reader.join(timeout)
        if not line or not line[0].strip():
            self.stop()
            raise RuntimeError(f"the server did not start: {self.proc.stderr.read()}")
        self.url = line[0].strip()
        return self.url

    def stop(self) -> None:
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        for stream in (self.proc.stdout, self.proc.stderr):
            if stream is not None:
                stream.close()
        self.proc = None

    def __enter__(self) -> ServerProcess:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
