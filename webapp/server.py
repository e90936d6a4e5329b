"""gunicorn's worker for the site: its own refusals under ``/api/`` in the one JSON error shape.

gunicorn reads each request's line and headers before the app sees it, and answers what
it cannot read itself: a request line past ``limit_request_line`` (414), a header past
``limit_request_field_size`` or more headers than ``limit_request_fields`` (431), a
``Content-Length`` that is no number or is sent twice, a header name that is no token or
a ``Transfer-Encoding`` it does not support (400; 501 in some versions). Its answer is an
HTML page, which an API client cannot read as the errors it reads everywhere else.
:class:`ApiSyncWorker` answers these under ``/api/`` as ``{"error": {status, code, message,
details}}``, with the security headers every answer carries; anywhere else gunicorn's own
page still answers.

The limits stay gunicorn's: the worker changes the words of a refusal, never what is
refused. Which path a request asked for is known from its first bytes, looked at (not
read) before gunicorn's parser reads them, since a request refused there has no path yet:
so a method gunicorn refuses (``G\x00T``, or one past its 20 characters) is answered in
JSON too, when the address after it is under ``/api/``.
With ``--threads`` above 1 gunicorn serves with its threaded worker instead (the name
ending in ``SyncWorker`` tells it to), and its refusals are HTML again.
"""

from __future__ import annotations

import contextlib
import json
import re
import socket

from gunicorn import util
from gunicorn.http import errors as http_errors
from gunicorn.workers.sync import SyncWorker
from werkzeug.http import HTTP_STATUS_CODES

from .errors import API_PREFIX
from .headers import HEADERS

# What a request line shows of its path being under /api/: an optional empty line (RFC
# 9112 2.2), a method, and an origin-form or absolute-form target. The method is whatever
# comes before the first space, as gunicorn splits the line: one it refuses (a byte no
# method holds, more than 20 characters) still names a path.
_API_TARGET = re.compile(
    rb"(?:\r\n)?[^ \r\n]+ +(?:[A-Za-z][A-Za-z0-9+.-]*://[^/ ]*)?" + re.escape(API_PREFIX.encode())
)
# gunicorn's refusals of a request it could not read, by status (the rest are 400s).
_STATUS = [
    (http_errors.LimitRequestLine, 414),
    (http_errors.LimitRequestHeaders, 431),
    (http_errors.UnsupportedTransferCoding, 501),
    (http_errors.ExpectationFailed, 417),
    (http_errors.ForbiddenProxyRequest, 403),
]
# Errors of the server's own, though gunicorn raises them as it parses: a header the app
# tried to send, a setting that cannot work.
_SERVER_FAULTS = (
    http_errors.InvalidResponseHeader,
    http_errors.InvalidResponseHeaderName,
    http_errors.ConfigurationProblem,
)
# gunicorn's hard bounds, whatever its settings ask (gunicorn/http/message.py).
MAX_REQUEST_LINE = 8190
MAX_HEADERS = 32768
MAX_HEADER_BYTES = 8190


def is_api_target(start: bytes) -> bool:
    """Whether the first bytes of a request ask for a path under ``/api/``."""
    return _API_TARGET.match(start) is not None


def limits(cfg) -> tuple[int, int, int]:
    """The request line's, the headers' count and each header's limits, as gunicorn
    applies its settings (0 or less, or past its bound, is its bound)."""
    line = cfg.limit_request_line
    fields = cfg.limit_request_fields
    size = cfg.limit_request_field_size
    return (
        line if 0 < line < MAX_REQUEST_LINE else MAX_REQUEST_LINE,
        fields if 0 < fields <= MAX_HEADERS else MAX_HEADERS,
        size if size > 0 else MAX_HEADER_BYTES,
    )


def refusal(exc: BaseException, cfg) -> tuple[int, str, list[dict]]:
    """The status, words and details of gunicorn's answer to ``exc``: a refusal of a
    request it could not read, or a 500 for an error of the server's own."""
    if isinstance(exc, _SERVER_FAULTS) or not isinstance(exc, http_errors.ParseException):
        return 500, "the server failed to answer this request; nothing was changed by it", []
    status = next((code for kind, code in _STATUS if isinstance(exc, kind)), 400)
    line, fields, size = limits(cfg)
    if status == 414:
        return (
            414,
            f"the request line (method, address and query string) is longer than the {line}"
            " bytes this server reads; send the data in a POST body instead",
            [{"max_bytes": line}],
        )
    if status == 431:
        return (
            431,
            f"the request's headers are too large: at most {fields} headers of at most"
            f" {size} bytes each are read",
            [{"max_headers": fields, "max_header_bytes": size}],
        )
    if status == 501:
        return 501, f"the request's Transfer-Encoding is not supported: {exc}", []
    if status == 417:
        return 417, f"the request's Expect header cannot be met: {exc}", []
    if status == 403:
        return 403, "the request is forbidden", []
    return 400, f"the request could not be read: {exc}", []


def json_error(status: int, message: str, details: list[dict]) -> bytes:
    """A whole HTTP answer carrying the API's error shape, the connection then closed."""
    # Named as the app names a werkzeug error of the same status ("request-uri-too-long").
    name = HTTP_STATUS_CODES.get(status, "Error")
    body = json.dumps(
        {
            "error": {
                "status": status,
                "code": name.lower().replace(" ", "-"),
                "message": message,
                "details": details,
            }
        }
    ).encode()
    head = [
        f"HTTP/1.1 {status} {name}",
        "Connection: close",
        "Content-Type: application/json",
        f"Content-Length: {len(body)}",
        *(f"{header}: {value}" for header, value in HEADERS.items()),
    ]
    return ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body


def first_bytes(client: socket.socket, most: int) -> bytes:
    """The request's first bytes (at most ``most``), looked at and left for gunicorn's
    parser to read.

    A request line nearly always arrives whole, and one look sees it. One sent in pieces
    (``GE``, then ``T /api/...``) is waited for until its line ends or ``most`` bytes have
    come: told by its first piece alone, a refusal of it would be gunicorn's HTML page.
    Each wait asks the kernel for one byte more than is there (``SO_RCVLOWAT``), so it
    blocks as gunicorn's own read of the line would, rather than spinning.
    """
    start = client.recv(most, socket.MSG_PEEK)
    if not _line_arriving(start, most):
        return start
    try:
        while True:
            client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVLOWAT, len(start) + 1)
            more = client.recv(most, socket.MSG_PEEK)
            if len(more) <= len(start):  # the client stopped sending: this is all
                return more
            start = more
            if not _line_arriving(start, most):
                return start
    finally:
        client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVLOWAT, 1)


def _line_arriving(start: bytes, most: int) -> bool:
    """Whether more of the request line may still come: some of it is here, not its end."""
    return 0 < len(start) < most and b"\n" not in start.lstrip(b"\r\n")


class ApiSyncWorker(SyncWorker):
    """gunicorn's sync worker, answering its refusals under ``/api/`` in JSON."""

    api_target = False

    def handle(self, listener, client, addr):
        self.api_target = False
        if not self.cfg.is_ssl:
            # Waits for the request's first bytes as gunicorn's parser would, and reads none;
            # an error here is met again by gunicorn's own read, which handles it. As far as
            # the longest request line gunicorn reads, past which it waits for no more: a
            # method of any length before an address under /api/ is seen, and nothing is
            # waited for that gunicorn would not wait for.
            with contextlib.suppress(OSError):
                self.api_target = is_api_target(first_bytes(client, limits(self.cfg)[0]))
        super().handle(listener, client, addr)

    def handle_error(self, req, client, addr, exc):
        path = getattr(req, "path", None)
        api = path.startswith(API_PREFIX) if isinstance(path, str) else self.api_target
        if not api:
            return super().handle_error(req, client, addr, exc)
        status, message, details = refusal(exc, self.cfg)
        if status >= 500:
            self.log.exception("Error handling request %s", path or "(no path read)")
        else:
            self.log.warning("Invalid request from ip=%s: %s", (addr or ("",))[0], exc)
        try:
            util.write_nonblock(client, json_error(status, message, details))
        except OSError:
            self.log.debug("Failed to send error message.")
