"""The one SQLite file of the app: compiled card pools and saved decks.

Each request opens its own connection (kept in ``g`` and closed on teardown),
so several gunicorn workers can share the file: WAL lets readers run beside a
writer, and the busy timeout makes a second writer wait instead of failing.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import sqlite_utils
from flask import Flask, current_app, g

BUSY_TIMEOUT_MS = 10_000
MMAP_BYTES = 256 * 1024 * 1024


def connect(path: str | Path) -> sqlite_utils.Database:
    """Open the database file with the settings every connection of the app shares."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    # Autocommit at the driver level: transactions are opened explicitly where needed.
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA journal_mode = WAL")
    # WAL with synchronous=NORMAL stays consistent after a crash and skips an fsync per commit.
    conn.execute("PRAGMA synchronous = NORMAL")
    conn.execute("PRAGMA foreign_keys = ON")
    # Pages are mapped, not copied: a connection per request starts warm from the OS cache.
    conn.execute(f"PRAGMA mmap_size = {MMAP_BYTES}")
    return sqlite_utils.Database(conn)


@contextmanager
def transaction(db: sqlite_utils.Database) -> Iterator[sqlite_utils.Database]:
    """A write transaction that takes the write lock at once (``BEGIN IMMEDIATE``).

    Taking the lock before reading means two workers doing the same check-then-write
    run one after the other instead of both deciding to write.
    """
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def get_db() -> sqlite_utils.Database:
    """The current request's connection, opened on first use."""
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"])
    return g.db


def close_db(_error: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.close()


def init_app(app: Flask) -> None:
    """Close each request's connection when the request ends."""
    app.teardown_appcontext(close_db)
