"""The events' SQLite store: its tables, reading rows back, access by token, and the readers.

An event's organizer holds its admin token and each player the private token
of their entry; only SHA-256 hashes are stored. :func:`as_organizer` and
:func:`as_player` check a token and return an :class:`Organizer` or
:class:`Player`, and every function that reads decklists takes one. A wrong
token, another event's token and an unknown event all raise the same
:class:`EventNotFoundError`, so a guess learns nothing.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Mapping
from dataclasses import replace
from datetime import date, datetime
from functools import lru_cache
from typing import Any

import sqlite_utils

from cardpool import DeckwrightError, Game, PoolLibrary

from ..db import create_once, has_trigger, transaction, under_write_lock
from . import idempotency, journal, links
from .names import (
    clean_player_id,
    clean_player_name,
    lookalike_key,
    player_key,
    same_player_id,
    unwritable,
    without_joiners,
)
from .records import (
    DEFAULT_LIMITS,
    MAX_EVENT_NAME_CHARS,
    MAX_PLAYERS,
    RECEIPT_CHARS,
    Checked,
    Entry,
    EntryPage,
    Event,
    Limits,
    Match,
    NewEvent,
    Organizer,
    Player,
    Registration,
    SettingsChanged,
    Version,
    as_utc,
    utcnow,
)
from .refusals import (
    PLAYERS,
    AdminLinkReplacedError,
    EventClosedError,
    EventNotFoundError,
    IdempotencyKeyReusedError,
    InvalidEventError,
    InvalidQueryError,
    InvalidSubmissionError,
    LimitReachedError,
    SettingsChangedError,
)
from .rules import Listed, ReadToday, as_received, check
from .text import shown, stored_json
from .tokens import as_typed_hash, new_id, new_token, token_hash, token_matches

PER_PAGE = 100  # entries on one dashboard page

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS events (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        game TEXT NOT NULL,
        format TEXT NOT NULL,
        as_of TEXT,
        deadline TEXT NOT NULL,
        created TEXT NOT NULL,
        admin_hash TEXT NOT NULL,
        locked INTEGER NOT NULL DEFAULT 0,
        published INTEGER NOT NULL DEFAULT 0
    )""",
    """CREATE TABLE IF NOT EXISTS event_entries (
        id TEXT PRIMARY KEY,
        event_id TEXT NOT NULL REFERENCES events(id),
        player TEXT NOT NULL,
        player_key TEXT NOT NULL,
        player_id TEXT,
        token_hash TEXT,
        registered INTEGER NOT NULL DEFAULT 0,
        created TEXT NOT NULL,
        UNIQUE (event_id, player_key)
    )""",
    """CREATE TABLE IF NOT EXISTS event_versions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        entry_id TEXT NOT NULL REFERENCES event_entries(id),
        number INTEGER NOT NULL,
        received TEXT NOT NULL,
        source TEXT NOT NULL,
        kind TEXT NOT NULL,
        body TEXT NOT NULL,
        canonical TEXT NOT NULL,
        digest TEXT NOT NULL,
        legal INTEGER NOT NULL,
        errors INTEGER NOT NULL,
        warnings INTEGER NOT NULL,
        problems TEXT NOT NULL,
        UNIQUE (entry_id, number)
    )""",
    "CREATE INDEX IF NOT EXISTS event_versions_digest ON event_versions (digest)",
    # A stored list's verdict in the event's format and banned-list day as the organizer
    # changed them since it came (see change_settings): the version itself, its verdict as
    # it came among it, is never changed; the readers give this one in its place. Made anew
    # on each change of the settings, for every list of the event.
    """CREATE TABLE IF NOT EXISTS event_verdicts (
        version_id INTEGER PRIMARY KEY REFERENCES event_versions(id),
        format TEXT NOT NULL,
        as_of TEXT,
        legal INTEGER NOT NULL,
        errors INTEGER NOT NULL,
        warnings INTEGER NOT NULL,
        problems TEXT NOT NULL
    )""",
    # A first submission sent with an idempotency key: a retry of the same request finds
    # the entry it made and the private token, sealed with the key (see submissions.py).
    """CREATE TABLE IF NOT EXISTS event_requests (
        event_id TEXT NOT NULL REFERENCES events(id),
        key_hash TEXT NOT NULL,
        request_hash TEXT NOT NULL,
        entry_id TEXT NOT NULL REFERENCES event_entries(id),
        version INTEGER NOT NULL,
        sealed_token TEXT NOT NULL,
        created TEXT NOT NULL,
        PRIMARY KEY (event_id, key_hash)
    )""",
    # A new event sent with an idempotency key: a retry of the same request finds the event
    # it made and its admin token, sealed with the key (see create_event). There is no event
    # yet to scope the key by: it is one of its own, 16 or more random characters.
    """CREATE TABLE IF NOT EXISTS event_creations (
        key_hash TEXT PRIMARY KEY,
        request_hash TEXT NOT NULL,
        event_id TEXT NOT NULL REFERENCES events(id),
        sealed_token TEXT NOT NULL,
        created TEXT NOT NULL
    ) WITHOUT ROWID""",
    # The versions are the record a receipt hash is checked against: the database
    # itself refuses to change or drop one, whatever code runs against it.
    """CREATE TRIGGER IF NOT EXISTS event_versions_no_update BEFORE UPDATE ON event_versions
        BEGIN SELECT RAISE(ABORT, 'event_versions is append-only'); END""",
    """CREATE TRIGGER IF NOT EXISTS event_versions_no_delete BEFORE DELETE ON event_versions
        BEGIN SELECT RAISE(ABORT, 'event_versions is append-only'); END""",
)

# How many players each event holds, kept by a trigger as entries are added (an entry is
# never removed), so the limit checked on every first submission is one row, not a count
# of the event's entries.
SIZES = (
    """CREATE TABLE IF NOT EXISTS event_sizes (
        event_id TEXT PRIMARY KEY REFERENCES events(id),
        entries INTEGER NOT NULL
    ) WITHOUT ROWID""",
    """CREATE TRIGGER IF NOT EXISTS event_entries_counted AFTER INSERT ON event_entries
        BEGIN
            INSERT INTO event_sizes (event_id, entries) VALUES (NEW.event_id, 1)
            ON CONFLICT (event_id) DO UPDATE SET entries = entries + 1;
        END""",
)


def ensure_schema(db: sqlite_utils.Database) -> None:
    """Create the event tables when missing (once per connection)."""
    create_once(db, "events", SCHEMA, _upgrade)


def _upgrade(db: sqlite_utils.Database) -> None:
    """Bring a file written by an earlier version up to date (each step does nothing once done)."""
    _keep_sizes(db)
    _rekey_players(db)


def _rekey_players(db: sqlite_utils.Database) -> None:
    """Key the names on file as :func:`player_key` keys them now.

    Keys were once case-folded only, so the same name with its accents encoded another way
    was a second player, and then kept the marks keyboards type differently ("O’Brien" and
    "O'Brien", "Jean-Luc" and "Jean Luc", "Dave." and "Dave" were two). Only a key holding
    a character beyond printable ASCII, a hyphen or backtick, or ending in a full stop can
    change. Two entries whose names are now one player both stay on file: the one already
    keyed so keeps the name, the other its old key (and the dashboard flags the pair as
    lookalikes).

    The whole file is read once, when :data:`_KEYS_TO_CHECK` is first made; from then on a
    trigger in the file puts each new entry whose key could change in that table, whatever
    server wrote it, and only those are read when the file is opened again, so a start
    reads no more than the entries written since (not every entry, each time)."""
    if has_trigger(db, "event_entries_key_to_check"):
        if not db.execute("SELECT 1 FROM event_keys_to_check LIMIT 1").fetchone():
            return
        under_write_lock(db, _check_queued_keys)
        return
    under_write_lock(db, _check_every_key)


# Entries whose key may be stale: written since the file was last keyed anew, by any server.
_MAY_CHANGE = (
    "{0}player_key GLOB '*[^ -~]*' OR instr({0}player_key, '-')"
    " OR instr({0}player_key, '`') OR {0}player_key GLOB '*.'"
)
_KEYS_TO_CHECK = (
    """CREATE TABLE IF NOT EXISTS event_keys_to_check (
        entry_id TEXT PRIMARY KEY
    ) WITHOUT ROWID""",
    f"""CREATE TRIGGER IF NOT EXISTS event_entries_key_to_check AFTER INSERT ON event_entries
        WHEN {_MAY_CHANGE.format("NEW.")}
        BEGIN INSERT OR IGNORE INTO event_keys_to_check (entry_id) VALUES (NEW.id); END""",
)


def _check_every_key(db: sqlite_utils.Database) -> None:
    """Under the write lock: key anew every entry on file, and queue those written after."""
    if has_trigger(db, "event_entries_key_to_check"):
        _check_queued_keys(db)  # another worker did this first
        return
    _write_keys(db, _stale_keys(db, f"WHERE {_MAY_CHANGE.format('')}"))
    for statement in _KEYS_TO_CHECK:
        db.execute(statement)


def _check_queued_keys(db: sqlite_utils.Database) -> None:
    """Under the write lock: key anew the entries written since the file was last opened."""
    _write_keys(db, _stale_keys(db, "WHERE id IN (SELECT entry_id FROM event_keys_to_check)"))
    db.execute("DELETE FROM event_keys_to_check")


def _stale_keys(db: sqlite_utils.Database, which: str) -> list[tuple[str, str]]:
    stale = []
    for entry_id, player, key in db.execute(
        f"SELECT id, CAST(player AS BLOB), player_key FROM event_entries {which}"
    ).fetchall():
        try:
            name = player.decode("utf-8")
        except UnicodeDecodeError:
            continue  # a row written by hand: its name is not text to key
        if (now := player_key(name)) != key:
            stale.append((now, entry_id))
    return stale


def _write_keys(db: sqlite_utils.Database, changed: list[tuple[str, str]]) -> None:
    for key, entry_id in changed:
        db.execute(
            "UPDATE OR IGNORE event_entries SET player_key = ? WHERE id = ?", [key, entry_id]
        )


def _keep_sizes(db: sqlite_utils.Database) -> None:
    """Count each event's entries with a trigger, starting from a file written before."""
    if not has_trigger(db, "event_entries_counted"):
        under_write_lock(db, _count_sizes)


def _count_sizes(db: sqlite_utils.Database) -> None:
    """Start keeping the sizes; the entries of a file written before are counted once, under
    the write lock (counted again by a second worker starting at once, with the same result)."""
    for statement in SIZES:
        db.execute(statement)
    db.execute(
        "INSERT OR REPLACE INTO event_sizes (event_id, entries)"
        " SELECT event_id, COUNT(*) FROM event_entries GROUP BY event_id"
    )


# -- reading rows ---------------------------------------------------------------

_EVENT_COLUMNS = "id, name, game, format, as_of, deadline, created, locked, published"
# Text people typed is read as bytes and decoded here, leniently: a row holding bytes that
# are not UTF-8 (written by hand, or before the edge refused them) still shows, never fails.
_EVENT_SELECT = "id, CAST(name AS BLOB), game, format, as_of, deadline, created, locked, published"
_ENTRY_COLUMNS = (
    "e.id, e.event_id, CAST(e.player AS BLOB), CAST(e.player_id AS BLOB), e.registered, e.created"
)
# A version's verdict is the one it got unless the event's settings changed since (a row of
# event_verdicts, joined as ``d``): every reader gives the verdict in the settings as they are.
_LEGAL = "COALESCE(d.legal, v.legal)"
_VERSION_COLUMNS = (
    "v.number, v.received, v.source, v.kind, CAST(v.body AS BLOB), CAST(v.canonical AS BLOB),"
    f" v.digest, {_LEGAL}, COALESCE(d.errors, v.errors), COALESCE(d.warnings, v.warnings),"
    " CAST(COALESCE(d.problems, v.problems) AS BLOB)"
)
_VERDICT = "LEFT JOIN event_verdicts d ON d.version_id = v.id"
_LATEST = "v.number = (SELECT MAX(number) FROM event_versions WHERE entry_id = e.id)"


# An event is read on every submission, and its row rarely changes: the same row
# gives the same (frozen) Event without parsing its dates again.
@lru_cache(maxsize=1024)
def _event(row: tuple) -> Event:
    event_id, name, game, fmt, as_of, deadline, created, locked, published = row
    return Event(
        id=event_id,
        name=shown(name),
        game=game,
        format=fmt,
        as_of=date.fromisoformat(as_of) if as_of else None,
        deadline=datetime.fromisoformat(deadline),
        created=datetime.fromisoformat(created),
        locked=bool(locked),
        published=bool(published),
    )


def _version(row: tuple) -> Version | None:
    if row[0] is None:
        return None
    number, received, source, kind, body, canonical, digest, legal, errors, warnings, problems = row
    return Version(
        number=number,
        received=datetime.fromisoformat(received),
        source=source,
        kind=kind,
        body=shown(body),
        canonical=shown(canonical),
        digest=digest,
        legal=bool(legal),
        errors=errors,
        warnings=warnings,
        problems=stored_json(problems, []),
    )


def _entry(row: tuple, versions: int) -> Entry:
    entry_id, event_id, player, player_id, registered, created = row[:6]
    return Entry(
        id=entry_id,
        event_id=event_id,
        player=shown(player),
        player_id=shown(player_id),
        registered=bool(registered),
        created=datetime.fromisoformat(created),
        latest=_version(row[6:]),
        versions=versions,
    )


def _find_event(db: sqlite_utils.Database, event_id: str) -> tuple[Event, str]:
    ensure_schema(db)
    row = db.execute(
        f"SELECT {_EVENT_SELECT}, admin_hash FROM events WHERE id = ?", [event_id]
    ).fetchone()
    if row is None:
        raise EventNotFoundError()
    return _event(row[:-1]), row[-1]


ALL = "all"
ILLEGAL = "illegal"
LEGAL = "legal"
MISSING = "missing"
# The lists that read to another verdict against today's card pool than the one they got.
CHANGED = "changed"
FILTERS = (ALL, ILLEGAL, LEGAL, MISSING, CHANGED)
# Not a filter: the lists counted by the verdict they got, not read again today yet.
UNREAD_TODAY = "unread_today"
# Each filter, by the verdict a list got and, where ``?`` lists the entries whose list reads
# to the other verdict today (a JSON array of their ids), by the one it reads to: a list that
# was legal and is not today is shown as not legal, and counted so.
_CHANGED_IDS = "e.id IN (SELECT value FROM json_each(?))"
_SHOWN = {
    ALL: "",
    LEGAL: f" AND {_LEGAL} = 1",
    ILLEGAL: f" AND {_LEGAL} = 0",
    MISSING: " AND v.number IS NULL",
    CHANGED: " AND 0",
}
_SHOWN_TODAY = {
    **_SHOWN,
    LEGAL: f" AND {_LEGAL} = (CASE WHEN {_CHANGED_IDS} THEN 0 ELSE 1 END)",
    ILLEGAL: f" AND {_LEGAL} = (CASE WHEN {_CHANGED_IDS} THEN 1 ELSE 0 END)",
    CHANGED: f" AND v.number IS NOT NULL AND {_CHANGED_IDS}",
}


def _shown(show: str, changed: Collection[str]) -> tuple[str, list[str]]:
    """The SQL condition of a filter and its parameters: with no list read otherwise today,
    the verdicts as stored alone."""
    if not changed or show in (ALL, MISSING):
        return _SHOWN[show], []
    return _SHOWN_TODAY[show], [json.dumps(sorted(changed))]


def _entries(
    db: sqlite_utils.Database,
    event_id: str,
    entry_id: str | None = None,
    *,
    bodies: bool = True,
    show: str = ALL,
    changed: Collection[str] = (),
    limit: int = -1,
    offset: int = 0,
) -> list[Entry]:
    shown, shown_params = _shown(show, changed)
    where = "e.event_id = ?" + (" AND e.id = ?" if entry_id else "") + shown
    params = [event_id] + ([entry_id] if entry_id else []) + shown_params
    # Listings leave the bodies (up to MAX_LIST_CHARS each) where they are.
    columns = (
        _VERSION_COLUMNS if bodies else _VERSION_COLUMNS.replace("CAST(v.body AS BLOB)", "NULL")
    )
    rows = db.execute(
        f"""SELECT {_ENTRY_COLUMNS}, {columns},
                   (SELECT COUNT(*) FROM event_versions WHERE entry_id = e.id)
            FROM event_entries e
            LEFT JOIN event_versions v ON v.entry_id = e.id AND {_LATEST}
            {_VERDICT}
            WHERE {where}
            ORDER BY e.player_key
            LIMIT ? OFFSET ?""",
        [*params, limit, offset],
    ).fetchall()
    return [_entry(row[:-1], row[-1]) for row in rows]


def _one_entry(db: sqlite_utils.Database, event_id: str, entry_id: str) -> Entry:
    found = _entries(db, event_id, entry_id)
    if not found:
        raise EventNotFoundError()
    return found[0]


# -- access ---------------------------------------------------------------------


def get_event(db: sqlite_utils.Database, event_id: str) -> Event:
    """An event's public facts (name, game, format, deadline): what its submission page shows."""
    return _find_event(db, event_id)[0]


def as_organizer(
    db: sqlite_utils.Database, event_id: str, token: str | None, now: datetime | None = None
) -> Organizer:
    """The organizer's access to an event, when ``token`` is its admin token or a live
    personal admin link (:mod:`.links`)."""
    event, admin_hash = _find_event(db, event_id)
    if not token_matches(token, admin_hash) and not links.opens(
        db, event_id, token, now or utcnow()
    ):
        raise EventNotFoundError()
    return Organizer(event)


def as_player(db: sqlite_utils.Database, event_id: str, entry_id: str, token: str | None) -> Player:
    """A player's access to their own entry, when ``token`` is that entry's private token."""
    event, _ = _find_event(db, event_id)
    row = db.execute(
        "SELECT token_hash FROM event_entries WHERE id = ? AND event_id = ?", [entry_id, event_id]
    ).fetchone()
    if row is None or not token_matches(token, row[0]):
        raise EventNotFoundError()
    return Player(event, entry_id)


def as_reader(
    db: sqlite_utils.Database, event_id: str, entry_id: str, token: str | None
) -> Organizer | Player:
    """Access to one entry for its player or for the event's organizer, whichever ``token`` is."""
    event, admin_hash = _find_event(db, event_id)
    if token_matches(token, admin_hash):
        return Organizer(event)
    return as_player(db, event_id, entry_id, token)


# -- creating and running an event ------------------------------------------------


def create_event(
    db: sqlite_utils.Database,
    pools: PoolLibrary,
    *,
    name: str,
    game_id: str,
    deadline: datetime,
    now: datetime,
    format_id: str | None = None,
    as_of: date | None = None,
    players: Iterable[tuple[str, str | None]] = (),
    limits: Limits = DEFAULT_LIMITS,
    idempotency_key: str | None = None,
    requester: str | None = None,
) -> NewEvent:
    """Create an event (optionally with its expected players) and its admin token.

    With an idempotency key, the same request sent again (a form sent twice, a client's
    retry after a lost answer) answers the event the first one made and the same admin
    token, marked ``replayed``, even once the deadline has passed; the key sent with
    another request is refused. ``requester`` (an account's id, or None) is part of the
    request: the same key and settings from someone else are another request.
    """
    name = event_name(name)
    game = pools.game(game_id)
    fmt = game.format(format_id)
    deadline = _deadline(deadline)
    expected, given = _clean_players(players)
    twice = tuple(name for name, again in given if again)
    try:
        key = idempotency.clean_idempotency_key(idempotency_key)
    except InvalidSubmissionError as exc:
        raise InvalidEventError(str(exc)) from None
    ensure_schema(db)
    journal.ensure_schema(db)
    request = ""
    if key:
        request = idempotency.fingerprint(
            {
                "name": name,
                "game": game.id,
                "format": fmt.id,
                "as_of": as_of.isoformat() if as_of else None,
                "deadline": deadline.isoformat(),
                "players": expected,
                "requester": requester,
            }
        )
        if earlier := _created_before(db, key, request):
            return replace(earlier, already=twice)
    if deadline <= now:
        raise InvalidEventError("the submission deadline must be in the future", "deadline")
    token = new_token()
    event = Event(
        id=new_id(),
        name=name,
        game=game.id,
        format=fmt.id,
        as_of=as_of,
        deadline=deadline,
        created=now,
        locked=False,
        published=False,
    )
    with transaction(db):
        # Checked again under the write lock: the same request may have been sent twice at once.
        if key and (earlier := _created_before(db, key, request)):
            return replace(earlier, already=twice)
        db.execute(
            f"INSERT INTO events ({_EVENT_COLUMNS}, admin_hash)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                event.id,
                event.name,
                event.game,
                event.format,
                event.as_of.isoformat() if event.as_of else None,
                event.deadline.isoformat(),
                event.created.isoformat(),
                0,
                0,
                token_hash(token),
            ],
        )
        _register(db, event.id, expected, now, limits)
        journal.record(db, event.id, journal.CREATED, now)
        if key:
            db.execute(
                """INSERT INTO event_creations
                       (key_hash, request_hash, event_id, sealed_token, created)
                   VALUES (?, ?, ?, ?, ?)""",
                [
                    idempotency.key_hash(idempotency.NEW_EVENT, key),
                    request,
                    event.id,
                    idempotency.seal(idempotency.NEW_EVENT, key, token),
                    now.isoformat(),
                ],
            )
    return NewEvent(event, token, already=twice)


def event_name(name: object) -> str:
    """An event's name as typed, its spaces collapsed: refused when empty, too long, or
    holding what no page can show."""
    name = " ".join(str(name or "").split())
    if not without_joiners(name).strip():
        raise InvalidEventError("an event needs a name", "name")
    if len(name) > MAX_EVENT_NAME_CHARS:
        raise InvalidEventError(
            f"an event name has at most {MAX_EVENT_NAME_CHARS} characters", "name"
        )
    if refused := unwritable(name):
        raise InvalidEventError(
            "an event name cannot hold control or invisible characters or lone surrogates"
            f" (it holds {refused})",
            "name",
        )
    return name


def _deadline(deadline: datetime) -> datetime:
    try:
        return as_utc(deadline)
    except OverflowError:
        raise InvalidEventError("the submission deadline is out of range", "deadline") from None


def _created_before(db: sqlite_utils.Database, key: str, request: str) -> NewEvent | None:
    """The answer to an earlier request for a new event with this key, if there was one."""
    row = db.execute(
        """SELECT c.request_hash, c.event_id, c.sealed_token, e.admin_hash
           FROM event_creations c JOIN events e ON e.id = c.event_id
           WHERE c.key_hash = ?""",
        [idempotency.key_hash(idempotency.NEW_EVENT, key)],
    ).fetchone()
    if row is None:
        return None
    request_hash, event_id, sealed, admin_hash = row
    if request_hash != request:
        raise IdempotencyKeyReusedError(
            "This idempotency key came before with a different event, or from another"
            " account (or with none); send a new key with a new event."
        )
    token = idempotency.unseal(idempotency.NEW_EVENT, key, sealed)
    event = get_event(db, event_id)
    if not token_matches(token, admin_hash):
        # The organizer replaced the admin link (it leaked, say): the old one is not
        # handed out again, and a second event is not what this request asked for.
        raise AdminLinkReplacedError(
            f"This request created the event {event.name} before, and its admin link has"
            " been replaced since: open the event with the new admin link."
        )
    return NewEvent(event, token, replayed=True)


def _clean_players(
    players: Iterable[tuple[str, str | None]],
) -> tuple[list[tuple[str, str | None]], list[tuple[str, bool]]]:
    """The players to register, one a name, and every name given in its order, each saying
    whether an earlier one of the same request was the same player. A name or id refused
    names its player (which of 2,000 lines pasted to fix: its place and the start of its
    name, unprintables escaped).

    Two names that read as one ("Jo-Jo" and "Jo Jo") are one player when they carry the
    same player id or no more than one id between them: the first is kept (with the id
    either gave) and the other named back. With two different ids they are two players of
    one name, which an event cannot tell apart: refused, naming both, to be written apart."""
    # Each name's key: the name kept, its player id, and the place and name that gave it.
    cleaned: dict[str, tuple[str, str | None, int, str]] = {}
    given: list[tuple[str, bool]] = []
    for number, (name, player_id) in enumerate(players, 1):
        try:
            name, player_id = clean_player_name(name), clean_player_id(player_id)
        except InvalidSubmissionError as exc:
            raise InvalidSubmissionError(
                f"player {number} ({_preview(name)}): {exc}", PLAYERS
            ) from None
        key = player_key(name)
        first = cleaned.get(key)
        given.append((name, first is not None))
        if first is None:
            cleaned[key] = (name, player_id, number, name)
            continue
        kept, kept_id, id_number, id_name = first
        if player_id is None:
            continue
        if kept_id is None:
            cleaned[key] = (kept, player_id, number, name)
        elif not same_player_id(kept_id, player_id):
            raise InvalidSubmissionError(
                _two_players(id_number, id_name, kept_id, number, name, player_id), PLAYERS
            )
    if len(cleaned) > MAX_PLAYERS:
        raise InvalidSubmissionError(f"an event has at most {MAX_PLAYERS} players", PLAYERS)
    return [(name, player_id) for name, player_id, _, _ in cleaned.values()], given


def _two_players(
    first: int, first_name: str, first_id: str, second: int, second_name: str, second_id: str
) -> str:
    """Why two players whose names read as one, with different player ids, are refused."""
    return (
        f"player {first} ({_preview(first_name)}, player id {_preview(first_id)}) and"
        f" player {second} ({_preview(second_name)}, player id {_preview(second_id)}) have"
        " names that read as one" + _write_apart("the second", second_name, "both one player id")
    )


def _write_apart(who: str, name: str, one_id: str) -> str:
    """The end of why two players of one name are refused: how to tell them apart, or make
    them one player."""
    return (
        f", and an event tells its players apart by name: write {who} another way, as"
        f' "{_preview(name)} (2)" or as the player is known (with a middle initial, say), or'
        f" give {one_id} if they are one player"
    )


def _preview(name: object, chars: int = 40) -> str:
    """The start of a name as typed, fit for a message: control and invisible characters
    written as their codes."""
    text = " ".join(str(name).split())
    short = text[:chars] + ("…" if len(text) > chars else "")
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode() for ch in short)


def _register(
    db: sqlite_utils.Database,
    event_id: str,
    players: list[tuple[str, str | None]],
    now: datetime,
    limits: Limits,
) -> Registration:
    added = 0
    already = []
    held = count_players(db, event_id)
    for name, player_id in players:
        cursor = db.execute(
            """INSERT INTO event_entries
                   (id, event_id, player, player_key, player_id, registered, created)
               VALUES (?, ?, ?, ?, ?, 1, ?)
               ON CONFLICT (event_id, player_key) DO NOTHING""",
            [
                new_id(),
                event_id,
                name,
                player_key(name),
                player_id,
                now.isoformat(),
            ],
        )
        if not cursor.rowcount:
            already.append(name)
        added += cursor.rowcount
        if cursor.rowcount and held + added > limits.entries:
            raise full(limits, organizer=True)
    return Registration(added, tuple(already))


def count_players(db: sqlite_utils.Database, event_id: str) -> int:
    row = db.execute("SELECT entries FROM event_sizes WHERE event_id = ?", [event_id]).fetchone()
    return row[0] if row else 0


def full(limits: Limits, *, organizer: bool = False) -> LimitReachedError:
    """The event has no room for another player: a player is sent to the organizer, and the
    organizer (registering players or uploading lists) told it is the site's limit."""
    if organizer:
        return LimitReachedError(
            f"The event is full: it has room for {limits.entries} players,"
            " the most this site allows."
        )
    return LimitReachedError(
        f"This event has room for {limits.entries} players and is full; ask the organizer."
    )


def register_players(
    db: sqlite_utils.Database,
    organizer: Organizer,
    players: Iterable[tuple[str, str | None]],
    now: datetime,
    limits: Limits = DEFAULT_LIMITS,
) -> Registration:
    """Pre-register expected players by name: how many are new, and which names the event
    already held (left as they were, so no entry changes behind its player's back), a name
    given twice in ``players`` among them (the first one is registered)."""
    expected, given = _clean_players(players)
    with transaction(db):
        _require_open(db, organizer.event.id, now)
        _refuse_namesakes(db, organizer.event.id, expected)
        done = _register(db, organizer.event.id, expected, now, limits)
    held = set(done.already)
    return Registration(done.added, tuple(n for n, again in given if again or n in held))


def _refuse_namesakes(
    db: sqlite_utils.Database, event_id: str, players: list[tuple[str, str | None]]
) -> None:
    """Refuse a player whose name reads as one the event holds, with another player id: two
    players of one name, whom the event cannot tell apart (the same id, or none, is the
    player on file, named back)."""
    for name, player_id in players:
        if player_id is None:
            continue
        row = db.execute(
            "SELECT CAST(player AS BLOB), CAST(player_id AS BLOB) FROM event_entries"
            " WHERE event_id = ? AND player_key = ?",
            [event_id, player_key(name)],
        ).fetchone()
        if row is None or row[1] is None or same_player_id(shown(row[1]), player_id):
            continue
        held, held_id = shown(row[0]), shown(row[1])
        raise InvalidSubmissionError(
            f"{_preview(name)} (player id {_preview(player_id)}) reads as {_preview(held)}"
            f" (player id {_preview(held_id)}), registered already"
            + _write_apart(_preview(name), name, "the id on file"),
            PLAYERS,
        )


def lock(db: sqlite_utils.Database, organizer: Organizer, now: datetime | None = None) -> Event:
    """Close the event before its deadline: no list changes until it is reopened (logged)."""
    journal.ensure_schema(db)
    with transaction(db):
        if db.execute(
            "UPDATE events SET locked = 1 WHERE id = ? AND locked = 0", [organizer.event.id]
        ).rowcount:
            journal.record(db, organizer.event.id, journal.LOCKED, now or utcnow())
    return get_event(db, organizer.event.id)


def publish(db: sqlite_utils.Database, organizer: Organizer, now: datetime | None = None) -> Event:
    """Make every player's current list public for good; publishing also locks the event."""
    journal.ensure_schema(db)
    with transaction(db):
        if db.execute(
            "UPDATE events SET locked = 1, published = 1 WHERE id = ? AND published = 0",
            [organizer.event.id],
        ).rowcount:
            journal.record(db, organizer.event.id, journal.PUBLISHED, now or utcnow())
    return get_event(db, organizer.event.id)


def change_settings(
    db: sqlite_utils.Database,
    pools: PoolLibrary,
    organizer: Organizer,
    wanted: Mapping[str, Any],
    now: datetime,
    limits: Limits = DEFAULT_LIMITS,
) -> SettingsChanged:
    """Change the event's ``name``, ``format``, ``as_of`` (its banned-list day; None for the
    day each list comes) or ``deadline``, those of ``wanted`` given, until its lists are
    published: then they are public, read under the settings they were published with.

    Each field is held to what a new event's is: a format the game has, a deadline in the
    future (a deadline passed can be moved later; to close submissions now, the event is
    locked). A later deadline reopens submissions unless the organizer locked the event,
    which stays locked until reopened. A new format or day judges every list on file again in
    it: the lists, their receipts and the verdicts they came with stay as stored, and every
    reader gives the verdict in the settings as they are. Each change is logged with what
    it was and what it is."""
    event = get_event(db, organizer.event.id)
    _refuse_published(event)
    game = pools.game(event.game)
    name = event_name(wanted["name"]) if "name" in wanted else event.name
    fmt = game.format(wanted["format"]).id if "format" in wanted else event.format
    as_of = wanted.get("as_of", event.as_of)
    deadline = _deadline(wanted["deadline"]) if "deadline" in wanted else event.deadline
    if deadline != event.deadline and deadline <= now:
        raise InvalidEventError(
            "the submission deadline must be in the future; to close submissions now, lock"
            " the event",
            "deadline",
        )
    changed = replace(event, name=name, format=fmt, as_of=as_of, deadline=deadline)
    said = _changes_said(game, event, changed)
    if not said:
        return SettingsChanged(event)
    judge = (fmt, as_of) != (event.format, event.as_of)
    # Read and judged before the write lock is taken, so that players' lists are stored
    # meanwhile; those stored meanwhile are judged under it.
    verdicts, seen = _judged_again(db, game, changed, limits) if judge else ([], 0)
    with transaction(db):
        now_event = get_event(db, event.id)
        _refuse_published(now_event)
        if _settings(now_event) != _settings(event):
            raise SettingsChangedError(
                "The event's settings changed as these were being saved (another of its"
                " organizers changed them): open the dashboard again to see them, and change"
                " them from there."
            )
        if judge:
            verdicts += _judged_again(db, game, changed, limits, after=seen)[0]
        db.execute(
            "UPDATE events SET name = ?, format = ?, as_of = ?, deadline = ? WHERE id = ?",
            [name, fmt, _day(as_of), deadline.isoformat(), event.id],
        )
        db.conn.executemany(
            """INSERT OR REPLACE INTO event_verdicts
                   (version_id, format, as_of, legal, errors, warnings, problems)
               VALUES (?, ?, ?, ?, ?, ?, ?)""",
            [(version_id, fmt, _day(as_of), *verdict) for version_id, verdict in verdicts],
        )
        for change in said:
            journal.record(db, event.id, change, now)
    return SettingsChanged(get_event(db, event.id), tuple(said), len(verdicts))


def _refuse_published(event: Event) -> None:
    if event.published:
        raise EventClosedError(
            "The lists are published: an event's settings no longer change once its lists"
            " are public."
        )


def _settings(event: Event) -> tuple:
    return event.name, event.format, event.as_of, event.deadline


def _day(day: date | None) -> str | None:
    return day.isoformat() if day else None


def _judged_again(
    db: sqlite_utils.Database, game: Game, event: Event, limits: Limits, after: int = 0
) -> tuple[list[tuple[int, tuple[int, int, int, str]]], int]:
    """Every stored list of the event (each version, past ones too, after the version row
    ``after``) judged in the event's settings as given: (version row, its verdict as
    event_verdicts keeps it), and the last version row read. The bodies are read one at a
    time, a list being up to 100,000 characters."""
    verdicts = []
    last = after
    for version_id, received, kind, body in db.execute(
        """SELECT v.id, v.received, v.kind, CAST(v.body AS BLOB) FROM event_versions v
           JOIN event_entries e ON e.id = v.entry_id
           WHERE e.event_id = ? AND v.id > ? ORDER BY v.id""",
        [event.id, after],
    ):
        last = version_id
        try:
            checked = check(
                game,
                event,
                as_received(kind, shown(body)),
                limits,
                received=datetime.fromisoformat(received),
            )
        except (DeckwrightError, ValueError, RecursionError):
            continue  # read once, it is read the same way: kept with the verdict it has
        verdict = (int(checked.legal), checked.errors, checked.warnings, checked.problems_json)
        verdicts.append((version_id, verdict))
    return verdicts, last


def _changes_said(game: Game, before: Event, after: Event) -> list[str]:
    """Each setting changed, as the event's log says it: what it was and what it is."""
    said = []
    if before.name != after.name:
        said.append(f"name changed from {before.name} to {after.name}")
    if before.format != after.format:
        said.append(
            f"format changed from {_format_named(game, before.format)} to"
            f" {_format_named(game, after.format)}"
        )
    if before.as_of != after.as_of:
        said.append(
            f"banned-list day changed from {_day_named(before.as_of)} to {_day_named(after.as_of)}"
        )
    if before.deadline != after.deadline:
        said.append(
            f"deadline moved from {_moment_named(before.deadline)} to"
            f" {_moment_named(after.deadline)}"
        )
    return said


def _format_named(game: Game, format_id: str) -> str:
    fmt = game.formats.get(format_id)
    return f"{fmt.name} ({format_id})" if fmt is not None else format_id


def _day_named(day: date | None) -> str:
    return day.isoformat() if day else "none (each list judged on the day it came)"


def _moment_named(moment: datetime) -> str:
    moment = as_utc(moment)
    seconds = ":%S" if moment.second or moment.microsecond else ""
    return f"{moment:%Y-%m-%d %H:%M{seconds}} UTC"


def _require_open(db: sqlite_utils.Database, event_id: str, now: datetime) -> Event:
    # Read inside the write transaction: a lock committed a moment ago is seen here.
    event = get_event(db, event_id)
    if not event.is_open(now):
        raise EventClosedError(
            f"Lists can no longer be submitted or changed: {event.closed_reason(now)}."
        )
    return event


def _append_version(
    db: sqlite_utils.Database, entry_id: str, checked: Checked, source: str, now: datetime
) -> int:
    """Store a list as the entry's next version; its number."""
    return _store_version(db, entry_id, checked, source, now).number


def _store_version(
    db: sqlite_utils.Database, entry_id: str, checked: Checked, source: str, now: datetime
) -> Version:
    """Store a list as the entry's next version; the version as reading it back would give,
    built from what was written rather than read again.

    A list judged in the event's format and banned-list day as they were before the
    organizer changed them is refused (:class:`SettingsChangedError`): its verdict would be
    in settings the event no longer has, and :func:`change_settings` judged again only the
    lists stored before it."""
    if checked.format:
        fmt, as_of = db.execute(
            "SELECT ev.format, ev.as_of FROM event_entries e JOIN events ev ON ev.id = e.event_id"
            " WHERE e.id = ?",
            [entry_id],
        ).fetchone()
        if (fmt, as_of) != (checked.format, _day(checked.as_of)):
            raise SettingsChangedError(
                "The organizer changed the event's format or banned-list day as this list was"
                " being checked, so nothing was stored: send it again to have it checked in"
                " the event's settings now."
            )
    received = now.isoformat()
    problems = checked.problems_json
    ((number,),) = db.execute(
        """INSERT INTO event_versions
               (entry_id, number, received, source, kind, body, canonical, digest,
                legal, errors, warnings, problems)
           VALUES (?, (SELECT COALESCE(MAX(number), 0) + 1 FROM event_versions WHERE entry_id = ?),
                   ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           RETURNING number""",
        [
            entry_id,
            entry_id,
            received,
            source,
            checked.submission.kind,
            checked.submission.body,
            checked.canonical,
            checked.digest,
            int(checked.legal),
            checked.errors,
            checked.warnings,
            problems,
        ],
    ).fetchall()
    return Version(
        number=number,
        received=datetime.fromisoformat(received),
        source=source,
        kind=checked.submission.kind,
        body=shown(checked.submission.body),
        canonical=shown(checked.canonical),
        digest=checked.digest,
        legal=bool(int(checked.legal)),
        errors=checked.errors,
        warnings=checked.warnings,
        problems=checked.problems,  # as reading the stored JSON back gives them
    )


def version_of(db: sqlite_utils.Database, entry_id: str, number: int) -> Version:
    """One stored version of an entry, by its number."""
    row = db.execute(
        f"SELECT {_VERSION_COLUMNS} FROM event_versions v {_VERDICT}"
        " WHERE v.entry_id = ? AND v.number = ?",
        [entry_id, number],
    ).fetchone()
    if row is None:
        raise EventNotFoundError()
    return _version(row)


# -- reading: each reader takes the access that allows it ---------------------------------


def entries(
    db: sqlite_utils.Database,
    organizer: Organizer,
    show: str = ALL,
    changed: Collection[str] = (),
) -> list[Entry]:
    """Every entry of the event with its latest list (its verdict, not its body), filtered:
    ``changed`` names the entries whose list reads to the other verdict against today's
    card pool (:func:`.today.read_today`), which the filters then go by."""
    _check_filter(show)
    return _entries(db, organizer.event.id, bodies=False, show=show, changed=changed)


def _check_filter(show: str) -> None:
    if show not in FILTERS:
        raise InvalidQueryError(f"unknown filter {show!r}; the filters are {', '.join(FILTERS)}")


def entry_page(
    db: sqlite_utils.Database,
    organizer: Organizer,
    show: str = ALL,
    page: int = 1,
    per_page: int = PER_PAGE,
    changed: Collection[str] = (),
) -> EntryPage:
    """One page of :func:`entries`, for a dashboard that stays small however large the event."""
    _check_filter(show)
    if page < 1 or per_page < 1:
        raise InvalidQueryError("pages are numbered from 1 and hold at least one entry")
    counts = count_entries(db, organizer, changed)
    total = counts[show]
    pages = max(1, -(-total // per_page))
    found = (
        _entries(
            db,
            organizer.event.id,
            bodies=False,
            show=show,
            changed=changed,
            limit=per_page,
            offset=(page - 1) * per_page,
        )
        if page <= pages
        else []
    )
    return EntryPage(found, page, pages, per_page, total, counts)


def count_entries(
    db: sqlite_utils.Database, organizer: Organizer, changed: Collection[str] = ()
) -> dict[str, int]:
    """How many entries each dashboard filter shows (with ``changed``, as :func:`entries`
    says, by the verdicts read today), and how many lists, not read again against today's
    card pool yet, are counted by the verdict they got (``unread_today``)."""
    flipped = f"({_CHANGED_IDS})" if changed else "0"
    row = db.execute(
        f"""SELECT COUNT(*), COALESCE(SUM({_LEGAL} = 1 - {flipped}), 0),
                   COALESCE(SUM({_LEGAL} = 0 + {flipped}), 0),
                   COALESCE(SUM(v.number IS NULL), 0),
                   COALESCE(SUM(v.number IS NOT NULL AND {flipped}), 0)
            FROM event_entries e
            LEFT JOIN event_versions v ON v.entry_id = e.id AND {_LATEST}
            {_VERDICT}
            WHERE e.event_id = ?""",
        [*([json.dumps(sorted(changed))] * 3 if changed else []), organizer.event.id],
    ).fetchone()
    counts = dict(zip((ALL, LEGAL, ILLEGAL, MISSING, CHANGED), row, strict=True))
    counts[UNREAD_TODAY] = len(changed.unread) if isinstance(changed, ReadToday) else 0
    return counts


def listed(db: sqlite_utils.Database, organizer: Organizer) -> list[Listed]:
    """Each submitted entry's list on file as reading it again needs it, without its body
    or verdict's problems: what a dashboard reads every list of the event for."""
    rows = db.execute(
        f"""SELECT e.id, v.number, v.received, v.kind, {_LEGAL}
            FROM event_entries e
            JOIN event_versions v ON v.entry_id = e.id AND {_LATEST}
            {_VERDICT}
            WHERE e.event_id = ?
            ORDER BY e.player_key""",
        [organizer.event.id],
    ).fetchall()
    return [
        Listed(entry_id, number, datetime.fromisoformat(received), kind, bool(legal))
        for entry_id, number, received, kind, legal in rows
    ]


def version_bodies(
    db: sqlite_utils.Database, organizer: Organizer, wanted: Iterable[Listed]
) -> dict[tuple[str, int], str]:
    """The lists as received of the event's stored versions ``wanted``, by (entry id,
    number); one the event has not is left out."""
    pairs = json.dumps([[each.entry_id, each.number] for each in wanted])
    rows = db.execute(
        """SELECT v.entry_id, v.number, CAST(v.body AS BLOB) FROM event_versions v
           JOIN event_entries e ON e.id = v.entry_id
           WHERE e.event_id = ? AND (v.entry_id, v.number) IN (
               SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]')
               FROM json_each(?)
           )""",
        [organizer.event.id, pairs],
    ).fetchall()
    return {(entry_id, number): shown(body) for entry_id, number, body in rows}


def lookalikes(db: sqlite_utils.Database, organizer: Organizer) -> list[list[str]]:
    """Groups of players whose different names read alike ("Аnna" in Cyrillic and "Anna")."""
    groups: dict[str, dict[str, str]] = {}
    for player, key in db.execute(
        "SELECT CAST(player AS BLOB), player_key FROM event_entries WHERE event_id = ?"
        " ORDER BY player_key",
        [organizer.event.id],
    ).fetchall():
        name = shown(player)
        groups.setdefault(lookalike_key(name), {}).setdefault(key, name)
    return [list(names.values()) for names in groups.values() if len(names) > 1]


def entry(
    db: sqlite_utils.Database, access: Organizer | Player, entry_id: str | None = None
) -> Entry:
    """One entry: any of the event's for its organizer, only their own for a player."""
    if isinstance(access, Player):
        if entry_id not in (None, access.entry_id):
            raise EventNotFoundError()
        entry_id = access.entry_id
    if entry_id is None:
        raise EventNotFoundError()
    return _one_entry(db, access.event.id, entry_id)


def history(
    db: sqlite_utils.Database, access: Organizer | Player, entry_id: str | None = None
) -> list[Version]:
    """Every version of one entry's list, oldest first."""
    found = entry(db, access, entry_id)
    rows = db.execute(
        f"SELECT {_VERSION_COLUMNS} FROM event_versions v {_VERDICT}"
        " WHERE v.entry_id = ? ORDER BY v.number",
        [found.id],
    ).fetchall()
    return [_version(row) for row in rows]


def version_body(
    db: sqlite_utils.Database, organizer: Organizer, entry_id: str, number: int
) -> str | None:
    """One stored version's list exactly as received (None when the event has no such one):
    what a listing, which leaves the bodies out, reads when it needs one."""
    row = db.execute(
        """SELECT CAST(v.body AS BLOB) FROM event_versions v
           JOIN event_entries e ON e.id = v.entry_id
           WHERE e.event_id = ? AND v.entry_id = ? AND v.number = ?""",
        [organizer.event.id, entry_id, number],
    ).fetchone()
    return None if row is None else shown(row[0])


def verify(db: sqlite_utils.Database, organizer: Organizer, receipt: str) -> list[Match]:
    """The stored versions whose hash begins with ``receipt`` (a player's receipt hash)."""
    receipt = as_typed_hash(receipt)
    if (
        len(receipt) < RECEIPT_CHARS
        or len(receipt) > 64
        or any(c not in "0123456789abcdef" for c in receipt)
    ):
        raise InvalidQueryError(f"a receipt hash is {RECEIPT_CHARS} to 64 hexadecimal characters")
    rows = db.execute(
        """SELECT e.id, v.number FROM event_versions v JOIN event_entries e ON e.id = v.entry_id
           WHERE e.event_id = ? AND substr(v.digest, 1, ?) = ?
           ORDER BY e.player_key, v.number""",
        [organizer.event.id, len(receipt), receipt],
    ).fetchall()
    matches = []
    for entry_id, number in rows:
        found = _one_entry(db, organizer.event.id, entry_id)
        version = next(v for v in history(db, organizer, entry_id) if v.number == number)
        matches.append(
            Match(
                found, version, current=found.latest is not None and found.latest.number == number
            )
        )
    return matches


def published_lists(db: sqlite_utils.Database, event_id: str) -> tuple[Event, list[Entry]]:
    """Every submitted list, once the organizer has published them; before that, nothing."""
    event = get_event(db, event_id)
    if not event.published:
        raise EventNotFoundError()
    return event, [e for e in _entries(db, event_id) if e.latest is not None]
