"""Events: an organizer's deck check before round one, kept in SQLite.

An organizer creates an event (game, format, the day whose banned list applies,
a submission deadline) and receives a secret admin token. Players submit
through the event's public link and each receives a private token for their
own entry. Only SHA-256 hashes of tokens are stored, and a presented token is
compared with ``hmac.compare_digest``.

Every list received is kept whole, as an append-only version, with its verdict
and a receipt: the canonical text of the list and a short hash of it. After
the deadline, or once the organizer locks the event, nothing changes.

Access is by capability: :func:`as_organizer` and :func:`as_player` check a
token and return an :class:`Organizer` or :class:`Player`, and every function
that reads decklists takes one. A wrong token, another event's token and an
unknown event all raise the same :class:`EventNotFoundError`, so a guess
learns nothing. This module knows SQLite and the validator, never HTTP.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import weakref
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Any

import sqlite_utils

from cardpool import DeckwrightError, Game, NotFoundError, PoolLibrary
from validator import DecklistError, ParsedDeck, parse_mapping, parse_text, to_text, validate

from ..db import transaction

TOKEN_BYTES = 32  # secrets.token_urlsafe(32): 256 random bits
ID_BYTES = 9  # 12 url-safe characters for event and entry ids
RECEIPT_CHARS = 12
MAX_NAME_CHARS = 100
MAX_PLAYER_ID_CHARS = 40
MAX_EVENT_NAME_CHARS = 200
MAX_LIST_CHARS = 100_000
MAX_PLAYERS = 2_000

TEXT = "text"
JSON = "json"
PLAYER = "player"
ORGANIZER = "organizer"

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
    # The versions are the record a receipt hash is checked against: the database
    # itself refuses to change or drop one, whatever code runs against it.
    """CREATE TRIGGER IF NOT EXISTS event_versions_no_update BEFORE UPDATE ON event_versions
        BEGIN SELECT RAISE(ABORT, 'event_versions is append-only'); END""",
    """CREATE TRIGGER IF NOT EXISTS event_versions_no_delete BEFORE DELETE ON event_versions
        BEGIN SELECT RAISE(ABORT, 'event_versions is append-only'); END""",
)


# -- errors -------------------------------------------------------------------


class EventNotFoundError(NotFoundError):
    """No event, or a token that opens nothing: one answer for both, so guesses learn nothing."""

    code = "not-found"

    def __init__(self, message: str = "Nothing here: the link is wrong or no longer valid."):
        super().__init__(message)


class EventClosedError(DeckwrightError):
    """The deadline has passed or the organizer locked the event: lists no longer change."""

    code = "event-closed"


class PlayerTakenError(DeckwrightError):
    """A player of that name already has a list on file; only their private link changes it."""

    code = "player-already-submitted"


class InvalidSubmissionError(DeckwrightError):
    """What was sent is not a submission: a missing name, an empty or unreadable list."""

    code = "invalid-submission"


class InvalidQueryError(DeckwrightError):
    """A dashboard filter or receipt hash that means nothing."""

    code = "invalid-query"


class InvalidEventError(DeckwrightError):
    """Event settings that cannot work: an empty name, a deadline already past."""

    code = "invalid-event"


# -- plain data ---------------------------------------------------------------


@dataclass(frozen=True)
class Event:
    id: str
    name: str
    game: str
    format: str
    as_of: date | None
    deadline: datetime
    created: datetime
    locked: bool
    published: bool

    def is_open(self, now: datetime) -> bool:
        """Lists may be submitted or changed: not locked and before the deadline."""
        return not self.locked and now < self.deadline

    def closed_reason(self, now: datetime) -> str:
        if self.locked:
            return "the organizer has locked this event"
        if now >= self.deadline:
            return f"the deadline ({self.deadline:%Y-%m-%d %H:%M} UTC) has passed"
        return ""


@dataclass(frozen=True)
class Organizer:
    """Proof that the event's admin token was presented; made only by :func:`as_organizer`."""

    event: Event


@dataclass(frozen=True)
class Player:
    """Proof that an entry's private token was presented; made only by :func:`as_player`."""

    event: Event
    entry_id: str


@dataclass(frozen=True)
class Version:
    """One list as received, with its verdict at the time and its receipt."""

    number: int
    received: datetime
    source: str  # who sent it: the player, or the organizer's bulk upload
    kind: str  # text or json
    body: str  # exactly as received
    canonical: str  # validator.to_text of the list read
    digest: str  # SHA-256 of the canonical text, hex
    legal: bool
    errors: int
    warnings: int
    problems: list[dict[str, Any]]

    @property
    def receipt(self) -> str:
        """The short hash a player keeps to prove which list they submitted."""
        return self.digest[:RECEIPT_CHARS]


@dataclass(frozen=True)
class Entry:
    """A player of an event, registered by the organizer or by submitting, and their latest list."""

    id: str
    event_id: str
    player: str
    player_id: str | None
    registered: bool
    created: datetime
    latest: Version | None
    versions: int

    @property
    def submitted(self) -> bool:
        return self.latest is not None

    @property
    def status(self) -> str:
        """``legal``, ``not legal`` or ``not submitted``: the dashboard's one-word verdict."""
        if self.latest is None:
            return "not submitted"
        return "legal" if self.latest.legal else "not legal"


@dataclass(frozen=True)
class NewEvent:
    event: Event
    admin_token: str  # shown once; only its hash is kept


@dataclass(frozen=True)
class Receipt:
    """What a player gets back on submitting: their entry, the version stored, and its hash."""

    event: Event
    entry: Entry
    version: Version
    player_token: str | None = None  # only when the entry was created or claimed just now


@dataclass(frozen=True)
class Submission:
    """A decklist as received: ``body`` is kept verbatim, ``content`` is what is read.

    ``content`` is the text of a text list, or the deck mapping of a JSON list
    (which ``body`` carries as the JSON document received).
    """

    body: str
    kind: str
    content: str | Mapping[str, Any]

    @classmethod
    def from_text(cls, text: str) -> Submission:
        return cls(text, TEXT, text)

    @classmethod
    def from_pasted(cls, pasted: str) -> Submission:
        """A list pasted into a form: the deck builder's JSON when it looks like JSON, else text."""
        if pasted.lstrip().startswith("{"):
            try:
                data = json.loads(pasted)
            except json.JSONDecodeError as exc:
                raise InvalidSubmissionError(
                    f"the list looks like JSON but is not (line {exc.lineno}: {exc.msg})"
                ) from None
            return cls(pasted, JSON, data)
        return cls.from_text(pasted)


@dataclass(frozen=True)
class Checked:
    """A list read and validated against an event, ready to store."""

    submission: Submission
    parsed: ParsedDeck
    canonical: str
    digest: str
    legal: bool
    errors: int
    warnings: int
    problems: list[dict[str, Any]]


@dataclass(frozen=True)
class Match:
    """A stored version whose hash matches a receipt."""

    entry: Entry
    version: Version
    current: bool  # it is still the entry's latest list


@dataclass
class BulkItem:
    """One list of a bulk upload: where it came from and the player it is for."""

    source: str  # file name in the zip, or "row N" of the CSV
    player: str
    submission: Submission
    player_id: str | None = None


@dataclass
class BulkReport:
    """What a bulk upload stored, and every member or row it skipped with the reason."""

    stored: list[tuple[str, Receipt]] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


# -- tokens and small helpers ---------------------------------------------------


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


_NO_HASH = "0" * 64


def _token_matches(token: str | None, stored_hash: str | None) -> bool:
    # Always hash and compare, in constant time, even when there is nothing to compare
    # with: how long a refusal takes says nothing about which part of a guess was wrong.
    presented = token_hash(token or "")
    matches = hmac.compare_digest(presented.encode(), (stored_hash or _NO_HASH).encode())
    return matches and bool(token) and stored_hash is not None


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def utcnow() -> datetime:
    return datetime.now(UTC)


def as_utc(moment: datetime) -> datetime:
    """A datetime in UTC; one without a zone is taken to be UTC already."""
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


def player_key(name: str) -> str:
    """Two spellings of one player's name share a key (case and spacing aside)."""
    return " ".join(name.split()).casefold()


def clean_player_name(name: Any) -> str:
    if not isinstance(name, str) or not name.strip():
        raise InvalidSubmissionError("a player name is required")
    name = " ".join(name.split())
    if len(name) > MAX_NAME_CHARS:
        raise InvalidSubmissionError(f"a player name has at most {MAX_NAME_CHARS} characters")
    if any(not ch.isprintable() for ch in name):
        raise InvalidSubmissionError("a player name cannot hold control characters")
    return name


def clean_player_id(player_id: Any) -> str | None:
    if player_id is None or (isinstance(player_id, str) and not player_id.strip()):
        return None
    if not isinstance(player_id, str):
        raise InvalidSubmissionError("a player id is text")
    player_id = player_id.strip()
    if len(player_id) > MAX_PLAYER_ID_CHARS or any(not ch.isprintable() for ch in player_id):
        raise InvalidSubmissionError(
            f"a player id has at most {MAX_PLAYER_ID_CHARS} printable characters"
        )
    return player_id


_READY: weakref.WeakSet[sqlite_utils.Database] = weakref.WeakSet()


def ensure_schema(db: sqlite_utils.Database) -> None:
    """Create the event tables when missing (once per connection)."""
    if db in _READY:
        return
    for statement in SCHEMA:
        db.execute(statement)
    _READY.add(db)


# -- reading rows ---------------------------------------------------------------

_EVENT_COLUMNS = "id, name, game, format, as_of, deadline, created, locked, published"
_ENTRY_COLUMNS = "e.id, e.event_id, e.player, e.player_id, e.registered, e.created"
_VERSION_COLUMNS = (
    "v.number, v.received, v.source, v.kind, v.body, v.canonical, v.digest,"
    " v.legal, v.errors, v.warnings, v.problems"
)
_LATEST = "v.number = (SELECT MAX(number) FROM event_versions WHERE entry_id = e.id)"


def _event(row: tuple) -> Event:
    event_id, name, game, fmt, as_of, deadline, created, locked, published = row
    return Event(
        id=event_id,
        name=name,
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
        body=body,
        canonical=canonical,
        digest=digest,
        legal=bool(legal),
        errors=errors,
        warnings=warnings,
        problems=json.loads(problems),
    )


def _entry(row: tuple, versions: int) -> Entry:
    entry_id, event_id, player, player_id, registered, created = row[:6]
    return Entry(
        id=entry_id,
        event_id=event_id,
        player=player,
        player_id=player_id,
        registered=bool(registered),
        created=datetime.fromisoformat(created),
        latest=_version(row[6:]),
        versions=versions,
    )


def _find_event(db: sqlite_utils.Database, event_id: str) -> tuple[Event, str]:
    ensure_schema(db)
    row = db.execute(
        f"SELECT {_EVENT_COLUMNS}, admin_hash FROM events WHERE id = ?", [event_id]
    ).fetchone()
    if row is None:
        raise EventNotFoundError()
    return _event(row[:-1]), row[-1]


def _entries(db: sqlite_utils.Database, event_id: str, entry_id: str | None = None) -> list[Entry]:
    where = "e.event_id = ?" + (" AND e.id = ?" if entry_id else "")
    params = [event_id] + ([entry_id] if entry_id else [])
    rows = db.execute(
        f"""SELECT {_ENTRY_COLUMNS}, {_VERSION_COLUMNS},
                   (SELECT COUNT(*) FROM event_versions WHERE entry_id = e.id)
            FROM event_entries e
            LEFT JOIN event_versions v ON v.entry_id = e.id AND {_LATEST}
            WHERE {where}
            ORDER BY e.player_key""",
        params,
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


def as_organizer(db: sqlite_utils.Database, event_id: str, token: str | None) -> Organizer:
    """The organizer's access to an event, when ``token`` is its admin token."""
    event, admin_hash = _find_event(db, event_id)
    if not _token_matches(token, admin_hash):
        raise EventNotFoundError()
    return Organizer(event)


def as_player(db: sqlite_utils.Database, event_id: str, entry_id: str, token: str | None) -> Player:
    """A player's access to their own entry, when ``token`` is that entry's private token."""
    event, _ = _find_event(db, event_id)
    row = db.execute(
        "SELECT token_hash FROM event_entries WHERE id = ? AND event_id = ?", [entry_id, event_id]
    ).fetchone()
    if row is None or not _token_matches(token, row[0]):
        raise EventNotFoundError()
    return Player(event, entry_id)


def as_reader(
    db: sqlite_utils.Database, event_id: str, entry_id: str, token: str | None
) -> Organizer | Player:
    """Access to one entry for its player or for the event's organizer, whichever ``token`` is."""
    event, admin_hash = _find_event(db, event_id)
    if _token_matches(token, admin_hash):
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
) -> NewEvent:
    """Create an event (optionally with its expected players) and its admin token."""
    name = " ".join(str(name or "").split())
    if not name:
        raise InvalidEventError("an event needs a name")
    if len(name) > MAX_EVENT_NAME_CHARS:
        raise InvalidEventError(f"an event name has at most {MAX_EVENT_NAME_CHARS} characters")
    game = pools.game(game_id)
    fmt = game.format(format_id)
    try:
        deadline = as_utc(deadline)
    except OverflowError:
        raise InvalidEventError("the submission deadline is out of range") from None
    if deadline <= now:
        raise InvalidEventError("the submission deadline must be in the future")
    token = new_token()
    event = Event(
        id=secrets.token_urlsafe(ID_BYTES),
        name=name,
        game=game.id,
        format=fmt.id,
        as_of=as_of,
        deadline=deadline,
        created=now,
        locked=False,
        published=False,
    )
    expected = _clean_players(players)
    ensure_schema(db)
    with transaction(db):
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
        _register(db, event.id, expected, now)
    return NewEvent(event, token)


def _clean_players(players: Iterable[tuple[str, str | None]]) -> list[tuple[str, str | None]]:
    cleaned: dict[str, tuple[str, str | None]] = {}
    for name, player_id in players:
        name = clean_player_name(name)
        cleaned.setdefault(player_key(name), (name, clean_player_id(player_id)))
    if len(cleaned) > MAX_PLAYERS:
        raise InvalidSubmissionError(f"an event has at most {MAX_PLAYERS} players")
    return list(cleaned.values())


def _register(
    db: sqlite_utils.Database, event_id: str, players: list[tuple[str, str | None]], now: datetime
) -> int:
    added = 0
    for name, player_id in players:
        cursor = db.execute(
            """INSERT INTO event_entries
                   (id, event_id, player, player_key, player_id, registered, created)
               VALUES (?, ?, ?, ?, ?, 1, ?)
               ON CONFLICT (event_id, player_key) DO NOTHING""",
            [
                secrets.token_urlsafe(ID_BYTES),
                event_id,
                name,
                player_key(name),
                player_id,
                now.isoformat(),
            ],
        )
        added += cursor.rowcount
    return added


def register_players(
    db: sqlite_utils.Database,
    organizer: Organizer,
    players: Iterable[tuple[str, str | None]],
    now: datetime,
) -> int:
    """Pre-register expected players by name; the number new to the event."""
    expected = _clean_players(players)
    with transaction(db):
        _require_open(db, organizer.event.id, now)
        return _register(db, organizer.event.id, expected, now)


def lock(db: sqlite_utils.Database, organizer: Organizer) -> Event:
    """Close the event before its deadline: no list changes after this."""
    with transaction(db):
        db.execute("UPDATE events SET locked = 1 WHERE id = ?", [organizer.event.id])
    return get_event(db, organizer.event.id)


def publish(db: sqlite_utils.Database, organizer: Organizer) -> Event:
    """Make every player's current list public; publishing also locks the event."""
    with transaction(db):
        db.execute("UPDATE events SET locked = 1, published = 1 WHERE id = ?", [organizer.event.id])
    return get_event(db, organizer.event.id)


def _require_open(db: sqlite_utils.Database, event_id: str, now: datetime) -> Event:
    # Read inside the write transaction: a lock committed a moment ago is seen here.
    event = get_event(db, event_id)
    if not event.is_open(now):
        raise EventClosedError(
            f"Lists can no longer be submitted or changed: {event.closed_reason(now)}."
        )
    return event


# -- checking and storing lists -------------------------------------------------------


def check(game: Game, event: Event, submission: Submission) -> Checked:
    """Read a list and validate it in the event's format, on the event's banned-list day."""
    if submission.kind == TEXT:
        if not isinstance(submission.content, str) or not submission.content.strip():
            raise InvalidSubmissionError("the decklist is empty")
        if len(submission.content) > MAX_LIST_CHARS:
            raise InvalidSubmissionError(f"a decklist has at most {MAX_LIST_CHARS} characters")
        parsed = parse_text(submission.content, game)
    else:
        if len(submission.body) > MAX_LIST_CHARS:
            raise InvalidSubmissionError(f"a decklist has at most {MAX_LIST_CHARS} characters")
        try:
            parsed = parse_mapping(submission.content, game)
        except DecklistError as exc:
            raise InvalidSubmissionError(f"the deck cannot be read: {exc}") from None
    # The receipt covers the cards alone, so a deck's own title never changes its hash.
    parsed.deck.name = ""
    result = validate(parsed.deck, event.format, event.as_of, parsed.problems)
    canonical = to_text(parsed.deck)
    return Checked(
        submission=submission,
        parsed=parsed,
        canonical=canonical,
        digest=hashlib.sha256(canonical.encode("utf-8")).hexdigest(),
        legal=result.legal,
        errors=len(result.errors),
        warnings=len(result.warnings),
        problems=[p.as_dict() for p in result.problems],
    )


@dataclass(frozen=True)
class SheetSection:
    """One section of a list as a deck-check sheet prints it."""

    name: str
    entries: list[tuple[int, str]]
    total: int


def sheet_sections(game: Game, version: Version) -> list[SheetSection]:
    """A stored list by section in the game's order, each card with its count and the totals."""
    deck = parse_text(version.canonical, game).deck
    sections = []
    for section in game.sections:
        entries = deck.sections.get(section.id)
        if entries:
            rows = [(e.count, e.card.name) for e in entries]
            sections.append(SheetSection(section.name, rows, sum(c for c, _ in rows)))
    return sections


def _append_version(
    db: sqlite_utils.Database, entry_id: str, checked: Checked, source: str, now: datetime
) -> None:
    db.execute(
        """INSERT INTO event_versions
               (entry_id, number, received, source, kind, body, canonical, digest,
                legal, errors, warnings, problems)
           VALUES (?, (SELECT COALESCE(MAX(number), 0) + 1 FROM event_versions WHERE entry_id = ?),
                   ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
        [
            entry_id,
            entry_id,
            now.isoformat(),
            source,
            checked.submission.kind,
            checked.submission.body,
            checked.canonical,
            checked.digest,
            int(checked.legal),
            checked.errors,
            checked.warnings,
            json.dumps(checked.problems, default=str),
        ],
    )


def submit(
    db: sqlite_utils.Database,
    pools: PoolLibrary,
    event_id: str,
    *,
    player: str,
    submission: Submission,
    now: datetime,
    player_id: str | None = None,
) -> Receipt:
    """A first submission through the event's public link.

    It creates the player's entry, or claims the entry the organizer registered
    under that name, and hands out the entry's private token. A name that
    already has a list on file is refused: only its private link changes it.
    """
    name = clean_player_name(player)
    player_id = clean_player_id(player_id)
    event = get_event(db, event_id)
    checked = check(pools.game(event.game), event, submission)
    token = new_token()
    with transaction(db):
        event = _require_open(db, event_id, now)
        row = db.execute(
            """SELECT e.id, e.token_hash, e.player_id,
                      (SELECT COUNT(*) FROM event_versions WHERE entry_id = e.id)
               FROM event_entries e WHERE e.event_id = ? AND e.player_key = ?""",
            [event_id, player_key(name)],
        ).fetchone()
        if row is None:
            entry_id = secrets.token_urlsafe(ID_BYTES)
            db.execute(
                """INSERT INTO event_entries (id, event_id, player, player_key, player_id,
                                              token_hash, registered, created)
                   VALUES (?, ?, ?, ?, ?, ?, 0, ?)""",
                [
                    entry_id,
                    event_id,
                    name,
                    player_key(name),
                    player_id,
                    token_hash(token),
                    now.isoformat(),
                ],
            )
        else:
            entry_id, claimed, registered_id, versions = row
            if claimed or versions:
                raise PlayerTakenError(
                    f"A list is already on file for {name}. Change it through the private link"
                    " you were given, or ask the organizer."
                )
            if registered_id and player_id and registered_id != player_id:
                raise PlayerTakenError(
                    f"{name} is registered with another player id; ask the organizer."
                )
            db.execute(
                "UPDATE event_entries SET token_hash = ?, player_id = COALESCE(player_id, ?)"
                " WHERE id = ?",
                [token_hash(token), player_id, entry_id],
            )
        _append_version(db, entry_id, checked, PLAYER, now)
    entry = _one_entry(db, event_id, entry_id)
    return Receipt(event, entry, entry.latest, token)


def resubmit(
    db: sqlite_utils.Database,
    pools: PoolLibrary,
    player: Player,
    submission: Submission,
    now: datetime,
) -> Receipt:
    """A player's new version of their own list, stored beside the earlier ones."""
    checked = check(pools.game(player.event.game), player.event, submission)
    with transaction(db):
        _require_open(db, player.event.id, now)
        _append_version(db, player.entry_id, checked, PLAYER, now)
    entry = _one_entry(db, player.event.id, player.entry_id)
    return Receipt(get_event(db, player.event.id), entry, entry.latest)


def submit_for_players(
    db: sqlite_utils.Database,
    pools: PoolLibrary,
    organizer: Organizer,
    items: list[BulkItem],
    now: datetime,
) -> BulkReport:
    """The organizer's bulk upload: each list stored for its player, all of them or none.

    A player not yet in the event is added; one who is gets a new version, as if
    they had resubmitted. A list that cannot be read at all is skipped with the reason.
    """
    report = BulkReport()
    game = pools.game(organizer.event.game)
    ready: list[tuple[BulkItem, str, Checked]] = []
    seen: set[str] = set()
    for item in items:
        try:
            name = clean_player_name(item.player)
            player_id = clean_player_id(item.player_id)
            checked = check(game, organizer.event, item.submission)
        except InvalidSubmissionError as exc:
            report.skipped.append(f"{item.source}: skipped: {exc}")
            continue
        if player_key(name) in seen:
            report.skipped.append(f"{item.source}: skipped: a second list for {name}")
            continue
        seen.add(player_key(name))
        item.player_id = player_id
        ready.append((item, name, checked))
    entry_ids: list[tuple[str, str]] = []
    with transaction(db):
        _require_open(db, organizer.event.id, now)
        for item, name, checked in ready:
            row = db.execute(
                "SELECT id FROM event_entries WHERE event_id = ? AND player_key = ?",
                [organizer.event.id, player_key(name)],
            ).fetchone()
            if row is None:
                entry_id = secrets.token_urlsafe(ID_BYTES)
                db.execute(
                    """INSERT INTO event_entries
                           (id, event_id, player, player_key, player_id, registered, created)
                       VALUES (?, ?, ?, ?, ?, 1, ?)""",
                    [
                        entry_id,
                        organizer.event.id,
                        name,
                        player_key(name),
                        item.player_id,
                        now.isoformat(),
                    ],
                )
            else:
                entry_id = row[0]
            _append_version(db, entry_id, checked, ORGANIZER, now)
            entry_ids.append((item.source, entry_id))
    for source, entry_id in entry_ids:
        entry = _one_entry(db, organizer.event.id, entry_id)
        report.stored.append((source, Receipt(organizer.event, entry, entry.latest)))
    return report


# -- reading: each reader takes the access that allows it ---------------------------------

ALL = "all"
ILLEGAL = "illegal"
LEGAL = "legal"
MISSING = "missing"
FILTERS = (ALL, ILLEGAL, LEGAL, MISSING)


def entries(db: sqlite_utils.Database, organizer: Organizer, show: str = ALL) -> list[Entry]:
    """Every entry of the event with its latest list, filtered for the organizer's dashboard."""
    if show not in FILTERS:
        raise InvalidQueryError(f"unknown filter {show!r}; the filters are {', '.join(FILTERS)}")
    found = _entries(db, organizer.event.id)
    if show == ILLEGAL:
        return [e for e in found if e.latest is not None and not e.latest.legal]
    if show == LEGAL:
        return [e for e in found if e.latest is not None and e.latest.legal]
    if show == MISSING:
        return [e for e in found if e.latest is None]
    return found


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
        f"SELECT {_VERSION_COLUMNS} FROM event_versions v WHERE v.entry_id = ? ORDER BY v.number",
        [found.id],
    ).fetchall()
    return [_version(row) for row in rows]


def verify(db: sqlite_utils.Database, organizer: Organizer, receipt: str) -> list[Match]:
    """The stored versions whose hash begins with ``receipt`` (a player's receipt hash)."""
    receipt = receipt.strip().lower()
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
