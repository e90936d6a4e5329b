"""The addresses the app gives out and the ones it writes down.

Links given out whole (``url_for(..., _external=True)``: an organizer's admin
link, the link to share with players) are built from ``PUBLIC_URL``
(``DECKWRIGHT_PUBLIC_URL``, e.g. ``https://decks.example.org``), never from the
``Host`` header of the request, which the client chooses: a forged header would
otherwise put an attacker's host in front of an admin token. Without a public
URL the app answers only to the hosts of ``TRUSTED_HOSTS``, which defaults to
this machine's own names, so a link can only name a host the operator chose.

Addresses written to the log have their secrets masked: every part of a route
named ``token`` becomes ``<token>``.
"""

from __future__ import annotations

import logging
import re
from urllib.parse import urlsplit

from flask import Flask, Request, has_request_context, request
from werkzeug.exceptions import SecurityError
from werkzeug.routing import MapAdapter

from .requests import bearer

LOCAL_HOSTS = ["localhost", "127.0.0.1", "::1", "[::1]"]
MASK = "<token>"


def public_adapter(app: Flask, adapter: MapAdapter) -> MapAdapter:
    """``adapter`` building external links on ``PUBLIC_URL`` (matching is left alone)."""
    public = app.config.get("PUBLIC_URL")
    if public:
        parts = urlsplit(public)
        adapter.url_scheme = parts.scheme or "https"
        adapter.server_name = parts.netloc
        if parts.path.strip("/"):
            adapter.script_name = "/" + parts.path.strip("/") + "/"
    return adapter


def check_settings(app: Flask) -> None:
    """A public URL must be absolute; without one, only local hosts are trusted by default.

    ``TRUSTED_HOSTS`` set in the environment as words (``DECKWRIGHT_TRUSTED_HOSTS=`` a name,
    or several split by commas or spaces) is those names; Flask would take the text itself
    for the list, each of its letters a host, and refuse every request."""
    hosts = app.config.get("TRUSTED_HOSTS")
    if isinstance(hosts, str):
        app.config["TRUSTED_HOSTS"] = [h for h in re.split(r"[\s,]+", hosts) if h] or None
    elif hosts is not None and (
        not isinstance(hosts, list | tuple) or not all(isinstance(h, str) for h in hosts)
    ):
        raise ValueError(
            "TRUSTED_HOSTS must be host names (decks.example.org; .example.org for its"
            f" subdomains too), separated by commas, not {hosts!r}"
        )
    public = app.config.get("PUBLIC_URL")
    if public:
        parts = urlsplit(public)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise ValueError(f"PUBLIC_URL must be like https://decks.example.org, not {public!r}")
    elif app.config.get("TRUSTED_HOSTS") is None:
        app.config["TRUSTED_HOSTS"] = list(LOCAL_HOSTS)


def check_host(req: Request) -> None:
    """Refuse (``SecurityError``, a 400) a request whose Host is none of the trusted hosts.

    Names compare without regard to case, as host names do, and an IPv6 literal (``[::1]``,
    or ``::1`` in the setting) is a name like any other; one starting with a dot trusts its
    subdomains too. werkzeug's own check cut each trusted name at its first colon, so the
    default ``[::1]`` could never match, and compared case as sent.
    """
    trusted = getattr(req, "trusted_names", None)
    if not trusted:
        return
    name = _host_name(req.host)  # werkzeug's: "" unless its characters are valid
    if name:
        for ref in trusted:
            suffix = ref.startswith(".")
            ref_name = _host_name(ref[1:] if suffix else ref)
            if name == ref_name or (suffix and name.endswith("." + ref_name)):
                return
    raise SecurityError(f"Host {_as_typed(req.headers.get('Host', ''))!r} is not trusted.")


def _as_typed(header: str) -> str:
    """A header as its sender typed it: WSGI gives its bytes as Latin-1, so a name sent in
    UTF-8 ("dëcks.example") would be quoted back as "dÃ«cks.example"."""
    try:
        return header.encode("latin-1").decode("utf-8")
    except UnicodeError:
        return header


def _host_name(host: str) -> str:
    """``host`` without its port, in lower case (an IPv6 address in brackets)."""
    host = host.strip().lower()
    if not host.isascii():
        try:
            host = host.encode("idna").decode("ascii")
        except UnicodeError:
            return ""
    if host.startswith("["):
        return host.partition("]")[0] + "]"
    if host.count(":") > 1:
        return f"[{host}]"
    return host.partition(":")[0]


def secrets_of_request() -> list[str]:
    """The values of the current route's ``token`` parts (and of its Bearer header)."""
    if not has_request_context():
        return []
    found = [
        str(value) for name, value in (request.view_args or {}).items() if "token" in name and value
    ]
    token = bearer()
    if token:
        found.append(token)
    return found


def mask(text: str, secrets: list[str] | None = None) -> str:
    for secret in secrets if secrets is not None else secrets_of_request():
        if len(secret) >= 4:
            text = text.replace(secret, MASK)
    return text


def masked_path() -> str:
    return mask(request.full_path if request.query_string else request.path)


class MaskSecrets(logging.Filter):
    """Mask the current request's tokens in every record, its traceback included."""

    def filter(self, record: logging.LogRecord) -> bool:
        secrets = secrets_of_request()
        if not secrets:
            return True
        message = record.getMessage()
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        record.msg, record.args = mask(message, secrets), None
        if record.exc_text:
            record.exc_text = mask(record.exc_text, secrets)
        return True
