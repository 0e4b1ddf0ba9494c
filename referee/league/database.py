"""Opening a hub's store: an embedded SQLite file by default, PostgreSQL for a league, one code
path for both (SQLAlchemy Core)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, event
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import SQLAlchemyError

from ..i18n import _
from ..store.paths import PathError, user_path
from .schema import SchemaError, upgrade

STORE_VARIABLE = "UNO_REFEREE_HUB_STORE"
"""The hub's store when --store is not given: a PostgreSQL URL or a SQLite file's path."""

READ_ONLY = "hub_read_only"
"""The execution option of a transaction that only reads (`reading`)."""

POSTGRES_SCHEMES = ("postgresql://", "postgres://", "postgresql+psycopg://")


class StoreError(Exception):
    """The store cannot be opened or used; `message` says why, for people."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def is_postgres(target: str) -> bool:
    return target.startswith(POSTGRES_SCHEMES)


def shown(target: str) -> str:
    """The target as it may be printed: a URL without its password."""
    if not is_postgres(target):
        return target
    from sqlalchemy.engine import make_url

    try:
        text = make_url(_driver(target)).render_as_string(hide_password=True)
        return text.replace("postgresql+psycopg://", "postgresql://", 1)
    except (ValueError, SQLAlchemyError):
        return "postgresql://…"


def _driver(target: str) -> str:
    # psycopg 3 is the driver: SQLAlchemy's plain postgresql:// means psycopg2.
    for scheme in ("postgresql://", "postgres://"):
        if target.startswith(scheme):
            return "postgresql+psycopg://" + target[len(scheme) :]
    return target


def open_store(target: str) -> Engine:
    """An engine on `target` with the hub's tables in place; StoreError if it cannot be used."""
    try:
        if is_postgres(target):
            engine = create_engine(_driver(target), pool_pre_ping=True, pool_size=8)
        else:
            engine = _sqlite(Path(target))
        upgrade(engine)
    except SchemaError as exc:
        raise StoreError(exc.message) from None
    except (SQLAlchemyError, OSError, ValueError) as exc:
        raise StoreError(
            _("cannot open the hub's store {target}: {reason}").format(
                target=shown(target), reason=_reason(exc)
            )
        ) from None
    return engine


def reading(engine: Engine) -> Connection:
    """A connection for a transaction that only reads (`with reading(e) as c, c.begin():`)."""
    return engine.connect().execution_options(**{READ_ONLY: True})


def _reason(exc: BaseException) -> str:
    orig = getattr(exc, "orig", None)
    text = str(orig if orig is not None else exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def _sqlite(path: Path) -> Engine:
    try:
        path = user_path(path, "--store")
    except PathError as exc:
        raise StoreError(exc.message) from None
    if path.is_dir():
        raise OSError(_("{path} is a folder, not a store file").format(path=path))
    path.parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(f"sqlite:///{os.fspath(path)}", connect_args={"timeout": 30})

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        # Transactions are begun below, not by the driver, so that each takes the write lock
        # at once (BEGIN IMMEDIATE): two ingests of one session never interleave.
        dbapi_conn.isolation_level = None
        cursor = dbapi_conn.cursor()
        # WAL lets the standings read while a laptop's entries are written; FULL makes each
        # commit durable before the hub acknowledges it.
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Any) -> None:
        # Readers (`reading`) take no write lock: WAL lets them read beside the writer.
        deferred = conn.get_execution_options().get(READ_ONLY, False)
        conn.exec_driver_sql("BEGIN DEFERRED" if deferred else "BEGIN IMMEDIATE")

    return engine
