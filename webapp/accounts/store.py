"""Accounts, their sessions and their events, in the app's SQLite file.

Secrets are kept only as hashes: passwords with scrypt (:mod:`.passwords`),
session ids with SHA-256 (they are 256 random bits, so a fast hash is
enough). Removing an account removes its sessions, its links to events and
its personal admin links with it (``ON DELETE CASCADE`` and
:func:`webapp.events.links.revoke`).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import sqlite_utils

from ..db import create_once, transaction
from ..events import links
from ..events.text import shown
from ..events.tokens import as_pasted, new_id, new_token, token_hash
from . import passwords
from .refusals import (
    AccountNotFoundError,
    InvalidAccountError,
    NameTakenError,
    WrongCredentialsError,
)

MIN_NAME_CHARS = 3
MAX_NAME_CHARS = 40
MIN_PASSWORD_CHARS = 10
MAX_PASSWORD_CHARS = 1_000
SESSION_DAYS = 30
OWNER = "owner"
CO_ORGANIZER = "co-organizer"

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS accounts (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL,
        created TEXT NOT NULL,
        email TEXT
    )""",
    """CREATE TABLE IF NOT EXISTS account_sessions (
        id_hash TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        created TEXT NOT NULL,
        expires TEXT NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS account_sessions_account ON account_sessions (account_id)",
    """CREATE TABLE IF NOT EXISTS account_events (
        event_id TEXT NOT NULL REFERENCES events(id),
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        role TEXT NOT NULL,
        added TEXT NOT NULL,
        PRIMARY KEY (event_id, account_id)
    )""",
    "CREATE INDEX IF NOT EXISTS account_events_account ON account_events (account_id)",
    # Personal access tokens for apps and bots; only their hashes are kept.
    """CREATE TABLE IF NOT EXISTS account_tokens (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        hash TEXT NOT NULL UNIQUE,
        created TEXT NOT NULL,
        last_used TEXT
    )""",
    # A password reset link, single-use and expiring; only its hash is kept.
    """CREATE TABLE IF NOT EXISTS account_resets (
        hash TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        expires TEXT NOT NULL
    )""",
    # An address given and not confirmed yet, with the hash of the link mailed to it.
    """CREATE TABLE IF NOT EXISTS account_email_confirms (
        hash TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        email TEXT NOT NULL,
        expires TEXT NOT NULL
    )""",
    # The link a changed address's notice carries to the address the account had: it puts
    # that address back (its hash kept). Their rowids keep the order they were issued in.
    """CREATE TABLE IF NOT EXISTS account_email_undos (
        hash TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        email TEXT NOT NULL,
        expires TEXT NOT NULL
    )""",
)
RESET_MINUTES = 60
CONFIRM_HOURS = 24
UNDO_DAYS = 7


def ensure_schema(db: sqlite_utils.Database) -> None:
    create_once(db, "accounts", SCHEMA, _add_email)


def _add_email(db: sqlite_utils.Database) -> None:
    columns = {row[1] for row in db.execute("PRAGMA table_info(accounts)").fetchall()}
    if "email" not in columns:  # a file made before accounts had an address
        db.execute("ALTER TABLE accounts ADD COLUMN email TEXT")


@dataclass(frozen=True)
class Account:
    id: str
    name: str
    created: datetime


@dataclass(frozen=True)
class EventLink:
    """An event on an account's "My events": its facts and the account's role in it."""

    id: str
    name: str
    game: str
    deadline: datetime
    locked: bool
    published: bool
    role: str
    organizers: list[str]


def name_key(name: str) -> str:
    """Names compare without regard to case or Unicode form: "Ana" and "ANA" are one account."""
    return unicodedata.normalize("NFKC", name).casefold()


def clean_name(name: str) -> str:
    name = unicodedata.normalize("NFKC", str(name or "")).strip()
    if not MIN_NAME_CHARS <= len(name) <= MAX_NAME_CHARS:
        raise InvalidAccountError(
            f"A user name has {MIN_NAME_CHARS} to {MAX_NAME_CHARS} characters."
        )
    if not all(ch.isalnum() or ch in "._-" for ch in name):
        raise InvalidAccountError("A user name holds letters, digits, '.', '_' and '-' only.")
    if len(_LOOKALIKE_SCRIPTS.intersection(_script(ch) for ch in name if ch.isalpha())) > 1:
        raise InvalidAccountError(
            "A user name spells its letters in one alphabet: Latin, Cyrillic and Greek letters"
            " that look alike would pass for another user's name."
        )
    return name


# Alphabets with letters drawn alike ("a" and Cyrillic "а"): a name may not mix them.
_LOOKALIKE_SCRIPTS = frozenset({"LATIN", "CYRILLIC", "GREEK"})


def _script(letter: str) -> str:
    return unicodedata.name(letter, "").split(" ", 1)[0]


def check_password(password: str) -> str:
    if not MIN_PASSWORD_CHARS <= len(password) <= MAX_PASSWORD_CHARS:
        raise InvalidAccountError(
            f"A password has {MIN_PASSWORD_CHARS} to {MAX_PASSWORD_CHARS} characters."
        )
    return password


def _account(row: tuple) -> Account:
    return Account(row[0], row[1], datetime.fromisoformat(row[2]))


# -- registering and logging in -------------------------------------------------------------------


def register(
    db: sqlite_utils.Database,
    name: str,
    password: str,
    now: datetime,
    settings: passwords.Settings = passwords.DEFAULT,
    email: str | None = None,
) -> Account:
    ensure_schema(db)
    name = clean_name(name)
    email = clean_email(email)
    hashed = passwords.hash_password(check_password(password), settings)
    account = Account(new_id(), name, now)
    with transaction(db):
        taken = db.execute("SELECT 1 FROM accounts WHERE name_key = ?", [name_key(name)]).fetchone()
        if taken:
            raise NameTakenError(f"The user name {name!r} is taken; pick another.")
        db.execute(
            "INSERT INTO accounts (id, name, name_key, password_hash, created, email)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [account.id, name, name_key(name), hashed, now.isoformat(), email],
        )
    return account


_DUMMY: dict[passwords.Settings, str] = {}


def prepare(settings: passwords.Settings = passwords.DEFAULT) -> None:
    """Make the dummy hash ahead of the first login, which would otherwise take twice as long
    for an unknown name (one hash to make it, one to check against it)."""
    _dummy_hash(settings)


def _dummy_hash(settings: passwords.Settings) -> str:
    # Made once per settings: checking a password against it costs what a real check costs.
    if settings not in _DUMMY:
        _DUMMY[settings] = passwords.hash_password(new_token(), settings)
    return _DUMMY[settings]


def authenticate(
    db: sqlite_utils.Database,
    name: str,
    password: str,
    settings: passwords.Settings = passwords.DEFAULT,
) -> Account:
    """The account when name and password match; else one refusal, after one scrypt either way.

    An unknown name is checked against a dummy hash, so a wrong name and a wrong
    password take the same time and get the same answer: neither tells a guesser
    which names exist.
    """
    ensure_schema(db)
    row = db.execute(
        "SELECT id, name, created, password_hash FROM accounts WHERE name_key = ?",
        [name_key(str(name or ""))],
    ).fetchone()
    stored = row[3] if row else _dummy_hash(settings)
    matches = passwords.verify_password(str(password or ""), stored)
    if row is None or not matches:
        raise WrongCredentialsError()
    return _account(row[:3])


def by_name(db: sqlite_utils.Database, name: str) -> Account:
    ensure_schema(db)
    row = db.execute(
        "SELECT id, name, created FROM accounts WHERE name_key = ?", [name_key(name)]
    ).fetchone()
    if row is None:
        raise AccountNotFoundError(f"No account is called {name!r}.")
    return _account(row)


# -- sessions -------------------------------------------------------------------------------------


def start_session(db: sqlite_utils.Database, account: Account, now: datetime) -> str:
    """A new session id (always new: a session id known before logging in opens nothing)."""
    ensure_schema(db)
    session_id = new_token()
    with transaction(db):
        db.execute("DELETE FROM account_sessions WHERE expires <= ?", [now.isoformat()])
        db.execute(
            "INSERT INTO account_sessions (id_hash, account_id, created, expires)"
            " VALUES (?, ?, ?, ?)",
            [
                token_hash(session_id),
                account.id,
                now.isoformat(),
                (now + timedelta(days=SESSION_DAYS)).isoformat(),
            ],
        )
    return session_id


def session_account(
    db: sqlite_utils.Database, session_id: str | None, now: datetime
) -> Account | None:
    if not session_id:
        return None
    ensure_schema(db)
    row = db.execute(
        """SELECT a.id, a.name, a.created FROM account_sessions s
           JOIN accounts a ON a.id = s.account_id
           WHERE s.id_hash = ? AND s.expires > ?""",
        [token_hash(session_id), now.isoformat()],
    ).fetchone()
    return _account(row) if row else None


def end_session(db: sqlite_utils.Database, session_id: str | None) -> None:
    if session_id:
        ensure_schema(db)
        db.execute("DELETE FROM account_sessions WHERE id_hash = ?", [token_hash(session_id)])


def end_sessions(db: sqlite_utils.Database, account: Account, keep: str | None = None) -> int:
    """Log out everywhere (but the session ``keep``); the number of sessions ended. The
    personal links to event dashboards any of them opened end too."""
    ensure_schema(db)
    links.revoke(db, holder_of(account))
    return db.execute(
        "DELETE FROM account_sessions WHERE account_id = ? AND id_hash != ?",
        [account.id, token_hash(keep) if keep else ""],
    ).rowcount


def session_count(db: sqlite_utils.Database, account: Account) -> int:
    ensure_schema(db)
    return db.execute(
        "SELECT COUNT(*) FROM account_sessions WHERE account_id = ?", [account.id]
    ).fetchone()[0]


# -- the account's own changes --------------------------------------------------------------------


def change_password(
    db: sqlite_utils.Database,
    account: Account,
    current: str,
    new: str,
    keep_session: str | None,
    settings: passwords.Settings = passwords.DEFAULT,
) -> None:
    """A new password, given the current one; every other session is logged out and the
    personal links to event dashboards end (see :func:`finish_reset`)."""
    authenticate(db, account.name, current, settings)
    hashed = passwords.hash_password(check_password(new), settings)
    with transaction(db):
        db.execute("UPDATE accounts SET password_hash = ? WHERE id = ?", [hashed, account.id])
        links.revoke(db, holder_of(account))
    end_sessions(db, account, keep=keep_session)


def delete_account(
    db: sqlite_utils.Database,
    account: Account,
    password: str,
    settings: passwords.Settings = passwords.DEFAULT,
) -> None:
    """Remove the account, its sessions, its links to events and its personal admin links.

    The events themselves stay: players' lists are on file in them, and the
    event's own admin link (and other organizers) still open them.
    """
    authenticate(db, account.name, password, settings)
    with transaction(db):
        links.revoke(db, holder_of(account))
        db.execute("DELETE FROM accounts WHERE id = ?", [account.id])


def export(db: sqlite_utils.Database, account: Account) -> dict[str, Any]:
    """Everything kept about the account, as JSON: what "download my data" gives."""
    ensure_schema(db)
    sessions = db.execute(
        "SELECT created, expires FROM account_sessions WHERE account_id = ? ORDER BY created",
        [account.id],
    ).fetchall()
    waiting = db.execute(
        "SELECT email, expires FROM account_email_confirms WHERE account_id = ?", [account.id]
    ).fetchall()
    undos = db.execute(
        "SELECT email, expires FROM account_email_undos WHERE account_id = ? ORDER BY rowid",
        [account.id],
    ).fetchall()
    return {
        "account": {
            "name": account.name,
            "created": account.created.isoformat(),
            "email": email_of(db, account),
            # An address given and not confirmed yet; addresses a notice's link may put back.
            "email_waiting": [{"email": e, "expires": x} for e, x in waiting],
            "email_undo": [{"email": e, "expires": x} for e, x in undos],
        },
        "sessions": [{"created": c, "expires": e} for c, e in sessions],
        "tokens": [
            {
                "name": t.name,
                "created": t.created.isoformat(),
                "last_used": t.last_used.isoformat() if t.last_used else None,
            }
            for t in tokens_of(db, account)
        ],
        "events": [
            {
                "id": e.id,
                "name": e.name,
                "game": e.game,
                "deadline": e.deadline.isoformat(),
                "role": e.role,
                "organizers": e.organizers,
            }
            for e in my_events(db, account)
        ],
    }


# -- events ---------------------------------------------------------------------------------------


def holder_of(account: Account) -> str:
    """How personal admin links name this account (webapp.events.links knows no accounts)."""
    return f"account:{account.id}"


def bind_event(
    db: sqlite_utils.Database, account: Account, event_id: str, role: str, now: datetime
) -> None:
    ensure_schema(db)
    db.execute(
        "INSERT INTO account_events (event_id, account_id, role, added) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (event_id, account_id) DO NOTHING",
        [event_id, account.id, role, now.isoformat()],
    )


def role_in(db: sqlite_utils.Database, account: Account, event_id: str) -> str | None:
    ensure_schema(db)
    row = db.execute(
        "SELECT role FROM account_events WHERE event_id = ? AND account_id = ?",
        [event_id, account.id],
    ).fetchone()
    return row[0] if row else None


def my_events(db: sqlite_utils.Database, account: Account) -> list[EventLink]:
    """The account's events, the latest deadline first, with every organizer's name."""
    ensure_schema(db)
    rows = db.execute(
        """SELECT e.id, CAST(e.name AS BLOB), e.game, e.deadline, e.locked, e.published, m.role,
                  (SELECT group_concat(a.name, char(10)) FROM account_events o
                   JOIN accounts a ON a.id = o.account_id WHERE o.event_id = e.id)
           FROM account_events m JOIN events e ON e.id = m.event_id
           WHERE m.account_id = ?
           ORDER BY e.deadline DESC""",
        [account.id],
    ).fetchall()
    return [
        EventLink(
            id=r[0],
            name=shown(r[1]),
            game=r[2],
            deadline=datetime.fromisoformat(r[3]),
            locked=bool(r[4]),
            published=bool(r[5]),
            role=r[6],
            organizers=sorted((r[7] or "").split("\n"), key=str.casefold),
        )
        for r in rows
    ]


def add_co_organizer(
    db: sqlite_utils.Database, owner: Account, event_id: str, name: str, now: datetime
) -> Account:
    """Give another account the event on its "My events" (only the owner may)."""
    if role_in(db, owner, event_id) != OWNER:
        raise AccountNotFoundError("Only the event's owner adds co-organizers.")
    other = by_name(db, name)
    bind_event(db, other, event_id, CO_ORGANIZER, now)
    return other


def remove_co_organizer(
    db: sqlite_utils.Database, owner: Account, event_id: str, name: str
) -> None:
    """Take the event off a co-organizer's account and end their personal admin links."""
    if role_in(db, owner, event_id) != OWNER:
        raise AccountNotFoundError("Only the event's owner removes co-organizers.")
    other = by_name(db, name)
    with transaction(db):
        db.execute(
            "DELETE FROM account_events WHERE event_id = ? AND account_id = ? AND role = ?",
            [event_id, other.id, CO_ORGANIZER],
        )
        links.revoke(db, holder_of(other), event_id)


# -- e-mail and password reset ---------------------------------------------------------------------


def clean_email(email: str | None) -> str | None:
    email = (email or "").strip()
    if not email:
        return None
    local, at, domain = email.rpartition("@")
    if (
        not at
        or not local
        or "." not in domain
        or len(email) > 254
        or any(ch.isspace() or not ch.isprintable() for ch in email)
    ):
        raise InvalidAccountError("Give an e-mail address like name@example.org, or none.")
    return email


def email_of(db: sqlite_utils.Database, account: Account) -> str | None:
    ensure_schema(db)
    row = db.execute("SELECT email FROM accounts WHERE id = ?", [account.id]).fetchone()
    return row[0] if row else None


def set_email(db: sqlite_utils.Database, account: Account, email: str | None) -> None:
    """The address reset links go to, set at once (removed, or on a site that sends no mail
    and so can confirm none). An address waiting to be confirmed is dropped, and reset links
    mailed to the address before stop working."""
    ensure_schema(db)
    email = clean_email(email)
    with transaction(db):
        if email != email_of(db, account):
            db.execute("UPDATE accounts SET email = ? WHERE id = ?", [email, account.id])
            db.execute("DELETE FROM account_resets WHERE account_id = ?", [account.id])
        db.execute("DELETE FROM account_email_confirms WHERE account_id = ?", [account.id])


# -- confirming an address, and undoing a change of it ---------------------------------------------


def ask_email(db: sqlite_utils.Database, account: Account, email: str, now: datetime) -> str:
    """An address given, to be confirmed before reset links go to it: the token of the link
    to mail it. Only the newest address given waits: an earlier one's link stops working."""
    ensure_schema(db)
    email = clean_email(email)
    if email is None:
        raise InvalidAccountError("Give an e-mail address like name@example.org, or none.")
    token = new_token()
    expires = (now + timedelta(hours=CONFIRM_HOURS)).isoformat()
    with transaction(db):
        db.execute("DELETE FROM account_email_confirms WHERE account_id = ?", [account.id])
        db.execute(
            "INSERT INTO account_email_confirms (hash, account_id, email, expires)"
            " VALUES (?, ?, ?, ?)",
            [token_hash(token), account.id, email, expires],
        )
    return token


def email_waiting(db: sqlite_utils.Database, account: Account, now: datetime) -> str | None:
    """The address given and not confirmed yet, while its link works."""
    ensure_schema(db)
    row = db.execute(
        "SELECT email FROM account_email_confirms WHERE account_id = ? AND expires > ?",
        [account.id, now.isoformat()],
    ).fetchone()
    return row[0] if row else None


_CONFIRM_GONE = (
    "This confirmation link is used, expired or wrong. Opened before, it confirmed the"
    " address already: your account page shows it. If not, give the address again there to"
    " be sent a new link."
)


def confirming(db: sqlite_utils.Database, token: str, now: datetime) -> tuple[Account, str]:
    """The account and address a live confirmation link is for (the link is not used up)."""
    ensure_schema(db)
    row = db.execute(
        """SELECT a.id, a.name, a.created, c.email FROM account_email_confirms c
           JOIN accounts a ON a.id = c.account_id WHERE c.hash = ? AND c.expires > ?""",
        [token_hash(as_pasted(token)), now.isoformat()],
    ).fetchone()
    if row is None:
        raise AccountNotFoundError(_CONFIRM_GONE)
    return _account(row[:3]), row[3]


def confirm_email(
    db: sqlite_utils.Database, token: str, now: datetime
) -> tuple[Account, str | None, str]:
    """Confirm an address by the link mailed to it, which is used up: reset links go to it
    from now on (those mailed to the address before stop working). (account, the address
    before, the address now)."""
    with transaction(db):
        account, email = confirming(db, token, now)
        old = email_of(db, account)
        db.execute("DELETE FROM account_email_confirms WHERE account_id = ?", [account.id])
        db.execute("DELETE FROM account_resets WHERE account_id = ?", [account.id])
        db.execute("UPDATE accounts SET email = ? WHERE id = ?", [email, account.id])
    return account, old, email


def issue_undo(db: sqlite_utils.Database, account: Account, old: str, now: datetime) -> str:
    """The token of a link, for the notice mailed to the address an account had, that puts
    that address back (:func:`undo_email`) for :data:`UNDO_DAYS` days."""
    ensure_schema(db)
    token = new_token()
    db.execute(
        "INSERT INTO account_email_undos (hash, account_id, email, expires) VALUES (?, ?, ?, ?)",
        [token_hash(token), account.id, old, (now + timedelta(days=UNDO_DAYS)).isoformat()],
    )
    return token


_UNDO_GONE = (
    "This link is used, expired or wrong. If someone else holds your account, ask for a"
    " password reset: it is mailed to the account's address."
)


def undoing(db: sqlite_utils.Database, token: str, now: datetime) -> tuple[Account, str, int]:
    """The account a live undo link is for, the address it puts back and the link's rowid."""
    ensure_schema(db)
    row = db.execute(
        """SELECT a.id, a.name, a.created, u.email, u.rowid FROM account_email_undos u
           JOIN accounts a ON a.id = u.account_id WHERE u.hash = ? AND u.expires > ?""",
        [token_hash(as_pasted(token)), now.isoformat()],
    ).fetchone()
    if row is None:
        raise AccountNotFoundError(_UNDO_GONE)
    return _account(row[:3]), row[3], row[4]


def undo_email(
    db: sqlite_utils.Database,
    token: str,
    now: datetime,
    settings: passwords.Settings = passwords.DEFAULT,
) -> tuple[Account, str]:
    """Put back the address an account had, by the link its notice carried there; the link is
    used up. What to do when someone else changed it: whoever did knows the password and may
    have changed that too, so the account is taken back from them whole.

    Every session ends, with the personal links to event dashboards, and every personal
    access token is revoked (the other person could have made one). The password stops
    working (a random one is set) until a new one is set through a reset link mailed to
    the address put back; reset and confirmation links mailed elsewhere stop working.
    Undo links of later changes (the other person's, mailed to their addresses) stop
    working too, so none can take the address back; those of earlier changes stay.
    """
    locked = passwords.hash_password(new_token(), settings)
    with transaction(db):
        account, email, issued = undoing(db, token, now)
        db.execute(
            "DELETE FROM account_email_undos WHERE account_id = ? AND rowid >= ?",
            [account.id, issued],
        )
        db.execute(
            "UPDATE accounts SET email = ?, password_hash = ? WHERE id = ?",
            [email, locked, account.id],
        )
        for table in ("account_email_confirms", "account_resets", "account_sessions"):
            db.execute(f"DELETE FROM {table} WHERE account_id = ?", [account.id])
        db.execute("DELETE FROM account_tokens WHERE account_id = ?", [account.id])
        links.revoke(db, holder_of(account))
    return account, email


def start_reset(
    db: sqlite_utils.Database, name: str, now: datetime
) -> tuple[Account, str, str] | None:
    """For an account of that name with an address: (account, address, reset token); else None.

    Any earlier reset link of the account stops working: only the newest is live.
    """
    ensure_schema(db)
    row = db.execute(
        "SELECT id, name, created, email FROM accounts WHERE name_key = ?", [name_key(name)]
    ).fetchone()
    if row is None or not row[3]:
        return None
    account, token = _account(row[:3]), new_token()
    with transaction(db):
        db.execute("DELETE FROM account_resets WHERE account_id = ?", [account.id])
        db.execute(
            "INSERT INTO account_resets (hash, account_id, expires) VALUES (?, ?, ?)",
            [
                token_hash(token),
                account.id,
                (now + timedelta(minutes=RESET_MINUTES)).isoformat(),
            ],
        )
    return account, row[3], token


def reset_account(db: sqlite_utils.Database, token: str, now: datetime) -> Account:
    """The account a live reset link is for (the link is not used up yet)."""
    ensure_schema(db)
    row = db.execute(
        """SELECT a.id, a.name, a.created FROM account_resets r
           JOIN accounts a ON a.id = r.account_id WHERE r.hash = ? AND r.expires > ?""",
        [token_hash(token), now.isoformat()],
    ).fetchone()
    if row is None:
        raise AccountNotFoundError("This reset link is used, expired or wrong; ask for a new one.")
    return _account(row)


def finish_reset(
    db: sqlite_utils.Database,
    token: str,
    new: str,
    now: datetime,
    settings: passwords.Settings = passwords.DEFAULT,
) -> Account:
    """Set the new password through a reset link, which is used up.

    A reset is what a player does after their password was stolen: every session of the
    account ends, and so do the personal links to event dashboards opened from My events
    (whoever held a session could have opened one, and it would open the dashboard for
    hours more). Personal access tokens are kept, as on code-hosting sites: an app's token
    is not a password, and the account page lists each one, with when it was last used,
    to revoke.
    """
    hashed = passwords.hash_password(check_password(new), settings)
    with transaction(db):
        account = reset_account(db, token, now)
        # Deleting the row inside the transaction: two requests racing with one link
        # cannot both use it.
        db.execute("DELETE FROM account_resets WHERE account_id = ?", [account.id])
        db.execute("UPDATE accounts SET password_hash = ? WHERE id = ?", [hashed, account.id])
        db.execute("DELETE FROM account_sessions WHERE account_id = ?", [account.id])
        links.revoke(db, holder_of(account))
    return account


# -- personal access tokens ----------------------------------------------------------------------

TOKEN_PREFIX = "dwp_"  # tells an account's token from an event's admin or player token
MAX_TOKENS = 20
MAX_TOKEN_NAME_CHARS = 60


@dataclass(frozen=True)
class AccessToken:
    id: str
    name: str
    created: datetime
    last_used: datetime | None


def create_token(
    db: sqlite_utils.Database, account: Account, name: str, now: datetime
) -> tuple[AccessToken, str]:
    """A new personal access token for apps and bots: (its record, the secret shown once)."""
    ensure_schema(db)
    name = " ".join(str(name or "").split())
    if not name or len(name) > MAX_TOKEN_NAME_CHARS or not name.isprintable():
        raise InvalidAccountError(
            f"Name the token (up to {MAX_TOKEN_NAME_CHARS} characters) after the app that uses it."
        )
    secret = TOKEN_PREFIX + new_token()
    record = AccessToken(new_id(), name, now, None)
    with transaction(db):
        held = db.execute(
            "SELECT COUNT(*) FROM account_tokens WHERE account_id = ?", [account.id]
        ).fetchone()[0]
        if held >= MAX_TOKENS:
            raise InvalidAccountError(f"An account holds at most {MAX_TOKENS} tokens.")
        db.execute(
            "INSERT INTO account_tokens (id, account_id, name, hash, created)"
            " VALUES (?, ?, ?, ?, ?)",
            [record.id, account.id, name, token_hash(secret), now.isoformat()],
        )
    return record, secret


def tokens_of(db: sqlite_utils.Database, account: Account) -> list[AccessToken]:
    ensure_schema(db)
    rows = db.execute(
        "SELECT id, name, created, last_used FROM account_tokens WHERE account_id = ?"
        " ORDER BY created",
        [account.id],
    ).fetchall()
    return [AccessToken(r[0], r[1], datetime.fromisoformat(r[2]), _moment(r[3])) for r in rows]


def _moment(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


def revoke_token(db: sqlite_utils.Database, account: Account, token_id: str) -> None:
    ensure_schema(db)
    gone = db.execute(
        "DELETE FROM account_tokens WHERE id = ? AND account_id = ?", [token_id, account.id]
    ).rowcount
    if not gone:
        raise AccountNotFoundError("No such token.")


def token_account(db: sqlite_utils.Database, secret: str | None, now: datetime) -> Account | None:
    """The account a live personal access token belongs to (looked up by its hash)."""
    if not secret or not secret.startswith(TOKEN_PREFIX):
        return None
    ensure_schema(db)
    row = db.execute(
        """SELECT a.id, a.name, a.created, t.id FROM account_tokens t
           JOIN accounts a ON a.id = t.account_id WHERE t.hash = ?""",
        [token_hash(secret)],
    ).fetchone()
    if row is None:
        return None
    db.execute("UPDATE account_tokens SET last_used = ? WHERE id = ?", [now.isoformat(), row[3]])
    return _account(row[:3])
