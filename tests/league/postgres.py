"""A real PostgreSQL server for the hub's tests, started from the system's binaries in a
temporary folder (as the `postgres` user when the tests run as root, as CI does)."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

from tests.strength import on_ci


def binaries() -> Path | None:
    """The folder of `initdb` and `pg_ctl`: the newest installed PostgreSQL."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=_major)
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).resolve().parent if initdb else None


def _major(path: str) -> int:
    try:
        return int(Path(path).parts[-3])
    except ValueError:
        return 0


def missing_reason() -> str | None:
    """Why the PostgreSQL tests cannot run here (None: they can). Under CI they must."""
    if binaries() is None:
        return "PostgreSQL is not installed (apt-get install postgresql; .ci/run does)"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root and there is no postgres user to run the server as"
    return None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """One server: `url(database)` for a database in it, `new_database()` for a fresh one."""

    def __init__(self) -> None:
        bindir = binaries()
        assert bindir is not None
        self.bin = bindir
        self.root = Path(tempfile.mkdtemp(prefix="uno-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self.user: str | None = None
        if os.geteuid() == 0:
            # PostgreSQL refuses to run as root.
            self.user = "postgres"
            entry = pwd.getpwnam(self.user)
            os.chown(self.root, entry.pw_uid, entry.pw_gid)
        self._run(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            "hub",
            "-A",
            "trust",
            "-E",
            "UTF8",
            "--no-sync",
            "--locale=C",
        )
        options = (
            f"-k {self.root} -p {self.port} -c listen_addresses='' -c fsync=on "
            "-c max_connections=200 -c shared_buffers=64MB"
        )
        self._run(
            "pg_ctl",
            "-D",
            str(self.data),
            "-o",
            options,
            "-l",
            str(self.root / "log"),
            "-w",
            "-t",
            "120",
            "start",
        )
        self._databases = 0

    def _run(self, tool: str, *args: str) -> None:
        subprocess.run(
            [str(self.bin / tool), *args],
            check=True,
            capture_output=True,
            user=self.user,
            cwd=self.root,
        )

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://hub@/{database}?host={self.root}&port={self.port}"

    def new_database(self) -> str:
        """A fresh, empty database's URL."""
        import psycopg

        self._databases += 1
        name = f"hub{os.getpid()}_{self._databases}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        subprocess.run(
            [str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop"],
            capture_output=True,
            user=self.user,
            cwd=self.root,
        )
        shutil.rmtree(self.root, ignore_errors=True)


def required() -> bool:
    """Under CI a missing PostgreSQL fails the run rather than skipping its tests."""
    return on_ci()
