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
import stat
import threading
import time
import weakref
from collections.abc import Callable, Iterable, Iterator
from contextlib import closing, contextmanager, suppress
from pathlib import Path

import sqlite_utils
from flask import Flask, current_app

from cardpool import DeckwrightError

BUSY_TIMEOUT_MS = 10_000
MMAP_BYTES = 256 * 1024 * 1024
WAL_CHECKPOINT_PAGES = 10_000  # about 40 MB of WAL at the default page size


class StoreError(DeckwrightError):
    """The database could not do what a request asked (full, read-only, locked, gone,
    damaged): nothing the request would have written was kept. Answered as 503 with
    ``Retry-After``; the next request tries again, and succeeds once the cause is gone
    (a file deleted or replaced under the server needs a restart: :class:`Connections`)."""

    code = "store-unavailable"
    status = 503
    retry_after = 30
    # The connection is opened afresh after this error: one that opened a file it could
    # not write (its folder read-only for a moment) would stay read-only for good.
    reopen = True


class StoreBusy(StoreError):
    code = "store-busy"
    retry_after = 5
    reopen = False

    def __init__(self) -> None:
        super().__init__("The server is busy saving other changes and could not wait longer.")


class StoreFull(StoreError):
    code = "store-full"
    reopen = False

    def __init__(self) -> None:
        super().__init__("The server's storage is full.")


class StoreReadOnly(StoreError):
    code = "store-read-only"

    def __init__(self) -> None:
        super().__init__("The server's storage cannot be written to right now.")


class StoreUnreadable(StoreError):
    def __init__(self) -> None:
        super().__init__("The server's storage cannot be read right now.")


class StoreCannotOpen(StoreUnreadable):
    """The file cannot be opened (or made): its folder is missing or not the user's."""


# SQLite's primary result codes (``sqlite_errorname`` up to the first ``_`` after
# ``SQLITE_``), and its messages for errors raised without one.
_KINDS: dict[str, type[StoreError]] = {
    "SQLITE_BUSY": StoreBusy,
    "SQLITE_LOCKED": StoreBusy,
    "SQLITE_FULL": StoreFull,
    "SQLITE_READONLY": StoreReadOnly,
    "SQLITE_CANTOPEN": StoreCannotOpen,
    "SQLITE_IOERR": StoreUnreadable,
    "SQLITE_NOTADB": StoreUnreadable,
    "SQLITE_CORRUPT": StoreUnreadable,
}
_MESSAGES: dict[str, type[StoreError]] = {
    "database is locked": StoreBusy,
    "database table is locked": StoreBusy,
    "database or disk is full": StoreFull,
    "attempt to write a readonly database": StoreReadOnly,
    "unable to open database file": StoreCannotOpen,
    "disk I/O error": StoreUnreadable,
    "file is not a database": StoreUnreadable,
    "database disk image is malformed": StoreUnreadable,
}


def store_error_of(error: sqlite3.DatabaseError) -> StoreError | None:
    """Our error for a failure of the database itself, or None for any other (a constraint
    broken, a statement that does not compile: a bug, left to surface as one)."""
    if isinstance(error, StoreError):
        return error
    name = getattr(error, "sqlite_errorname", None) or ""
    primary = "_".join(name.split("_")[:2])
    kind = _KINDS.get(primary) or _MESSAGES.get(str(error).strip())
    return kind() if kind is not None else None


def connect(path: str | Path) -> sqlite_utils.Database:
    """Open the database file with the settings every connection of the app shares."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    # Autocommit at the driver level: transactions are opened explicitly where needed.
    # Any thread may close a connection whose own thread has ended (Connections.sweep);
    # none other uses it.
    conn = sqlite3.connect(
        str(path), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
    )
    try:
        return _configured(conn)
    except BaseException:
        conn.close()  # a file that cannot be set up (damaged, locked) leaves no handle open
        raise


def _configured(conn: sqlite3.Connection) -> sqlite_utils.Database:
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
        # SQLite may have rolled back already (a full disk, an I/O error): the error that
        # stopped the transaction is the one raised, never one of the rollback.
        # The request's end rolls back again, or drops the connection, if this fails.
        if db.conn.in_transaction:
            with suppress(sqlite3.Error):
                db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def has_trigger(db: sqlite_utils.Database, name: str) -> bool:
    """Whether the file holds the trigger ``name`` (an upgrade's mark that it was done)."""
    return bool(
        db.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = ?", [name]
        ).fetchone()
    )


def under_write_lock(
    db: sqlite_utils.Database, work: Callable[[sqlite_utils.Database], None]
) -> None:
    """Do ``work`` in the caller's transaction when there is one, else in a :func:`transaction`
    of its own (``work`` reads again what it writes: another worker may have been first)."""
    if db.conn.in_transaction:
        work(db)
    else:
        with transaction(db):
            work(db)


# Connections a forked child inherited: never used, and never closed or freed there,
# since closing would release the locks SQLite holds for the parent's file handles.
_INHERITED: list[object] = []


class Connections:
    """The connections of one app to its database: one per thread, opened on first use.

    ``pid`` tells a fork apart: in a child, the parent's connections are set
    aside untouched and new ones are opened.

    Each use checks that the file at the path is still the one opened. A file deleted is
    never made anew (every saved deck and event would seem gone), and neither it nor a
    file put in its place is written on: the first would be lost at the next restart, and
    the second would be read with the write-ahead log of the first and be damaged. Both
    are refused until the server is restarted.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = path
        self.pid = os.getpid()
        self.local = threading.local()
        self.lock = threading.Lock()
        self.open: dict[int, tuple[threading.Thread, sqlite_utils.Database]] = {}
        # The file the connections of this process opened (device, inode); until one is
        # opened, any file found at the path will do. Once a file has been seen there, a
        # new one is never made in its place.
        self.opened: tuple[int, int] | None = None
        self.seen = _identity(path) is not None

    def get(self) -> sqlite_utils.Database:
        if self.pid != os.getpid():
            self._forked()
        found = _identity(self.path)
        if (found is None and self.seen) or (self.opened is not None and found != self.opened):
            raise _moved()
        db = getattr(self.local, "db", None)
        if db is None:
            db = connect(self.path)
            self.local.db = db
            self.seen = True
            if self.opened is None:
                self.opened = _identity(self.path)
            with self.lock:
                self._sweep()
                self.open[threading.get_ident()] = (threading.current_thread(), db)
        return db

    def current(self) -> sqlite_utils.Database | None:
        """This thread's connection if it has one (and it was opened in this process)."""
        return getattr(self.local, "db", None) if self.pid == os.getpid() else None

    def discard(self) -> None:
        """Close this thread's connection (if any): the next use opens the file again. One to
        a file deleted or replaced is left open and unused: closing it could fold its
        write-ahead log into, or delete it beside, a file not its own."""
        db = self.current()
        if db is None or _identity(self.path) != self.opened:
            return
        self.local.db = None
        with self.lock:
            self.open.pop(threading.get_ident(), None)
        # Closing rolls back a transaction left open; one to a file gone bad may fail to
        # close cleanly, and is dropped all the same.
        with suppress(sqlite3.Error):
            db.close()

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


def _moved() -> sqlite3.OperationalError:
    """What SQLite says of a file it cannot open, and why."""
    error = sqlite3.OperationalError(
        "unable to open database file: it was deleted or replaced while the server ran;"
        " restart the server to open the file now at its path"
    )
    error.sqlite_errorname = "SQLITE_CANTOPEN"
    return error


def _identity(path: str | Path) -> tuple[int, int] | None:
    """Which file ``path`` names now (device and inode), or None if there is none."""
    try:
        found = os.stat(path)
    except FileNotFoundError:
        return None
    return found.st_dev, found.st_ino


def connections(app: Flask) -> Connections:
    return app.extensions["deckwright.db"]


def get_db() -> sqlite_utils.Database:
    """This thread's connection, kept between requests."""
    return connections(current_app).get()


def end_request(_error: BaseException | None = None) -> None:
    """A request that failed inside a transaction leaves none open for the next one; a
    connection that cannot even roll back (its file gone bad) is closed, and opened again
    by the next request."""
    kept = connections(current_app)
    db = kept.current()
    if db is not None and db.conn.in_transaction:
        try:
            db.execute("ROLLBACK")
        except sqlite3.Error:
            kept.discard()


class UnusableAtStart(StoreError, RuntimeError):
    """The database cannot be used as the server starts. A RuntimeError too: gunicorn says
    one raised while loading the app as ``Error: ...`` and exits, with no traceback."""


# What the one who runs the server can do, by kind of failure.
_ADVICE: dict[type[StoreError], str] = {
    StoreBusy: "another program holds it in a transaction (an sqlite3 shell after BEGIN?):"
    " end that transaction, then start again",
    StoreFull: "its disk is full: free some space, then start again",
    StoreReadOnly: "this user cannot write it, or its folder (SQLite keeps the -wal and -shm"
    " files beside it): give write access to both, then start again",
    StoreCannotOpen: "its folder is missing, or this user cannot read and write in it:"
    " make the folder, or give write access to it",
    StoreUnreadable: "it is no SQLite database, or a damaged one: put back a copy, removing"
    " the -wal and -shm files beside the path, or move it aside to start with an empty one",
}


def check_at_start(
    path: str | Path, prepare: Callable[[sqlite_utils.Database], None] | None = None
) -> None:
    """Open the file (making it if there is none), ``prepare`` it, and close it again; a
    file that cannot be used stops the start with what is wrong and what to do, not a
    traceback."""
    with suppress(OSError):  # a path to nothing yet is made below
        if not stat.S_ISREG(os.stat(path).st_mode):
            # /dev/null opens as an empty database and fails at the first write; a folder
            # would be said to be a missing one
            kind = "a folder" if os.path.isdir(path) else "no file (a device or a pipe)"
            raise UnusableAtStart(
                f"The database {path} cannot be used: it is {kind}. Set DECKWRIGHT_DATABASE"
                " to the path of a file (it is made if there is none)."
            )
    try:
        with closing(connect(path)) as db:
            if prepare is not None:
                prepare(db)
    except OSError as error:  # its folder could not be made
        raise UnusableAtStart(
            f"The database {path} cannot be used: its folder cannot be made"
            f" ({error.strerror}): make it, or set DECKWRIGHT_DATABASE to a path that can be."
        ) from error
    except sqlite3.DatabaseError as error:
        failure = store_error_of(error)
        if failure is None:
            raise
        advice = _ADVICE[next(k for k in type(failure).__mro__ if k in _ADVICE)]
        raise UnusableAtStart(f"The database {path} cannot be used ({error}): {advice}.") from error


def init_app(app: Flask, prepare: Callable[[sqlite_utils.Database], None] | None = None) -> None:
    """Check the app's database (``prepare`` it: before gunicorn forks its workers) and keep
    its connections; close them when the app is dropped or the process ends."""
    check_at_start(app.config["DATABASE"], prepare)
    kept = Connections(app.config["DATABASE"])
    app.extensions["deckwright.db"] = kept
    # The finalizer holds the connections, not the app: it runs at garbage collection of
    # the app (tests build many) or at exit, and closes them cleanly either way.
    weakref.finalize(app, kept.close)
    app.teardown_appcontext(end_request)
