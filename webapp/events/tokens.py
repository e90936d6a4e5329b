"""Secret tokens and public ids: random, kept only as SHA-256 hashes, compared in constant time."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

TOKEN_BYTES = 32  # secrets.token_urlsafe(32): 256 random bits
ID_BYTES = 9  # 12 url-safe characters for event and entry ids


# The letters of a token (and of an id): secrets.token_urlsafe's alphabet.
_NOT_TOKEN = re.compile(r"[^A-Za-z0-9_-]+")
# What a hash typed or pasted picks up between its letters: spaces, line breaks, hyphens
# grouping it, the invisible marks (zero-width spaces) of chat apps.
_NOT_HEX = re.compile(r"[\s\-\u00ad\u200b-\u200f\u2060\ufeff]+")


def as_pasted(token: str | None) -> str:
    """A token as pasted, without what no token holds: a space or line break picked up on
    the way, the full stop or bracket of the sentence it sat in, a zero-width space. Only
    letters of the token's own alphabet are kept, so no two different tokens become one,
    and a guess gains nothing."""
    return _NOT_TOKEN.sub("", token or "")


def as_typed_hash(text: str) -> str:
    """A hash as typed or pasted: without spaces, hyphens or invisible marks, in lower case."""
    return _NOT_HEX.sub("", text).lower()


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


_NO_HASH = "0" * 64


def token_matches(token: str | None, stored_hash: str | None) -> bool:
    # Always hash and compare, in constant time, even when there is nothing to compare
    # with: how long a refusal takes says nothing about which part of a guess was wrong.
    token = as_pasted(token)
    presented = token_hash(token)
    matches = hmac.compare_digest(presented.encode(), (stored_hash or _NO_HASH).encode())
    return matches and bool(token) and stored_hash is not None


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_id() -> str:
    """A public id that never starts with "-": ids are cells of the organizer's CSV export,
    and a spreadsheet reads a cell starting with "-" as a formula (one id in 64 did)."""
    while (made := secrets.token_urlsafe(ID_BYTES)).startswith("-"):
        pass
    return made
