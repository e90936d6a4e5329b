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
that reads decklists takes one. This package knows SQLite and the validator,
never HTTP. Its modules, one idea each:

- :mod:`.records`: the plain data; :mod:`.refusals`: the errors;
- :mod:`.tokens`: secret tokens and ids; :mod:`.names`: players' names;
- :mod:`.idempotency`: keys that make a request sent twice one request;
- :mod:`.rules`: how a list is read and judged;
- :mod:`.store`: the tables, access by token, and the readers;
- :mod:`.today`: what the lists on file read to against today's card pool;
- :mod:`.submissions`: storing players' lists and the organizer's uploads.
"""

from __future__ import annotations

from cardpool import NotFoundError

from .names import clean_player_id, clean_player_name, lookalike_key, player_key
from .records import (
    DEFAULT_LIMITS,
    JSON,
    MAX_EVENT_NAME_CHARS,
    MAX_LIST_CHARS,
    MAX_NAME_CHARS,
    MAX_PLAYER_ID_CHARS,
    MAX_PLAYERS,
    MAX_TYPED_CHARS,
    ORGANIZER,
    PLAYER,
    RECEIPT_CHARS,
    TEXT,
    BulkItem,
    BulkReport,
    Checked,
    Entry,
    EntryPage,
    Event,
    Limits,
    Match,
    NewEvent,
    Organizer,
    Player,
    Receipt,
    Recheck,
    Registration,
    SettingsChanged,
    SheetSection,
    Submission,
    Version,
    as_utc,
    utcnow,
)
from .refusals import (
    AdminLinkReplacedError,
    EventClosedError,
    EventNotFoundError,
    FormatGoneError,
    IdempotencyKeyReusedError,
    IdentityError,
    InvalidEventError,
    InvalidQueryError,
    InvalidSubmissionError,
    LimitReachedError,
    ListChangedError,
    PlayerTakenError,
    SettingsChangedError,
)
from .rules import (
    REREAD_SECONDS,
    Listed,
    ReadToday,
    check,
    checked_again,
    format_gone,
    sheet_sections,
)
from .store import (
    ALL,
    CHANGED,
    FILTERS,
    ILLEGAL,
    LEGAL,
    MISSING,
    PER_PAGE,
    as_organizer,
    as_player,
    as_reader,
    change_settings,
    count_entries,
    create_event,
    ensure_schema,
    entries,
    entry,
    entry_page,
    get_event,
    history,
    listed,
    lock,
    lookalikes,
    publish,
    published_lists,
    register_players,
    verify,
    version_body,
)
from .submissions import clean_idempotency_key, resubmit, submit, submit_for_players
from .today import as_read_today, page_read_today, read_today
from .tokens import new_token, token_hash

__all__ = [
    "ALL",
    "CHANGED",
    "DEFAULT_LIMITS",
    "FILTERS",
    "ILLEGAL",
    "JSON",
    "LEGAL",
    "MAX_EVENT_NAME_CHARS",
    "MAX_LIST_CHARS",
    "MAX_NAME_CHARS",
    "MAX_PLAYERS",
    "MAX_PLAYER_ID_CHARS",
    "MAX_TYPED_CHARS",
    "MISSING",
    "ORGANIZER",
    "PER_PAGE",
    "PLAYER",
    "RECEIPT_CHARS",
    "REREAD_SECONDS",
    "TEXT",
    "AdminLinkReplacedError",
    "BulkItem",
    "BulkReport",
    "Checked",
    "Entry",
    "EntryPage",
    "Event",
    "EventClosedError",
    "EventNotFoundError",
    "FormatGoneError",
    "IdempotencyKeyReusedError",
    "IdentityError",
    "InvalidEventError",
    "InvalidQueryError",
    "InvalidSubmissionError",
    "LimitReachedError",
    "Limits",
    "ListChangedError",
    "Listed",
    "Match",
    "NewEvent",
    "NotFoundError",
    "Organizer",
    "Player",
    "PlayerTakenError",
    "ReadToday",
    "Receipt",
    "Recheck",
    "Registration",
    "SettingsChanged",
    "SettingsChangedError",
    "SheetSection",
    "Submission",
    "Version",
    "as_organizer",
    "as_player",
    "as_read_today",
    "as_reader",
    "as_utc",
    "change_settings",
    "check",
    "checked_again",
    "clean_idempotency_key",
    "clean_player_id",
    "clean_player_name",
    "count_entries",
    "create_event",
    "ensure_schema",
    "entries",
    "entry",
    "entry_page",
    "format_gone",
    "get_event",
    "history",
    "listed",
    "lock",
    "lookalike_key",
    "lookalikes",
    "new_token",
    "page_read_today",
    "player_key",
    "publish",
    "published_lists",
    "read_today",
    "register_players",
    "resubmit",
    "sheet_sections",
    "submit",
    "submit_for_players",
    "token_hash",
    "utcnow",
    "verify",
    "version_body",
]
