"""The event pages: create an event, submit and fix a list, and the organizer's dashboard.

Views are thin over :mod:`webapp.events`. The organizer's pages live under the
secret admin link ``/events/<id>/admin/<token>`` and a player's page under
their private link ``/events/<id>/entries/<entry>/<token>``; a wrong token is
the same 404 as an unknown event. Forms are CSRF-protected, and every answer
is kept out of caches and Referer headers, since its address is a key.
"""

from __future__ import annotations

import functools
import secrets
import sqlite3
import zoneinfo
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlencode

from flask import (
    Blueprint,
    Response,
    current_app,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from markupsafe import Markup
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge, ServiceUnavailable

from cardpool import DeckwrightError, Game

from .. import accounts, csrf, events
from .. import limits as rate_limits
from ..api import RECHECKED_POOLS, RecheckedPools
from ..db import get_db
from ..errors import (
    form_limit_said,
    handle_deckwright_error,
    http_headers_of,
    message_of,
    store_failure,
)
from ..requests import drain_body
from ..site import error_page, http_error
from . import exports, journal, schemas, uploads
from .api import (
    charged,
    download_name,
    entries_read_today,
    event_view,
    export_body,
    limits,
    now,
    page_read_today,
    read_today,
    status_of,
    store_upload,
)
from .tokens import as_pasted

bp = Blueprint("events", __name__, url_prefix="/events")

UPLOAD_FORM_BYTES = uploads.MAX_UPLOAD_BYTES + 64 * 1024
UPLOAD_FORM_FIELDS = 10  # besides the files: the CSRF token, with room


@bp.before_request
def upload_limit() -> None:
    # Runs before the CSRF check reads the form, so a large upload is judged by its own limit.
    if request.endpoint != "events.upload":
        return
    request.max_content_length = UPLOAD_FORM_BYTES
    # The files an upload may hold, and the form's own fields: werkzeug reads 1,000 parts by
    # default, which a thousand files picked at once and the form's token are past.
    request.max_form_parts = uploads.MAX_MEMBERS + UPLOAD_FORM_FIELDS
    length = request.content_length
    if length is not None and length > UPLOAD_FORM_BYTES:
        drain_body()
        raise RequestEntityTooLarge()


csrf.protect(bp)


@bp.after_request
def private(response: Response) -> Response:
    # These addresses are keys: keep them out of caches, Referer headers and search engines.
    response.headers["Cache-Control"] = "no-store"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Robots-Tag"] = "noindex"
    return response


@bp.errorhandler(DeckwrightError)
def refused(error: DeckwrightError):
    status = status_of(error)
    title = "Not found" if status == 404 else "This cannot be done"
    return error_page(status, title, str(error))


@bp.errorhandler(RequestEntityTooLarge)
def too_large(error: RequestEntityTooLarge):
    """An upload larger than the form allows is refused before its view runs (as the form is
    read): the dashboard says so, as it says why any other upload was refused, rather than
    a bare page in werkzeug's words. A list pasted into a form past the size of any request
    is answered in words of a list, once read to its end (see
    :func:`webapp.requests.drain_body`)."""
    if request.endpoint != "events.upload" and form_limit_said() is not None:
        return http_error(error)  # which says so, not that the form was too large
    if request.endpoint in KEPT_FORMS and request.method == "POST":
        drain_body()
        limit = int(current_app.config["MAX_CONTENT_LENGTH"]) // 1024
        what_to_do = (
            "Go back and paste the players in parts."
            if request.endpoint in ("events.register", "events.new_event")
            else f"A decklist is at most {events.MAX_LIST_CHARS:,} characters: go back, check"
            " that only the list was pasted, and send it again."
        )
        return http_error(
            RequestEntityTooLarge(
                f"What was sent is larger than the {limit} KB this site takes at once, and"
                f" nothing was stored. {what_to_do}"
            )
        )
    if request.endpoint != "events.upload":
        return http_error(error)
    args = request.view_args or {}
    try:
        access = organizer(args["event_id"], args["token"])
    except DeckwrightError:
        return http_error(error)
    length = request.content_length
    if length is not None and length <= UPLOAD_FORM_BYTES:  # within the size: too many parts
        message = (
            f"At most {uploads.MAX_MEMBERS:,} files can be uploaded at once: nothing was"
            " stored. Upload them in parts."
        )
    else:
        limit = uploads.MAX_UPLOAD_BYTES // (1024 * 1024)
        message = (
            f"What was uploaded is larger than the {limit} MB one upload may be: nothing was"
            " stored. Upload it in parts (a CSV of fewer rows, a zip of fewer files, or fewer"
            " files picked at once)."
        )
    page, _status = _dashboard(access, args["token"], problems=[message])
    return page, error.code


@bp.errorhandler(rate_limits.TooManyRequests)
def too_many_requests(error: rate_limits.TooManyRequests):
    """A request-count limit (webapp.limits) refuses a request before its view runs: a form
    refused so is shown again holding what was sent, to send once the time is up, as a
    refusal of its view keeps it."""
    if request.endpoint == "events.upload":
        drain_body()
    return _form_again(error, str(error), "Not sent yet: too many requests")


@bp.errorhandler(sqlite3.DatabaseError)
def store_failed(error: sqlite3.DatabaseError):
    """A form the database could not store (its disk full, locked past the wait) is shown
    again holding what was sent, as a form refused by a limit is: the page saying why
    alone would leave the player to paste the list again."""
    failure = store_failure(error)
    message = message_of(failure)
    unavailable = ServiceUnavailable(description=message, retry_after=failure.retry_after)
    try:
        return _form_again(unavailable, message, "Not sent: the server could not store it")
    except sqlite3.DatabaseError:  # the form's page reads the database too: it failed again
        return handle_deckwright_error(failure)


@bp.errorhandler(csrf.CSRFError)
def expired(error: csrf.CSRFError):
    """A form whose session is gone (a phone's browser restarted and restored the tab, its
    cookies cleared) fails the CSRF check: shown again holding what was sent, with a token
    of the new session, it is sent again with one click; refused bare, the list was lost."""
    message = (
        "This form had expired (or did not come from this site), so nothing was stored."
        " What you sent is kept here: check it and send it again."
    )
    if request.endpoint == "events.settings":
        message = (
            "This form had expired (or did not come from this site), so nothing was changed."
            " What you typed is kept in the Settings form: check it and Save the settings again."
        )
    return _form_again(error, message, "Not sent: this form had expired")


def _form_again(error: HTTPException, message: str, title: str):
    """The form a request was refused with before its view ran, shown again holding what was
    sent; nothing of it was read or stored.

    The pages without a secret in their address show their own form again. A private link's
    page checks no token here (guessing links is what the rate limit stops): it shows what
    was sent in a form of its own, alike for a right link and a wrong one. A form another
    site made a browser send is not shown again (see :func:`webapp.csrf.sent_from_this_site`).
    """
    kept = KEPT_FORMS.get(request.endpoint or "")
    if request.method != "POST" or kept is None:
        return http_error(error)
    try:
        form = request.form.to_dict()
        from_here = csrf.sent_from_this_site()
    except (HTTPException, DeckwrightError):
        return http_error(error)
    if not from_here:
        return http_error(error)
    form.pop(csrf.FIELD_NAME, None)
    headers = http_headers_of(error)
    if request.endpoint == "events.new_event":
        return _new_event_page(form, [message], error.code, headers)
    if request.endpoint == "events.event_page":
        try:
            event = events.get_event(get_db(), (request.view_args or {})["event_id"])
        except events.EventNotFoundError:
            return http_error(error)
        return _event_page(event, form, [message], error.code, headers)
    if request.endpoint == "events.settings":
        args = request.view_args or {}
        try:
            access = organizer(args["event_id"], args["token"])
        except events.EventNotFoundError:
            return _settings_kept(form, error.code)
        page, _status = _dashboard(access, args["token"], problems=[message], settings=form)
        return page, error.code, headers
    shown, hidden = kept
    return (
        render_template(
            "events/refused.html",
            title=title,
            problems=[message],
            shown=[(name, label, form.get(name, "")) for name, label in shown],
            hidden={name: form[name] for name in hidden if name in form},
        ),
        error.code,
        headers,
    )


# The forms shown again when refused before their view (a rate limit, an expired session):
# (the fields shown, with their labels; the hidden fields sent back as they came). The event
# page and the new event's form are their own pages again; the others hold a token in their
# address.
KEPT_FORMS: dict[str, tuple[tuple[tuple[str, str], ...], tuple[str, ...]]] = {
    "events.new_event": ((), ()),
    "events.event_page": ((), ()),
    "events.settings": ((), ()),
    "events.player_page": ((("decklist", "Decklist"),), ("based_on",)),
    "events.register": ((("players", "Players, one a line"),), ()),
}


@bp.app_template_filter("spelled")
def spelled(name: str) -> str:
    """A name with every letter outside ASCII written as its code (Cyrillic А is \\u0410)."""
    return name.encode("ascii", "backslashreplace").decode("ascii")


@bp.app_template_filter("sentence")
def sentence(text: str) -> str:
    """Text beginning a sentence: its first letter a capital, the rest as written (Jinja's
    ``capitalize`` lowers the rest: "the deadline (… UTC)" read "The deadline (… utc)")."""
    return text[:1].upper() + text[1:]


@bp.app_template_filter("boxed")
def boxed(text: str | None) -> str:
    """Text to write right after ``<textarea>`` or ``<pre>``: a browser leaves out one line
    break right after either tag, so a text starting with one (a list pasted with a blank
    line on top) is written with one more, and is shown whole."""
    text = text or ""
    return "\n" + text if text[:1] in ("\n", "\r") else text


@bp.app_template_filter("utc")
def utc(moment: datetime | None) -> str:
    return "" if moment is None else f"{events.as_utc(moment):%Y-%m-%d %H:%M} UTC"


@bp.app_template_filter("utc_day")
def utc_day(moment: datetime) -> str:
    """The day of a moment in UTC, as the banned lists date it: ``2030-05-01``."""
    return f"{events.as_utc(moment):%Y-%m-%d}"


@bp.app_template_filter("moment_utc")
def moment_utc(value: datetime) -> str:
    """A moment as JavaScript's ``Date`` reads it, in UTC: ``2030-05-03T12:00:00.250Z``."""
    value = events.as_utc(value)
    fraction = f".{value.microsecond // 1000:03d}" if value.microsecond else ""
    return f"{value:%Y-%m-%dT%H:%M:%S}{fraction}Z"


@bp.app_template_filter("moment")
def moment(value: datetime | None) -> Markup:
    """A moment as ``<time>``: UTC in the page and in ``datetime``; events-time.js rewrites the
    text in the reader's own time zone (the organizer's on the dashboard, each player's on
    theirs), keeping UTC in the tooltip."""
    if value is None:
        return Markup("")
    value = events.as_utc(value)
    return Markup('<time class="moment" datetime="{}">{}</time>').format(
        value.strftime("%Y-%m-%dT%H:%M:%SZ"), utc(value)
    )


@functools.cache
def time_zones() -> tuple[str, ...]:
    """The IANA zones an organizer can enter a deadline in (``Area/City`` names, and UTC)."""
    return ("UTC", *sorted(z for z in zoneinfo.available_timezones() if "/" in z))


def _offset(moment: datetime) -> str:
    minutes = int(moment.utcoffset().total_seconds() // 60)
    sign, minutes = ("+" if minutes >= 0 else "-"), abs(minutes)
    return f"UTC{sign}{minutes // 60:02d}:{minutes % 60:02d}"


def happens_twice(local: datetime) -> str | None:
    """What to say of a deadline whose wall-clock time happens twice in its zone (the clocks
    go back): it is the first (:func:`in_zone`), in which offset, before which other."""
    later = local.replace(fold=1)
    if later.utcoffset() == local.utcoffset():
        return None
    gap = int((local.utcoffset() - later.utcoffset()).total_seconds() // 60)
    before = "an hour" if gap == 60 else f"{gap} minutes"
    return (
        f"{local:%H:%M} happens twice in {local.tzinfo} that day, as the clocks go back:"
        f" the deadline is the first, {local:%H:%M} {local.tzname()} ({_offset(local)}),"
        f" {before} before {later:%H:%M} {later.tzname()}."
    )


def in_zone(deadline: datetime, zone: str | None) -> datetime:
    """The deadline the organizer typed (a wall-clock time without a zone) in their zone."""
    if deadline.tzinfo is not None:
        return deadline
    if not zone or zone == "UTC":
        return deadline.replace(tzinfo=UTC)
    if zone not in time_zones():
        message = f"Unknown time zone {zone!r}: pick one from the list."
        raise ValidationError({"timezone": [message]})
    local = deadline.replace(tzinfo=zoneinfo.ZoneInfo(zone))
    try:
        back = local.astimezone(UTC).astimezone(local.tzinfo).replace(tzinfo=None)
    except OverflowError:  # west of UTC, the last day of year 9999 ends in year 10000
        if deadline.year == 1:  # east of it, the first day of year 1 starts in year 0
            message = "the submission deadline must be in the future"
        else:
            message = (
                f"{deadline:%Y-%m-%d %H:%M} in {zone} is after the last moment a deadline can"
                f" be ({datetime.max:%Y-%m-%d %H:%M} UTC): pick an earlier one."
            )
        raise ValidationError({"deadline": [message]}) from None
    if back != deadline:
        # A time the clocks skip (spring forward) has no moment: taken an hour off, it was
        # confirmed as another time than the one typed. A time that happens twice (fall
        # back) is its first, the earlier deadline.
        message = (
            f"{deadline:%Y-%m-%d %H:%M} does not happen in {zone}: the clocks skip it."
            " Pick a time before or after."
        )
        raise ValidationError({"deadline": [message]})
    return local


def chosen_format(game: Any, value: str | None) -> str | None:
    """The format picked on the form, which names its game (``era:open``).

    Every game has a ``standard``: a bare id picked under another game's heading once
    became this game's format without a word. A format of another game is refused.
    """
    if not value:
        return None
    game_id, _, format_id = value.rpartition(":")
    if game_id and game_id != game.id:
        raise ValidationError(
            {"format": [f"That format belongs to another game; pick one of {game.name}'s formats."]}
        )
    if format_id not in game.formats:
        names = ", ".join(f.name for f in game.formats.values())
        raise ValidationError(
            {"format": [f"{game.name} has no format {format_id!r}; its formats are: {names}."]}
        )
    return format_id


def pools() -> RecheckedPools:
    """The games, checked for changed pool files at most once a second (see webapp.api)."""
    return RECHECKED_POOLS


def form_errors(exc: ValidationError) -> list[str]:
    messages = exc.messages if isinstance(exc.messages, dict) else {"": exc.messages}
    return [m for field_messages in messages.values() for m in field_messages]


# -- which field a refusal is about ------------------------------------------------------
#
# A form sent back says what was wrong in an alert above it, and marks the field each message
# is about (``aria-invalid``, with ``aria-describedby`` naming the message), so a screen
# reader reaching the field hears what to fix there (WCAG 3.3.1, 1.3.1). Each message of the
# alert has the id ``form-problem-N`` (events/_macros.html: form_problems), N counted from 1;
# ``problem_fields`` maps a field's name to the ids of its messages.


def problem_id(number: int) -> str:
    return f"form-problem-{number}"


def said(*refusals: tuple[str | None, str]) -> tuple[list[str], dict[str, str]]:
    """The messages of an alert, from (field or None, message) pairs, and the fields marked."""
    problems: list[str] = []
    fields: dict[str, str] = {}
    for number, (field, message) in enumerate(refusals, 1):
        problems.append(message)
        if field:
            fields[field] = " ".join(filter(None, (fields.get(field), problem_id(number))))
    return problems, fields


def validation_said(exc: ValidationError) -> tuple[list[str], dict[str, str]]:
    """A form's refusal by its schema: each message is about the field it is keyed by (the
    forms' fields are named as the schemas' are)."""
    messages = exc.messages if isinstance(exc.messages, dict) else {"": exc.messages}
    return said(
        *(
            (field if field and field != "_schema" else None, message)
            for field, field_messages in messages.items()
            for message in field_messages
        )
    )


def field_of(exc: Exception) -> str | None:
    """The field of the form a refusal is about (None for none: the event closed, a limit)."""
    if isinstance(exc, events.PlayerTakenError):
        return "player"
    if isinstance(exc, events.IdentityError):
        return "player_id"
    return getattr(exc, "field", None)


def refusal_said(exc: Exception) -> tuple[list[str], dict[str, str]]:
    return said((field_of(exc), str(exc)))


# -- creating an event -------------------------------------------------------------------


def _new_event_page(
    form: dict,
    problems: list[str],
    status: int = 200,
    headers: dict[str, str] | None = None,
    problem_fields: dict[str, str] | None = None,
):
    # The form carries the key it was made with: sent twice (a double click, a reload of
    # the page it answered), it makes one event; corrected after a refusal, too.
    form = {**form, "idempotency_key": form.get("idempotency_key") or new_form_key()}
    games = list(pools().games().values())
    return (
        render_template(
            "events/new.html",
            games=games,
            form=form,
            problems=problems,
            problem_fields=problem_fields or {},
            zones=time_zones(),
        ),
        status,
        headers or {},
    )


@bp.route("/new", methods=["GET", "POST"])
def new_event():
    page = _new_event_page
    if request.method == "GET":
        return page({}, [])
    form = request.form.to_dict()
    account = accounts.current()
    try:
        data = schemas.EventForm().load(request.form)
        game = pools().game(data["game"])
        zone = form.get("timezone") or "UTC"
        deadline = in_zone(data["deadline"], zone)

        def create(key: str | None) -> events.NewEvent:
            return events.create_event(
                get_db(),
                pools(),
                name=data["name"],
                game_id=game.id,
                format_id=chosen_format(game, data["format"]),
                as_of=data["as_of"],
                deadline=deadline,
                now=now(),
                players=schemas.players_from_lines(data["players"]),
                limits=limits(),
                idempotency_key=key,
                requester=account.id if account is not None else None,
            )

        try:
            created = create(data["idempotency_key"])
        except events.IdempotencyKeyReusedError:
            # The form's key makes the same form sent twice one event. Sent again changed
            # (another name or deadline, from a page kept open or brought back after its
            # event was made), it asks for an event of its own, as the form loaded afresh
            # would: the organizer never sees the key, and answering with the first event
            # would show settings they did not send. So it gets a key of its own.
            form["idempotency_key"] = new_form_key()
            created = create(form["idempotency_key"])
    except ValidationError as exc:
        problems, fields = validation_said(exc)
        return page(form, problems, 422 if "format" in exc.messages else 400, None, fields)
    except DeckwrightError as exc:
        problems, fields = refusal_said(exc)
        return page(form, problems, status_of(exc), None, fields)
    event, token = created.event, created.admin_token
    if account is not None:
        # The event goes on the organizer's "My events": the admin link stays the key for
        # anyone else, and the account opens the dashboard even if the link is lost. A form
        # sent again is bound again, which changes nothing once it is (the key is the same
        # request only from the same account, so no one else is made its owner this way).
        accounts.bind_event(get_db(), account, event.id, accounts.OWNER, now())
    local_deadline = event.deadline.astimezone(zoneinfo.ZoneInfo(zone))
    return render_template(
        "events/created.html",
        account=account,
        event=event,
        game=pools().game(event.game),
        zone=zone,
        local_deadline=local_deadline,
        deadline_twice=happens_twice(local_deadline),
        admin_url=url_for("events.dashboard", event_id=event.id, token=token, _external=True),
        submit_url=url_for("events.event_page", event_id=event.id, _external=True),
        already=created.already,
    ), 201


# -- players ---------------------------------------------------------------------------------


@bp.route("/<event_id>", methods=["GET", "POST"])
def event_page(event_id: str):
    """The public submission page: the event's facts and the form, while it is open."""
    if request.method == "GET" and (clean := as_pasted(event_id)) != event_id:
        # The link as pasted, with the full stop or bracket of the sentence it sat in.
        event = events.get_event(get_db(), clean)
        return redirect(with_query(url_for("events.event_page", event_id=event.id)), 303)
    event = events.get_event(get_db(), event_id)
    if request.method == "GET":
        leave_shown_pages()  # the form for the next player, on a phone passed on
        return _event_page(event, {}, [])
    form = request.form.to_dict()
    try:
        data = schemas.SubmitForm().load(request.form)
        submission = events.Submission.from_pasted(data["decklist"])

        def submit(key: str | None) -> events.Receipt:
            return events.submit(
                get_db(),
                pools(),
                event_id,
                player=data["player"],
                player_id=data["player_id"],
                submission=submission,
                now=now(),
                idempotency_key=key,
                limits=limits(),
                # The same form sent again (a double click) is answered without reading
                # its list again, so it costs nothing more under the validation limit.
                before_reading=charged,
            )

        try:
            receipt = submit(data["idempotency_key"])
        except events.IdempotencyKeyReusedError:
            # The form's key makes the same form sent twice one submission. Sent again
            # changed (another list or player, from a page kept open after its first list
            # was stored), it is a submission of its own, as from the page loaded afresh:
            # the player never sees the key, and the form shown again would hold it still.
            form["idempotency_key"] = new_form_key()
            receipt = submit(form["idempotency_key"])
    except ValidationError as exc:
        problems, fields = validation_said(exc)
        return _event_page(event, form, problems, 400, problem_fields=fields)
    except (DeckwrightError, rate_limits.TooManyRequests) as exc:
        # Past a limit too, the page says why and keeps what was typed, to send again later.
        if isinstance(exc, events.EventNotFoundError):
            raise
        problems, fields = refusal_said(exc)
        return _event_page(
            event, form, problems, status_of(exc), http_headers_of(exc), problem_fields=fields
        )
    target = url_for(
        "events.player_page",
        event_id=event_id,
        entry_id=receipt.entry.id,
        token=receipt.player_token,
        new=1,
    )
    return redirect(target, 303)


def new_form_key() -> str:
    """The idempotency key a submission form is made with."""
    return secrets.token_urlsafe(24)


def _event_page(
    event: events.Event,
    form: dict,
    problems: list[str],
    status: int = 200,
    headers: dict[str, str] | None = None,
    *,
    problem_fields: dict[str, str] | None = None,
):
    # A form sent again (a reload after a lost answer) carries the key it was made with,
    # and finds the entry the first one stored; a corrected form after a refusal does too.
    form = {**form, "idempotency_key": form.get("idempotency_key") or new_form_key()}
    game = pools().game(event.game)
    return (
        render_template(
            "events/event.html",
            event=event,
            view=event_view(event),
            game=game,
            gone=events.format_gone(game, event),
            form=form,
            problems=problems,
            problem_fields=problem_fields or {},
        ),
        status,
        headers or {},
    )


@bp.route("/<event_id>/entries/<entry_id>/<token>", methods=["GET", "POST"])
def player_page(event_id: str, entry_id: str, token: str):
    """A player's private page: their verdict, receipt and list, and the form to fix it."""
    db = get_db()
    player = events.as_player(db, event_id, entry_id, token)
    if request.method == "GET" and (clean := as_pasted(token)) != token:
        # Opened with what the link was pasted with: the address to bookmark is the link.
        return redirect(
            with_query(
                url_for("events.player_page", event_id=event_id, entry_id=entry_id, token=clean)
            ),
            303,
        )
    if request.method == "GET" and entry_id in session.get(LEFT_PAGES, ()):
        return render_template("events/left.html", event=events.get_event(db, event_id))
    form: dict[str, Any] = {}
    problems: list[str] = []
    problem_fields: dict[str, str] = {}
    status, headers = 200, {}
    if request.method == "POST":
        form = request.form.to_dict()
        try:
            data = schemas.ResubmitForm().load(request.form)
            submission = events.Submission.from_pasted(data["decklist"])
            events.resubmit(
                db,
                pools(),
                player,
                submission,
                now(),
                limits(),
                based_on=data["based_on"],
                # The same form sent again is answered without reading its list again.
                before_reading=charged,
            )
        except ValidationError as exc:
            (problems, problem_fields), status = validation_said(exc), 400
            if "based_on" in exc.messages:
                form.pop("based_on", None)  # made anew, so the form can be sent again
        except events.ListChangedError as exc:
            problems, status = [str(exc)], status_of(exc)
            # Sent again from the page that says so, the list replaces the version named.
            form.pop("based_on", None)
        except (
            events.EventClosedError,
            events.FormatGoneError,
            events.InvalidSubmissionError,
            events.LimitReachedError,
            rate_limits.TooManyRequests,
        ) as exc:
            (problems, problem_fields) = refusal_said(exc)
            status, headers = status_of(exc), http_headers_of(exc)
        else:
            # Sent from the page itself (still open in a tab): its answer is the page.
            _stay(entry_id)
            target = url_for(
                "events.player_page", event_id=event_id, entry_id=entry_id, token=token, fixed=1
            )
            return redirect(target, 303)
    event = events.get_event(db, event_id)
    entry = events.entry(db, player)
    _keep(SHOWN_PAGES, entry_id)
    form = form or {"decklist": editable(entry.latest)}
    # The version this form is made from, unless it came with one (kept when it was refused
    # for another reason, so that it still stands for what its sender saw).
    form.setdefault("based_on", str(entry.latest.number if entry.latest else 0))
    game = pools().game(event.game)
    return (
        render_template(
            "events/player.html",
            event=event,
            view=event_view(event),
            game=game,
            again=read_again(game, event, [entry]).get(entry.id),
            gone=events.format_gone(game, event),
            entry=entry,
            versions=events.history(db, player),
            private_url=request.base_url,
            builder_url=builder_url(event, entry_id, token),
            form=form,
            problems=problems,
            problem_fields=problem_fields,
            new=request.args.get("new") == "1",
            fixed=request.args.get("fixed") == "1",
        ),
        status,
        headers,
    )


# A phone passed from player to player keeps each one's private page in its history, where
# the next player's Forward (or Back) opens it: the page is fetched again (it is never
# cached), and its address is its player's key. So this browser's session notes the private
# pages it showed, and once it opens an event's form (the next player's), those pages are
# left: opened again here, one says so and shows nothing of its player's until someone says
# it is theirs. Its link opens it as ever on any other device. Entry ids alone are kept
# (no tokens), the last few of each.
SHOWN_PAGES, LEFT_PAGES = "event_pages_shown", "event_pages_left"
MAX_PAGES_KEPT = 20


def _keep(key: str, *entry_ids: str) -> None:
    kept = [e for e in session.get(key, []) if e not in entry_ids]
    session[key] = [*kept, *entry_ids][-MAX_PAGES_KEPT:]


def leave_shown_pages() -> None:
    """The private pages this browser showed are left: the device is someone else's now."""
    if shown := session.pop(SHOWN_PAGES, None):
        _keep(LEFT_PAGES, *shown)


def _stay(entry_id: str) -> None:
    """The private page is its player's again on this device (no longer left)."""
    left = session.get(LEFT_PAGES, [])
    if entry_id in left:
        session[LEFT_PAGES] = [e for e in left if e != entry_id]


@bp.post("/<event_id>/entries/<entry_id>/<token>/mine")
def show_left_page(event_id: str, entry_id: str, token: str):
    """A private page left on this device, shown again to its player, who says it is theirs."""
    events.as_player(get_db(), event_id, entry_id, token)
    _stay(entry_id)
    target = url_for("events.player_page", event_id=event_id, entry_id=entry_id, token=token)
    return redirect(target, 303)


def with_query(path: str) -> str:
    """``path`` with this request's query string, as it came."""
    query = request.query_string.decode("utf-8")
    return f"{path}?{query}" if query else path


def editable(version: events.Version | None) -> str:
    """The list on file as the resubmit form starts: the text the player sent, or the list
    as read when it came as JSON (whose body is the whole request, the player's name too)."""
    if version is None:
        return ""
    return version.body if version.kind == events.TEXT else version.canonical


def builder_url(event: events.Event, entry_id: str, token: str) -> str:
    """The deck builder opened to change a player's list.

    The entry and private token ride in the fragment: browsers send it to no server and in
    no Referer, and the builder takes it off the address bar once read.
    """
    return url_for(
        "site.build",
        game_id=event.game,
        event=event.id,
        _anchor=urlencode({"entry": entry_id, "token": token}),
    )


@bp.get("/<event_id>/lists")
def published(event_id: str):
    event, found = events.published_lists(get_db(), event_id)
    game = pools().game(event.game)
    return render_template(
        "events/published.html",
        event=event,
        game=game,
        lists=[(e, events.sheet_sections(game, e.latest)) for e in found],
    )


# -- the organizer -------------------------------------------------------------------------------


def organizer(event_id: str, token: str) -> events.Organizer:
    return events.as_organizer(get_db(), event_id, token, now())


def admin_url(endpoint: str, access: events.Organizer, token: str, **values: Any) -> str:
    return url_for(f"events.{endpoint}", event_id=access.event.id, token=token, **values)


@bp.get("/<event_id>/admin/<token>")
def dashboard(event_id: str, token: str):
    """Entries with their verdicts and first problems, a page at a time; the organizer's actions."""
    access = organizer(event_id, token)
    if (clean := as_pasted(token)) != token:
        return redirect(
            with_query(url_for("events.dashboard", event_id=event_id, token=clean)), 303
        )
    show = request.args.get("show", events.ALL)
    if show not in events.FILTERS:
        show = events.ALL
    page = request.args.get("page", "1")
    # ASCII digits alone: "²" is a digit to str.isdigit, and no number to int()
    page = int(page) if page.isascii() and page.isdigit() and 1 <= len(page) <= 7 else 1
    page = max(page, 1)
    return _dashboard(access, token, show, page, notices=said_once(event_id))


def _dashboard(
    access,
    token,
    show=events.ALL,
    page=1,
    *,
    notices=(),
    problems=(),
    report=None,
    players="",
    problem_fields=None,
    settings=None,
):
    db = get_db()
    event = events.get_event(db, access.event.id)
    game = pools().game(event.game)
    # The filters and counts go by what each list reads to against today's card pool, the
    # lists read again for so long at most: the page says how many are left to read.
    changed, found = page_read_today(access, show, page, per_page())
    if found.page > found.pages:
        # A page kept from when the filter showed more (lists fixed since, say) is gone: the
        # last page is shown, not an empty one saying there are no lists.
        found = events.entry_page(db, access, show, found.pages, per_page(), changed)
    status = 400 if problems else 200
    return render_template(
        "events/dashboard.html",
        event=event,
        view=event_view(event),
        game=game,
        again={e.id: changed[e.id] for e in found.entries if e.id in changed},
        unread=changed.unread,
        gone=events.format_gone(game, event),
        token=token,
        entries=found.entries,
        found=found,
        show=show,
        counts=found.counts,
        lookalikes=events.lookalikes(db, access),
        missing=events.entries(db, access, events.MISSING),
        missing_shown=MISSING_SHOWN,
        confirmations=CONFIRMATIONS,
        changes=journal.changes(db, access),
        can_reopen=event.locked and not event.published and now() < event.deadline,
        brief=BRIEF_PROBLEMS,
        notices=notices,
        problems=problems,
        report=report,
        # The players the register form was refused with, to correct and send again.
        players=players,
        # The settings form as it stands, or as it was sent and refused (to correct).
        settings=settings or settings_form(event),
        # Sent back refused: its deadline stays in the zone it was typed in.
        settings_kept=settings is not None,
        problem_fields=problem_fields or {},
        zones=time_zones(),
        public_url=url_for("events.event_page", event_id=event.id, _external=True),
        # The admin link form's key: sent twice, it shows the link its first sending made.
        request_key=new_form_key(),
    ), status


BRIEF_PROBLEMS = 10  # problems a dashboard row shows; the entry's page has the rest
MISSING_SHOWN = 100  # names the "not submitted yet" panel lists; the filter shows them all


def read_again(
    game: Game,
    event: events.Event,
    entries: list[events.Entry],
    access: events.Organizer | None = None,
) -> dict[str, events.Recheck]:
    """The entries whose list on file reads to another verdict against today's card pool
    than the one it got, by entry id: with the pool changed since, the verdict kept is said
    to be no longer what the list reads to. ``access`` (the organizer's) reads the bodies a
    listing left out."""

    def body_of(entry: events.Entry):
        if access is None:
            return lambda: None
        return lambda: events.version_body(get_db(), access, entry.id, entry.latest.number)

    read = {
        e.id: events.checked_again(game, event, e.id, e.latest, body_of(e))
        for e in entries
        if e.latest
    }
    return {entry_id: verdict for entry_id, verdict in read.items() if verdict is not None}


def per_page() -> int:
    return int(current_app.config.get("EVENT_DASHBOARD_PAGE", events.PER_PAGE))


# What each of the organizer's state changes does, and what of it cannot be undone: asked
# before the change (by the page's script, or by a page of its own without script).
CONFIRMATIONS = {
    "lock": (
        "Lock the event?",
        "Players can no longer submit or change a list. You can reopen the event until the"
        " deadline; after the deadline a locked event cannot be reopened.",
        "Lock the event",
    ),
    "admin_link": (
        "Replace the admin link?",
        "A new admin link is made and shown once; the one you used to get here stops opening the"
        " dashboard at once, for everyone who holds it. This cannot be undone. Organizers who"
        " open the dashboard from their account keep their access.",
        "Replace the admin link",
    ),
    "publish": (
        "Publish every list?",
        "Every player's current list goes on a public page and the event is locked."
        " This cannot be undone: published lists stay public and the event cannot be reopened.",
        "Publish the lists",
    ),
}


def confirmed(action: str, access: events.Organizer, token: str, request_key: str | None = None):
    """None when the organizer confirmed the change; else the page that asks them to (its
    form carrying on the ``request_key`` of the form that asked)."""
    if request.form.get("confirmed") == "yes":
        return None
    title, consequence, button = CONFIRMATIONS[action]
    return render_template(
        "events/confirm.html",
        event=access.event,
        token=token,
        action=action,
        title=title,
        consequence=consequence,
        button=button,
        request_key=request_key,
    )


# What the dashboard says once the organizer's change is made: the page it goes back to looks
# as it did but for a pill, and a screen reader's user would hear nothing of it.
DONE = {
    "lock": "The event is locked: players can no longer send or change a list. You can reopen"
    " it until the deadline.",
    "reopen": "The event is open again: players can send and change their lists until the"
    " deadline.",
    "publish": "Every player's list is published and the event is locked for good.",
}
_DONE_KEY = "event_done"


def back_saying(action: str, event_id: str, token: str):
    """Back to the dashboard, which says once what ``action`` did (see :func:`said_once`)."""
    session[_DONE_KEY] = [event_id, DONE[action]]
    return redirect(url_for("events.dashboard", event_id=event_id, token=token), 303)


def said_once(event_id: str) -> list[str]:
    """What the change just made to this event did, as the dashboard's notice, once."""
    done = session.get(_DONE_KEY)
    if not (isinstance(done, list) and len(done) == 2 and done[0] == event_id):
        return []
    session.pop(_DONE_KEY)
    return [str(done[1])]


def confirm_then(action: str, change, event_id: str, token: str):
    """Ask the organizer to confirm ``action``; once they have, make the ``change`` and go
    back to the dashboard."""
    access = organizer(event_id, token)
    asking = confirmed(action, access, token)
    if asking is not None:
        return asking
    change(get_db(), access, now())
    return back_saying(action, event_id, token)


@bp.post("/<event_id>/admin/<token>/lock")
def lock(event_id: str, token: str):
    return confirm_then("lock", events.lock, event_id, token)


@bp.post("/<event_id>/admin/<token>/publish")
def publish(event_id: str, token: str):
    return confirm_then("publish", events.publish, event_id, token)


@bp.post("/<event_id>/admin/<token>/admin-link")
def admin_link(event_id: str, token: str):
    """Revoke a leaked admin link: a new one is shown once and the old one opens nothing.

    The form carries a key made with its page: sent again (a double click, whose second
    answer is the one the browser shows), it shows the link its first sending made."""
    key = events.clean_idempotency_key(request.form.get("request_key"))
    db = get_db()
    if key and (made := journal.replaced_link(db, event_id, token, key, now())):
        return _new_link_page(events.get_event(db, event_id), made)
    access = organizer(event_id, token)
    asking = confirmed("admin_link", access, token, request_key=key)
    if asking is not None:
        return asking
    made = journal.replace_admin_link(db, access, now(), used=token, key=key)
    return _new_link_page(access.event, made)


def _new_link_page(event: events.Event, token: str):
    return render_template(
        "events/new_link.html",
        event=event,
        admin_url=url_for("events.dashboard", event_id=event.id, token=token, _external=True),
    )


@bp.post("/<event_id>/admin/<token>/reopen")
def reopen(event_id: str, token: str):
    """Undo a lock before the deadline (the change is logged)."""
    access = organizer(event_id, token)
    try:
        journal.reopen(get_db(), access, now())
    except events.EventClosedError as exc:
        return _dashboard(access, token, problems=[str(exc)])
    return back_saying("reopen", event_id, token)


def settings_form(event: events.Event) -> dict[str, str]:
    """The settings form filled with the event's settings: its deadline in UTC, to the
    second where it has seconds (saved unchanged, it is the same moment)."""
    deadline = events.as_utc(event.deadline)
    seconds = ":%S" if deadline.second else ""
    return {
        "name": event.name,
        "format": event.format,
        "as_of": event.as_of.isoformat() if event.as_of else "",
        "deadline": deadline.strftime(f"%Y-%m-%dT%H:%M{seconds}"),
        "timezone": "UTC",
    }


# The settings form's fields, as its page names them, in its order.
SETTINGS_FIELDS = (
    ("name", "Event name"),
    ("format", "Format"),
    ("as_of", "Banned list as of"),
    ("deadline", "Submission deadline"),
    ("timezone", "Time zone"),
)


def _settings_kept(form: dict[str, str], status: int = 404):
    """The settings typed into a dashboard whose link opens it no more (a personal link
    from "My events" lasts links.LINK_HOURS; a leaked link replaced): nothing changed, and
    what was typed is shown to type again once the dashboard is opened anew. Said alike for
    a link that never opened the event, so nothing is learnt of it."""
    return (
        render_template(
            "events/refused.html",
            title="Not saved: this dashboard link no longer opens the event",
            problems=[
                "This dashboard link has expired or was replaced, so nothing was changed."
                " Open the dashboard again (from My events, logged in, or with the event's"
                " admin link) and type these settings into its Settings form."
            ],
            shown=[(name, label, form.get(name, "")) for name, label in SETTINGS_FIELDS],
            hidden={},
            resend=False,
        ),
        status,
    )


@bp.post("/<event_id>/admin/<token>/settings")
def settings(event_id: str, token: str):
    """Change the event's name, format, banned-list day or deadline; the dashboard then says
    what changed (each change is logged)."""
    form = request.form.to_dict()
    form.pop(csrf.FIELD_NAME, None)
    try:
        access = organizer(event_id, token)
    except events.EventNotFoundError:
        return _settings_kept(form)
    try:
        data = schemas.SettingsForm().load(request.form)
        game = pools().game(access.event.game)
        deadline = in_zone(data["deadline"], form.get("timezone") or "UTC")
        if deadline == access.event.deadline.replace(microsecond=0):
            deadline = access.event.deadline  # as the form showed it: unchanged
        done = events.change_settings(
            get_db(),
            pools(),
            access,
            {
                "name": data["name"],
                "format": chosen_format(game, data["format"]),
                "as_of": data["as_of"],
                "deadline": deadline,
            },
            now(),
            limits(),
        )
    except ValidationError as exc:
        problems, fields = validation_said(exc)
        page, status = _dashboard(
            access, token, problems=problems, problem_fields=fields, settings=form
        )
        return page, 422 if "format" in exc.messages else status
    except DeckwrightError as exc:
        problems, fields = refusal_said(exc)
        page, _status = _dashboard(
            access, token, problems=problems, problem_fields=fields, settings=form
        )
        return page, status_of(exc)
    session[_DONE_KEY] = [event_id, settings_said(done)]
    return redirect(url_for("events.dashboard", event_id=event_id, token=token), 303)


def settings_said(done: events.SettingsChanged) -> str:
    """What saving the settings did, as the dashboard says it once."""
    if not done.changes:
        return "Nothing changed: the settings were saved as they were."
    said = " ".join(f"{sentence(change)}." for change in done.changes)
    if done.judged:
        said += (
            " Every list on file was judged again in the new settings, each kept as it was"
            " sent: the verdicts shown are theirs now."
        )
    event = done.event
    if event.locked and any(c.startswith("deadline") for c in done.changes):
        said += " The event is still locked: reopen it for players to send lists again."
    return f"Saved. {said}"


@bp.post("/<event_id>/admin/<token>/players")
def register(event_id: str, token: str):
    access = organizer(event_id, token)
    pasted = request.form.get("players", "")
    try:
        data = schemas.RegisterForm().load(request.form)
        done = events.register_players(
            get_db(), access, schemas.players_from_lines(data["players"]), now(), limits()
        )
    except ValidationError as exc:
        return _dashboard(access, token, problems=form_errors(exc), players=pasted)
    except (
        events.EventClosedError,
        events.InvalidSubmissionError,
        events.LimitReachedError,
    ) as exc:
        return _dashboard(access, token, problems=[str(exc)], players=pasted)
    notices = [f"{done.added} player{'s' if done.added != 1 else ''} registered."]
    if done.already:
        notices.append(f"Already on the list, left as they were: {', '.join(done.already)}.")
    return _dashboard(access, token, notices=notices)


@bp.post("/<event_id>/admin/<token>/upload")
def upload(event_id: str, token: str):
    """Many lists at once: a zip of decklist files, a CSV of player,list rows, or decklist
    files picked together."""
    access = organizer(event_id, token)
    picked = [file for file in request.files.getlist("upload") if file.filename]
    if not picked:
        return _dashboard(access, token, problems=["Choose a file to upload."])
    upload = picked[0]
    data = upload.read(uploads.MAX_UPLOAD_BYTES + 1)
    try:
        if len(picked) > 1:  # the players' files themselves, read as a zip of them is
            files = [(upload.filename, data)]
            files += [(f.filename, f.read(uploads.MAX_UPLOAD_BYTES + 1)) for f in picked[1:]]
            items, skipped = uploads.read_files(files)
        else:
            items, skipped = uploads.read_upload(upload.filename, data)
        # Over the validation limit, the 429 page says when to upload again.
        report = store_upload(access, items, skipped)
    except (uploads.BadUploadError, events.EventClosedError) as exc:
        return _dashboard(access, token, problems=[str(exc)])
    except events.FormatGoneError as exc:
        return _dashboard(access, token, problems=[f"Nothing was stored. {exc.for_organizer}"])
    stored = len(report.stored)
    source = upload.filename if len(picked) == 1 else f"{len(picked)} files"
    notices = [f"{stored} list{'s' if stored != 1 else ''} stored from {source}."]
    if same := len(report.unchanged):
        notices.append(
            f"{same} list{'s were' if same != 1 else ' was'} already on file as uploaded,"
            f" and {'were' if same != 1 else 'was'} not stored again."
        )
    # A CSV uploaded, or zipped alone: its names may show the wrong letters.
    if len(picked) == 1 and (sheet := uploads.sheet_read_as_windows_1252(upload.filename, data)):
        notices.append(
            f"{sheet} is not UTF-8 text, so it was read as Windows-1252, as Excel"
            ' saves "CSV (Comma delimited)": check the names on the list. A sheet saved as'
            ' "CSV UTF-8" keeps every letter of every language.'
        )
    if files := [item.source for item in items if item.read_as == uploads.WINDOWS_1252]:
        named = ", ".join(files[:5]) + (f" and {len(files) - 5} more" if len(files) > 5 else "")
        notices.append(
            f"{named} {'are' if len(files) > 1 else 'is'} not UTF-8 text, so"
            f" {'they were' if len(files) > 1 else 'it was'} read as Windows-1252, as Notepad"
            " on Windows saves text: check the names and lists."
        )
    return _dashboard(access, token, notices=notices, report=report)


@bp.get("/<event_id>/admin/<token>/entries/<entry_id>")
def entry_page(event_id: str, token: str, entry_id: str):
    """One player's list on file, its problems, and every version with its time and hash."""
    access = organizer(event_id, token)
    db = get_db()
    entry = events.entry(db, access, entry_id)
    game = pools().game(access.event.game)
    return render_template(
        "events/entry.html",
        event=access.event,
        game=game,
        again=read_again(game, access.event, [entry]),
        token=token,
        entry=entry,
        versions=events.history(db, access, entry_id),
    )


@bp.get("/<event_id>/admin/<token>/entries/<entry_id>/sheet")
def sheet(event_id: str, token: str, entry_id: str):
    """The printable deck-check sheet of one player's list."""
    access = organizer(event_id, token)
    entry = events.entry(get_db(), access, entry_id)
    return _sheets(access, token, [entry])


@bp.get("/<event_id>/admin/<token>/sheets")
def sheets(event_id: str, token: str):
    """Every submitted list's deck-check sheet, one a printed page."""
    access = organizer(event_id, token)
    chosen = [e for e in events.entries(get_db(), access) if e.submitted]
    # Every list of the event: read again as the dashboard reads them, their bodies asked
    # for a batch at a time rather than one query each.
    return _sheets(access, token, chosen, read_today(access))


def _sheets(
    access: events.Organizer,
    token: str,
    chosen: list[events.Entry],
    again: events.ReadToday | None = None,
):
    game = pools().game(access.event.game)
    return render_template(
        "events/sheets.html",
        event=access.event,
        game=game,
        token=token,
        sheets=[(e, events.sheet_sections(game, e.latest)) for e in chosen if e.latest],
        again=read_again(game, access.event, chosen, access) if again is None else again,
        unread=frozenset() if again is None else again.unread,
        printed=now(),
    )


@bp.get("/<event_id>/admin/<token>/verify")
def verify(event_id: str, token: str):
    """Check a player's receipt hash against the lists on file."""
    access = organizer(event_id, token)
    receipt = request.args.get("receipt", "").strip()
    matches, problem = None, None
    if receipt:
        try:
            matches = events.verify(get_db(), access, receipt)
        except events.InvalidQueryError as exc:
            problem = str(exc)
    return render_template(
        "events/verify.html",
        event=access.event,
        token=token,
        receipt=receipt,
        matches=matches,
        problem=problem,
    ), 400 if problem else 200


@bp.get("/<event_id>/admin/<token>/export.csv")
def export_csv(event_id: str, token: str):
    """The download opened in spreadsheets starts with UTF-8's byte order mark: without it,
    Excel reads a CSV in Windows' code page and shows "José" as "JosÃ©"."""
    access = organizer(event_id, token)
    # ?separator=semicolon: for Excel where the list separator is one (see exports).
    named = request.args.get("separator") or "comma"
    if named not in exports.SEPARATORS:
        said = exports.separator_refused(named)
        return error_page(400, "This cannot be done", f"{said[0].upper()}{said[1:]}.")
    separator = exports.SEPARATORS[named]
    return Response(
        "\ufeff" + exports.export_csv(entries_read_today(access), separator),
        mimetype="text/csv",
        headers={"Content-Disposition": download_name(access.event, "csv")},
    )


@bp.get("/<event_id>/admin/<token>/export.json")
def export_json(event_id: str, token: str):
    access = organizer(event_id, token)
    body = export_body(access)
    return body, 200, {"Content-Disposition": download_name(access.event, "json")}
