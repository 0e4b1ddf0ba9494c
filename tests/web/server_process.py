"""`uno-referee serve` as the tests run it: the app's child process, on loopback by default."""

from __future__ import annotations

import socket
from pathlib import Path

from referee.web.process import Handler, ServeProcess

ROOT = Path(__file__).resolve().parents[2]


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


class ServerProcess(ServeProcess):
    """A fixed port from the start, so that a restart serves the very same address."""

    def __init__(
        self,
        data_dir: Path,
        session_id: str,
        *,
        host: str = "127.0.0.1",
        port: int | None = None,
        lang: str = "en",
        extra: tuple[str, ...] = (),
        seats: Handler | None = None,
    ) -> None:
        super().__init__(
            data_dir,
            session_id,
            host=host,
            port=port if port is not None else free_port(host),
            lang=lang,
            extra=extra,
            seats=seats,
        )
