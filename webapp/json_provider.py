"""Every JSON answer encoded by orjson, with Flask's own encoder as the fallback.

The standard library's encoder was about an eighth of a validation's work (its
answer carries the deck, its text, a summary and every format's verdict). orjson
writes the same JSON several times faster. Dates, datetimes and dataclasses are
passed through to Flask's ``default`` so they are written as before; anything
orjson refuses (a lone surrogate, an integer beyond 64 bits) is encoded by the
standard library as it always was, so no answer can fail for the encoder's sake.
Non-ASCII text is sent as UTF-8 rather than ``\\u`` escapes: the same JSON value.
"""

from __future__ import annotations

from typing import Any

import orjson
from flask import Response
from flask.json.provider import DefaultJSONProvider

# What the standard encoder does with a ``default``: keys of any kind written as text, and
# dates, datetimes and dataclasses handed to ``default`` rather than written orjson's way.
ORJSON_OPTIONS = (
    orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS
)
# The same, but for keys other than text, which orjson then refuses: it writes a dict of text
# keys (every answer's) on its fast path only without OPT_NON_STR_KEYS, and the option
# doubled the cost of encoding a validation's answer.
TEXT_KEYS_OPTIONS = ORJSON_OPTIONS & ~orjson.OPT_NON_STR_KEYS


class OrjsonProvider(DefaultJSONProvider):
    """Flask's JSON provider with orjson doing the encoding; keys keep the order built."""

    sort_keys = False

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        if kwargs:  # indent, separators or sort_keys asked for: the standard encoder has them
            return super().dumps(obj, **kwargs)
        return self._encode(obj).decode("utf-8")

    def response(self, *args: Any, **kwargs: Any) -> Response:
        if self.compact is False or (self.compact is None and self._app.debug):
            return super().response(*args, **kwargs)  # indented for a person to read
        obj = self._prepare_response_obj(args, kwargs)
        return self._app.response_class(
            self._encode(obj, orjson.OPT_APPEND_NEWLINE), mimetype=self.mimetype
        )

    def _encode(self, obj: Any, options: int = 0) -> bytes:
        try:
            return orjson.dumps(obj, default=self.default, option=TEXT_KEYS_OPTIONS | options)
        except orjson.JSONEncodeError:
            pass  # a key other than text, or what orjson cannot write at all
        try:
            return orjson.dumps(obj, default=self.default, option=ORJSON_OPTIONS | options)
        except orjson.JSONEncodeError:
            text = super().dumps(obj, separators=(",", ":"))
            return (text + "\n" if options & orjson.OPT_APPEND_NEWLINE else text).encode()
