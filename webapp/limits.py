"""Rate limits per client address: event creation, submissions and token-bearing addresses.

Counts are fixed windows kept in the app's SQLite file, because that file is
the one thing every gunicorn worker shares: a count kept in a worker's memory
would let a client have the limit once per worker, and a shared store such as
Redis (what Flask-Limiter would need to be shared) is not part of this
deployment. One ``INSERT ... ON CONFLICT DO UPDATE ... RETURNING`` per limited
request both counts and reads, atomically under SQLite's write lock.

``RATE_LIMITS`` in the app's settings (``DECKWRIGHT_RATE_LIMITS`` as JSON) maps
each kind to ``[requests, seconds]`` and is laid over :data:`DEFAULT_LIMITS`; a
kind set to ``null`` is not limited. A request over a limit is a 429 in the one
error shape, with ``Retry-After``; an event page's form refused so is shown again
holding what was sent (``webapp.events.site.too_many_requests``).

Which requests are which kind is read from the request, so the views need no
decorator: a token in the address (any ``token`` part of a route) or an
``Authorization`` header sent to an event endpoint (the only ones that read it)
is a token-bearing request, and the endpoints of :data:`KINDS` create events
and submit lists. :func:`may_limit` says the same of a route, for the OpenAPI
document's 429 answers.

Validation (the endpoints of :data:`WEIGHED`: saving a deck, submitting a list to an event
and an organizer's upload too) is counted by the work it asks for,
not by requests: a list of 1,000 unknown names costs a thousand times a one-line
list (each is compared with every card for "did you mean"), and a batch holds up
to ``MAX_REQUEST_LINES`` lines (10,000). Its views call :func:`charge`
with the lines (or JSON entries) they are about to read, before reading them.
What it guards is each worker's CPU, so each worker keeps its own count, in
memory: a write to the shared file cost more than validating a 40-card list, on
the API's busiest path. An address may so validate the limit's lines once per
worker (twice with ``make start``'s two workers), and never more than that in
any one worker.

Behind a reverse proxy every request comes from the proxy's address: run
gunicorn with ``--forwarded-allow-ips`` naming the proxy and set
``TRUSTED_PROXIES`` (``DECKWRIGHT_TRUSTED_PROXIES``) to the number of proxies
in front, so the client's own address (``X-Forwarded-For``) is the one counted.
"""

from __future__ import annotations

import copy
import random
import sqlite3
import time
from dataclasses import dataclass

import werkzeug.exceptions
from flask import Flask, Request, current_app, request
from werkzeug.routing import Rule

from . import db as database
from .db import connections, store_error_of

EVENT_CREATION = "event-creation"
SUBMISSIONS = "submissions"
TOKEN_URLS = "token-urls"
VALIDATION = "validation"

# Generous for people, tight for scripts: a whole venue behind one address submits its
# players' lists, and an organizer reloads the dashboard through an event day.
DEFAULT_LIMITS: dict[str, tuple[int, int] | None] = {
    EVENT_CREATION: (30, 600),
    SUBMISSIONS: (600, 60),
    TOKEN_URLS: (1200, 60),
    # Decklist lines (or JSON entries) validated: the builder's deck of 30 entries checked
    # after every change is far inside it; six batches of 10,000 unknown names a minute
    # (about a second of a worker each) are the most one address can ask.
    VALIDATION: (60_000, 60),
}
# What each kind counts when it is not requests: (the unit, how the 429 says it).
UNITS: dict[str, tuple[str, str]] = {
    VALIDATION: ("lines", "decklist lines (or deck entries) validated"),
}
KINDS: dict[tuple[str, str], str] = {
    ("POST", "event_api.create_event"): EVENT_CREATION,
    ("POST", "events.new_event"): EVENT_CREATION,
    ("POST", "event_api.submit"): SUBMISSIONS,
    ("PUT", "event_api.resubmit"): SUBMISSIONS,
    ("POST", "events.event_page"): SUBMISSIONS,
    ("POST", "events.player_page"): SUBMISSIONS,
}
# Endpoints whose views count their own weight by :func:`charge`, once it is read.
WEIGHED: dict[tuple[str, str], str] = {
    ("POST", "api.validate_deck"): VALIDATION,
    ("POST", "api.validate_batch"): VALIDATION,
    ("POST", "api.fits"): VALIDATION,
    ("POST", "api.save_deck"): VALIDATION,
    ("POST", "site.validate_page"): VALIDATION,
    # A submission reads and judges its list as validating does ("did you mean" for every
    # unknown name): counted alike, on top of its request, or 600 lists of 1,000 lines of
    # gibberish a minute would be many minutes of a worker from one address.
    ("POST", "event_api.submit"): VALIDATION,
    ("PUT", "event_api.resubmit"): VALIDATION,
    ("POST", "events.event_page"): VALIDATION,
    ("POST", "events.player_page"): VALIDATION,
    # An organizer's upload of many lists is counted by its different lines, the work it
    # asks for (a line in many lists is read once): a whole event's lists, a few hundred
    # different lines, are far inside the room, a script uploading gibberish again is not.
    ("POST", "event_api.upload"): VALIDATION,
    ("POST", "events.upload"): VALIDATION,
}
_SCHEMA = """CREATE TABLE IF NOT EXISTS rate_counts (
    kind TEXT NOT NULL,
    client TEXT NOT NULL,
    window INTEGER NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (kind, client, window)
) WITHOUT ROWID"""
# The blueprints whose views read an Authorization header (the event's tokens).
TOKEN_BLUEPRINTS = frozenset({"event_api", "events"})
# Old windows are swept now and then, not on every request.
SWEEP_CHANCE = 0.01
# How long a count waits for the write lock: counts are quick, so a longer wait means the
# file is held (an organizer's sqlite3 shell in a transaction), and the request is then
# served uncounted rather than kept waiting for the database's whole busy timeout before
# its own work (gunicorn ends a request that takes 30 seconds).
COUNT_WAIT_MS = 1_000


@dataclass(frozen=True)
class Limit:
    kind: str
    requests: int
    seconds: int


def limits_of(app: Flask) -> dict[str, Limit]:
    """The app's limits by kind (read-only): made again only when the setting has changed,
    which is compared with a copy of it on every limited request rather than read anew."""
    setting = app.config.get("RATE_LIMITS") or {}
    made = app.extensions.get("deckwright.rate_limits")
    if made is not None and made[0] == setting:
        return made[1]
    configured = {**DEFAULT_LIMITS, **setting}
    found = {
        kind: Limit(kind, int(value[0]), int(value[1]))
        for kind, value in configured.items()
        if value
    }
    app.extensions["deckwright.rate_limits"] = (copy.deepcopy(setting), found)
    return found


def kinds_of_request() -> list[str]:
    # The request itself, not its proxy: each attribute read through the proxy costs a lookup.
    req = request._get_current_object()
    kinds = []
    kind = KINDS.get((req.method, req.endpoint or ""))
    if kind:
        kinds.append(kind)
    if "token" in (req.view_args or {}) or (
        req.blueprint in TOKEN_BLUEPRINTS and "Authorization" in req.headers
    ):
        kinds.append(TOKEN_URLS)
    return kinds


def may_limit(rule: Rule, method: str) -> bool:
    """Whether a request to ``rule`` with ``method`` is counted in some kind (and so may be
    answered 429), whatever the settings, which may change without the document."""
    blueprint = rule.endpoint.rpartition(".")[0]
    return (
        (method, rule.endpoint) in KINDS
        or (method, rule.endpoint) in WEIGHED
        or "token" in rule.arguments
        or blueprint in TOKEN_BLUEPRINTS
    )


def client_address(app: Flask | None = None, req: Request | None = None) -> str:
    """The client's address: the connection's, or the one trusted proxies say they served."""
    proxies = int((current_app if app is None else app).config.get("TRUSTED_PROXIES") or 0)
    if req is None:
        req = request._get_current_object()
    if proxies:
        forwarded = [a.strip() for a in req.headers.get("X-Forwarded-For", "").split(",")]
        forwarded = [a for a in forwarded if a]
        # Each trusted proxy appends the address it was reached from: the client's is the
        # one the outermost trusted proxy appended; anything before it the client could forge.
        if len(forwarded) >= proxies:
            return forwarded[-proxies]
    return req.remote_addr or "unknown"


def count(kind: str, client: str, limit: Limit, now: float | None = None) -> tuple[int, int]:
    """This request counted: (requests in the current window, seconds until it ends)."""
    moment = time.time() if now is None else now
    window = int(moment // limit.seconds)
    app = current_app._get_current_object()
    try:
        db = connections(app).get()
        made = app.extensions.setdefault("deckwright.rate_counts", set())
        if app.config["DATABASE"] not in made:
            db.execute(_SCHEMA)
            made.add(app.config["DATABASE"])
        db.execute(f"PRAGMA busy_timeout = {COUNT_WAIT_MS}")
        try:
            (counted,) = db.execute(
                "INSERT INTO rate_counts (kind, client, window, count) VALUES (?, ?, ?, 1)"
                " ON CONFLICT (kind, client, window) DO UPDATE SET count = count + 1"
                " RETURNING count",
                [kind, client, window],
            ).fetchone()
            if random.random() < SWEEP_CHANCE:
                db.execute(
                    "DELETE FROM rate_counts WHERE window < ? AND kind = ?", [window - 1, kind]
                )
        finally:
            db.execute(f"PRAGMA busy_timeout = {database.BUSY_TIMEOUT_MS}")
    except sqlite3.DatabaseError as error:
        if store_error_of(error) is None:
            raise
        # A count the file cannot keep (its disk full, it read-only or held locked past
        # the wait) does not refuse the request: an organizer still reads and exports the
        # lists, and what the request would write is refused as it comes, said as such.
        app.logger.warning("Rate limit %s not counted: the database failed (%s)", kind, error)
        return 0, 0
    return counted, int((window + 1) * limit.seconds - moment) + 1


def check_limits() -> None:
    """Count this request in each of its kinds; a 429 when one is over its limit."""
    kinds = kinds_of_request()
    if not kinds:
        return
    app = current_app._get_current_object()
    limits = limits_of(app)
    client, scale = _holder(app)
    for kind in kinds:
        limit = limits.get(kind)
        if limit is None:
            continue
        counted, retry_after = count(kind, client, limit)
        if counted > limit.requests * scale:
            raise TooManyRequests(limit, retry_after)


def charge(units: int) -> None:
    """Count ``units`` (a validation's lines) against this endpoint's kind of
    :data:`WEIGHED`; a 429 when the client is over its limit. Called by the view before the
    work, so work refused costs nothing. Outside those endpoints it does nothing."""
    # (Plain steps, not helpers: this runs on every validation, and each call of a property
    # or builtin here cost more than the count itself.)
    req = request._get_current_object()
    rule = req.url_rule  # its endpoint is req.endpoint, asked without the property
    kind = WEIGHED.get((req.method, rule.endpoint)) if rule is not None else None
    if kind is None:
        return
    app = current_app._get_current_object()
    limit = limits_of(app).get(kind)
    if limit is None:
        return
    client, scale = _holder(app, req)
    per_kind = app.extensions.setdefault("deckwright.worker_counts", {})
    counts = per_kind.get(kind) or per_kind.setdefault(kind, WorkerCounts())
    counted, retry_after = counts.add(client, limit, units if units > 1 else 1)
    if counted > limit.requests * scale:
        raise TooManyRequests(limit, retry_after)


class WorkerCounts:
    """One kind's counts in this worker's current window, by client; a new window starts
    them afresh, so they hold no more clients than one window saw."""

    def __init__(self) -> None:
        self.window: int | None = None
        self.counts: dict[str, int] = {}

    def add(self, client: str, limit: Limit, weight: int, now: float | None = None):
        """(the client's count in the current window with ``weight`` added, seconds until
        the window ends)."""
        moment = time.time() if now is None else now
        window = int(moment // limit.seconds)
        if window != self.window:
            self.window, self.counts = window, {}
        counted = self.counts[client] = self.counts.get(client, 0) + weight
        return counted, int((window + 1) * limit.seconds - moment) + 1


def _holder(app: Flask, req: Request | None = None) -> tuple[str, int]:
    """Who a request is counted for, and the room it has (times each limit)."""
    # A request bearing an account's personal access token is counted per account, with
    # more room (webapp.accounts.api.rate_holder sets the hook): an app is not its neighbours.
    # The token travels in the Authorization header, so a request without one is not asked
    # (its header, asked of the environ: what request.headers would look it up in).
    if req is None:
        req = request._get_current_object()
    holder = app.extensions.get("deckwright.rate_holder")
    if (
        holder is not None
        and "HTTP_AUTHORIZATION" in req.environ
        and (found := holder()) is not None
    ):
        return found
    return client_address(app, req), 1


class TooManyRequests(werkzeug.exceptions.TooManyRequests):
    """An HTTP error rather than a library one: every blueprint answers it alike, as JSON
    under ``/api/`` and as a page elsewhere, with ``Retry-After``."""

    def __init__(self, limit: Limit, retry_after: int):
        unit, counted = UNITS.get(limit.kind, ("requests", f"requests of this kind ({limit.kind})"))
        what = f"{limit.requests} {counted}"
        super().__init__(
            f"At most {what} per {limit.seconds} seconds from one address;"
            f" try again in {retry_after} seconds.",
            retry_after=retry_after,
        )
        self.details = [
            {"kind": limit.kind, "limit": limit.requests, "seconds": limit.seconds, "unit": unit}
        ]

    @property
    def status(self) -> int:
        """The status a form answers with when it shows the refusal on its own page."""
        return self.code

    def __str__(self) -> str:
        # What a page shows among a form's problems: the words alone, not "429 Too Many...".
        return self.description


def _whole(value: object, least: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


def _number(value: object) -> object:
    """Digits given as text (a setting made in code) as their number; anything else as is."""
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        return int(value)  # ASCII digits alone: "²" is a digit to str.isdigit, not to int()
    return value


def check_whole_numbers(config: dict, settings: dict[str, int]) -> None:
    """Refuse at start a size or count setting (name: the least it may be) that is no whole
    number from its least: read only as requests came, "2k" (or "1MB") started the site,
    which then answered each request that read it with a 500. Digits given as text (a
    setting made in code) are taken as their number."""
    for name, least in settings.items():
        if config.get(name) is None:
            continue
        value = config[name] = _number(config[name])
        if not _whole(value, least):
            raise ValueError(f"{name} must be a whole number from {least}, not {value!r}")


def check_settings(app: Flask) -> None:
    """Refuse at start a ``RATE_LIMITS`` or ``TRUSTED_PROXIES`` no request could be counted
    by. Read only as requests came, either (a limit of one number, a proxy count of "abc")
    started the site and then answered every event creation and submission with a 500; a
    kind spelt wrong was laid over the limits unsaid, and the one meant kept its default."""
    from .accounts.site import DEFAULT_LIMITS as ACCOUNT_LIMITS  # it imports this module

    proxies = _number(app.config.get("TRUSTED_PROXIES"))
    if proxies not in (None, "") and not _whole(proxies, 0):
        raise ValueError(
            "TRUSTED_PROXIES must be a whole number from 0 (the proxies in front of the site),"
            f" not {proxies!r}"
        )
    app.config["TRUSTED_PROXIES"] = proxies or 0
    setting = app.config.get("RATE_LIMITS") or {}
    if not isinstance(setting, dict):
        raise ValueError(f"RATE_LIMITS must map kinds to limits, not {setting!r}")
    kinds = {**DEFAULT_LIMITS, **ACCOUNT_LIMITS}
    for kind, value in setting.items():
        if kind not in kinds:
            named = ", ".join(repr(k) for k in sorted(kinds))
            raise ValueError(f"RATE_LIMITS names no kind {kind!r}: the kinds are {named}")
        if value is not None and not (
            isinstance(value, list | tuple) and len(value) == 2 and all(_whole(v, 1) for v in value)
        ):
            raise ValueError(
                f"RATE_LIMITS gives {kind!r} {value!r}: give [requests, seconds] (two whole"
                " numbers from 1), or null for no limit"
            )


def init_app(app: Flask) -> None:
    check_settings(app)
    app.before_request(check_limits)
