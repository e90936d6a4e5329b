"""The event library's plain data: events, entries, versions and what a submission returns.

Dataclasses only; reading and writing them is :mod:`.store`'s job.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Any

from cardpool import DeckwrightError
from validator import ParsedDeck

from ..requests import parse_json
from .refusals import DECKLIST, InvalidSubmissionError

RECEIPT_CHARS = 12
MAX_NAME_CHARS = 100
MAX_PLAYER_ID_CHARS = 40
MAX_EVENT_NAME_CHARS = 200
# A name or id as sent, spaces and all: one padded by a spreadsheet is judged by its limit
# above once its spaces are collapsed, and text longer than this is refused unread.
MAX_TYPED_CHARS = 1_000
MAX_LIST_CHARS = 100_000
MAX_PLAYERS = 2_000  # players registered by one request
MIN_IDEMPOTENCY_KEY_CHARS = 16
MAX_IDEMPOTENCY_KEY_CHARS = 100

# The status today of a list not read again against today's card pool yet.
NOT_READ_YET = "not read yet"

TEXT = "text"
JSON = "json"
PLAYER = "player"
ORGANIZER = "organizer"


@dataclass(frozen=True)
class Limits:
    """How much one event may store, so no visitor can fill the disk or swell a page.

    The site sets them from its configuration (``EVENT_MAX_ENTRIES``,
    ``EVENT_MAX_VERSIONS``, ``EVENT_MAX_PROBLEMS``); these are the defaults.
    """

    entries: int = 2_000  # players of one event, registered or submitted
    versions: int = 20  # lists kept per entry; each is kept whole
    problems: int = 50  # problems kept per verdict; the rest are counted


DEFAULT_LIMITS = Limits()


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
    body: str | None  # exactly as received; None where a listing leaves it out
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

    @property
    def problems_not_kept(self) -> int:
        """Problems counted in the verdict beyond those kept (every problem is one or the other)."""
        return max(0, self.errors + self.warnings - len(self.problems))


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
    # What the list on file, as received, reads to against today's card pool, where that is
    # not the verdict it got: set by the readers that read it again (None otherwise).
    today: Recheck | None = None
    # The list on file is not read again against today's card pool yet (a request reads
    # lists again for so long, the next goes on): its status_today says so.
    unread_today: bool = False

    @property
    def submitted(self) -> bool:
        return self.latest is not None

    @property
    def status(self) -> str:
        """``legal``, ``not legal`` or ``not submitted``: the verdict the list on file got
        in the event's format and banned-list day, as stored (when it came, or judged again
        when the organizer changed them: see :func:`.store.change_settings`)."""
        if self.latest is None:
            return "not submitted"
        return "legal" if self.latest.legal else "not legal"

    @property
    def status_today(self) -> str:
        """The status of the list on file read against today's card pool: the dashboard's
        filters and counts go by it. :attr:`status` where the list reads as it did,
        :data:`NOT_READ_YET` where it is not read again yet (counted by :attr:`status`)."""
        if self.unread_today:
            return NOT_READ_YET
        if self.today is None:
            return self.status
        return "legal" if self.today.legal else "not legal"


@dataclass(frozen=True)
class EntryPage:
    """One page of an event's entries, and how many each filter shows in all (the verdicts
    as read against today's card pool, where given)."""

    entries: list[Entry]
    page: int
    pages: int
    per_page: int
    total: int  # entries the filter shows, on every page
    counts: dict[str, int]


@dataclass(frozen=True)
class Registration:
    """What registering players did: how many are new to the event, and the names it
    already held, left as they were (their player ids too)."""

    added: int
    already: tuple[str, ...] = ()


@dataclass(frozen=True)
class NewEvent:
    event: Event
    admin_token: str  # shown once; only its hash is kept (and, with a key, sealed with it)
    replayed: bool = False  # the answer of an earlier request with the same idempotency key
    # Names given again in the request, after another that reads as one (the same player):
    # the first is registered, these named back as registering players names them.
    already: tuple[str, ...] = ()


@dataclass(frozen=True)
class SettingsChanged:
    """What changing an event's settings did: the event as it is now, each change as its log
    says it (none when nothing differed), and how many lists were judged again."""

    event: Event
    changes: tuple[str, ...] = ()
    judged: int = 0


@dataclass(frozen=True)
class Receipt:
    """What a player gets back on submitting: their entry, the version stored, and its hash."""

    event: Event
    entry: Entry
    version: Version
    player_token: str | None = None  # only when the entry was created or claimed just now
    replayed: bool = False  # the answer of an earlier request with the same idempotency key


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
        """A list pasted into a form: the deck builder's JSON when it looks like JSON, else text.

        Read by the rules of a JSON body (webapp.requests.parse_json), so that a list nested
        hundreds of levels deep is refused here rather than walked out of stack later.
        """
        if pasted.lstrip().startswith("{"):
            try:
                data = parse_json(pasted)
            except DeckwrightError as exc:
                where = next(iter(getattr(exc, "details", None) or []), {})
                if "line" in where:
                    line, reason = where["line"], where["message"]
                    message = f"looks like JSON but is not (line {line}: {reason})"
                elif getattr(exc, "code", "") == "invalid-text":
                    message = "holds text that is not valid Unicode"  # as a text list is told
                else:
                    message = f"looks like JSON but cannot be read: {exc}"
                raise InvalidSubmissionError(f"the list {message}", DECKLIST) from None
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
    problems: list[dict[str, Any]]  # as reading ``problems_json`` back gives them
    problems_json: str  # as stored
    # The event's settings it was judged in: a list judged before the organizer changed
    # them is not stored with that verdict (see store._store_version).
    format: str = ""
    as_of: date | None = None


@dataclass(frozen=True)
class Match:
    """A stored version whose hash matches a receipt."""

    entry: Entry
    version: Version
    current: bool  # it is still the entry's latest list


@dataclass
class BulkItem:
    """One list of a bulk upload: where it came from and the player it is for."""

    source: str  # file name in the zip, or "row N" of the CSV (the header is row 1)
    player: str
    submission: Submission
    player_id: str | None = None
    # Its place in the upload (the line a CSV row starts on, a member's number in the zip):
    # what the upload skipped is reported in this order, top to bottom.
    position: int = 0
    # When a form's answer was sent, from a sheet of answers' timestamp column (as it reads
    # there, and as read): a player who answered twice corrected their list, and their
    # answers are stored in this order, the latest on file.
    answered: datetime | None = None
    answered_as: str = ""
    # The address a form's answer came from: answers from two addresses under one name may
    # be two players, whose lists are not one player's versions.
    email: str | None = None
    # "Windows-1252" for a file read in that code page, not as UTF-8: the organizer is told.
    read_as: str = ""
    # Named by its file's name (a zip's member), not typed by its player (a sheet's row).
    named_by_file: bool = False


@dataclass
class BulkReport:
    """What a bulk upload stored, and every member or row it skipped with the reason, in the
    upload's order."""

    stored: list[tuple[str, Receipt]] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    # Each list already on file as uploaded, not stored again: in the upload's order.
    unchanged: list[str] = field(default_factory=list)
    # The players who answered a form more than once, and which answer is the list on file.
    answered_again: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class SheetSection:
    """One section of a list as a deck-check sheet prints it."""

    name: str
    entries: list[tuple[int, str]]
    total: int
    # The names on it that today's card pool has no card for (taken out, or renamed since).
    missing: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Recheck:
    """A stored list's verdict read again today, where it differs from the verdict it got."""

    legal: bool
    errors: int
    warnings: int
    problems: list[str]  # the first problems' messages


def utcnow() -> datetime:
    return datetime.now(UTC)


def as_utc(moment: datetime) -> datetime:
    """A datetime in UTC; one without a zone is taken to be UTC already."""
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)
