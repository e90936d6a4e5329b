"""Secret tokens and public ids: random, kept only as SHA-256 hashes, compared in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets

TOKEN_BYTES = 32  # secrets.token_urlsafe(32): 256 random bits
ID_BYTES = 9  # 12 url-safe characters for event and entry ids


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


_NO_HASH = "0" * 64


def token_matches(token: str | None, stored_hash: str | None) -> bool:
    # Always hash and compare, in constant time, even when there is nothing to compare
    # with: how long a refusal takes says nothing about which part of a guess was wrong.
    presented = token_hash(token or "")
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
