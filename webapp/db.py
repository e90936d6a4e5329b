"""The one SQLite file of the app: compiled card pools, saved decks and events.

Each thread of each worker process keeps one connection for the life of the
worker (:class:`Connections`): opening one per request cost more than most
requests, and its close checkpointed the WAL, four ``fdatasync`` calls each
time. Several gunicorn workers share the file: WAL lets readers run beside a
writer, and the busy timeout makes a second writer wait instead of failing.
A connection never crosses a fork: one opened before it (a preloaded app) is
left alone in the child, which opens its own.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
import weakref
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

import sqlite_utils
from flask import Flask, current_app

BUSY_TIMEOUT_MS = 10_000
MMAP_BYTES = 256 * 1024 * 1024
WAL_CHECKPOINT_PAGES = 10_000  # about 40 MB of WAL at the default page size


def connect(path: str | Path) -> sqlite_utils.Database:
    """Open the database file with the settings every connection of the app shares."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    # Autocommit at the driver level: transactions are opened explicitly where needed.
    # Any thread may close a connection whose own thread has ended (Connections.sweep);
    # none other uses it.
    conn = sqlite3.connect(
        str(path), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
    )
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
        _use_wal(conn)
    # WAL with synchronous=NORMAL stays consistent after a crash and skips an fsync per commit.
    conn.execute("PRAGMA synchronous = NORMAL")
    # The WAL is folded into the file every WAL_CHECKPOINT_PAGES pages rather than SQLite's
    # 1,000: a checkpoint syncs twice and the commit that runs it waits, and pages written
    # again and again (indexes, counts) are copied once per checkpoint. What a commit makes
    # durable is unchanged: it is in the WAL once the commit returns.
    conn.execute(f"PRAGMA wal_autocheckpoint = {WAL_CHECKPOINT_PAGES}")
    conn.execute("PRAGMA foreign_keys = ON")
    # Pages are mapped, not copied: every worker reads the same pages of the OS cache.
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


# Each store's tables, created at most once per connection: (connection -> store names).
_CREATED: weakref.WeakKeyDictionary[sqlite_utils.Database, set[str]] = weakref.WeakKeyDictionary()


def create_once(
    db: sqlite_utils.Database,
    store: str,
    statements: Iterable[str],
    then: Callable[[sqlite_utils.Database], None] | None = None,
) -> None:
    """Run a store's ``CREATE ... IF NOT EXISTS`` statements (and ``then``, its upgrade of an
    older file) the first time ``db`` is used for that store, and never again on it."""
    done = _CREATED.setdefault(db, set())
    if store in done:
        return
    for statement in statements:
        db.execute(statement)
    if then is not None:
        then(db)
    done.add(store)


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


# Connections a forked child inherited: never used, and never closed or freed there,
# since closing would release the locks SQLite holds for the parent's file handles.
_INHERITED: list[object] = []


class Connections:
    """The connections of one app to its database: one per thread, opened on first use.

    ``pid`` tells a fork apart: in a child, the parent's connections are set
    aside untouched and new ones are opened.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = path
        self.pid = os.getpid()
        self.local = threading.local()
        self.lock = threading.Lock()
        self.open: dict[int, tuple[threading.Thread, sqlite_utils.Database]] = {}

    def get(self) -> sqlite_utils.Database:
        if self.pid != os.getpid():
            self._forked()
        db = getattr(self.local, "db", None)
        if db is None:
            db = connect(self.path)
            self.local.db = db
            with self.lock:
                self._sweep()
                self.open[threading.get_ident()] = (threading.current_thread(), db)
        return db

    def current(self) -> sqlite_utils.Database | None:
        """This thread's connection if it has one (and it was opened in this process)."""
        return getattr(self.local, "db", None) if self.pid == os.getpid() else None

    def _forked(self) -> None:
        with self.lock:
            _INHERITED.append((self.local, self.open))
            self.pid = os.getpid()
            self.local = threading.local()
            self.open = {}

    def _sweep(self) -> None:
        """Close the connections of threads that have ended (a threaded dev server's)."""
        for ident, (thread, db) in list(self.open.items()):
            if not thread.is_alive():
                del self.open[ident]
                db.close()

    def close(self) -> None:
        """Close every connection this process opened (tests, and the worker's exit)."""
        if self.pid != os.getpid():
            return
        with self.lock:
            for _thread, db in self.open.values():
                db.close()
            self.open = {}
            self.local = threading.local()


def connections(app: Flask) -> Connections:
    return app.extensions["deckwright.db"]


def get_db() -> sqlite_utils.Database:
    """This thread's connection, kept between requests."""
    return connections(current_app).get()


def end_request(_error: BaseException | None = None) -> None:
    """A request that failed inside a transaction leaves none open for the next one."""
    db = connections(current_app).current()
    if db is not None and db.conn.in_transaction:
        db.execute("ROLLBACK")


def init_app(app: Flask) -> None:
    """Keep the app's connections; close them when the app is dropped or the process ends."""
    kept = Connections(app.config["DATABASE"])
    app.extensions["deckwright.db"] = kept
    # The finalizer holds the connections, not the app: it runs at garbage collection of
    # the app (tests build many) or at exit, and closes them cleanly either way.
    weakref.finalize(app, kept.close)
    app.teardown_appcontext(end_request)
