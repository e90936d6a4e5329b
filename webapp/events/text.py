"""Stored text made safe to show: whatever bytes a row holds, a page can always render them.

SQLite keeps whatever bytes it is given in a TEXT column, and JSON may spell a
lone surrogate (``"\\ud800"``) that no UTF-8 page can carry. Rows written by an
older version of the site, or by hand, may hold either; each is shown as the
replacement character U+FFFD instead of failing the page it is on.
"""

from __future__ import annotations

import json
import re
from typing import Any

REPLACEMENT = "\ufffd"
_SURROGATE = re.compile("[\ud800-\udfff]")


def shown(value: str | bytes | None) -> str | None:
    """Text that encodes as UTF-8: invalid bytes and lone surrogates become U+FFFD."""
    if value is None:
        return None
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    # isascii() reads a flag of the string: the common case skips the scan.
    if value.isascii():
        return value
    return _SURROGATE.sub(REPLACEMENT, value)


def shown_data(value: Any) -> Any:
    """:func:`shown` applied to every string of a JSON value, keys too."""
    if isinstance(value, str):
        return shown(value)
    if isinstance(value, list):
        return [shown_data(item) for item in value]
    if isinstance(value, dict):
        return {shown(str(k)): shown_data(v) for k, v in value.items()}
    return value


def stored_json(value: str | bytes | None, default: Any) -> Any:
    """A JSON column read back safely; ``default`` when it is missing or not JSON."""
    if value is None:
        return default
    try:
        return shown_data(json.loads(shown(value)))
    except ValueError:
        return default


def is_unicode(value: Any) -> bool:
    """Every string in ``value`` (a string or a JSON value) is valid Unicode: no lone surrogate."""
    if isinstance(value, str):
        return value.isascii() or _SURROGATE.search(value) is None
    if isinstance(value, list):
        return all(is_unicode(item) for item in value)
    if isinstance(value, dict):
        return all(is_unicode(k) and is_unicode(v) for k, v in value.items())
    return True
