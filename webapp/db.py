"""The one SQLite file of the app: compiled card pools and saved decks.

Each request opens its own connection (kept in ``g`` and closed on teardown),
so several gunicorn workers can share the file: WAL lets readers run beside a
writer, and the busy timeout makes a second writer wait instead of failing.
"""

from __future__ import annotations

import sqlite3
import time
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
    if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
        _use_wal(conn)
    # WAL with synchronous=NORMAL stays consistent after a crash and skips an fsync per commit.
    conn.execute("PRAGMA synchronous = NORMAL")
    conn.execute("PRAGMA foreign_keys = ON")
    # Pages are mapped, not copied: a connection per request starts warm from the OS cache.
    conn.execute(f"PRAGMA mmap_size = {MMAP_BYTES}")
    return sqlite_utils.Database(conn)


def _use_wal(conn: sqlite3.Connection) -> None:
    """Switch a new file to WAL (it stays so), retrying while another worker does the same.

    Switching needs the file to itself, and SQLite answers "locked" at once rather
    than wait for it, so workers opening a fresh file together would fail.
    """
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.005)


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
