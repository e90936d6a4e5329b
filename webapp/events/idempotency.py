"""Idempotency keys: a request sent again with its key gets the answer the first one got.

A player's first submission (:mod:`.submissions`) and a new event (:mod:`.store`) may carry
a key chosen at random by the sender. The key is stored only as a hash, beside a hash of the
request it came with and the secret token that request was given, sealed with the key: the
same key and request find that token again, and the database alone gives away no working
link. Each use names its own scope (an event's id, or :data:`NEW_EVENT`), so one key hashes
and seals differently in each.
"""

from __future__ import annotations

import hashlib
import json
import string
from typing import Any

from .records import MAX_IDEMPOTENCY_KEY_CHARS, MIN_IDEMPOTENCY_KEY_CHARS
from .refusals import InvalidSubmissionError

# The scope of keys creating events: no event has an id holding a space.
NEW_EVENT = "new event"

_KEY_CHARACTERS = frozenset(string.ascii_letters + string.digits + string.punctuation)


def clean_idempotency_key(key: str | None) -> str | None:
    """A key as sent, or None; it is as secret as the private link it can recover."""
    if key is None or key == "":
        return None
    if (
        not isinstance(key, str)
        or not MIN_IDEMPOTENCY_KEY_CHARS <= len(key) <= MAX_IDEMPOTENCY_KEY_CHARS
        or not set(key) <= _KEY_CHARACTERS
    ):
        raise InvalidSubmissionError(
            f"an idempotency key is {MIN_IDEMPOTENCY_KEY_CHARS} to {MAX_IDEMPOTENCY_KEY_CHARS}"
            " visible ASCII characters, chosen at random"
        )
    return key


def fingerprint(request: dict[str, Any]) -> str:
    """What makes two requests the same: the request as read (JSON data), hashed."""
    return hashlib.sha256(json.dumps(request, sort_keys=True).encode("ascii")).hexdigest()


def key_hash(scope: str, key: str) -> str:
    return hashlib.sha256(f"idempotency key\0{scope}\0{key}".encode()).hexdigest()


def seal(scope: str, key: str, token: str) -> str:
    """A secret token, kept so that only a holder of the key can read it back.

    The token is XORed with a pad drawn from the key (which is stored only as a
    hash), so the database alone gives away no working link.
    """
    return _with_pad(scope, key, token.encode("ascii")).hex()


def unseal(scope: str, key: str, sealed: str) -> str:
    return _with_pad(scope, key, bytes.fromhex(sealed)).decode("ascii")


def _with_pad(scope: str, key: str, data: bytes) -> bytes:
    """``data`` XORed with the key's pad: sealing and unsealing are the same step."""
    pad = hashlib.shake_256(f"idempotency seal\0{scope}\0{key}".encode()).digest(len(data))
    return bytes(a ^ b for a, b in zip(data, pad, strict=True))
