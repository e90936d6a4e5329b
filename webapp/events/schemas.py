"""The event API's request and response bodies (and the JSON export) as marshmallow schemas.

Responses are dumped straight from the dataclasses of :mod:`webapp.events`;
the OpenAPI document is generated from these classes like the rest of the API.
"""

from __future__ import annotations

import json
import re
from typing import Any

from marshmallow import (
    EXCLUDE,
    Schema,
    ValidationError,
    fields,
    pre_load,
    validate,
    validates_schema,
)

from ..forms import BAD_DATE
from ..schemas import AskedDay, ProblemSchema
from . import (
    FILTERS,
    MAX_EVENT_NAME_CHARS,
    MAX_LIST_CHARS,
    MAX_NAME_CHARS,
    MAX_PLAYER_ID_CHARS,
    MAX_PLAYERS,
    MAX_TYPED_CHARS,
    RECEIPT_CHARS,
    InvalidEventError,
)
from .exports import SEPARATORS, separator_refused
from .records import NOT_READ_YET
from .rules import RECHECK_PROBLEMS
from .store import event_name
from .tokens import as_typed_hash

# A form's pasted list, and its pasted players, past their limits: said in words, not
# marshmallow's "Longer than maximum length 100000."
_PASTED_LIST = validate.Length(
    max=MAX_LIST_CHARS,
    error=f"A decklist is at most {MAX_LIST_CHARS:,} characters long, and this one is longer:"
    " check that only the list was pasted.",
)
_PASTED_PLAYERS = validate.Length(
    max=MAX_PLAYERS * 150,
    error=f"At most {MAX_PLAYERS:,} players, one a line, can be pasted at once, and this is"
    " longer: paste them in parts.",
)


# A moment as RFC 3339 writes it (the OpenAPI document's date-time): a calendar date, "T"
# (or "t", or a space), the hour and minutes, the seconds and their fraction if given, and the
# offset from UTC (Z, z, +02:00; +0200 and +02 read alike) or none, for UTC. Python reads
# other ways of ISO 8601 too ("2099-W01", a week, as its Monday's midnight), which no
# organizer's client means as a deadline: they are refused saying how to write one.
MOMENT_PATTERN = (
    r"^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt ][0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]+)?)?"
    r"([Zz]|[+-][0-9]{2}(:?[0-9]{2})?)?$"
)
_MOMENT = re.compile(MOMENT_PATTERN)
_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_WEEK = re.compile(r"[0-9]{4}-?W[0-9]{2}(?P<day>-?[0-9])?")
MOMENT_EXAMPLE = "2030-05-03T18:00:00Z"
_NO_OFFSET = "without an offset, the time is UTC"
_TO_WRITE = (
    f"give a calendar date and a time as RFC 3339 writes them, e.g. {MOMENT_EXAMPLE} or"
    f" 2030-05-03T20:00:00+02:00 ({_NO_OFFSET})"
)


def is_moment(value: object) -> bool:
    """Whether ``value`` is written as a moment is (:data:`MOMENT_PATTERN`)."""
    return isinstance(value, str) and _MOMENT.match(value) is not None


class AskedMoment(fields.DateTime):
    """A deadline a request gives: a calendar date and a time as RFC 3339 writes them, its
    "z" for "Z" too; without an offset, UTC. A day alone (its first moment, which closed
    submissions a day early), a week date or another way of ISO 8601 is refused, said with
    what was sent and how a moment is written."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if is_moment(value):
            text = value[:-1] + "Z" if value.endswith("z") else value
            try:
                return super()._deserialize(text, attr, data, **kwargs)
            except ValidationError:
                pass  # written as one, but no moment: a 25th hour, a 13th month
        shown = repr(value) if isinstance(value, str) else json.dumps(value, default=str)
        if len(shown) > 60:
            shown = shown[:60] + "..."
        if isinstance(value, str) and _DAY.fullmatch(value):
            raise ValidationError(
                f"{shown} is a day, not a moment: give the time submissions close too, e.g."
                f" {value}T18:00:00Z ({_NO_OFFSET})"
            )
        if isinstance(value, str) and (week := _WEEK.fullmatch(value)):
            what = "a week's day" if week["day"] else "a week"
            raise ValidationError(f"{shown} is {what}, not a moment: {_TO_WRITE}")
        raise ValidationError(f"{shown} is not a moment: {_TO_WRITE}")


class TypedMoment(fields.DateTime):
    """A deadline typed into the site's form, where a browser has no date and time field:
    written as a moment is (its zone is the form's own), else refused with the form's
    words, as :class:`AskedMoment` refuses it."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not is_moment(value):
            raise self.make_error("invalid")
        return super()._deserialize(value, attr, data, **kwargs)


def _typed(what: str, chars: int) -> validate.Length:
    """A name or id is judged by its limit once its spaces are collapsed (by the event
    library), so one padded by a spreadsheet is the name: refused here only past
    MAX_TYPED_CHARS, far longer than any name, in the words of its own limit."""
    return validate.Length(max=MAX_TYPED_CHARS, error=f"{what} has at most {chars} characters")


_NAME_TYPED = _typed("a player name", MAX_NAME_CHARS)
_PLAYER_ID_TYPED = _typed("a player id", MAX_PLAYER_ID_CHARS)
_EVENT_NAME_TYPED = _typed("an event name", MAX_EVENT_NAME_CHARS)


def _event_name_kept(name: str) -> None:
    """An event's name refused as the event library refuses it (too long once its spaces
    are collapsed, blank, holding what no page can show), said as a refusal of the field
    ``name``: refused later, by the library, the answer named no field to fix. An empty
    name is left to the field's own ``Length(min=1)``, which says so once."""
    if not name:
        return
    try:
        event_name(name)
    except InvalidEventError as exc:
        raise ValidationError(str(exc)) from None


_EVENT_NAME = [
    validate.Length(min=1, error="an event needs a name"),
    _EVENT_NAME_TYPED,
    _event_name_kept,
]

_PLAYER_NAME = fields.Str(
    required=True,
    validate=[validate.Length(min=1, error="a player name is required"), _NAME_TYPED],
    metadata={
        "description": "The player's name as the organizer knows it:"
        f" at most {MAX_NAME_CHARS} characters once its spaces are collapsed."
    },
)


def _player_id() -> fields.Str:
    return fields.Str(
        load_default=None,
        allow_none=True,
        validate=_PLAYER_ID_TYPED,
        metadata={
            "description": "An optional membership or player number:"
            f" at most {MAX_PLAYER_ID_CHARS} characters once trimmed."
        },
    )


# -- requests ---------------------------------------------------------------------------


class PlayerBodySchema(Schema):
    name = _PLAYER_NAME
    player_id = _player_id()


class EventBodySchema(Schema):
    name = fields.Str(
        required=True,
        validate=_EVENT_NAME,
        metadata={
            "description": f"At most {MAX_EVENT_NAME_CHARS} characters"
            " once its spaces are collapsed."
        },
    )
    game = fields.Str(required=True, metadata={"description": "A game id, e.g. era."})
    format = fields.Str(
        load_default=None, metadata={"description": "A format id (else the game's default)."}
    )
    as_of = AskedDay(
        load_default=None,
        metadata={
            "description": "The day whose banned list applies (YYYY-MM-DD); without it,"
            " the day each list comes."
        },
    )
    deadline = AskedMoment(
        required=True,
        metadata={
            "description": "The moment submissions close, as RFC 3339 writes it: a calendar"
            " date, T and a time, and its offset from UTC (2030-05-03T18:00:00Z,"
            " 2030-05-03T20:00:00+02:00); the seconds may be left out, and"
            f" {_NO_OFFSET}. A day alone (2030-05-03), a week date (2099-W01) or another"
            " way of ISO 8601 is refused (422), saying how to write it.",
            "pattern": MOMENT_PATTERN,
            "example": MOMENT_EXAMPLE,
        },
    )
    players = fields.List(
        fields.Nested(PlayerBodySchema),
        load_default=list,
        validate=validate.Length(max=MAX_PLAYERS),
        metadata={
            "description": "Players expected to submit, registered in advance. Names that"
            ' read as one ("Jo-Jo", "jo jo") are one player, named back in'
            " already_registered; with different player ids they are refused (422)."
        },
    )


class EventSettingsBodySchema(Schema):
    """What an organizer changes of an event before its lists are published: any of its
    name, format, banned-list day and deadline, each held to what a new event's is (none
    given changes nothing)."""

    name = fields.Str(
        validate=_EVENT_NAME,
        metadata={
            "description": f"At most {MAX_EVENT_NAME_CHARS} characters"
            " once its spaces are collapsed."
        },
    )
    format = fields.Str(
        metadata={
            "description": "One of the game's format ids: every list on file is judged in it"
            " again, kept as it was sent."
        }
    )
    as_of = AskedDay(
        metadata={
            "description": "The day whose banned list applies (YYYY-MM-DD); null for the day"
            " each list comes. Every list on file is judged on it again."
        },
    )
    deadline = AskedMoment(
        metadata={
            "description": "The moment submissions close, written as a new event's is"
            f" ({MOMENT_EXAMPLE}). It must be in the future (to close submissions now, lock"
            " the event); moved later, even past the deadline before, submissions reopen"
            " unless the event is locked, which stays locked until reopened.",
            "pattern": MOMENT_PATTERN,
            "example": MOMENT_EXAMPLE,
        },
    )


class _ListFields(Schema):
    """A decklist: ``text`` (a pasted list) or ``deck`` (the deck builder's JSON form)."""

    # Stated as oneOf in the OpenAPI document; enforced by one_list.
    exactly_one_of = ("text", "deck")
    text = fields.Str(
        validate=[
            validate.Length(min=1, error="the decklist is empty"),
            validate.Length(
                max=MAX_LIST_CHARS, error=f"a decklist has at most {MAX_LIST_CHARS:,} characters"
            ),
        ]
    )
    deck = fields.Dict(
        metadata={"description": 'The JSON deck form: {"sections": {"deck": [{"card", "count"}]}}'}
    )

    @validates_schema
    def one_list(self, data, **_kwargs):
        if ("text" in data) == ("deck" in data):
            raise ValidationError("send the list as exactly one of text or deck")


class ListBodySchema(_ListFields):
    """A new version of a player's list: ``text`` or ``deck``, and the version it was made from."""

    based_on = fields.Int(
        strict=True,
        validate=validate.Range(min=0, max=2**31),
        metadata={
            "description": "The version on file when this list was made from it (0 for none)."
            " When a newer version is on file, the same list sent again is answered with it"
            " and stores nothing; another list is refused with 409 (list-changed) rather"
            " than replace a version its sender has not seen, as is any list made from a"
            " version never on file (higher than the newest); the refusal's details give"
            " the version on file, latest_version, for a list sent again in its place to"
            " name as based_on. Without it, the list is stored as the newest."
        },
    )


class SubmissionBodySchema(_ListFields):
    player = _PLAYER_NAME
    player_id = _player_id()


class RegisterBodySchema(Schema):
    players = fields.List(
        fields.Nested(PlayerBodySchema),
        required=True,
        validate=validate.Length(min=1, max=MAX_PLAYERS),
    )


class UploadBodySchema(Schema):
    """Many lists at once: a CSV (columns player, list) or a zip of text files, base64-encoded."""

    # Stated as oneOf in the OpenAPI document; enforced by one_upload.
    exactly_one_of = ("csv", "zip")
    csv = fields.Str(
        metadata={"description": "CSV text with a header row: player,list[,player_id]."}
    )
    zip = fields.Str(
        metadata={
            "description": "A zip file, base64-encoded (in lines, or as a data: URL, too);"
            " one decklist file per player."
        }
    )

    @validates_schema
    def one_upload(self, data, **_kwargs):
        if ("csv" in data) == ("zip" in data):
            raise ValidationError("send exactly one of csv or zip")


API_PER_PAGE = 100
MAX_PER_PAGE = 500
MAX_PAGE = 1_000_000  # more pages than any event's limits allow


class EntriesQuerySchema(Schema):
    show = fields.Str(
        load_default="all",
        validate=validate.OneOf(FILTERS),
        metadata={
            "description": "all, illegal, legal, missing (registered, not submitted), or"
            " changed (lists reading to another verdict against today's card pool than the"
            " one they got). legal and illegal go by status_today: a list that was legal when"
            " it came and is not against today's pool is under illegal."
        },
    )
    page = fields.Int(
        load_default=1,
        validate=validate.Range(min=1, max=MAX_PAGE),
        metadata={"description": "The page of entries, from 1."},
    )
    per_page = fields.Int(
        load_default=API_PER_PAGE,
        validate=validate.Range(min=1, max=MAX_PER_PAGE),
        metadata={"description": f"Entries a page (at most {MAX_PER_PAGE})."},
    )


def _offered_separator(value: str) -> None:
    if value not in SEPARATORS:
        raise ValidationError(separator_refused(value))


class ExportQuerySchema(Schema):
    separator = fields.Str(
        load_default="comma",
        validate=_offered_separator,
        metadata={
            "description": "comma (the default), or semicolon: what Excel opens in columns"
            " where its list separator is a semicolon.",
            "enum": list(SEPARATORS),
        },
    )


class VerifyQuerySchema(Schema):
    receipt = fields.Str(
        required=True,
        validate=validate.Regexp(
            f"^[0-9a-fA-F]{{{RECEIPT_CHARS},64}}$",
            error=f"a receipt hash is {RECEIPT_CHARS} to 64 hexadecimal characters",
        ),
        error_messages={"required": "give the receipt hash to check: ?receipt=<hash>"},
        metadata={
            "description": "The hash on a player's receipt (spaces, hyphens and invisible"
            " marks in or around it are ignored)."
        },
    )

    @pre_load
    def as_copied(self, data: Any, **_kwargs) -> Any:
        """A hash copied off a page or a message comes with spaces around it, or typed in
        groups: the dashboard's form ignores them, and so does the API."""
        if isinstance(data, dict) and isinstance(data.get("receipt"), str):
            return {**data, "receipt": as_typed_hash(data["receipt"])}
        return data


# -- responses --------------------------------------------------------------------------


class EventSchema(Schema):
    id = fields.Str(required=True)
    name = fields.Str(required=True)
    game = fields.Str(required=True)
    format = fields.Str(required=True)
    as_of = fields.Date(required=True, allow_none=True)
    deadline = fields.DateTime(required=True)
    open = fields.Bool(
        required=True,
        metadata={
            "description": "Lists may still be submitted: before the deadline, not locked,"
            " and the event's format still in the card pool."
        },
    )
    closed_reason = fields.Str(
        required=True, metadata={"description": "Why lists no longer change; empty while open."}
    )
    locked = fields.Bool(required=True)
    published = fields.Bool(required=True)
    submit_url = fields.Str(required=True, metadata={"description": "The public submission page."})


class EventCreatedSchema(Schema):
    event = fields.Nested(EventSchema, required=True)
    admin_token = fields.Str(
        required=True,
        metadata={"description": "Shown once, never stored: send it as Authorization: Bearer."},
    )
    admin_url = fields.Str(required=True, metadata={"description": "The organizer's dashboard."})
    already_registered = fields.List(
        fields.Str(),
        required=True,
        metadata={
            "description": "Names in players given again after one that reads as the same"
            ' name ("Jo Jo" after "Jo-Jo"), with the same player id or none: one player,'
            " registered once under the first. Two such names with different player ids"
            ' are refused (422): write one apart ("Jo Jo (2)").'
        },
    )


class VersionSchema(Schema):
    version = fields.Int(required=True, attribute="number")
    received = fields.DateTime(required=True)
    source = fields.Str(required=True, validate=validate.OneOf(["player", "organizer"]))
    kind = fields.Str(required=True, validate=validate.OneOf(["text", "json"]))
    receipt = fields.Str(required=True, metadata={"description": "The short hash of the list."})
    sha256 = fields.Str(required=True, attribute="digest")
    legal = fields.Bool(required=True)
    errors = fields.Int(required=True)
    warnings = fields.Int(required=True)
    problems = fields.List(
        fields.Nested(ProblemSchema),
        required=True,
        metadata={"description": "The first problems found; problems_not_kept counts the rest."},
    )
    problems_not_kept = fields.Int(required=True)
    list = fields.Str(
        required=True, attribute="canonical", metadata={"description": "The list as read."}
    )
    body = fields.Str(required=True, metadata={"description": "Exactly what was received."})


class ReadTodaySchema(Schema):
    """What a list on file, as received, reads to against today's card pool."""

    legal = fields.Bool(required=True)
    errors = fields.Int(required=True)
    warnings = fields.Int(required=True)
    problems = fields.List(
        fields.Str(),
        required=True,
        metadata={"description": f"The first {RECHECK_PROBLEMS} errors' messages."},
    )


_STATUSES = ["legal", "not legal", "not submitted"]
_STATUSES_TODAY = [*_STATUSES, NOT_READ_YET]


class EntrySchema(Schema):
    entry = fields.Str(required=True, attribute="id")
    player = fields.Str(required=True)
    player_id = fields.Str(required=True, allow_none=True)
    registered = fields.Bool(required=True)
    status = fields.Str(
        required=True,
        validate=validate.OneOf(_STATUSES),
        metadata={
            "description": "The verdict the list on file got in the event's format and"
            " banned-list day: as stored when it came, or as judged again in them once the"
            " organizer changed them (status_today says what the list reads to against"
            " today's card pool)."
        },
    )
    status_today = fields.Str(
        required=True,
        validate=validate.OneOf(_STATUSES_TODAY),
        metadata={
            "description": "The list on file, as received, read against today's card pool on"
            " the day it was judged (the event's banned-list day, or the day it came): the"
            " same as status unless the pool changed since (a ban added dated before the"
            " list came, a card it plays taken out or renamed), then read_today says how."
            " 'not read yet' while the list is not read again against today's pool (shortly"
            " after the pool changed: ask again), when it is counted and filtered by status"
            " and counted in unread_today. The entries' show filter and counts go by it."
        },
    )
    read_today = fields.Nested(
        ReadTodaySchema,
        required=True,
        allow_none=True,
        attribute="today",
        metadata={
            "description": "What the list reads to against today's card pool, where that is"
            " not the verdict it got; null where it reads as it did (or no list is on file,"
            " or the event's format is no longer in the pool, so it cannot be read again),"
            " and null too while status_today is 'not read yet': null means reads as it did"
            " only where status_today is status."
        },
    )
    versions = fields.Int(required=True)
    latest = fields.Nested(VersionSchema, required=True, allow_none=True)


class VersionSummarySchema(VersionSchema):
    """A version in a listing: its verdict and list as read, not the body as received."""

    class Meta:
        exclude = ("body",)


class EntrySummarySchema(EntrySchema):
    latest = fields.Nested(VersionSummarySchema, required=True, allow_none=True)


class ReceiptSchema(Schema):
    event = fields.Str(required=True)
    entry = fields.Nested(EntrySchema, required=True)
    receipt = fields.Str(required=True)
    player_token = fields.Str(
        metadata={"description": "Only on a first submission: the key to change this entry."}
    )
    private_url = fields.Str(metadata={"description": "Only on a first submission."})


class EntryCountsSchema(Schema):
    """How many entries each filter shows, by what each list reads to today."""

    all = fields.Int(required=True)
    legal = fields.Int(required=True, metadata={"description": "status_today legal."})
    illegal = fields.Int(required=True, metadata={"description": "status_today not legal."})
    missing = fields.Int(required=True, metadata={"description": "Registered, not submitted."})
    changed = fields.Int(
        required=True,
        metadata={
            "description": "Lists whose status_today is not their status: the card pool"
            " changed since they came."
        },
    )
    unread_today = fields.Int(
        required=True,
        metadata={
            "description": "Lists not read again against today's card pool yet (status_today"
            " 'not read yet'): a request reads lists again for so long at most, and the next"
            " goes on, so after the pool changes the first answers may leave some. Until"
            " read, each is counted under legal or illegal by the verdict it got (its"
            " status), so the other counts are partial while this is not 0; ask again to"
            " see them all."
        },
    )


class EntryListSchema(Schema):
    event = fields.Nested(EventSchema, required=True)
    entries = fields.List(fields.Nested(EntrySummarySchema), required=True)
    counts = fields.Nested(
        EntryCountsSchema,
        required=True,
        metadata={
            "description": "The event's entries in all, by filter: by what each list reads"
            " to against today's card pool (status_today)."
        },
    )
    lookalikes = fields.List(
        fields.List(fields.Str()),
        required=True,
        metadata={"description": "Groups of different player names that read alike."},
    )


class EntryPageSchema(EntryListSchema):
    page = fields.Int(required=True)
    per_page = fields.Int(required=True)
    pages = fields.Int(required=True)
    total = fields.Int(required=True, metadata={"description": "Entries the filter shows in all."})
    next = fields.Str(
        required=True,
        allow_none=True,
        metadata={
            "description": "The next page's address, the filter kept (send the admin token"
            " with it as with this one); null on the last page."
        },
    )


class HistorySchema(Schema):
    entry = fields.Str(required=True)
    player = fields.Str(required=True)
    versions = fields.List(fields.Nested(VersionSchema), required=True)


class RegisteredSchema(Schema):
    added = fields.Int(required=True, metadata={"description": "Players new to the event."})
    already_registered = fields.List(
        fields.Str(),
        required=True,
        metadata={
            "description": "Names the event already held, or given twice in this request,"
            " left as they were (a player id sent with one does not replace the one on file)."
            " A name reading as one given before in the request, or held by the event, with"
            " another player id is refused (422): two players of one name, write one apart"
            ' ("Jo Jo (2)").'
        },
    )


class MatchSchema(Schema):
    entry = fields.Str(required=True)
    player = fields.Str(required=True)
    version = fields.Int(required=True)
    received = fields.DateTime(required=True)
    sha256 = fields.Str(required=True)
    current = fields.Bool(required=True, metadata={"description": "Still the list on file."})


class VerifySchema(Schema):
    receipt = fields.Str(required=True)
    on_file = fields.Bool(
        required=True, metadata={"description": "Some player's current list has this hash."}
    )
    matches = fields.List(fields.Nested(MatchSchema), required=True)


class StoredSchema(Schema):
    source = fields.Str(
        required=True,
        metadata={
            "description": "The file name in the zip, or the CSV row as a spreadsheet numbers"
            " it (row 2, the first after the header)."
        },
    )
    entry = fields.Nested(EntrySchema, required=True)


class UploadReportSchema(Schema):
    stored = fields.List(fields.Nested(StoredSchema), required=True)
    skipped = fields.List(
        fields.Str(),
        required=True,
        metadata={"description": "Each file or CSV row skipped, and why: in the upload's order."},
    )
    unchanged = fields.List(
        fields.Str(),
        required=True,
        metadata={
            "description": "Each file or CSV row whose list is already on file as uploaded"
            " (an upload sent again), not stored again: in the upload's order."
        },
    )
    answered_again = fields.List(
        fields.Str(),
        required=True,
        metadata={
            "description": "Each player who answered a form more than once (a sheet of a"
            " form's answers with a Timestamp column), their answers, and which is the list"
            " on file: as the dashboard's report says it."
        },
    )
    read_as_windows_1252 = fields.List(
        fields.Str(),
        required=True,
        metadata={
            "description": "The files of a zip (or the CSV it holds alone) that were not UTF-8"
            " text and were read as Windows-1252, as Windows' editors and Excel save text:"
            " check the names and lists they gave."
        },
    )


class PublishedListSchema(Schema):
    player = fields.Str(required=True)
    receipt = fields.Str(required=True)
    list = fields.Str(required=True)


class PublishedSchema(Schema):
    event = fields.Nested(EventSchema, required=True)
    lists = fields.List(fields.Nested(PublishedListSchema), required=True)


# -- the site's forms -------------------------------------------------------------------


class FormSchema(Schema):
    """An HTML form body: other fields (the CSRF token, buttons) are ignored, blanks are absent."""

    class Meta:
        unknown = EXCLUDE

    @pre_load
    def blank_means_missing(self, data: Any, **_kwargs) -> dict[str, Any]:
        return {k: v for k, v in data.items() if isinstance(v, str) and v.strip()}


def players_from_lines(text: str) -> list[tuple[str, str | None]]:
    """``Name`` or ``Name; player id`` a line, as the organizer types them; or a name and an
    id separated by a tab, as two columns copied out of a spreadsheet come (no name holds a
    tab). A third column is refused, not taken into the id."""
    players = []
    for number, line in enumerate(text.splitlines(), 1):
        separator = "\t" if ";" not in line and "\t" in line else ";"
        cells = [cell.strip() for cell in line.split(separator)]
        while len(cells) > 1 and not cells[-1]:
            cells.pop()  # "Carl;", or a row copied with empty cells after it
        if len(cells) > 2:
            raise ValidationError(
                {
                    "players": [
                        f"Line {number} holds {len(cells)} columns ({', '.join(cells)}):"
                        " paste a name and a player id alone, one player a line."
                    ]
                }
            )
        name, player_id = cells if len(cells) == 2 else (cells[0], "")
        if name:
            players.append((name, player_id or None))
    return players


def _typed_event_name() -> fields.Str:
    """An event's name as its forms take it (a new event's, its settings')."""
    return fields.Str(
        required=True,
        validate=[_EVENT_NAME_TYPED, _event_name_kept],
        error_messages={"required": "Give the event a name."},
    )


def _typed_deadline() -> TypedMoment:
    """An event's deadline as its forms take it, a moment in the time zone picked."""
    return TypedMoment(
        required=True,
        error_messages={
            "required": "Set the submission deadline.",
            "invalid": "Give the deadline as a date and a time (2030-05-03T18:00).",
        },
    )


class EventForm(FormSchema):
    name = _typed_event_name()
    game = fields.Str(required=True, error_messages={"required": "Pick a game."})
    format = fields.Str(load_default=None)
    as_of = fields.Date(load_default=None, error_messages={"invalid": BAD_DATE})
    deadline = _typed_deadline()
    players = fields.Str(load_default="", validate=_PASTED_PLAYERS)
    idempotency_key = fields.Str(load_default=None)


class SettingsForm(FormSchema):
    """The dashboard's settings form: sent whole, each field as it stands or changed (an
    empty banned-list day is none, each list judged on the day it comes)."""

    name = _typed_event_name()
    format = fields.Str(required=True, error_messages={"required": "Pick a format."})
    as_of = fields.Date(load_default=None, error_messages={"invalid": BAD_DATE})
    deadline = _typed_deadline()


class SubmitForm(FormSchema):
    player = fields.Str(
        required=True,
        validate=_NAME_TYPED,
        error_messages={"required": "Give your name."},
    )
    player_id = fields.Str(load_default=None, validate=_PLAYER_ID_TYPED)
    decklist = fields.Str(
        required=True,
        validate=_PASTED_LIST,
        error_messages={"required": "Paste your decklist."},
    )
    # Set when the page is made: the same form sent twice is one submission.
    idempotency_key = fields.Str(load_default=None)


class ResubmitForm(FormSchema):
    decklist = fields.Str(
        required=True,
        validate=_PASTED_LIST,
        error_messages={"required": "Paste your decklist."},
    )
    # Set when the page is made: the version on file then (0 for none). A form sent twice
    # stores one version, and one made before the list changed replaces nothing unseen.
    based_on = fields.Int(
        load_default=None,
        strict=False,
        validate=validate.Range(min=0, max=2**31),
        error_messages={"invalid": "This form is damaged: open your private link again."},
    )


class RegisterForm(FormSchema):
    players = fields.Str(
        required=True,
        validate=_PASTED_PLAYERS,
        error_messages={"required": "Type at least one player's name."},
    )
