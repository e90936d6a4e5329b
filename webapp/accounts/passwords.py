"""Password hashes: scrypt, from Python's standard library (``hashlib.scrypt``, OpenSSL's).

Why scrypt: it is memory-hard (each guess needs ``128 * n * r`` bytes, 32 MiB
at the defaults, which makes guessing on GPUs and custom chips costly), it has
been studied and deployed for over a decade (RFC 7914) and is kept up in
OpenSSL, and it ships with Python, so no dependency is added. Argon2id is the
newer choice but needs a compiled package. OWASP's guidance for scrypt is
n=2^17; the default here is n=2^15 (32 MiB, about 0.4 s on a small shared
server), so a burst of logins cannot exhaust a small server's memory, while the
login rate limits bound online guessing. ``ACCOUNT_SCRYPT_N`` raises it where
memory allows.

A stored hash names its own settings (``scrypt$n$r$p$salt$hash``), so the
settings can grow later and old hashes still verify.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from dataclasses import dataclass

SALT_BYTES = 16
KEY_BYTES = 32


@dataclass(frozen=True)
class Settings:
    n: int = 2**15
    r: int = 8
    p: int = 1

    @property
    def memory(self) -> int:
        # OpenSSL refuses anything over maxmem (32 MiB by default): give it room.
        return 128 * self.n * self.r * (self.p + 1) + 1024 * 1024


DEFAULT = Settings()


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _derive(password: str, salt: bytes, settings: Settings) -> bytes:
    return hashlib.scrypt(
        password.encode("utf-8"),
        salt=salt,
        n=settings.n,
        r=settings.r,
        p=settings.p,
        maxmem=settings.memory,
        dklen=KEY_BYTES,
    )


def hash_password(password: str, settings: Settings = DEFAULT) -> str:
    salt = secrets.token_bytes(SALT_BYTES)
    key = _derive(password, salt, settings)
    return f"scrypt${settings.n}${settings.r}${settings.p}${_b64(salt)}${_b64(key)}"


def verify_password(password: str, stored: str) -> bool:
    """Does ``password`` match ``stored``? Compared in constant time."""
    try:
        scheme, n, r, p, salt, key = stored.split("$")
        settings = Settings(int(n), int(r), int(p))
    except ValueError:
        return False
    if scheme != "scrypt":
        return False
    return hmac.compare_digest(_derive(password, _unb64(salt), settings), _unb64(key))
