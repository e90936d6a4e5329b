"""An event's log of the organizer's changes, and reopening a locked event.

Locking can now be undone (until the deadline), so an organizer, a judge or a
player who asks "was this event closed when I tried?" needs the record: every
change of an event's state is a row here (created, locked, reopened,
published, and each change of its settings with what it was and what it is:
"deadline moved from ... to ..."), with its time, written in the same
transaction as the change.
Like the list versions, the log is append-only, and the database enforces it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

import sqlite_utils

from ..db import create_once, transaction
from . import idempotency
from .records import Organizer
from .refusals import EventClosedError
from .tokens import as_pasted, new_token, token_hash, token_matches

CREATED = "created"
LOCKED = "locked"
REOPENED = "reopened"
PUBLISHED = "published"
ADMIN_LINK_REPLACED = "admin link replaced"

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS event_log (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        event_id TEXT NOT NULL REFERENCES events(id),
        at TEXT NOT NULL,
        action TEXT NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS event_log_event ON event_log (event_id, id)",
    """CREATE TRIGGER IF NOT EXISTS event_log_no_update BEFORE UPDATE ON event_log
        BEGIN SELECT RAISE(ABORT, 'event_log is append-only'); END""",
    """CREATE TRIGGER IF NOT EXISTS event_log_no_delete BEFORE DELETE ON event_log
        BEGIN SELECT RAISE(ABORT, 'event_log is append-only'); END""",
    # Each replacement of an admin link asked with a form's key: the new link sealed with
    # the key, so that the form sent again (a double click) shows the link its first
    # sending made, which the browser showed no one, instead of "Nothing here".
    """CREATE TABLE IF NOT EXISTS event_link_replacements (
        event_id TEXT NOT NULL REFERENCES events(id),
        old_hash TEXT NOT NULL,
        key_hash TEXT NOT NULL,
        sealed TEXT NOT NULL,
        at TEXT NOT NULL,
        PRIMARY KEY (event_id, old_hash, key_hash)
    )""",
)
# How long a replace form sent again finds the link its first sending made.
RESEND_MINUTES = 60


@dataclass(frozen=True)
class Change:
    at: datetime
    action: str


def ensure_schema(db: sqlite_utils.Database) -> None:
    create_once(db, "event journal", SCHEMA)


def record(db: sqlite_utils.Database, event_id: str, action: str, now: datetime) -> None:
    """Log one change; called inside the transaction that makes it."""
    ensure_schema(db)
    db.execute(
        "INSERT INTO event_log (event_id, at, action) VALUES (?, ?, ?)",
        [event_id, now.isoformat(), action],
    )


def changes(db: sqlite_utils.Database, organizer: Organizer) -> list[Change]:
    """Every logged change of the event, oldest first."""
    ensure_schema(db)
    rows = db.execute(
        "SELECT at, action FROM event_log WHERE event_id = ? ORDER BY id", [organizer.event.id]
    ).fetchall()
    return [Change(datetime.fromisoformat(at), action) for at, action in rows]


def reopen(db: sqlite_utils.Database, organizer: Organizer, now: datetime) -> None:
    """Open a locked event again, before its deadline and only while its lists are unpublished.

    Published lists cannot be taken back from whoever read them, so a published
    event stays closed; after the deadline reopening would move the deadline,
    which players were told. An open event is left as it is, as locking a locked one is.
    """
    ensure_schema(db)
    with transaction(db):
        locked, published, deadline = db.execute(
            "SELECT locked, published, deadline FROM events WHERE id = ?", [organizer.event.id]
        ).fetchone()
        if published:
            raise EventClosedError("The lists are published: a published event stays closed.")
        if now >= datetime.fromisoformat(deadline):
            raise EventClosedError("The deadline has passed: the event cannot be reopened.")
        if not locked:
            return  # open already: reopening sent twice (a double click) does it once
        db.execute("UPDATE events SET locked = 0 WHERE id = ?", [organizer.event.id])
        record(db, organizer.event.id, REOPENED, now)


def replace_admin_link(
    db: sqlite_utils.Database,
    organizer: Organizer,
    now: datetime,
    used: str | None = None,
    key: str | None = None,
) -> str:
    """A new admin link for the event; the old one (perhaps leaked) opens nothing from now on.

    Personal links of organizers with accounts are theirs alone and stay. Asked through the
    link ``used`` with a form's ``key``, the same form sent again finds the new link
    (:func:`replaced_link`).
    """
    ensure_schema(db)
    token = new_token()
    with transaction(db):
        db.execute(
            "UPDATE events SET admin_hash = ? WHERE id = ?", [token_hash(token), organizer.event.id]
        )
        record(db, organizer.event.id, ADMIN_LINK_REPLACED, now)
        if used and key:
            scope = _scope(organizer.event.id)
            db.execute(
                "INSERT OR REPLACE INTO event_link_replacements"
                " (event_id, old_hash, key_hash, sealed, at) VALUES (?, ?, ?, ?, ?)",
                [
                    organizer.event.id,
                    token_hash(as_pasted(used)),
                    idempotency.key_hash(scope, key),
                    idempotency.seal(scope, key, token),
                    now.isoformat(),
                ],
            )
    return token


def replaced_link(
    db: sqlite_utils.Database, event_id: str, used: str, key: str, now: datetime
) -> str | None:
    """The admin link that the replace form with ``key``, sent through the link ``used``,
    made within :data:`RESEND_MINUTES`, while it is still the event's; else None.

    Only the browser that sent the form holds both the old link and the form's key, a
    random one of its own page: a leaked old link alone finds nothing."""
    ensure_schema(db)
    scope = _scope(event_id)
    row = db.execute(
        "SELECT r.sealed, r.at, e.admin_hash FROM event_link_replacements r"
        " JOIN events e ON e.id = r.event_id"
        " WHERE r.event_id = ? AND r.old_hash = ? AND r.key_hash = ?",
        [event_id, token_hash(as_pasted(used)), idempotency.key_hash(scope, key)],
    ).fetchone()
    if row is None:
        return None
    sealed, at, admin_hash = row
    if now - datetime.fromisoformat(at) > timedelta(minutes=RESEND_MINUTES):
        return None
    token = idempotency.unseal(scope, key, sealed)
    return token if token_matches(token, admin_hash) else None


def _scope(event_id: str) -> str:
    return f"admin link\0{event_id}"
