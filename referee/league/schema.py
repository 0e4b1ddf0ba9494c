"""The hub's tables, and the versioned steps that bring a store's schema up to date."""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Column,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    insert,
    inspect,
    select,
)
from sqlalchemy.engine import Connection, Engine

from ..i18n import _

SCHEMA_VERSION = 1
"""The schema this version writes. A store at a higher version is refused (never rewritten)."""

metadata = MetaData()

schema = Table("hub_schema", metadata, Column("version", Integer, nullable=False))
"""One row: the schema version the store is at."""

keys = Table(
    "hub_keys",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(64), nullable=False),
    # SHA-256 of the key: the key itself is shown once, when made, and kept nowhere.
    Column("digest", String(64), nullable=False, unique=True),
    Column("role", String(16), nullable=False),
    Column("created", String(32), nullable=False),
    Column("revoked", String(32)),
)

sessions = Table(
    "hub_sessions",
    metadata,
    Column("uid", String(36), primary_key=True),
    # The laptop (key name) that sent it first: only that laptop's keys may extend it.
    Column("owner", String(64), nullable=False),
    Column("alias", String(16), nullable=False),
    Column("meta", Text, nullable=False),
    Column("last_seq", Integer, nullable=False),
    Column("last_hash", String(64), nullable=False),
    Column("received", String(32), nullable=False),
    # Bumped by every change (an extension, a resolved fork): what the cached row is of.
    Column("version", BigInteger, nullable=False),
    Column("row", Text),
    Column("row_version", BigInteger),
)

entries = Table(
    "hub_entries",
    metadata,
    Column("uid", String(36), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("hash", String(64), nullable=False),
    Column("body", Text, nullable=False),
)

forks = Table(
    "hub_forks",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("uid", String(36), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("hash", String(64), nullable=False),
    # The entries from `seq` on as the sender had them (JSON list), kept apart, never merged.
    Column("body", Text, nullable=False),
    Column("sender", String(64), nullable=False),
    Column("received", String(32), nullable=False),
    Column("resolved", String(16)),
    UniqueConstraint("uid", "seq", "hash", name="hub_forks_once"),
)
Index("hub_forks_open", forks.c.resolved)

book = Table(
    "hub_book",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("body", Text, nullable=False),
    Column("version", BigInteger, nullable=False),
)
"""The league book (merged names, guests, labels by global id): one row, id 1."""


class SchemaError(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def upgrade(engine: Engine) -> None:
    """Create the tables of an empty store, or check an existing one's version."""
    with engine.begin() as conn:
        if not inspect(conn).has_table(schema.name):
            metadata.create_all(conn)
            conn.execute(insert(schema).values(version=SCHEMA_VERSION))
            conn.execute(insert(book).values(id=1, body="{}", version=0))
            return
        _check(conn)


def _check(conn: Connection) -> None:
    version = conn.execute(select(schema.c.version)).scalar()
    if version is None:
        raise SchemaError(_("the hub's store has no schema version: it was not made by a hub"))
    if version > SCHEMA_VERSION:
        raise SchemaError(
            _(
                "the hub's store was written by a newer uno-referee (schema {found}; this "
                "version knows {known}); upgrade to serve it. Nothing was changed."
            ).format(found=version, known=SCHEMA_VERSION)
        )
    # Steps from older versions go here, each in this transaction, when there are any.
