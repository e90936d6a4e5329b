"""What a request must be before any view reads it: whole, readable text, of bounded shape.

Every request of the app is an :class:`EdgeRequest` (the app's ``request_class``),
which reads its body strictly whoever reads it, and passes :func:`check_request`
before its view runs, so the API, the pages and the event endpoints are refused
alike, in the one error shape, without a check of their own:

- text that is not UTF-8 (``\\xff\\xfe``), or JSON naming a lone surrogate
  (``"\\ud800"``, which no UTF-8 text can hold), in a body, a form field, the
  query string or the path is a 400: replacing it silently would validate and
  store something the sender never wrote, and stored surrogates later break
  every page and export that shows them;
- JSON nested deeper than :data:`MAX_JSON_DEPTH`, a number beyond SQLite's
  64-bit integers, or ``NaN`` / ``Infinity`` is a 400, rather than a
  ``RecursionError``, ``ValueError`` or ``OverflowError`` deeper in; so is an
  object naming a key twice, whose first value JSON readers drop unsaid;
- a NUL character anywhere (UTF-16 text without its byte order mark is valid
  UTF-8 with a NUL beside every letter) is a 400 saying so;
- a body sent in chunks (no ``Content-Length``) larger than
  ``MAX_CONTENT_LENGTH`` is a 413 like any other, never cut at the limit and
  read in part.
"""

from __future__ import annotations

import functools
import json
import re
from functools import cached_property
from io import BytesIO
from typing import IO, Any
from urllib.parse import parse_qsl, unquote_to_bytes

from flask import Request, current_app, request
from gunicorn.http.errors import NoMoreData, ParseException
from werkzeug.exceptions import (
    BadRequest,
    ClientDisconnected,
    RequestEntityTooLarge,
)
from werkzeug.formparser import FormDataParser
from werkzeug.http import parse_options_header

from validator import decklist
from validator.jsonkeys import repeated_key

from .errors import ApiError

MAX_JSON_DEPTH = 32
# SQLite stores integers in 64 bits: a larger number in a body could only overflow later.
MAX_JSON_INTEGER = 2**63 - 1
# After refusing a chunked body, read on this far at most so the client sees the answer
# instead of a reset connection; beyond it, the connection is simply closed.
DRAIN_BYTES = 4 * 1024 * 1024
_SURROGATE = re.compile("[\ud800-\udfff]")
NUL_REASON = "holds NUL bytes (UTF-16 text without its byte order mark?); send UTF-8 text"


# A body refused before it was read (a site's form or upload, an API body) is read to its
# end, up to this.
FORM_DRAIN_BYTES = 32 * 1024 * 1024


def drain_body() -> None:
    """Read a body (a form, an upload, an API body) refused before it was read to its end,
    and drop it.

    Refused unread, the answer came while the browser was still sending it, and the server
    closing the connection showed a reset connection rather than the page saying why. A body
    over :data:`FORM_DRAIN_BYTES` is left unread: reading it would hold the worker.
    """
    length = request.content_length
    if length is None or length > FORM_DRAIN_BYTES:
        return
    stream = request.environ["wsgi.input"]
    while length > 0 and (chunk := stream.read(min(length, 64 * 1024))):
        length -= len(chunk)


def unreadable(where: str, reason: str = "is not valid UTF-8 text") -> ApiError:
    return ApiError(400, "invalid-text", f"{where} {reason}", [{"where": where}])


def decode(data: bytes, where: str) -> str:
    """``data`` as UTF-8, refused (not replaced) when it is not, or when it holds a NUL byte:
    UTF-16 without its byte order mark is valid UTF-8 with a NUL beside every letter, and
    was read as a list of unknown cards ('3\\x00 \\x00E\\x00m...'); no one types a NUL."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise unreadable(where) from None
    if "\x00" in text:
        raise unreadable(where, NUL_REASON)
    return text


# The charsets other than UTF-8 a text body (text/plain) is read in when its Content-Type
# declares one, by their names in lower case (the WHATWG Encoding Standard's, and Python's
# "latin-1"): the codec each is read with. ISO-8859-1 and ASCII are read as Windows-1252, as
# browsers read them.
TEXT_CHARSETS = {
    **dict.fromkeys(
        (
            "windows-1252",
            "cp1252",
            "x-cp1252",
            "iso-8859-1",
            "iso8859-1",
            "iso88591",
            "iso_8859-1",
            "iso_8859-1:1987",
            "iso-ir-100",
            "latin1",
            "latin-1",
            "l1",
            "cp819",
            "ibm819",
            "csisolatin1",
            "us-ascii",
            "ascii",
            "ansi_x3.4-1968",
        ),
        "cp1252",
    ),
    **dict.fromkeys(("utf-16", "ucs-2", "unicode", "csunicode"), "utf-16"),
    "utf-16le": "utf-16-le",
    "utf-16be": "utf-16-be",
}
# The names of UTF-8, which every text is read in when it declares no other.
UTF8_NAMES = frozenset(("utf-8", "utf8", "unicode-1-1-utf-8", "x-unicode20utf8"))


def decode_declared(data: bytes, charset: str | None, where: str) -> str:
    """A text body in the charset its Content-Type declares (one of :data:`TEXT_CHARSETS`),
    refused naming that charset when it is not; with none of those declared, as UTF-8. Text
    that is not UTF-8, declared in a charset not read here (Shift_JIS), is refused naming
    that charset, not as a UTF-8 the client never claimed."""
    label = (charset or "").strip().lower()
    codec = TEXT_CHARSETS.get(label)
    if codec is None:
        try:
            return decode(data, where)
        except ApiError:
            if not label or label in UTF8_NAMES or _is_utf8(data):
                raise
            raise unreadable(
                where,
                f"is in {charset.strip()}, the charset it declares, which is not read here:"
                " send it as UTF-8 (windows-1252, ISO-8859-1 and UTF-16 are read too)",
            ) from None
    try:
        text = data.decode(codec)
    except UnicodeDecodeError:
        raise unreadable(
            where, f"is not valid {charset.strip()} text, the charset it declares"
        ) from None
    return check_text(text, where)


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def check_text(text: str, where: str) -> str:
    """``text`` unless it holds a lone surrogate (from a JSON escape such as ``\\ud800``) or
    a NUL (``\\u0000``, ``%00``)."""
    if not text.isascii() and _SURROGATE.search(text):
        raise unreadable(where, "holds a lone surrogate (\\ud800-\\udfff), which is not text")
    if "\x00" in text:
        raise unreadable(where, "holds a NUL character (\\u0000, %00), which is not text")
    return text


class StrictFormDataParser(FormDataParser):
    """Form fields decoded as UTF-8 or refused: werkzeug would replace or keep bad bytes."""

    def _parse_urlencoded(self, stream, mimetype, content_length, options):
        text = decode(stream.read(), "the form")
        try:
            items = parse_qsl(text, keep_blank_values=True, errors="strict")
        except UnicodeDecodeError:
            raise unreadable("the form") from None
        for name, value in items:
            check_text(value, f"the form field {name!r}")
        return stream, self.cls(items), self.cls()

    def _parse_multipart(self, stream, mimetype, content_length, options):
        try:
            stream, form, files = super()._parse_multipart(
                stream, mimetype, content_length, options
            )
        except UnicodeDecodeError:
            # A part's headers (its field or file name) in other bytes: werkzeug's parse()
            # takes this for a malformed form and drops every field, the CSRF token too.
            raise unreadable("the form") from None
        # werkzeug decodes multipart fields with "replace": a replacement character is how
        # bytes that were not UTF-8 show, so a field holding one is refused.
        for name, value in form.items(multi=True):
            if "\ufffd" in value or "\ufffd" in name:
                raise unreadable(f"the form field {name!r}")
            check_text(value, f"the form field {name!r}")
        return stream, form, files


@functools.lru_cache(maxsize=64)
def declared_charset(content_type: str) -> str | None:
    """The ``charset`` a Content-Type header names, as werkzeug's ``mimetype_params`` reads
    it. Worked out once for each header: clients send the same few ("text/plain;
    charset=utf-8"), and parsing one cost a fifth of reading a body."""
    return parse_options_header(content_type)[1].get("charset")


class EdgeRequest(Request):
    """A request whose body is read whole and as strict UTF-8 (see the module's docstring)."""

    form_data_parser_class = StrictFormDataParser
    # The TRUSTED_HOSTS Flask hands every request, checked by webapp.addresses.check_host:
    # werkzeug, asked for them, would refuse the default [::1] and any name sent in capitals.
    trusted_names: list[str] | None = None

    def _get_file_stream(
        self,
        total_content_length: int | None,
        content_type: str | None,
        filename: str | None = None,
        content_length: int | None = None,
    ) -> IO[bytes]:
        """A form's file, kept in memory: a body is at most ``max_content_length`` (an
        upload's 4 MB), and werkzeug, refusing a form part way (more parts than it reads),
        left the temporary files of the files it had read open, each a ResourceWarning."""
        return BytesIO()

    @property
    def max_content_length(self) -> int | None:
        """Flask's: this request's own limit when a view set one, else the app's
        ``MAX_CONTENT_LENGTH``; the app asked for once, not through its proxy twice, as
        every body read asks."""
        if self._max_content_length is not None:
            return self._max_content_length
        try:
            app = current_app._get_current_object()
        except RuntimeError:  # no app: werkzeug's own default
            return super().max_content_length
        return app.config["MAX_CONTENT_LENGTH"]

    @max_content_length.setter
    def max_content_length(self, value: int | None) -> None:
        self._max_content_length = value

    @property  # type: ignore[override]
    def trusted_hosts(self) -> None:
        return None  # so werkzeug checks only that the Host's characters are valid

    @trusted_hosts.setter
    def trusted_hosts(self, names: list[str] | None) -> None:
        self.trusted_names = names

    @cached_property
    def stream(self) -> IO[bytes]:
        limit = self.max_content_length
        chunked = self.content_length is None and "wsgi.input_terminated" in self.environ
        if not chunked or limit is None:
            if limit is not None and (self.content_length or 0) > limit:
                # werkzeug refuses it unread, and a client still sending it met a reset
                # connection rather than the 413 saying why: read it to its end first
                drain_body()
            return super().stream
        # werkzeug stops reading a chunked body at the limit and hands on what it read, so
        # the view would validate part of a list; read one byte more to know.
        raw = self.environ["wsgi.input"]
        data = _read(raw, limit + 1)
        if len(data) > limit:
            _read(raw, DRAIN_BYTES)
            raise RequestEntityTooLarge(
                f"The body is larger than the {limit} bytes this server accepts."
            )
        return BytesIO(data)

    @property
    def mimetype(self) -> str:
        """The body's media type, lower case, without its parameters: what werkzeug's
        full header parser says of it, read by a split, since every body asks (``is_json``)."""
        return self.environ.get("CONTENT_TYPE", "").partition(";")[0].strip().lower()

    def get_data(self, cache=True, as_text=False, parse_form_data=False):  # type: ignore[override]
        data = None
        if not parse_form_data and "_cached_data" not in self.__dict__:
            data = self._whole_body(cache)
        if data is None:
            data = super().get_data(cache=cache, as_text=False, parse_form_data=parse_form_data)
        if not as_text:
            return data
        charset = declared_charset(self.environ.get("CONTENT_TYPE", ""))
        if self.mimetype == "text/plain":  # JSON is UTF-8 whatever its charset says (RFC 8259)
            return decode_declared(data, charset, "the body")
        try:
            return decode(data, "the body")
        except ApiError:
            label = (charset or "").strip()
            if not label or label.lower() in UTF8_NAMES or _is_utf8(data):
                raise
            raise unreadable(
                "the body",
                "is not valid UTF-8 text: JSON is read as UTF-8 whatever charset it declares"
                f" ({label} here), as RFC 8259 has it; send it as UTF-8",
            ) from None

    def _whole_body(self, cache: bool) -> bytes | None:
        """A body of a stated length within the limit, read by one call to the server's
        input (None for any other: werkzeug's stream reads it). Wrapping the input in a
        limited stream and reading it to its end cost more than validating the list."""
        environ = self.environ
        stated = environ.get("CONTENT_LENGTH", "")
        if (
            not (stated.isascii() and stated.isdigit())
            or "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
            or "stream" in self.__dict__
            or self.shallow
        ):
            return None
        length = int(stated)
        limit = self.max_content_length
        if limit is not None and length > limit:
            return None
        data = environ["wsgi.input"].read(length) if length else b""
        if len(data) != length:
            raise ClientDisconnected()
        self.__dict__["stream"] = BytesIO()  # read to its end, as werkzeug's would be
        if cache:
            self._cached_data = data
        return data

    @cached_property
    def json_value(self) -> Any:
        """The body as JSON, read strictly (each refusal a 400 in the one error shape)."""
        return parse_json(self.get_data(as_text=True))

    def get_json(self, force=False, silent=False, cache=True):  # type: ignore[override]
        if not (force or self.is_json):
            return super().get_json(force=force, silent=silent, cache=cache)
        try:
            return self.json_value
        except ApiError:
            if silent:
                return None
            raise


def _read(stream: IO[bytes], size: int) -> bytes:
    chunks, left = [], size
    while left > 0:
        try:
            chunk = stream.read(min(left, 64 * 1024))
        except ParseException as error:  # gunicorn reads the chunks' framing as it goes
            raise BadRequest(f"The body's chunked framing is broken: {error}.") from None
        except NoMoreData:
            raise ClientDisconnected() from None
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _refuse_constant(name: str) -> Any:
    raise ApiError(400, "malformed-json", f"the body is not valid JSON: {name} is not a number")


def _integer(digits: str) -> int:
    # More than 19 digits cannot fit; checked before int() so 5,000 digits cost nothing.
    if len(digits.lstrip("-")) <= 19 and abs(value := int(digits)) <= MAX_JSON_INTEGER:
        return value
    raise ApiError(
        400,
        "number-too-large",
        f"a number in the body is larger than {MAX_JSON_INTEGER}",
        [{"digits": len(digits.lstrip("-"))}],
    )


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refused when it names a key twice: JSON readers keep the last one, so
    a deck edited by hand with two ``"dinos"`` lists would lose the first without a word."""
    if (twice := repeated_key(pairs)) is not None:
        raise ApiError(
            400,
            "duplicate-key",
            f"the JSON names the key {twice!r} twice in one object",
            [{"key": twice}],
        )
    return dict(pairs)


# Made once: json.loads with these hooks would build a decoder for every body.
_DECODER = json.JSONDecoder(
    parse_int=_integer, parse_constant=_refuse_constant, object_pairs_hook=_object
)


def parse_json(text: str) -> Any:
    """JSON text as a value: malformed JSON a 400 saying where, and nothing unbounded."""
    try:
        if text.startswith("\ufeff"):
            # The byte order mark a file saved by Notepad or PowerShell starts with, sent
            # with it: RFC 8259 lets a reader ignore it, and it is no part of the JSON.
            text = text[1:]
        value = _DECODER.decode(text)
    except json.JSONDecodeError as exc:
        raise ApiError(
            400,
            "malformed-json",
            f"the body is not valid JSON: line {exc.lineno}, column {exc.colno}: {exc.msg}",
            [{"line": exc.lineno, "column": exc.colno, "message": exc.msg}],
        ) from None
    except RecursionError:
        raise too_deep() from None
    check_json(value)
    return value


def too_deep() -> ApiError:
    return ApiError(
        400,
        "json-too-deep",
        f"the body's JSON is nested more than {MAX_JSON_DEPTH} levels deep",
        [{"max_depth": MAX_JSON_DEPTH}],
    )


def check_json(value: Any) -> None:
    """Refuse lone surrogates in any key or string and nesting past the depth limit.

    Walked with a list rather than recursion, so depth itself cannot fail the walk.
    """
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            check_text(item, "a string in the body")
        elif isinstance(item, dict | list):
            if depth >= MAX_JSON_DEPTH:
                raise too_deep()
            if isinstance(item, dict):
                for key in item:
                    check_text(key, "a key in the body")
                stack.extend((child, depth + 1) for child in item.values())
            else:
                stack.extend((child, depth + 1) for child in item)


def json_body(text: bool = False) -> Any:
    """The request's JSON (see :func:`parse_json`), or with ``text`` a text/plain body as its
    text; any other media type is a 415 naming the one sent and the ones taken."""
    req = request._get_current_object()  # one look-up, not one per use of the proxy
    if text:
        # The text as get_data(as_text=True) reads a text/plain body, its header read once
        # here rather than again there: this runs on every validation the API answers.
        content_type = req.environ.get("CONTENT_TYPE", "")
        if content_type.partition(";")[0].strip().lower() == "text/plain":
            charset = declared_charset(content_type)
            return decode_declared(req.get_data(), charset, "the body")
    if not req.is_json:
        raise unsupported_media(
            ["application/json", "text/plain"] if text else ["application/json"]
        )
    return req.json_value


def unsupported_media(accepted: list[str]) -> ApiError:
    """A 415 saying what the body was sent as and what to send it as instead: a decklist
    uploaded as a form, told only 'send the body as application/json', was not told that
    the validator reads it as text/plain."""
    sent = request.mimetype
    said = f"is sent as {sent}" if sent else "is sent with no Content-Type"
    instead = accepted[0] + (", or a decklist as " + accepted[1] if len(accepted) > 1 else "")
    return ApiError(
        415,
        "unsupported-media-type",
        f"the body {said}: send it as {instead}",
        [{"content_type": sent, "accepted": accepted}],
    )


def bearer() -> str | None:
    """The token of an ``Authorization: Bearer`` header, if one was sent."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer":
        return None
    return token.strip() or None


def _address_text(raw: str, where: str) -> None:
    # WSGI hands the path and query string over as latin-1 strings of the bytes sent.
    try:
        data = raw.encode("latin-1")
    except UnicodeEncodeError:
        return  # already decoded by the server: nothing of ours to check
    decode(unquote_to_bytes(data.replace(b"+", b" ")), where)


def _codings(header: str) -> list[str]:
    return [
        c.strip().lower() for c in header.split(",") if c.strip().lower() not in ("", "identity")
    ]


def check_encodings(environ: dict) -> None:
    """Refuse a body sent compressed: read as it is, a gzip body was refused as text that
    is not UTF-8, which sends its sender looking in the wrong place. ``Content-Encoding``
    other than identity is a 415 (RFC 7694); a transfer coding other than chunked, which
    the server removes, a 501 (RFC 9112)."""
    content = _codings(environ.get("HTTP_CONTENT_ENCODING", ""))
    if content:
        raise ApiError(
            415,
            "unsupported-content-encoding",
            f"the body is sent with Content-Encoding: {', '.join(content)}; send it uncompressed",
            [{"content_encoding": content}],
        )
    transfer = [c for c in _codings(environ.get("HTTP_TRANSFER_ENCODING", "")) if c != "chunked"]
    if transfer:
        raise ApiError(
            501,
            "unsupported-transfer-encoding",
            f"the body is sent with Transfer-Encoding: {', '.join(transfer)}; send it"
            " uncompressed (chunked alone is read)",
            [{"transfer_encoding": transfer}],
        )


def check_request() -> None:
    """Refuse an address that is not UTF-8, or a body sent compressed (the app calls this
    before every request).

    Bodies are checked as they are read (:class:`EdgeRequest`), not here: a view may first
    raise its own body limit (an upload), and a view that reads no body pays nothing.
    """
    environ = request.environ
    _address_text(environ.get("PATH_INFO", ""), "the address")
    _address_text(environ.get("QUERY_STRING", ""), "the query string")
    # Only a body is compressed: a header naming a coding on a request without one is moot.
    if "HTTP_TRANSFER_ENCODING" in environ or (
        "HTTP_CONTENT_ENCODING" in environ and environ.get("CONTENT_LENGTH", "") not in ("", "0")
    ):
        check_encodings(environ)


def limit_decklists() -> None:
    """Every decklist read in this request has at most ``MAX_DECKLIST_LINES`` lines, whichever
    view reads it (the event endpoints included); over it is a 413."""
    request.line_limit = decklist.limit_lines(int(current_app.config["MAX_DECKLIST_LINES"]))


def release_decklists(_error: BaseException | None = None) -> None:
    token = getattr(request, "line_limit", None)
    if token is not None:
        # Once: a test client keeping the request's context ends it a second time.
        request.line_limit = None
        decklist.reset_line_limit(token)
