"""`uno-referee serve` as a child process: the app's way to serve, so that the table never waits
on the page (and a stopped server loses nothing: it only ever reads the session file)."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Sequence
from typing import Any, Self
from urllib.parse import urlsplit

from ..i18n import _
from .errors import ServeError
from .links import TOKEN_VARIABLE, new_token

Handler = Callable[[dict[str, Any]], dict[str, Any]]
"""The app's answer to one phone's message (it holds the table's writer)."""

STOP_SECONDS = 10
"""A server closes its streams within a second of SIGTERM; past this it is killed."""


NICENESS = 10
"""How much lower the server runs than the app: the table's move-to-ruling time comes first, and
the page has a second to show a move."""


def _yield_to_the_table(pid: int) -> None:
    # Where the system has priorities (Unix); lowering a child's needs no privilege.
    setpriority = getattr(os, "setpriority", None)
    if setpriority is not None:
        with contextlib.suppress(OSError):
            setpriority(os.PRIO_PROCESS, pid, os.getpriority(os.PRIO_PROCESS, 0) + NICENESS)


def answer_line(line: str, handler: Callable[[dict[str, Any]], dict[str, Any]]) -> str | None:
    """The app's side of `writer.PipeWriter`: the answer to one request line (None: not one)."""
    try:
        got = json.loads(line)
        number, message = got["n"], got["message"]
    except (ValueError, KeyError, TypeError):
        return None
    if type(number) is not int or not isinstance(message, dict):
        return None
    return json.dumps({"n": number, "answer": handler(message)}, ensure_ascii=True) + "\n"


class ServeProcess:
    """One serving process; `start` again after `stop` serves the same address and token."""

    def __init__(
        self,
        data_dir: str | os.PathLike[str],
        session_id: str,
        *,
        host: str | None = None,
        port: int = 0,
        token: str | None = None,
        lang: str | None = None,
        extra: Sequence[str] = (),
        seats: Handler | None = None,
    ) -> None:
        self.data_dir, self.session_id, self.host = os.fspath(data_dir), session_id, host
        self.port = port
        self.token = token or new_token()
        self.lang, self.extra = lang, tuple(extra)
        self.seats = seats
        """With a handler, the phones take seats and propose moves: the server hands each of
        their messages to it over its standard output and takes the answer on its standard
        input, so that the app stays the session's one writer."""
        self.proc: subprocess.Popen[str] | None = None
        self.url = ""

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    COMMAND: tuple[str, ...] = ("serve",)
    """The command that serves (after `uno-referee`), before the session's id."""

    def command(self) -> list[str]:
        words = [
            sys.executable,
            "-m",
            "referee.cli",
            *self.COMMAND,
            self.session_id,
            "--data-dir",
            self.data_dir,
            "--port",
            str(self.port),
            "--url-only",
        ]
        if self.host:
            words += ["--host", self.host]
        if self.lang:
            words += ["--lang", self.lang]
        if self.seats is not None:
            words.append("--seats-by-pipe")
        return [*words, *self.extra]

    def start(self, timeout: float = 30) -> str:
        """Start serving and return the page's address; ServeError with the server's words if
        it cannot start."""
        if self.running:
            return self.url
        if self.seats is not None:
            from ..engine.units import load_standard

            # The phones' messages are answered in a thread of this process, beside the app's
            # own refereeing: every rule unit is loaded before (loading one registers it).
            load_standard()
        # The token goes by the environment: a command line is visible to every local user.
        env = {**os.environ, TOKEN_VARIABLE: self.token}
        with tempfile.TemporaryFile("w+", encoding="utf-8") as errors:
            proc = subprocess.Popen(
                self.command(),
                env=env,
                text=True,
                encoding="utf-8",
                stdin=subprocess.PIPE if self.seats is not None else subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=errors,
            )
            self.proc = proc
            _yield_to_the_table(proc.pid)
            line: list[str] = []
            stdout = proc.stdout
            assert stdout is not None
            reader = threading.Thread(target=lambda: line.append(stdout.readline()), daemon=True)
            reader.start()
            reader.join(timeout)
            if not line or not line[0].strip():
                self.stop()
                errors.seek(0)
                raise ServeError(errors.read().strip() or _("the scoreboard server did not start"))
        self.url = line[0].strip()
        if self.seats is not None:
            threading.Thread(target=self._answer, args=(proc, self.seats), daemon=True).start()
        # Restarted later, it takes the same port back: the phones' address stays valid.
        self.port = urlsplit(self.url).port or self.port
        return self.url

    @staticmethod
    def _answer(proc: subprocess.Popen[str], handler: Handler) -> None:
        """In a thread: answer the server's messages, one at a time, until it ends."""
        assert proc.stdout is not None and proc.stdin is not None

        def answered(message: dict[str, Any]) -> dict[str, Any]:
            try:
                return handler(message)
            except Exception as exc:  # a bug: this phone is told, and the next ones answered
                print(f"uno-referee: a phone's message failed: {exc!r}", file=sys.stderr)
                return {"error": "writer"}

        try:
            for line in proc.stdout:
                answer = answer_line(line, answered)
                if answer is not None:
                    proc.stdin.write(answer)
                    proc.stdin.flush()
        except (OSError, ValueError):
            return  # the server stopped (its pipes closed): nothing more to answer

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(STOP_SECONDS)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        for pipe in (proc.stdin, proc.stdout):
            if pipe is not None:
                with contextlib.suppress(OSError):
                    pipe.close()

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


class VenueProcess(ServeProcess):
    """`uno-referee event serve` as the director's screen starts it: the venue's server, its
    first line the big screen's address (`session_id` is the event's id)."""

    COMMAND = ("event", "serve")
