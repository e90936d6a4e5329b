"""Personal admin links: one organizer's own, expiring key to an event's dashboard.

The event's admin link is one shared secret, shown once. An organizer with an
account (or a co-organizer they added) opens the dashboard from "My events"
instead: each opening issues a link of their own, kept only as a hash, that
expires after :data:`LINK_HOURS` and is revoked with the holder's access. A
link names its holder by an opaque string; this package knows no accounts.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import sqlite_utils

from ..db import create_once
from .tokens import as_pasted, new_token, token_hash

LINK_HOURS = 12
_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS event_admin_links (
        hash TEXT PRIMARY KEY,
        event_id TEXT NOT NULL REFERENCES events(id),
        holder TEXT NOT NULL,
        expires TEXT NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS event_admin_links_holder ON event_admin_links (holder)",
)


def ensure_schema(db: sqlite_utils.Database) -> None:
    create_once(db, "event links", _SCHEMA)


def issue(db: sqlite_utils.Database, event_id: str, holder: str, now: datetime) -> str:
    """A new personal link token for ``holder``; its expired ones are swept."""
    ensure_schema(db)
    token = new_token()
    db.execute(
        "DELETE FROM event_admin_links WHERE holder = ? AND expires <= ?",
        [holder, now.isoformat()],
    )
    db.execute(
        "INSERT INTO event_admin_links (hash, event_id, holder, expires) VALUES (?, ?, ?, ?)",
        [token_hash(token), event_id, holder, (now + timedelta(hours=LINK_HOURS)).isoformat()],
    )
    return token


def opens(db: sqlite_utils.Database, event_id: str, token: str | None, now: datetime) -> bool:
    """Is ``token`` a live personal link to this event? (Looked up by its hash.)"""
    token = as_pasted(token)
    if not token:
        return False
    ensure_schema(db)
    row = db.execute(
        "SELECT 1 FROM event_admin_links WHERE hash = ? AND event_id = ? AND expires > ?",
        [token_hash(token), event_id, now.isoformat()],
    ).fetchone()
    return row is not None


def revoke(db: sqlite_utils.Database, holder: str, event_id: str | None = None) -> None:
    """End a holder's links: to one event (access removed) or to all (account deleted)."""
    ensure_schema(db)
    if event_id is None:
        db.execute("DELETE FROM event_admin_links WHERE holder = ?", [holder])
    else:
        db.execute(
            "DELETE FROM event_admin_links WHERE holder = ? AND event_id = ?", [holder, event_id]
        )
