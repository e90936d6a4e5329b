"""Every error under ``/api/`` as one JSON shape: ``{"error": {status, code, message, details}}``.

Errors are raised as :class:`~cardpool.DeckwrightError` subclasses or werkzeug
HTTP exceptions and turned into words only here. There is deliberately no
catch-all handler for ``Exception``: a bug should surface as a bug (and
Flask's own 500 page then answers). A failure of the database itself (its disk
full, its file read-only, locked past the wait, deleted or damaged) is told
apart from SQLite's other errors and answered as a :class:`~webapp.db.StoreError`:
a 503 with ``Retry-After`` saying nothing was saved.

Outside ``/api/`` the site renders HTML error pages (its handlers by status
code hand ``/api/`` paths back to :func:`handle_http_exception`). A library
error outside ``/api/`` is turned into the matching HTTP exception, so pages
only ever deal with HTTP errors.
"""

from __future__ import annotations

import os
import re
import sqlite3
from typing import Any

from flask import Flask, Response, current_app, g, jsonify, request
from werkzeug.exceptions import (
    HTTPException,
    InternalServerError,
    RequestEntityTooLarge,
    SecurityError,
    ServiceUnavailable,
    default_exceptions,
)
from werkzeug.routing import RequestRedirect

from cardpool import DeckwrightError, NotFoundError, PoolError
from validator import DecklistError

from .db import StoreError, connections, store_error_of
from .schemas import ErrorResponseSchema

API_PREFIX = "/api/"


class ApiError(DeckwrightError):
    """A request the API refuses, with its status, a stable code and the details behind it."""

    def __init__(self, status: int, code: str, message: str, details: list | None = None):
        super().__init__(message)
        self.status = status
        self.code = code
        self.details = list(details or [])


def is_api_request() -> bool:
    return request.path.startswith(API_PREFIX)


_SLASHES = re.compile("/{2,}")


def _one_slash(path: str) -> str:
    return _SLASHES.sub("/", path)


def refuse_doubled_slashes() -> None:
    """An address of the API with two slashes together (``/api/v1//health``) is a 404 naming
    the one meant, read no further. werkzeug answered it with a 308 redirect to the address
    with one slash, its body an HTML page, which an app cannot read as the API's errors; a
    POST redirected so is sent again by some clients, dropped by others. The site's pages
    keep the redirect, which a browser follows."""
    path = request.path
    redirected = isinstance(request.routing_exception, RequestRedirect)
    if not (redirected and "//" in path and is_api_request()):
        return
    meant = _one_slash(path)
    if request.query_string:
        meant += "?" + request.query_string.decode("latin-1")
    message = (
        f"no address of the API is {path!r}: two slashes stand together in it, as in no"
        f" address of the API (the one meant is {meant}); nothing sent was read"
    )
    raise ApiError(404, "not-found", message, [{"did_you_mean": meant}])


def error_response(
    status: int, code: str, message: str, details: list[Any] | None = None
) -> Response:
    body = ErrorResponseSchema().dump(
        {"error": {"status": status, "code": code, "message": message, "details": details or []}}
    )
    response = jsonify(body)
    response.status_code = status
    return response


def status_of(error: DeckwrightError) -> int:
    """The HTTP status of a library error: its own ``status`` if it has one, else by family."""
    status = getattr(error, "status", None)
    if isinstance(status, int):
        return status
    if isinstance(error, NotFoundError):
        return 404
    if isinstance(error, DecklistError):
        return 400
    if isinstance(error, PoolError):
        # Nothing failed in the server: a game is not served until its files are fixed.
        return 503
    # Other library errors are refusals of what the client sent (a bad date, a bad value).
    return 400


def details_of(error: DeckwrightError) -> list[Any]:
    if isinstance(error, PoolError):
        return [str(problem) for problem in error.problems]
    return list(getattr(error, "details", None) or [])


def handle_deckwright_error(error: DeckwrightError) -> Response | HTTPException:
    status = status_of(error)
    if status >= 500 and not isinstance(error, StoreError):  # logged as the database failed
        current_app.logger.error("%s: %s", error.code, error)
    message, details = message_of(error), details_of(error)
    if isinstance(error, PoolError):
        details = [within_pools(d) for d in details]
    retry_after = getattr(error, "retry_after", None)
    if is_api_request():
        response = error_response(status, error.code, message, details)
        if retry_after is not None:
            response.headers["Retry-After"] = str(retry_after)
        return response
    if status == 503:
        http_error = ServiceUnavailable(description=message, retry_after=retry_after)
    else:
        http_error = default_exceptions.get(status, InternalServerError)(description=message)
    return current_app.handle_http_exception(http_error)


def handle_store_failure(error: sqlite3.DatabaseError) -> Response | HTTPException:
    """The database failed (full, read-only, locked past the wait, deleted, damaged): a 503
    that says nothing was saved and when to try again, instead of a 500. Any other
    database error (a constraint, a bad statement) is a bug, and raised as one."""
    return handle_deckwright_error(store_failure(error))


def store_failure(error: sqlite3.DatabaseError) -> StoreError:
    """The failure of the database ``error`` is, logged, its connection let go when it
    must be opened afresh; ``error`` itself raised when it is a bug, not a failure."""
    failure = store_error_of(error)
    if failure is None:
        raise error
    current_app.logger.error(
        "The database %s failed (%s: %s): answered %s",
        current_app.config["DATABASE"],
        getattr(error, "sqlite_errorname", None) or type(error).__name__,
        error,
        failure.code,
    )
    if failure.reopen:
        connections(current_app).discard()
    # The page answering names no account: asking the database whose session this is
    # would fail again.
    g.setdefault("account", None)
    g.setdefault("token_account", None)
    return failure


def message_of(error: DeckwrightError) -> str:
    """A library error's words for a client, API or page: a pool's problems name the files
    within the pools' folder ("era/cards.yaml:58"), not where the server keeps them (the
    log keeps the whole paths); a failure of the database says whether anything sent was
    kept (nothing) and what to do."""
    if isinstance(error, StoreError):
        return f"{error} {_what_to_do(error)}"
    return within_pools(str(error)) if isinstance(error, PoolError) else str(error)


def _what_to_do(error: StoreError) -> str:
    wait = "in a moment" if error.retry_after < 30 else f"in {error.retry_after} seconds or so"
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return f"Try again {wait}."
    return f"Nothing was saved: send it again {wait}."


def within_pools(text: str) -> str:
    """``text`` with the pools' folder left out of the paths it names, and named as such
    where it is named itself ("the card pools' folder: no such folder")."""
    library = current_app.extensions.get("deckwright.pools")
    root = str(getattr(library, "root", "") or current_app.config.get("POOLS") or "")
    root = root.rstrip("/\\")
    if not root:
        return text
    text = text.replace(root + os.sep, "")
    return re.sub(re.escape(root) + r"(?![\w.-])", lambda _: POOLS_FOLDER, text)


POOLS_FOLDER = "the card pools' folder"


def handle_http_exception(error: HTTPException) -> Response | HTTPException:
    """JSON under ``/api/``; anywhere else the exception itself, which Flask renders."""
    if not is_api_request():
        return error
    code = (error.name or "error").lower().replace(" ", "-")
    details = getattr(error, "details", None)
    message = error.description or error.name
    if isinstance(error, RequestEntityTooLarge) and request.max_content_length is not None:
        message, details = too_large(request.max_content_length)
    response = error_response(error.code or 500, code, message, details)
    response.headers.update(http_headers_of(error))
    return response


def too_large(limit: int) -> tuple[str, list[Any]]:
    """A 413's words and details: the limit of the endpoint (each may set its own) the body
    went past, so an app knows how much it may send, not werkzeug's "capacity limit"."""
    message = (
        f"the body is larger than the {size_said(limit)} this endpoint accepts;"
        " nothing in it was read"
    )
    return message, [{"max_bytes": limit}]


def form_limit_said() -> str | None:
    """What refused a multipart form within the size a request may be, in words (``None``
    for any other 413). werkzeug refuses a form of more parts than ``max_form_parts``, and one
    whose field holds more than ``max_form_memory_size``, with the 413 of a body too large;
    only a body larger than a field may be can be the second."""
    limit, length = request.max_content_length, request.content_length
    if (
        request.mimetype != "multipart/form-data"
        or length is None
        or (limit is not None and length > limit)
    ):
        return None
    parts, field = request.max_form_parts, request.max_form_memory_size
    many = f"more than {parts:,} fields" if parts is not None else None
    if field is not None and length > field:
        large = f"One of the form's fields is larger than the {size_said(field)} a field may hold"
        said = f"{large}, or the form has {many}" if many else large
        return f"{said}: nothing in it was read or saved. Go back to the form to send less."
    if many:
        return (
            f"The form has {many}, more than any form of this site: nothing in it was read or"
            " saved. Go back to the form and send it from there."
        )
    return None


def size_said(limit: int) -> str:
    """A size limit in words: "512 KB (524,288 bytes)"."""
    for unit, size in (("MB", 1024 * 1024), ("KB", 1024)):
        if limit >= size and limit % size == 0:
            return f"{limit // size} {unit} ({limit:,} bytes)"
    return f"{limit:,} bytes"


def http_headers_of(error: HTTPException) -> dict[str, str]:
    """The headers an HTTP error's answer must carry: ``Allow`` with a 405,
    ``Retry-After`` with a 429 or 503."""
    headers = {}
    if error.code == 405 and getattr(error, "valid_methods", None):
        headers["Allow"] = ", ".join(error.valid_methods)
    if getattr(error, "retry_after", None) is not None:
        headers["Retry-After"] = str(error.retry_after)
    return headers


def handle_untrusted_host(error: SecurityError) -> Response:
    """A Host the app does not answer to: a plain answer, since no link can be built on it
    (the site's error page links to its styles and pages)."""
    if is_api_request():
        return error_response(400, "untrusted-host", error.description)
    return Response(error.description, 400, mimetype="text/plain")


def init_app(app: Flask) -> None:
    # Before every other hook: an address that is none is answered before it is counted or read.
    app.before_request(refuse_doubled_slashes)
    app.register_error_handler(DeckwrightError, handle_deckwright_error)
    app.register_error_handler(sqlite3.DatabaseError, handle_store_failure)
    # Registered for its class, it comes before the site's handler of every 400.
    app.register_error_handler(SecurityError, handle_untrusted_host)
    app.register_error_handler(HTTPException, handle_http_exception)
