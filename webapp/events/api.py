"""The event workflow in the JSON API, under ``/api/v1/events``: thin views over :mod:`.events`.

The organizer's admin token and a player's private token travel in an
``Authorization: Bearer <token>`` header. Any token that does not open what is
asked for, and any unknown id, gets the same 404.
"""

from __future__ import annotations

import base64
import binascii
import re
import unicodedata
from dataclasses import asdict
from datetime import datetime
from typing import Any
from urllib.parse import quote

from flask import Blueprint, Response, current_app, request, url_for
from flask.globals import request_ctx

from cardpool import DeckwrightError

from .. import accounts, errors, events
from .. import limits as rate_limits
from ..accounts import api as account_api
from ..api import (
    RECHECKED_POOLS,
    RecheckedPools,
    as_built,
    charge_deck,
    json_body,
    lines_of,
    load_body,
    load_query,
)
from ..db import connect, get_db
from ..openapi import EVENT_ADMIN, PAT, PLAYER, documented
from ..requests import bearer
from . import exports, journal, records, schemas, uploads

bp = Blueprint("event_api", __name__, url_prefix="/api/v1/events")


@bp.record_once
def create_tables(state) -> None:
    """The event tables are made when the app starts, not checked on every request."""
    db = connect(state.app.config["DATABASE"])
    try:
        events.ensure_schema(db)
        journal.ensure_schema(db)
    finally:
        db.close()


# Built once: a schema's fields (and the nested schemas they hold) are made when it is.
ENTRIES_QUERY = schemas.EntriesQuerySchema()
EXPORT_QUERY = schemas.ExportQuerySchema()
ENTRY_LIST = schemas.EntryListSchema()
ENTRY_PAGE = schemas.EntryPageSchema()
ENTRY = schemas.EntrySchema()
EVENT_BODY = schemas.EventBodySchema()
EVENT_CREATED = schemas.EventCreatedSchema()
EVENT_SETTINGS = schemas.EventSettingsBodySchema()
EVENT = schemas.EventSchema()
HISTORY = schemas.HistorySchema()
LIST_BODY = schemas.ListBodySchema()
PUBLISHED = schemas.PublishedSchema()
RECEIPT = schemas.ReceiptSchema()
REGISTER_BODY = schemas.RegisterBodySchema()
REGISTERED = schemas.RegisteredSchema()
SUBMISSION_BODY = schemas.SubmissionBodySchema()
UPLOAD_BODY = schemas.UploadBodySchema()
UPLOAD_REPORT = schemas.UploadReportSchema()
VERIFY_QUERY = schemas.VerifyQuerySchema()
VERIFY = schemas.VerifySchema()

# How each refusal of the event library reads over HTTP; anything else is left to webapp.errors.
STATUS = {
    events.EventClosedError: 409,
    events.FormatGoneError: 409,
    events.PlayerTakenError: 409,
    events.InvalidSubmissionError: 422,
    events.InvalidEventError: 422,
    events.InvalidQueryError: 400,
    events.LimitReachedError: 409,
    events.ListChangedError: 409,
    events.IdentityError: 403,
    events.IdempotencyKeyReusedError: 422,
    events.AdminLinkReplacedError: 409,
    uploads.BadUploadError: 400,
}
BULK_BODY_BYTES = 8 * 1024 * 1024  # a base64 zip of uploads.MAX_UPLOAD_BYTES, with room
_KEY_PATTERN = {
    "type": "string",
    "pattern": f"^[!-~]{{{records.MIN_IDEMPOTENCY_KEY_CHARS},"
    f"{records.MAX_IDEMPOTENCY_KEY_CHARS}}}$",
}
IDEMPOTENCY_KEY = (
    "A random key making a retry safe: the same key and request find the same entry and link.",
    _KEY_PATTERN,
)
NEW_EVENT_KEY = (
    "A random key making a retry safe: the same key and request find the same event and"
    " admin token.",
    _KEY_PATTERN,
)


def status_of(error: DeckwrightError) -> int:
    """The HTTP status of a refusal, for the API and the event pages alike."""
    for cls in type(error).__mro__:
        if cls in STATUS:
            return STATUS[cls]
    return errors.status_of(error)


@bp.errorhandler(DeckwrightError)
def refused(error: DeckwrightError):
    return errors.error_response(
        status_of(error), error.code, message_of(error), errors.details_of(error)
    )


def refused_as_body(error: events.InvalidEventError) -> errors.ApiError | None:
    """A setting the event library refused (a deadline already past, or out of range),
    said as the body's schema says a refused field, 422 invalid-body with details naming
    it (``["deadline: ..."]``), so a client knows which field to fix; a refusal naming no
    field (an idempotency key) is answered as it is, None."""
    if error.field is None:
        return None
    return errors.ApiError(
        422, "invalid-body", "the body is not what this endpoint takes", [f"{error.field}: {error}"]
    )


def message_of(error: DeckwrightError) -> str:
    """A refusal in words, as a program acts on it: a list sent again over the API names the
    version on file as ``based_on`` (the site's form, made anew, names it itself)."""
    if isinstance(error, events.ListChangedError):
        return error.told(f"send it again with based_on: {error.latest}", "GET the entry")
    return str(error)


def pools() -> RecheckedPools:
    return RECHECKED_POOLS


def limits() -> events.Limits:
    """The site's event limits, from ``EVENT_MAX_ENTRIES``, ``EVENT_MAX_VERSIONS`` and
    ``EVENT_MAX_PROBLEMS`` (``DECKWRIGHT_EVENT_MAX_ENTRIES`` ... in the environment)."""
    config, default = current_app.config, events.DEFAULT_LIMITS
    return events.Limits(
        entries=int(config.get("EVENT_MAX_ENTRIES", default.entries)),
        versions=int(config.get("EVENT_MAX_VERSIONS", default.versions)),
        problems=int(config.get("EVENT_MAX_PROBLEMS", default.problems)),
    )


# The event settings read as requests come, each with the least it may be.
SETTINGS = {
    "EVENT_MAX_ENTRIES": 1,
    "EVENT_MAX_VERSIONS": 1,
    "EVENT_MAX_PROBLEMS": 0,
    "EVENT_DASHBOARD_PAGE": 1,
}


@bp.record_once
def check_settings(state: Any) -> None:
    """Refuse at start an event setting no event could be held to: "2k" players started the
    site, which then answered every event's pages and every submission with a 500, and 0
    lists kept per player refused every list."""
    rate_limits.check_whole_numbers(state.app.config, SETTINGS)
    config = state.app.config
    if config.get("EVENT_REREAD_SECONDS") is not None:
        # "5s" (or "nan") would start the site and answer every organizer's page with a 500.
        seconds = _seconds(config["EVENT_REREAD_SECONDS"])
        if seconds is None:
            raise ValueError(
                "EVENT_REREAD_SECONDS must be a number of seconds from 0 (well below the"
                f" worker timeout), not {config['EVENT_REREAD_SECONDS']!r}"
            )
        config["EVENT_REREAD_SECONDS"] = seconds


def _seconds(value: Any) -> float | None:
    """``value`` as a number of seconds from 0 (text of one too), else None."""
    if isinstance(value, bool):
        return None
    try:
        seconds = float(value)
    except (TypeError, ValueError):
        return None
    return seconds if 0 <= seconds < float("inf") else None


def now() -> datetime:
    """The current time; tests may set ``EVENT_CLOCK`` to a function to move it."""
    return current_app.config.get("EVENT_CLOCK", events.utcnow)()


def event_view(event: events.Event) -> dict[str, Any]:
    moment = now()
    return {
        **asdict(event),
        "open": event.is_open(moment),
        "closed_reason": event.closed_reason(moment),
        "submit_url": url_for("events.event_page", event_id=event.id),
    }


def event_answer(event: events.Event) -> dict[str, Any]:
    """An event's facts as the API answers them: ``open`` says whether a list sent now is
    taken, so an event whose format the card pool no longer has is not open (every list sent
    is refused, 409 ``format-not-in-pool``), its ``closed_reason`` saying why. The site's
    pages say that on their own (:func:`event_view` is theirs)."""
    view = event_view(event)
    if view["open"]:
        try:
            gone = events.format_gone(pools().game(event.game), event)
        except DeckwrightError:  # a game the pools no longer load: its own refusal says it
            gone = None
        if gone is not None:
            view["open"], view["closed_reason"] = False, gone.reason
    return view


def as_submission(body: dict[str, Any]) -> events.Submission:
    """The list of a submission's body, not yet counted (see :func:`charged`)."""
    if "text" in body:
        return events.Submission.from_text(body["text"])
    # The JSON document received is what is kept, exactly as it came.
    return events.Submission(request.get_data(as_text=True), events.JSON, body["deck"])


def charged(submission: events.Submission) -> events.Submission:
    """The submission, once its lines (a JSON list's entries) are counted under the
    validation limit, as a validated list's are: reading and judging it is the same work.
    Over the limit it is a 429 before the list is read, and nothing is stored."""
    charge_deck(lines_of(submission.content))
    return submission


def charge_upload(items: list[events.BulkItem]) -> list[events.BulkItem]:
    """An upload's lists, once their different lines are counted under the validation limit:
    a line in many lists is read once (see ``uploads.MAX_DIFFERENT_LINES``)."""
    rate_limits.charge(uploads.different_lines(items))
    return items


def store_upload(
    access: events.Organizer, items: list[events.BulkItem], skipped: list[uploads.Skipped]
) -> events.BulkReport:
    """An organizer's upload stored, each list for its player, once its different lines are
    counted under the validation limit (the API's and the dashboard's alike). A list named
    by a file whose name lost its accents is its player's on file (see
    :func:`uploads.named_as_on_file`)."""
    names = [entry.player for entry in events.entries(get_db(), access)]
    uploads.named_as_on_file(items, names)
    return events.submit_for_players(
        get_db(),
        pools(),
        access,
        items,
        now(),
        limits(),
        skipped=skipped,
        before_reading=charge_upload,
    )


def receipt_answer(receipt: events.Receipt) -> dict[str, Any]:
    """The receipt as ``ReceiptSchema`` dumps it, built directly: every submission answers it."""
    view = receipt_view(receipt)
    entry = receipt.entry
    answer = {
        "event": view["event"],
        "entry": {
            "entry": entry.id,
            "player": entry.player,
            "player_id": entry.player_id,
            "registered": entry.registered,
            "status": entry.status,
            # Judged just now, against today's card pool: it reads as it did.
            "status_today": entry.status_today,
            "read_today": None,
            "versions": entry.versions,
            "latest": None if entry.latest is None else version_answer(entry.latest),
        },
        "receipt": view["receipt"],
    }
    for key in ("player_token", "private_url"):
        if key in view:
            answer[key] = view[key]
    return as_built(RECEIPT, answer, view)


def version_answer(version: records.Version) -> dict[str, Any]:
    """A version as ``VersionSchema`` dumps it."""
    return {
        "version": version.number,
        "received": version.received.isoformat(),
        "source": version.source,
        "kind": version.kind,
        "receipt": version.receipt,
        "sha256": version.digest,
        "legal": version.legal,
        "errors": version.errors,
        "warnings": version.warnings,
        # Kept verdicts carry no readings (the schema's default): say none, as it does.
        "problems": [p if "readings" in p else {**p, "readings": []} for p in version.problems],
        "problems_not_kept": version.problems_not_kept,
        "list": version.canonical,
        "body": version.body,
    }


def path_for(endpoint: str, **values: str) -> str:
    """``url_for(endpoint, **values)`` within a request, built by the request's URL adapter
    directly: every submission answers two links, and url_for's hooks around the adapter
    cost more than building them. The app registers no ``url_defaults`` for it to apply."""
    return request_ctx.url_adapter.build(endpoint, values)


def receipt_view(receipt: events.Receipt) -> dict[str, Any]:
    view: dict[str, Any] = {
        "event": receipt.event.id,
        "entry": receipt.entry,
        "receipt": receipt.version.receipt,
    }
    if receipt.player_token:
        view["player_token"] = receipt.player_token
        view["private_url"] = path_for(
            "events.player_page",
            event_id=receipt.event.id,
            entry_id=receipt.entry.id,
            token=receipt.player_token,
        )
    return view


# -- the organizer creates an event -------------------------------------------------------


@bp.post("")
@documented(
    "Create an event; the answer holds its admin token, shown this once",
    schemas.EventCreatedSchema,
    status=201,
    body=schemas.EventBodySchema,
    errors=[400, 404, 409, 415, 422],
    request_headers={"Idempotency-Key": NEW_EVENT_KEY},
    headers={
        "Location": "The event's API address.",
        "Idempotent-Replayed": "true when the answer is to a retry with the same"
        " Idempotency-Key: the event made the first time, nothing new made.",
    },
    security=(None, PAT),
)
def create_event():
    """With an account's personal access token as Bearer, the event is on its "My events".

    Send an ``Idempotency-Key`` header (16 to 100 random visible characters)
    to retry safely: the same key with the same request (and the same account,
    if any) answers with the event and admin token it made; with another
    request it is refused with 422, and once the event's admin link has been
    replaced, with 409.
    """
    owner = account_api.required() if bearer() else None
    body = load_body(EVENT_BODY, json_body())
    try:
        created = events.create_event(
            get_db(),
            pools(),
            name=body["name"],
            game_id=body["game"],
            format_id=body["format"],
            as_of=body["as_of"],
            deadline=body["deadline"],
            now=now(),
            players=[(p["name"], p["player_id"]) for p in body["players"]],
            limits=limits(),
            idempotency_key=request.headers.get("Idempotency-Key"),
            requester=owner.id if owner is not None else None,
        )
    except events.InvalidEventError as exc:
        raise refused_as_body(exc) or exc from None
    if owner is not None:
        # Bound again on a retry, which changes nothing once it is.
        accounts.bind_event(get_db(), owner, created.event.id, accounts.OWNER, now())
    event_id, token = created.event.id, created.admin_token
    answer = {
        "event": event_answer(created.event),
        "admin_token": token,
        "admin_url": url_for("events.dashboard", event_id=event_id, token=token),
        "already_registered": list(created.already),
    }
    headers = {"Location": url_for("event_api.get_event", event_id=event_id)}
    if created.replayed:
        headers["Idempotent-Replayed"] = "true"
    return EVENT_CREATED.dump(answer), 201, headers


@bp.get("/<event_id>")
@documented(
    "An event's public facts: game, format, deadline, open or not",
    schemas.EventSchema,
    errors=[404],
)
def get_event(event_id: str):
    return EVENT.dump(event_answer(events.get_event(get_db(), event_id)))


# -- players submit -----------------------------------------------------------------------


@bp.post("/<event_id>/entries")
@documented(
    "Submit a list through the event's public link; the answer is the receipt",
    schemas.ReceiptSchema,
    status=201,
    body=schemas.SubmissionBodySchema,
    errors=[400, 403, 404, 409, 413, 415, 422],
    request_headers={"Idempotency-Key": IDEMPOTENCY_KEY},
    headers={
        "Location": "The entry's API address (it opens with the player token).",
        "Idempotent-Replayed": "true when the answer is to a retry with the same"
        " Idempotency-Key: the entry made the first time, nothing new stored.",
    },
)
def submit(event_id: str):
    """The first list of a player. The answer's ``player_token`` (shown once) changes it later.

    A name that already has a list on file is refused with 409, as is any list
    after the deadline or once the organizer has locked the event. A name the
    organizer registered with a player id needs that id (403 without it).

    Send an ``Idempotency-Key`` header (16 to 100 random visible characters)
    to retry safely: the same key with the same request answers with the entry
    and private link it made; with another request it is refused with 422.
    """
    body = load_body(SUBMISSION_BODY, json_body())
    receipt = events.submit(
        get_db(),
        pools(),
        event_id,
        player=body["player"],
        player_id=body["player_id"],
        submission=as_submission(body),
        now=now(),
        idempotency_key=request.headers.get("Idempotency-Key"),
        limits=limits(),
        # A request sent again with its key is answered without reading its list again.
        before_reading=charged,
    )
    location = path_for("event_api.get_entry", event_id=event_id, entry_id=receipt.entry.id)
    headers = {"Location": location}
    if receipt.replayed:
        headers["Idempotent-Replayed"] = "true"
    return receipt_answer(receipt), 201, headers


@bp.put("/<event_id>/entries/<entry_id>")
@documented(
    "Replace your list with a new version (your player token as Bearer)",
    schemas.ReceiptSchema,
    body=schemas.ListBodySchema,
    errors=[400, 404, 409, 413, 415, 422],
    security=(PLAYER,),
)
def resubmit(event_id: str, entry_id: str):
    """Every version is kept; the newest is the one on file. With ``based_on``, a list sent
    again is stored once, and one made from an older version than the newest is refused."""
    body = load_body(LIST_BODY, json_body())
    player = events.as_player(get_db(), event_id, entry_id, bearer())
    receipt = events.resubmit(
        get_db(),
        pools(),
        player,
        as_submission(body),
        now(),
        limits(),
        based_on=body.get("based_on"),
        before_reading=charged,
    )
    return receipt_answer(receipt)


@bp.get("/<event_id>/entries/<entry_id>")
@documented(
    "One entry and its list on file (the player's or the organizer's token)",
    schemas.EntrySchema,
    errors=[404],
    security=(PLAYER, EVENT_ADMIN),
)
def get_entry(event_id: str, entry_id: str):
    """``status`` is the verdict the list on file got in the event's settings (when it came,
    or judged again when the organizer changed them); ``status_today`` and
    ``read_today`` what it reads to against today's card pool."""
    access = events.as_reader(get_db(), event_id, entry_id, bearer())
    found = events.entry(get_db(), access, entry_id)
    if found.latest is not None:
        again = events.checked_again(
            pools().game(access.event.game), access.event, found.id, found.latest
        )
        found = events.as_read_today([found], {found.id: again} if again else {})[0]
    return ENTRY.dump(found)


@bp.get("/<event_id>/entries/<entry_id>/versions")
@documented(
    "Every version of one entry's list, oldest first (the player's or the organizer's token)",
    schemas.HistorySchema,
    errors=[404],
    security=(PLAYER, EVENT_ADMIN),
)
def get_history(event_id: str, entry_id: str):
    db = get_db()
    access = events.as_reader(db, event_id, entry_id, bearer())
    found = events.entry(db, access, entry_id)
    versions = events.history(db, access, entry_id)
    return HISTORY.dump({"entry": found.id, "player": found.player, "versions": versions})


# -- the organizer's side (admin token as Bearer) ----------------------------------------------


def organizer(event_id: str) -> events.Organizer:
    return events.as_organizer(get_db(), event_id, bearer(), now())


@bp.get("/<event_id>/entries")
@documented(
    "Entries with their verdicts, problems and lists, a page at a time (the admin token)",
    schemas.EntryPageSchema,
    query=schemas.EntriesQuerySchema,
    errors=[400, 404],
    security=(EVENT_ADMIN,),
)
def list_entries(event_id: str):
    """The bodies as received are left out: each entry's own answer has them.

    ``show`` and ``counts`` go by what each list reads to against today's card pool
    (``status_today``): a list that was legal when it came and is not against today's pool
    (a ban added since, dated before it came) is under ``illegal``, and ``changed`` lists
    every such list. ``status`` stays the verdict each list got."""
    access = organizer(event_id)
    query = load_query(ENTRIES_QUERY)
    show = query.get("show", events.ALL)
    page = query.get("page", 1)
    per_page = query.get("per_page", schemas.API_PER_PAGE)
    changed, found = page_read_today(access, show, page, per_page)
    following = None
    if found.page < found.pages:
        following = url_for(
            "event_api.list_entries",
            event_id=access.event.id,
            show=show,
            page=found.page + 1,
            per_page=found.per_page,
        )
    return ENTRY_PAGE.dump(
        {
            "event": event_answer(access.event),
            "entries": events.as_read_today(found.entries, changed),
            "counts": found.counts,
            "page": found.page,
            "per_page": found.per_page,
            "pages": found.pages,
            "total": found.total,
            "next": following,
            "lookalikes": events.lookalikes(get_db(), access),
        }
    )


@bp.post("/<event_id>/players")
@documented(
    "Register the players expected to submit (the admin token)",
    schemas.RegisteredSchema,
    body=schemas.RegisterBodySchema,
    errors=[400, 404, 409, 415, 422],
    security=(EVENT_ADMIN,),
)
def register_players(event_id: str):
    access = organizer(event_id)
    body = load_body(REGISTER_BODY, json_body())
    players = [(p["name"], p["player_id"]) for p in body["players"]]
    done = events.register_players(get_db(), access, players, now(), limits())
    return REGISTERED.dump({"added": done.added, "already_registered": list(done.already)})


@bp.post("/<event_id>/lock")
@documented(
    "Lock the event: no list changes after this (the admin token)",
    schemas.EventSchema,
    errors=[404],
    security=(EVENT_ADMIN,),
)
def lock(event_id: str):
    """Until the deadline, ``POST …/reopen`` undoes it; each change is logged."""
    locked = events.lock(get_db(), organizer(event_id), now())
    return EVENT.dump(event_answer(locked))


@bp.post("/<event_id>/reopen")
@documented(
    "Reopen a locked event before its deadline, unless its lists are published (the admin token)",
    schemas.EventSchema,
    errors=[404, 409],
    security=(EVENT_ADMIN,),
)
def reopen(event_id: str):
    access = organizer(event_id)
    journal.reopen(get_db(), access, now())
    return EVENT.dump(event_answer(events.get_event(get_db(), event_id)))


@bp.patch("/<event_id>")
@documented(
    "Change the event's name, format, banned-list day or deadline until its lists are"
    " published (the admin token)",
    schemas.EventSchema,
    body=schemas.EventSettingsBodySchema,
    errors=[400, 404, 409, 415, 422],
    security=(EVENT_ADMIN,),
)
def change_event(event_id: str):
    """Any of ``name``, ``format``, ``as_of`` and ``deadline``, each held to what a new event's
    is. Every list on file is kept as it was sent; a new format or banned-list day judges each
    again, and every verdict read from then on is in them. A deadline moved later reopens
    submissions unless the event is locked (it stays locked until reopened); a deadline in
    the past is refused (422): lock the event to close submissions now. Once the lists are
    published nothing changes (409). Each change is logged on the event."""
    access = organizer(event_id)
    body = load_body(EVENT_SETTINGS, json_body())
    try:
        done = events.change_settings(get_db(), pools(), access, body, now(), limits())
    except events.InvalidEventError as exc:
        raise refused_as_body(exc) or exc from None
    return EVENT.dump(event_answer(done.event))


@bp.post("/<event_id>/publish")
@documented(
    "Publish every list (and lock the event) for good (the admin token)",
    schemas.EventSchema,
    errors=[404],
    security=(EVENT_ADMIN,),
)
def publish(event_id: str):
    published = events.publish(get_db(), organizer(event_id), now())
    return EVENT.dump(event_answer(published))


@bp.get("/<event_id>/verify")
@documented(
    "Does a player's receipt hash match a list on file? (the admin token)",
    schemas.VerifySchema,
    query=schemas.VerifyQuerySchema,
    errors=[400, 404],
    security=(EVENT_ADMIN,),
)
def verify(event_id: str):
    access = organizer(event_id)
    receipt = load_query(VERIFY_QUERY).get("receipt")
    if not receipt:
        raise events.InvalidQueryError("give the receipt hash to check: ?receipt=<hash>")
    matches = events.verify(get_db(), access, receipt)
    return VERIFY.dump(
        {
            "receipt": receipt.lower(),
            "on_file": any(m.current for m in matches),
            "matches": [
                {
                    "entry": m.entry.id,
                    "player": m.entry.player,
                    "version": m.version.number,
                    "received": m.version.received,
                    "sha256": m.version.digest,
                    "current": m.current,
                }
                for m in matches
            ],
        }
    )


# What a browser's FileReader.readAsDataURL puts before a file's base64.
_DATA_URL = re.compile(r"data:[!-~]*?;base64,", re.IGNORECASE)


def base64_of(text: str) -> str:
    """An upload's base64 as the alphabet alone: without a data: URL's prefix, nor the line
    breaks ``base64`` and Python's ``encodebytes`` put after every 76 characters."""
    if found := _DATA_URL.match(text):
        text = text[found.end() :]
    return "".join(text.split())


@bp.post("/<event_id>/uploads")
@documented(
    "Submit many lists at once: a CSV or a zip of decklist files (the admin token)",
    schemas.UploadReportSchema,
    body=schemas.UploadBodySchema,
    errors=[400, 404, 409, 413, 415, 422],
    security=(EVENT_ADMIN,),
)
def upload(event_id: str):
    """A zip names each player by a file name (``Alice_Smith.txt``); a CSV has player,list.

    Members that are not decklists (other files, unsafe paths, binary data) are
    skipped and listed in ``skipped``. Lists are stored all together or not at all.
    The lists of one upload hold at most 10,000 different lines (a line repeated in many
    lists counts once): a larger upload is refused whole, to be sent in parts.
    """
    request.max_content_length = BULK_BODY_BYTES
    access = organizer(event_id)
    body = load_body(UPLOAD_BODY, json_body())
    if "zip" in body:
        try:
            data = base64.b64decode(base64_of(body["zip"]), validate=True)
        except (binascii.Error, ValueError):
            raise uploads.BadUploadError("zip is not valid base64") from None
        items, skipped = uploads.read_upload("upload.zip", data)
        # What was read as Windows-1252, for the organizer to check its names (as the
        # dashboard says it): the CSV the zip holds alone, or each list file so read.
        sheet = uploads.zipped_sheet_read_as_windows_1252(data)
        in_1252 = [sheet] if sheet else []
        in_1252 += [item.source for item in items if item.read_as == uploads.WINDOWS_1252]
    else:
        items, skipped = uploads.read_csv(body["csv"].encode("utf-8"))
        in_1252 = []  # JSON text: never in a code page
    try:
        report = store_upload(access, items, skipped)
    except events.FormatGoneError as exc:  # said to the organizer, with what they can do
        raise errors.ApiError(409, exc.code, exc.for_organizer) from None
    return UPLOAD_REPORT.dump(
        {
            "stored": [{"source": source, "entry": r.entry} for source, r in report.stored],
            "skipped": report.skipped,
            "unchanged": report.unchanged,
            "answered_again": report.answered_again,
            "read_as_windows_1252": in_1252,
        }
    )


@bp.get("/<event_id>/export.json")
@documented(
    "Every verdict and list, for the records (the admin token)",
    schemas.EntryListSchema,
    errors=[404],
    security=(EVENT_ADMIN,),
)
def export_json(event_id: str):
    """Each entry's verdict and list as read; the bodies as received stay with each entry."""
    access = organizer(event_id)
    body = export_body(access)
    return body, 200, {"Content-Disposition": download_name(access.event, "json")}


@bp.get("/<event_id>/export.csv")
@documented(
    "Every verdict and list as CSV (the admin token)",
    text_response=True,
    text_media="text/csv",
    query=schemas.ExportQuerySchema,
    errors=[400, 404],
    security=(EVENT_ADMIN,),
)
def export_csv(event_id: str):
    access = organizer(event_id)
    separator = exports.SEPARATORS[load_query(EXPORT_QUERY).get("separator", "comma")]
    text = exports.export_csv(entries_read_today(access), separator)
    return Response(
        text,
        mimetype="text/csv",
        headers={"Content-Disposition": download_name(access.event, "csv")},
    )


def download_name(event: events.Event, extension: str) -> str:
    """``Content-Disposition`` naming the file after the event: an ASCII ``filename`` every
    client reads, and the name as typed (accents, other scripts) in ``filename*`` (RFC 6266).

    The event's name is checked when created (no control characters); quotes, slashes and
    backslashes are left out of the plain form, so no name can end the header's quoted part.
    """
    ascii_only = unicodedata.normalize("NFKD", event.name).encode("ascii", "ignore").decode()
    dashed = re.sub(r"[^A-Za-z0-9]+", "-", ascii_only)
    plain = dashed.strip("-")[:80] or event.id
    typed = re.sub(r'[\\/"]+', "-", event.name).strip()[:120] or event.id
    return (
        f'attachment; filename="{plain}.{extension}";'
        f" filename*=UTF-8''{quote(typed, safe='')}.{extension}"
    )


def export_body(access: events.Organizer) -> dict[str, Any]:
    """The JSON export: bounded by the event's limits, since no body as received is in it."""
    db = get_db()
    changed = read_today(access)
    return ENTRY_LIST.dump(
        {
            "event": event_answer(access.event),
            "entries": events.as_read_today(events.entries(db, access), changed),
            "counts": events.count_entries(db, access, changed),
            "lookalikes": events.lookalikes(db, access),
        }
    )


def read_today(access: events.Organizer) -> events.ReadToday:
    """The event's entries whose list reads to another verdict against today's card pool,
    the lists read again for :func:`reread_seconds` at most (those left named unread)."""
    try:
        game = pools().game(access.event.game)
    except DeckwrightError:
        # A game the pools no longer load (its folder gone or broken) reads no list again:
        # the lists and their verdicts as stored are still the organizer's to list and export.
        return events.ReadToday()
    return events.read_today(get_db(), game, access, seconds=reread_seconds())


def page_read_today(
    access: events.Organizer, show: str, page: int, per_page: int
) -> tuple[events.ReadToday, events.EntryPage]:
    """A page of the event's entries filtered by what each list reads to today, as
    :func:`read_today` reads them, the lists on the page first."""
    try:
        game = pools().game(access.event.game)
    except DeckwrightError:
        changed = events.ReadToday()  # as read_today says
        return changed, events.entry_page(get_db(), access, show, page, per_page, changed)
    return events.page_read_today(
        get_db(), game, access, show, page, per_page, seconds=reread_seconds()
    )


def reread_seconds() -> float:
    """How long one request reads an event's lists again at most (``EVENT_REREAD_SECONDS``,
    ``DECKWRIGHT_EVENT_REREAD_SECONDS`` in the environment): well within a worker's timeout,
    however many lists a pool's change left to read; the next request goes on."""
    return float(current_app.config.get("EVENT_REREAD_SECONDS", events.REREAD_SECONDS))


def entries_read_today(access: events.Organizer) -> list[events.Entry]:
    """Every entry, each carrying what its list reads to today where that differs."""
    changed = read_today(access)
    return events.as_read_today(events.entries(get_db(), access), changed)


# -- once published, for everyone ---------------------------------------------------------------


@bp.get("/<event_id>/lists")
@documented(
    "Every list, once the organizer has published them", schemas.PublishedSchema, errors=[404]
)
def published(event_id: str):
    event, found = events.published_lists(get_db(), event_id)
    lists = [
        {"player": e.player, "receipt": e.latest.receipt, "list": e.latest.canonical} for e in found
    ]
    return PUBLISHED.dump({"event": event_answer(event), "lists": lists})


@bp.after_request
def private(response: Response) -> Response:
    # Answers carry tokens and decklists: no cache may keep them.
    response.headers.setdefault("Cache-Control", "no-store")
    return response
