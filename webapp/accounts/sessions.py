"""The login cookie: a random session id the server keeps (hashed) in SQLite.

Server-side, so a session survives a restart (the id is in the shared file,
not in a worker's memory), can be ended from anywhere ("log out everywhere")
and is gone for good when ended, which a signed cookie cannot promise. The
cookie is ``HttpOnly`` (no script reads it), ``SameSite=Lax`` (no other site's
form posts with it) and ``Secure`` over HTTPS. Logging in always issues a new
id and a new CSRF token, so an id or token planted before login is worthless.
"""

from __future__ import annotations

from datetime import datetime

from flask import Response, current_app, g, request, session

from .. import csrf
from ..db import get_db
from ..events.records import utcnow
from ..requests import bearer
from . import store

COOKIE = "deckwright_account"


def now() -> datetime:
    """The current time; tests may set ``ACCOUNT_CLOCK`` (or the events' ``EVENT_CLOCK``)."""
    clock = current_app.config.get("ACCOUNT_CLOCK") or current_app.config.get("EVENT_CLOCK")
    return (clock or utcnow)()


def session_id() -> str | None:
    return request.cookies.get(COOKIE)


def current() -> store.Account | None:
    """The logged-in account of this request, if any (read once per request)."""
    if "account" not in g:
        g.account = store.session_account(get_db(), session_id(), now())
    return g.account


def token_account() -> store.Account | None:
    """The account of the request's personal access token, if it carries a live one (looked
    up once a request: the dead-token check, the rate limits and the view all ask)."""
    if "token_account" not in g:
        g.token_account = store.token_account(get_db(), bearer(), now())
    return g.token_account


def log_in(response: Response, account: store.Account) -> Response:
    """End the session the browser held (if any), start a new one and rotate the CSRF token."""
    db = get_db()
    store.end_session(db, session_id())
    new_id = store.start_session(db, account, now())
    session.pop(csrf.SESSION_KEY, None)
    response.set_cookie(
        COOKIE,
        new_id,
        max_age=store.SESSION_DAYS * 24 * 3600,
        httponly=True,
        samesite="Lax",
        secure=bool(current_app.config.get("SESSION_COOKIE_SECURE") or request.is_secure),
        path="/",
    )
    g.account = account
    return response


def log_out(response: Response) -> Response:
    store.end_session(get_db(), session_id())
    session.pop(csrf.SESSION_KEY, None)
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="Lax")
    g.account = None
    return response
